/*
 * lockout.c — the cooldown after a denial, kept by the plugin as root where the
 * user owns nothing, so deleting the gate's own state folder (the user's) or
 * pointing HOME elsewhere does not shorten it under sudo.
 *
 * Contract:
 * - The cooldown in force is the plugin's cooldown=, at least SG_STRICT_COOLDOWN
 *   with strict in the plugin options or the policy, and at least the policy's
 *   min-cooldown. Zero: nothing is recorded and nothing is checked.
 * - The record is SG_GRACE_FOLDER/<uid>/lockout, kept as runfolder.c says:
 *   "boot=<id> denials=<n> until=<seconds on CLOCK_BOOTTIME>". It holds from
 *   another boot count for nothing (and /run is emptied at boot anyway).
 * - Just before a gate starts (after every check that denies without one: no
 *   terminal, sudo -n, a command too long, sudo in the background, a gate that
 *   cannot be trusted — none of those count): if now is before `until` on this
 *   boot, the command is denied without a board: "locked after a wrong answer;
 *   try again in N s". A record or folder that is not root's alone, or that
 *   does not read as a record, is reported and denies: only root or a fault
 *   can have made it, and root removes it.
 * - Otherwise this run is counted at once as one more consecutive denial n,
 *   locked for cooldown × 2^(n−1) (at most 2^SG_MAX_COOLDOWN_DOUBLINGS times
 *   the cooldown and SG_MAX_COOLDOWN seconds), so gates started side by side on
 *   other terminals are locked out while this one runs. The check and the count
 *   are one step under a lock on the folder.
 * - When the gate ends: a reported pass removes the record; any other ending
 *   (denial, timeout, Ctrl-C, a killed gate) locks again for the same length
 *   from now. If sudo itself is killed, the count made before stays.
 * - A command let through by the grace window neither checks nor changes it.
 * - Every failure to read or write a record denies or leaves the count made.
 */
#define _GNU_SOURCE
#include "approval.h"

#if !defined(__linux__)
bool sg_lockout_begin(struct sg_state *state) {
    (void)state;
    return true;
}
void sg_lockout_settle(struct sg_state *state, int result) {
    (void)state;
    (void)result;
}
#else
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define LOCKOUT_NAME "lockout"
#define LOCKOUT_DOING "not trusting the lockout record"

/* The cooldown in force, read when a gate is about to start (the policy file only then). */
static unsigned cooldown_in_force(const struct sg_state *state) {
    struct sg_policy policy;
    uintmax_t seconds = 0;
    for (size_t index = 0; index < SG_GATE_OPTIONS; index++) {
        const char *value = state->gate_values[index];
        if (strcmp(sg_gate_options[index], "cooldown") == 0 && value != NULL) {
            if (!sg_parse_number(value, 0, SG_MAX_COOLDOWN, &seconds)) seconds = SG_MAX_COOLDOWN;
        }
    }
    sg_read_policy(&policy, SG_POLICY_PATH);
    if ((state->strict || policy.strict) && seconds < SG_STRICT_COOLDOWN) seconds = SG_STRICT_COOLDOWN;
    if (seconds < policy.min_cooldown) seconds = policy.min_cooldown;
    return (unsigned)seconds;
}

/* How long the n-th consecutive denial locks. */
static double lock_length(const struct sg_state *state, unsigned denials) {
    unsigned doublings = denials > 1 ? denials - 1 : 0;
    if (doublings > SG_MAX_COOLDOWN_DOUBLINGS) doublings = SG_MAX_COOLDOWN_DOUBLINGS;
    unsigned long long length = (unsigned long long)state->cooldown << doublings;
    return (double)(length < SG_MAX_COOLDOWN ? length : SG_MAX_COOLDOWN);
}

struct lockout {
    char boot[40];
    unsigned denials;
    double until;
};

/* The user's record into `lockout` (none: no denials); false when it cannot be trusted. */
static bool read_lockout(const struct sg_state *state, int folder, const char *path, struct lockout *lockout) {
    char text[160], boot[40];
    lockout->denials = 0;
    lockout->until = 0;
    enum sg_record found = sg_read_record(state, LOCKOUT_DOING, folder, path, LOCKOUT_NAME, text, sizeof text);
    if (found == SG_RECORD_MISSING) return true;
    if (found == SG_RECORD_BAD) return false;
    unsigned denials = 0;
    double until = 0;
    int length = 0;
    if (sscanf(text, "boot=%39s denials=%u until=%lf\n%n", boot, &denials, &until, &length) != 3 ||
        text[length] != '\0' || !(until >= 0 && until < 1e12)) {
        if (state->print != NULL) {
            state->print(SUDO_CONV_ERROR_MSG, "shapelygate: %s %s/%s: not a lockout record\n", LOCKOUT_DOING, path,
                         LOCKOUT_NAME);
        }
        return false;
    }
    if (strcmp(boot, lockout->boot) != 0) return true;
    lockout->denials = denials;
    lockout->until = until;
    return true;
}

static bool write_lockout(int folder, const struct lockout *lockout) {
    char text[160];
    snprintf(text, sizeof text, "boot=%s denials=%u until=%.3f\n", lockout->boot, lockout->denials, lockout->until);
    return sg_write_record(folder, LOCKOUT_NAME, text);
}

/* The user's folder, created, locked; -1 with a message when it cannot be trusted. */
static int locked_folder(struct sg_state *state, char path[64]) {
    bool bad = false;
    int folder = sg_run_folder(state, LOCKOUT_DOING, true, path, &bad);
    if (folder >= 0 && flock(folder, LOCK_EX) == 0) return folder;
    if (folder >= 0) close(folder);
    sg_set_message(state, "shapelygate: the lockout record in %s cannot be trusted or kept; the command was not run",
                   SG_GRACE_FOLDER);
    return -1;
}

bool sg_lockout_begin(struct sg_state *state) {
    struct lockout lockout;
    char path[64];
    state->lockout_counted = false;
    state->cooldown = cooldown_in_force(state);
    if (state->cooldown == 0) return true;
    if (!state->has_uid || !sg_boot_id(lockout.boot)) {
        sg_set_message(state, "shapelygate: cannot tell whether a cooldown holds; the command was not run");
        return false;
    }
    int folder = locked_folder(state, path);
    if (folder < 0) return false;
    bool trusted = read_lockout(state, folder, path, &lockout);
    double now = sg_boot_clock();
    if (!trusted) {
        sg_set_message(state, "shapelygate: the lockout record %s/%s cannot be trusted; the command was not run "
                       "until root removes it", path, LOCKOUT_NAME);
    } else if (now < lockout.until) {
        sg_set_message(state, "shapelygate: locked after a wrong answer; try again in %llu s",
                       (unsigned long long)(lockout.until - now) + 1);
    } else {
        lockout.denials = lockout.denials < SG_MAX_COOLDOWN ? lockout.denials + 1 : lockout.denials;
        lockout.until = now + lock_length(state, lockout.denials);
        state->lockout_counted = write_lockout(folder, &lockout);
        if (!state->lockout_counted) {
            sg_set_message(state, "shapelygate: cannot record the cooldown; the command was not run");
        }
    }
    close(folder);
    return state->lockout_counted;
}

void sg_lockout_settle(struct sg_state *state, int result) {
    struct lockout lockout;
    char path[64];
    if (!state->lockout_counted || !sg_boot_id(lockout.boot)) return;
    state->lockout_counted = false;
    bool bad = false;
    int folder = sg_run_folder(state, LOCKOUT_DOING, false, path, &bad);
    if (folder < 0 || flock(folder, LOCK_EX) != 0) {
        if (folder >= 0) close(folder);
        return;
    }
    if (result == 1) {
        (void)unlinkat(folder, LOCKOUT_NAME, 0);
    } else if (read_lockout(state, folder, path, &lockout)) {
        if (lockout.denials == 0) lockout.denials = 1;
        lockout.until = sg_boot_clock() + lock_length(state, lockout.denials);
        (void)write_lockout(folder, &lockout);
    }
    close(folder);
}
#endif
