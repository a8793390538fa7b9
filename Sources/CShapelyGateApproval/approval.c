/*
 * approval.c — the sudo approval plugin `shapelygate_approval`: sudo calls open(),
 * then check() (or show_version()), then close(), once per run of sudo.
 *
 * Contract (return values as sudo_plugin(5) defines them: 1 approve, 0 deny,
 * -1 error, -2 usage):
 * - open() reads the plugin options and the user; any bad option returns -1
 *   with a message naming it, so sudo refuses to run anything. path= is checked
 *   where it is used, in check() (trusted.c): a gate that cannot be trusted
 *   denies every gated command, saying why, and holds up no one else.
 * - check() returns 1 at once, starting nothing, for a user or command that is
 *   not gated. A gated command is denied (0) with sudo -n or without a
 *   terminal, and so is a command line longer than SG_MAX_SHOWN bytes (what a
 *   pass allows is shown whole); otherwise the gate runs on the terminal and
 *   only its pass, reported over a pipe only the plugin holds, approves, unless
 *   the user passed on this terminal session within the grace window (grace.c).
 *   Every denial and error is one plain line on sudo's error output,
 *   and the same text is left in *errstr for audit plugins.
 * - close() frees everything open() and check() kept.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "approval.h"

static struct sg_state state;

void sg_set_message(struct sg_state *target, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(NULL, 0, format, arguments);
    va_end(arguments);
    free(target->message);
    target->message = NULL;
    if (length < 0) return;
    char *message = malloc((size_t)length + 1);
    if (message == NULL) return;
    va_start(arguments, format);
    vsnprintf(message, (size_t)length + 1, format, arguments);
    va_end(arguments);
    target->message = message;
}

const char *sg_lookup(char *const vector[], const char *name) {
    size_t length = strlen(name);
    for (size_t index = 0; vector != NULL && vector[index] != NULL; index++) {
        if (strncmp(vector[index], name, length) == 0 && vector[index][length] == '=') {
            return vector[index] + length + 1;
        }
    }
    return NULL;
}

bool sg_printable(const char *text, size_t limit) {
    for (size_t index = 0; index < limit && text[index] != '\0'; index++) {
        unsigned char byte = (unsigned char)text[index];
        if (byte < 0x20 || byte == 0x7F) return false;
    }
    return true;
}

/* Prints the message, if any, as one line on sudo's error output; leaves it in *errstr. */
static void report(const char **errstr) {
    const char *message = state.message != NULL ? state.message : "shapelygate: out of memory";
    if (state.print != NULL) state.print(SUDO_CONV_ERROR_MSG, "%s\n", message);
    if (errstr != NULL) *errstr = message;
}

static void forget(void) {
    sg_list_free(&state.users);
    sg_list_free(&state.groups);
    sg_list_free(&state.commands);
    sg_list_free(&state.environment);
    for (size_t index = 0; index < SG_GATE_OPTIONS; index++) free(state.gate_values[index]);
    free(state.gate_path);
    free(state.user);
    free(state.supplementary);
    free(state.tty_path);
    free(state.message);
    memset(&state, 0, sizeof state);
}

static int approval_open(unsigned int version, sudo_conv_t conversation, sudo_printf_t print,
                         char *const settings[], char *const user_info[], int submit_optind,
                         char *const submit_argv[], char *const submit_envp[], char *const plugin_options[],
                         const char **errstr) {
    (void)conversation;
    (void)submit_optind;
    (void)submit_argv;
    forget();
    state.print = print;
    if (SUDO_API_VERSION_GET_MAJOR(version) != SUDO_API_VERSION_MAJOR) {
        sg_set_message(&state, "shapelygate: sudo's plugin interface %u.%u is not supported",
                       SUDO_API_VERSION_GET_MAJOR(version), SUDO_API_VERSION_GET_MINOR(version));
        report(errstr);
        return -1;
    }
    if (!sg_parse_options(&state, plugin_options) || !sg_resolve_names(&state) ||
        !sg_read_user(&state, settings, user_info, submit_envp) || !sg_grace_open(&state, user_info)) {
        report(errstr);
        return -1;
    }
    return 1;
}

static void approval_close(void) {
    forget();
}

/* Whether the process has a terminal it can open: sudo's tty= and /dev/tty both. */
static bool has_terminal(void) {
    if (!state.has_tty) return false;
    int terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (terminal < 0) return false;
    close(terminal);
    return true;
}

static int approval_check(char *const command_info[], char *const run_argv[], char *const run_envp[],
                          const char **errstr) {
    (void)run_envp;
    const char *command = sg_lookup(command_info, "command");
    if (!sg_user_is_gated(&state) || !sg_command_is_gated(&state, command)) return 1;

    int result = 0;
    if (state.noninteractive) {
        sg_set_message(&state, "shapelygate: a person must approve this command, and sudo -n asks no one");
    } else if (!has_terminal()) {
        sg_set_message(&state, "shapelygate: a terminal is required to approve this command");
    } else {
        bool too_long = false;
        char *shown = sg_command_text(command, run_argv, &too_long);
        if (too_long) {
            sg_set_message(&state, "shapelygate: the command line is longer than %d bytes, too long to show for "
                           "approval; the command was not run", SG_MAX_SHOWN);
        } else if (shown == NULL) {
            sg_set_message(&state, "shapelygate: out of memory");
            result = -1;
        } else {
            result = sg_grace_covers(&state, shown) ? 1 : sg_run_gate(&state, shown);
            free(shown);
        }
    }
    sg_grace_settle(&state, result);
    if (result != 1) report(errstr);
    return result;
}

static int approval_show_version(int verbose) {
    (void)verbose;
    if (state.print != NULL) state.print(SUDO_CONV_INFO_MSG, "shapelygate approval plugin version %s\n", SG_VERSION);
    return 1;
}

__attribute__((visibility("default"))) struct approval_plugin shapelygate_approval = {
    .type = SUDO_APPROVAL_PLUGIN,
    .version = SUDO_API_VERSION,
    .open = approval_open,
    .close = approval_close,
    .check = approval_check,
    .show_version = approval_show_version,
};
