/*
 * common.c — the small pieces every part of the plugin uses: the message left
 * for sudo, lookups in sudo's vectors, the test for control bytes, whole
 * numbers, string lists, and clearing the state between runs of sudo.
 *
 * Contract:
 * - Nothing here prints, opens a file or decides anything; the entry points
 *   (approval.c) and the parts call in, and this file calls none of them.
 * - A failed allocation is reported to the caller (false, or no message left),
 *   never hidden: the entry points turn a missing message into "out of memory".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "approval.h"

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

bool sg_parse_number(const char *text, uintmax_t low, uintmax_t high, uintmax_t *out) {
    if (*text < '0' || *text > '9') return false;
    errno = 0;
    char *end = NULL;
    uintmax_t value = strtoumax(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < low || value > high) return false;
    *out = value;
    return true;
}

bool sg_list_add(struct sg_list *list, const char *text, size_t length) {
    char **grown = realloc(list->items, (list->count + 1) * sizeof *grown);
    if (grown == NULL) return false;
    list->items = grown;
    char *copy = strndup(text, length);
    if (copy == NULL) return false;
    list->items[list->count++] = copy;
    return true;
}

bool sg_list_add_variable(struct sg_list *list, const char *name, const char *value) {
    if (value == NULL || strnlen(value, SG_MAX_OPTION + 1) > SG_MAX_OPTION || !sg_printable(value, SG_MAX_OPTION)) {
        return true;
    }
    size_t length = strlen(name) + 1 + strlen(value);
    char *entry = malloc(length + 1);
    if (entry == NULL) return false;
    snprintf(entry, length + 1, "%s=%s", name, value);
    bool added = sg_list_add(list, entry, length);
    free(entry);
    return added;
}

void sg_list_free(struct sg_list *list) {
    for (size_t index = 0; index < list->count; index++) free(list->items[index]);
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

void sg_clear_state(struct sg_state *state) {
    sg_list_free(&state->users);
    sg_list_free(&state->groups);
    sg_list_free(&state->commands);
    sg_list_free(&state->environment);
    for (size_t index = 0; index < SG_GATE_OPTIONS; index++) free(state->gate_values[index]);
    free(state->gate_path);
    free(state->user);
    free(state->supplementary);
    free(state->tty_path);
    free(state->message);
    memset(state, 0, sizeof *state);
}
