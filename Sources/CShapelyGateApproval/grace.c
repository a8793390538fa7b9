/*
 * grace.c — a grace window after a pass: further gated commands by the same user
 * on the same terminal session run without a board until it closes, as sudo's
 * own timestamp (timestamp_type=tty) lets them run without a password.
 *
 * Contract:
 * - grace=SECONDS (default 0: off) is capped by max-grace in the policy (by
 *   SG_DEFAULT_MAX_GRACE without it). strict, in the plugin options or the
 *   policy, turns it off unless the policy itself sets max-grace.
 * - A record is root's: SG_GRACE_FOLDER/<uid>/tty-<device>, opened, checked
 *   and written as runfolder.c says. Anything else is ignored, reported on
 *   sudo's error output, and the board is shown.
 * - The record names the terminal session: the session id, the session leader's
 *   start time (from /proc: a reused pid does not match), this boot (its id)
 *   and the moment of the pass on CLOCK_BOOTTIME, which counts time asleep and
 *   never goes back. It is valid while 0 <= now - pass <= the window in force.
 *   A new terminal, a new login, another user or a setsid does not match.
 * - Only a pass at the board writes a record; a pass within the window neither
 *   writes nor extends it. A denial of a gated command on the terminal (or an
 *   error) removes it. /run is emptied at boot, and the boot id checks it too.
 * - Nothing here can approve on a failure: every problem means a board.
 */
#define _GNU_SOURCE
#include "approval.h"

#if !defined(__linux__)
bool sg_grace_option(struct sg_state *state, const char *value) {
    (void)value;
    sg_set_message(state, "shapelygate: option grace= needs Linux");
    return false;
}
bool sg_grace_open(struct sg_state *state, char *const user_info[]) {
    (void)state;
    (void)user_info;
    return true;
}
bool sg_grace_covers(struct sg_state *state, const char *shown) {
    (void)state;
    (void)shown;
    return false;
}
void sg_grace_settle(struct sg_state *state, int result) {
    (void)state;
    (void)result;
}
#else
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef TIOCGDEV
#define TIOCGDEV _IOR('T', 0x32, unsigned int)
#endif

bool sg_grace_option(struct sg_state *state, const char *value) {
    char *end = NULL;
    errno = 0;
    unsigned long seconds = value != NULL ? strtoul(value, &end, 10) : 0;
    if (value == NULL || *value < '0' || *value > '9' || *end != '\0' || errno != 0 || seconds > SG_MAX_GRACE) {
        sg_set_message(state, "shapelygate: invalid grace=%.40s: expected a whole number 0-%d", value ? value : "",
                       SG_MAX_GRACE);
        return false;
    }
    state->grace = (unsigned)seconds;
    return true;
}

bool sg_grace_open(struct sg_state *state, char *const user_info[]) {
    struct sg_policy policy;
    /* Without grace= the plugin reads nothing of its own and the gate keeps the log. */
    if (state->grace == 0) return true;
    sg_read_policy(&policy, SG_POLICY_PATH);
    state->log_outcomes = policy.syslog;
    unsigned cap = policy.has_max_grace ? policy.max_grace : SG_DEFAULT_MAX_GRACE;
    state->window = state->grace < cap ? state->grace : cap;
    if ((state->strict || policy.strict) && !policy.has_max_grace) state->window = 0;
    if (!policy.usable) state->window = 0;
    const char *tty = sg_lookup(user_info, "tty");
    if (tty != NULL && sg_printable(tty, SG_MAX_OPTION) && (state->tty_path = strndup(tty, SG_MAX_OPTION)) == NULL) {
        sg_set_message(state, "shapelygate: out of memory");
        return false;
    }
    return true;
}

/* What names this terminal session, as it is written in a record. */
struct session_key {
    unsigned device;
    char text[160];
};

/* The second number after the command name in /proc/<pid>/stat is field 4; starttime is field 22. */
static bool leader_start(pid_t leader, unsigned long long *start) {
    char path[64], buffer[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)leader);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    ssize_t count = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (count <= 0) return false;
    buffer[count] = '\0';
    char *field = strrchr(buffer, ')');
    for (int number = 2; field != NULL && number < 22; number++) field = strchr(field + 1, ' ');
    return field != NULL && sscanf(field + 1, "%llu", start) == 1;
}

static bool current_key(struct session_key *key) {
    int terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (terminal < 0) return false;
    bool known = ioctl(terminal, TIOCGDEV, &key->device) == 0;
    close(terminal);
    pid_t session = getsid(0);
    unsigned long long start = 0;
    char boot[40];
    if (!known || session <= 0 || !leader_start(session, &start) || !sg_boot_id(boot)) return false;
    snprintf(key->text, sizeof key->text, "session=%d start=%llu boot=%s", (int)session, start, boot);
    return true;
}

#define GRACE_DOING "ignoring the grace record"

bool sg_grace_covers(struct sg_state *state, const char *shown) {
    struct session_key key;
    char path[64], name[32], text[256], expected[200];
    state->grace_used = false;
    if (state->window == 0 || !state->has_uid || !current_key(&key)) return false;
    bool bad = false;
    int folder = sg_run_folder(state, GRACE_DOING, false, path, &bad);
    if (folder < 0) return false;
    snprintf(name, sizeof name, "tty-%u", key.device);
    bool found = sg_read_record(state, GRACE_DOING, folder, path, name, text, sizeof text) == SG_RECORD_READ;
    close(folder);
    double passed = 0, now = sg_boot_clock();
    int length = snprintf(expected, sizeof expected, "%s at=", key.text);
    if (!found || strncmp(text, expected, (size_t)length) != 0 || sscanf(text + length, "%lf", &passed) != 1) return false;
    if (now < passed || now - passed > (double)state->window) return false;
    state->grace_used = true;
    sg_audit_grace(state, shown);
    return true;
}

void sg_grace_settle(struct sg_state *state, int result) {
    struct session_key key;
    char path[64], name[32], text[256];
    if (state->window == 0 || state->grace_used || !state->has_uid || !current_key(&key)) return;
    bool starts = result == 1;
    bool bad = false;
    int folder = sg_run_folder(state, GRACE_DOING, starts, path, &bad);
    if (folder < 0) return;
    snprintf(name, sizeof name, "tty-%u", key.device);
    if (starts) {
        snprintf(text, sizeof text, "%s at=%.3f\n", key.text, sg_boot_clock());
        (void)sg_write_record(folder, name, text);
    } else if (result != 1) {
        (void)unlinkat(folder, name, 0);
    }
    close(folder);
}
#endif
