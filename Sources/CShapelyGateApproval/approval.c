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
 *   Within a cooldown after a denial (lockout.c) no gate starts.
 *   Every denial and error is one plain line on sudo's error output,
 *   and the same text is left in *errstr for audit plugins.
 * - close() frees everything open() and check() kept.
 *
 * Only sudo's entry points are here; the parts they call never call back into
 * this file (the pieces they share are in common.c).
 */
#include <stdlib.h>
#include <unistd.h>

#include "approval.h"

static struct sg_state state;

/* Prints the message, if any, as one line on sudo's error output; leaves it in *errstr. */
static void report(const char **errstr) {
    const char *message = state.message != NULL ? state.message : "shapelygate: out of memory";
    if (state.print != NULL) state.print(SUDO_CONV_ERROR_MSG, "%s\n", message);
    if (errstr != NULL) *errstr = message;
}

static int approval_open(unsigned int version, sudo_conv_t conversation, sudo_printf_t print,
                         char *const settings[], char *const user_info[], int submit_optind,
                         char *const submit_argv[], char *const submit_envp[], char *const plugin_options[],
                         const char **errstr) {
    (void)conversation;
    (void)submit_optind;
    (void)submit_argv;
    sg_clear_state(&state);
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
    sg_clear_state(&state);
}

static int approval_check(char *const command_info[], char *const run_argv[], char *const run_envp[],
                          const char **errstr) {
    (void)run_envp;
    const char *command = sg_lookup(command_info, "command");
    if (!sg_user_is_gated(&state) || !sg_command_is_gated(&state, command)) return 1;

    int result = 0, terminal = -1;
    if (state.noninteractive) {
        sg_set_message(&state, "shapelygate: a person must approve this command, and sudo -n asks no one");
    } else if ((terminal = sg_open_terminal(&state)) >= 0) {
        bool too_long = false;
        char *shown = sg_command_text(command, run_argv, &too_long);
        if (too_long) {
            sg_set_message(&state, "shapelygate: the command line is longer than %d bytes, too long to show for "
                           "approval; the command was not run", SG_MAX_SHOWN);
        } else if (shown == NULL) {
            sg_set_message(&state, "shapelygate: out of memory");
            result = -1;
        } else {
            result = sg_grace_covers(&state, shown) ? 1 : sg_run_gate(&state, terminal, shown);
            free(shown);
        }
        close(terminal);
    }
    sg_grace_settle(&state, result);
    sg_lockout_settle(&state, result);
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
