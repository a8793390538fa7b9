/*
 * audit.c — the audit record of a command let through within the grace window,
 * which no gate ran to record: the same fields the gate gives its own records
 * (see shapelygate(1)), with reason=grace and mode sudo-plugin.
 *
 * Contract:
 * - Only with syslog = yes in the policy, as for the gate's records.
 * - To journald in its native protocol (every field in the length-prefixed form),
 *   else one line to /dev/log, facility auth; both on a non-blocking socket of
 *   its own with MSG_DONTWAIT: a full or missing socket drops the record and
 *   never delays or changes the approval.
 * - The line quotes `for` as one shell word; the text shown has no control bytes.
 */
#define _GNU_SOURCE
#include "approval.h"

#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

struct buffer {
    char *bytes;
    size_t length, size;
    bool failed;
};

static void append(struct buffer *out, const void *bytes, size_t length) {
    if (out->failed) return;
    if (out->length + length > out->size) {
        size_t size = (out->length + length) * 2;
        char *grown = realloc(out->bytes, size);
        if (grown == NULL) {
            out->failed = true;
            return;
        }
        out->bytes = grown;
        out->size = size;
    }
    memcpy(out->bytes + out->length, bytes, length);
    out->length += length;
}

static void append_text(struct buffer *out, const char *text) {
    append(out, text, strlen(text));
}

/* NAME\n, the value's length as 64-bit little-endian, the value, \n. */
static void field(struct buffer *out, const char *name, const char *value) {
    uint64_t length = strlen(value);
    unsigned char prefix[8];
    for (int index = 0; index < 8; index++) prefix[index] = (unsigned char)(length >> (8 * index));
    append_text(out, name);
    append(out, "\n", 1);
    append(out, prefix, sizeof prefix);
    append(out, value, (size_t)length);
    append(out, "\n", 1);
}

/* `text` as one shell word: '...' with each ' written '\''. */
static void shell_word(struct buffer *out, const char *text) {
    append(out, "'", 1);
    for (const char *quote; (quote = strchr(text, '\'')) != NULL; text = quote + 1) {
        append(out, text, (size_t)(quote - text));
        append_text(out, "'\\''");
    }
    append_text(out, text);
    append(out, "'", 1);
}

static bool send_to(const char *path, const void *bytes, size_t length) {
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return false;
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, path, sizeof address.sun_path - 1);
    ssize_t sent = sendto(fd, bytes, length, MSG_DONTWAIT, (struct sockaddr *)&address, sizeof address);
    close(fd);
    return sent == (ssize_t)length;
}

static void send_line(const char *line) {
    char when[32], *message = NULL;
    time_t now = time(NULL);
    struct tm parts;
    if (localtime_r(&now, &parts) == NULL || strftime(when, sizeof when, "%b %e %H:%M:%S", &parts) == 0) return;
    int length = asprintf(&message, "<%d>%s shapelygate[%d]: %s", LOG_AUTH | LOG_INFO, when, (int)getpid(), line);
    if (length > 0) (void)send_to("/dev/log", message, (size_t)length);
    free(message);
}

void sg_audit_grace(const struct sg_state *state, const char *shown) {
    if (!state->log_outcomes) return;
    char name[32];
    struct passwd *account = getpwuid(state->uid);
    const char *user = account != NULL && sg_printable(account->pw_name, 256) ? account->pw_name : NULL;
    if (user == NULL) {
        snprintf(name, sizeof name, "uid%u", (unsigned)state->uid);
        user = name;
    }
    const char *tty = state->tty_path != NULL ? state->tty_path : "none";
    struct buffer line = {0}, record = {0};
    append_text(&line, "user=");
    append_text(&line, user);
    append_text(&line, " tty=");
    append_text(&line, tty);
    append_text(&line, " outcome=passed reason=grace for=");
    shell_word(&line, shown);
    append(&line, "", 1);
    if (line.failed) return;

    const char *const fields[][2] = {
        {"MESSAGE", line.bytes}, {"PRIORITY", "6"}, {"SYSLOG_IDENTIFIER", "shapelygate"}, {"SYSLOG_FACILITY", "10"},
        {"MESSAGE_ID", "f566834617fd4f15836934871b86e5a1"}, {"SHAPELYGATE_OUTCOME", "passed"},
        {"SHAPELYGATE_REASON", "grace"}, {"SHAPELYGATE_USER", user}, {"SHAPELYGATE_TTY", tty},
        {"SHAPELYGATE_FOR", shown}, {"SHAPELYGATE_ARGC", "0"}, {"SHAPELYGATE_ROUNDS", "0"},
        {"SHAPELYGATE_WRONG", "0"}, {"SHAPELYGATE_MODE", "sudo-plugin"},
    };
    for (size_t index = 0; index < sizeof fields / sizeof fields[0]; index++) field(&record, fields[index][0], fields[index][1]);
    if (record.failed || !send_to("/run/systemd/journal/socket", record.bytes, record.length)) send_line(line.bytes);
    free(line.bytes);
    free(record.bytes);
}
