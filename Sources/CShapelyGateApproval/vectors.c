/*
 * vectors.c — the argument and environment vectors the gate is started with.
 *
 * Contract:
 * - argv: the gate's name, --verdict-fd with the plugin's pipe, the gate options
 *   of the Plugin line as long options (with --board words where the user's
 *   environment asked for it, see user.c), --strict, and --for with the command line
 *   as shown; nothing else from the user.
 * - envp: a fixed PATH, the account's HOME, USER and LOGNAME, an XDG_CONFIG_HOME
 *   that holds no file (the user's own defaults never apply), SWIFT_BACKTRACE
 *   off, SHAPELYGATE_CALLER=sudo-plugin (the audit record's mode), and the few
 *   printable variables user.c kept (TERM, the language). A value with a
 *   control byte, or longer than SG_MAX_OPTION bytes, is left out.
 * - Both end with NULL; false when memory ran out.
 */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "approval.h"

/* XDG_CONFIG_HOME for the gate, which would otherwise read the user's own defaults
   (~/.config/shapelygate/config) and let the person at the board loosen it. Only root can
   create anything under /etc; the folder need not exist, a missing file is no file. A
   missing path elsewhere (/nonexistent) could appear later. HOME stays, for the lockout. */
#define NO_USER_CONFIG "/etc/shapelygate-approval-no-user-config"

/* argv and envp for the gate, NULL-terminated (each list gets a trailing NULL slot). */
bool sg_build_vectors(const struct sg_state *state, const struct passwd *account, const char *shown,
                          int verdict, struct sg_list *argv, struct sg_list *envp) {
    char number[16];
    snprintf(number, sizeof number, "%d", verdict);
    bool ok = sg_list_add(argv, "shapelygate", 11) && sg_list_add(argv, "--verdict-fd", 12) &&
              sg_list_add(argv, number, strlen(number));
    for (size_t index = 0; index < SG_GATE_OPTIONS && ok; index++) {
        const char *value = state->gate_values[index];
        if (value == NULL) continue;
        size_t length = strlen(sg_gate_options[index]) + 2;
        char *spelled = malloc(length + 1);
        if (spelled == NULL) return false;
        memcpy(spelled, "--", 2);
        memcpy(spelled + 2, sg_gate_options[index], length - 1);
        ok = sg_list_add(argv, spelled, length) && sg_list_add(argv, value, strlen(value));
        free(spelled);
    }
    if (ok && state->strict) ok = sg_list_add(argv, "--strict", 8);
    ok = ok && sg_list_add(argv, "--for", 5) && sg_list_add(argv, shown, strlen(shown));

    const char *const fixed[][2] = {
        {"PATH", "/usr/bin:/bin"}, {"HOME", account->pw_dir}, {"USER", account->pw_name},
        {"LOGNAME", account->pw_name}, {"XDG_CONFIG_HOME", NO_USER_CONFIG}, {"SWIFT_BACKTRACE", "enable=no"},
        {"SHAPELYGATE_CALLER", "sudo-plugin"},
    };
    for (size_t index = 0; index < sizeof fixed / sizeof fixed[0] && ok; index++) {
        ok = sg_list_add_variable(envp, fixed[index][0], fixed[index][1]);
    }
    for (size_t index = 0; index < state->environment.count && ok; index++) {
        const char *entry = state->environment.items[index];
        ok = sg_list_add(envp, entry, strlen(entry));
    }
    /* The terminating NULLs. */
    ok = ok && sg_list_add(argv, "", 0) && sg_list_add(envp, "", 0);
    if (!ok) return false;
    free(argv->items[argv->count - 1]);
    argv->items[argv->count - 1] = NULL;
    free(envp->items[envp->count - 1]);
    envp->items[envp->count - 1] = NULL;
    return true;
}

bool sg_has_screen(const struct sg_state *state) {
    for (size_t index = 0; index < state->environment.count; index++) {
        const char *entry = state->environment.items[index];
        if (strncmp(entry, "TERM=", 5) == 0) return entry[5] != '\0' && strcmp(entry + 5, "dumb") != 0;
    }
    return false;
}
