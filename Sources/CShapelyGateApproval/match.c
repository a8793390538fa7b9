/*
 * match.c — whether this user and this command are gated, and the command line
 * as the board shows it.
 *
 * Contract:
 * - Users: with neither users= nor groups=, everyone is gated. Otherwise the
 *   user is gated when its name or user ID is in users=, or its primary or any
 *   supplementary group (as sudo reports them) is in groups=. Names are looked
 *   up once, in open(); a name that does not exist is an error there.
 * - Commands: with no commands=, every command is gated. An entry matches the
 *   command sudo is about to run when they name the same file (any symlink or
 *   hard link to it), or when the command lies under an entry that is a
 *   folder. Paths are compared as given, with their folders resolved, and fully
 *   resolved, so /sbin/reboot and /usr/sbin/reboot are one command.
 *   Anything in doubt counts as gated.
 * - The command line is shown whole or not at all: longer than SG_MAX_SHOWN
 *   bytes, it is refused, never cut (a pass must not allow what was not shown).
 */
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "approval.h"

static bool all_digits(const char *text) {
    return *text != '\0' && strspn(text, "0123456789") == strlen(text);
}

bool sg_resolve_names(struct sg_state *state) {
    for (size_t index = 0; index < state->users.count; index++) {
        const char *name = state->users.items[index];
        if (!all_digits(name) && getpwnam(name) == NULL) {
            sg_set_message(state, "shapelygate: option users= names an unknown user '%.64s'", name);
            return false;
        }
    }
    for (size_t index = 0; index < state->groups.count; index++) {
        const char *name = state->groups.items[index];
        if (!all_digits(name) && getgrnam(name) == NULL) {
            sg_set_message(state, "shapelygate: option groups= names an unknown group '%.64s'", name);
            return false;
        }
    }
    return true;
}

static bool same_number(const char *text, unsigned long long number) {
    return all_digits(text) && strlen(text) < 20 && strtoull(text, NULL, 10) == number;
}

bool sg_user_is_gated(const struct sg_state *state) {
    if (state->users.count == 0 && state->groups.count == 0) return true;
    for (size_t index = 0; index < state->users.count; index++) {
        const char *entry = state->users.items[index];
        if (state->user != NULL && strcmp(entry, state->user) == 0) return true;
        if (state->has_uid && same_number(entry, state->uid)) return true;
        if (state->has_uid && !all_digits(entry)) {
            struct passwd *account = getpwnam(entry);
            if (account == NULL || account->pw_uid == state->uid) return true;
        }
    }
    for (size_t index = 0; index < state->groups.count; index++) {
        const char *entry = state->groups.items[index];
        gid_t wanted;
        if (all_digits(entry)) {
            if (strlen(entry) >= 20) return true;
            wanted = (gid_t)strtoull(entry, NULL, 10);
        } else {
            struct group *group = getgrnam(entry);
            if (group == NULL) return true; /* vanished since open(): in doubt */
            wanted = group->gr_gid;
        }
        if (state->has_gid && state->gid == wanted) return true;
        for (size_t member = 0; member < state->supplementary_count; member++) {
            if (state->supplementary[member] == wanted) return true;
        }
    }
    return false;
}

/* `path` with its folder resolved and its last part kept, or NULL. */
static char *resolve_folder(const char *path) {
    const char *slash = strrchr(path, '/');
    if (slash == NULL || slash[1] == '\0') return NULL;
    char *folder = strndup(path, slash == path ? 1 : (size_t)(slash - path));
    if (folder == NULL) return NULL;
    char *resolved = realpath(folder, NULL);
    free(folder);
    if (resolved == NULL) return NULL;
    size_t length = strlen(resolved) + strlen(slash) + 1;
    char *joined = malloc(length);
    if (joined != NULL) {
        strcpy(joined, strcmp(resolved, "/") == 0 ? "" : resolved);
        strcat(joined, slash);
    }
    free(resolved);
    return joined;
}

/* Whether `path` is `entry` or lies under it (entry's trailing slashes ignored). */
static bool is_or_under(const char *path, const char *entry) {
    size_t length = strlen(entry);
    while (length > 1 && entry[length - 1] == '/') length--;
    if (length == 1 && entry[0] == '/') return path[0] == '/';
    return strncmp(path, entry, length) == 0 && (path[length] == '\0' || path[length] == '/');
}

bool sg_command_is_gated(const struct sg_state *state, const char *command) {
    if (state->commands.count == 0 || command == NULL || command[0] != '/') return true;
    char *forms[3] = {(char *)command, resolve_folder(command), realpath(command, NULL)};
    struct stat target;
    bool target_known = stat(command, &target) == 0;
    bool gated = false;
    for (size_t index = 0; index < state->commands.count && !gated; index++) {
        const char *entry = state->commands.items[index];
        char *entry_forms[3] = {(char *)entry, resolve_folder(entry), realpath(entry, NULL)};
        struct stat listed;
        if (target_known && stat(entry, &listed) == 0 && listed.st_dev == target.st_dev &&
            listed.st_ino == target.st_ino) {
            gated = true;
        }
        for (size_t a = 0; a < 3 && !gated; a++) {
            for (size_t b = 0; b < 3 && !gated; b++) {
                if (forms[a] != NULL && entry_forms[b] != NULL && is_or_under(forms[a], entry_forms[b])) gated = true;
            }
        }
        free(entry_forms[1]);
        free(entry_forms[2]);
    }
    free(forms[1]);
    free(forms[2]);
    return gated;
}

struct text {
    char *bytes;
    size_t length;
    bool too_long;
};

static void append(struct text *text, char byte) {
    if (text->too_long) return;
    if (text->length + 1 > SG_MAX_SHOWN) {
        text->too_long = true;
        return;
    }
    unsigned char value = (unsigned char)byte;
    text->bytes[text->length++] = (value < 0x20 || value == 0x7F) ? '?' : byte;
}

static void append_word(struct text *text, const char *word) {
    bool plain = *word != '\0' &&
                 strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-") ==
                     strlen(word);
    if (text->length > 0) append(text, ' ');
    if (plain) {
        for (const char *byte = word; *byte != '\0' && !text->too_long; byte++) append(text, *byte);
        return;
    }
    append(text, '\'');
    for (const char *byte = word; *byte != '\0' && !text->too_long; byte++) {
        if (*byte == '\'') {
            append(text, '\'');
            append(text, '\\');
            append(text, '\'');
        }
        append(text, *byte);
    }
    append(text, '\'');
}

char *sg_command_text(const char *command, char *const run_argv[], bool *too_long) {
    struct text text = {malloc(SG_MAX_SHOWN + 1), 0, false};
    *too_long = false;
    if (text.bytes == NULL) return NULL;
    append_word(&text, command != NULL ? command : (run_argv != NULL && run_argv[0] != NULL ? run_argv[0] : "?"));
    for (size_t index = 1; run_argv != NULL && run_argv[0] != NULL && run_argv[index] != NULL && !text.too_long;
         index++) {
        append_word(&text, run_argv[index]);
    }
    if (text.too_long) {
        free(text.bytes);
        *too_long = true;
        return NULL;
    }
    text.bytes[text.length] = '\0';
    return text.bytes;
}
