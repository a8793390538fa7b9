/*
 * user.c — what sudo says about the invoking user: user_info (name, IDs, groups,
 * terminal, umask), the settings (sudo -n) and the user's environment.
 *
 * Contract:
 * - A user ID, group ID or group list entry that is not a whole number in range
 *   is left out (the gate then cannot run, and denies); an unreadable umask is 022.
 * - Of the user's environment only the names in passed_environment are kept, and
 *   only with printable values of at most SG_MAX_OPTION bytes.
 * - SHAPELYGATE_BOARD=words in the user's environment asks for the words board, over
 *   the board= option: it asks the same question in other words, for a person with a
 *   screen reader, so the user may choose it; any other value is ignored.
 * - Every string kept is a copy; false (with a message) only when memory ran out.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "approval.h"

/* Names of the environment variables the gate may see, when their values are printable.
   Never XDG_CONFIG_HOME, which would lead the gate to a configuration file of the user's. */
static const char *const passed_environment[] = {
    "TERM", "LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANGUAGE", "NO_COLOR", "COLORTERM",
};

/* The supplementary groups, "gid,gid,..."; entries that are not group IDs are left out.
   False only when memory ran out. */
static bool read_groups(struct sg_state *state, const char *value) {
    uintmax_t number = 0;
    for (const char *item = value; item != NULL && *item != '\0';) {
        size_t length = strcspn(item, ",");
        char digits[24];
        if (length > 0 && length < sizeof digits) {
            memcpy(digits, item, length);
            digits[length] = '\0';
            if (sg_parse_number(digits, 0, (gid_t)-1 - 1, &number)) {
                gid_t *grown = realloc(state->supplementary, (state->supplementary_count + 1) * sizeof *grown);
                if (grown == NULL) return false;
                state->supplementary = grown;
                state->supplementary[state->supplementary_count++] = (gid_t)number;
            }
        }
        item += length + (item[length] == ',' ? 1 : 0);
    }
    return true;
}

bool sg_read_user(struct sg_state *state, char *const settings[], char *const user_info[],
                  char *const user_env[]) {
    uintmax_t number = 0;
    const char *value = sg_lookup(user_info, "user");
    if (value != NULL && (state->user = strndup(value, SG_MAX_OPTION)) == NULL) goto memory;
    value = sg_lookup(user_info, "uid");
    if (value != NULL && sg_parse_number(value, 0, (uid_t)-1 - 1, &number)) {
        state->uid = (uid_t)number;
        state->has_uid = true;
    }
    value = sg_lookup(user_info, "gid");
    if (value != NULL && sg_parse_number(value, 0, (gid_t)-1 - 1, &number)) {
        state->gid = (gid_t)number;
        state->has_gid = true;
    }
    if (!read_groups(state, sg_lookup(user_info, "groups"))) goto memory;
    value = sg_lookup(user_info, "tty");
    state->has_tty = value != NULL && *value != '\0';
    value = sg_lookup(user_info, "umask");
    state->umask = 022;
    if (value != NULL && *value >= '0' && *value <= '7') {
        char *end = NULL;
        unsigned long mask = strtoul(value, &end, 8);
        if (*end == '\0' && mask <= 0777) state->umask = (mode_t)mask;
    }
    value = sg_lookup(settings, "noninteractive");
    state->noninteractive = value != NULL && strcmp(value, "true") == 0;

    for (size_t index = 0; index < sizeof passed_environment / sizeof passed_environment[0]; index++) {
        const char *name = passed_environment[index];
        if (!sg_list_add_variable(&state->environment, name, sg_lookup(user_env, name))) goto memory;
    }
    value = sg_lookup(user_env, "SHAPELYGATE_BOARD");
    if (value != NULL && strcmp(value, "words") == 0 && !sg_gate_option(state, "board", "words")) goto memory;
    return true;
memory:
    sg_set_message(state, "shapelygate: out of memory");
    return false;
}
