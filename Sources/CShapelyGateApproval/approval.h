/*
 * approval.h — what the parts of the sudo approval plugin share: the plugin's
 * state for one sudo run (from open() to close()), and the functions of each
 * part. Nothing here is exported from the shared object but the plugin struct.
 *
 * Every string in the state is a private copy (sudo's vectors are not promised
 * to outlive open()); close() frees them all.
 */
#ifndef SHAPELYGATE_APPROVAL_H
#define SHAPELYGATE_APPROVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>

#include "sudo_approval_abi.h"

/* Only the plugin struct is exported from the shared object. */
#pragma GCC visibility push(hidden)

#define SG_VERSION "1.0.0"
#define SG_DEFAULT_GATE "/usr/bin/shapelygate"
/* No option, user_info entry or environment value longer than this is accepted. */
#define SG_MAX_OPTION 4096
/* A command line longer than this many bytes is denied: what a pass allows is shown
   whole or not at all. */
#define SG_MAX_SHOWN 1024
/* What the gate writes on its --verdict-fd when a person passed, and nothing else. */
#define SG_VERDICT_PASSED "shapelygate: passed\n"

/* The system policy, and what the plugin takes from it itself (policy.c). */
#define SG_POLICY_PATH "/etc/shapelygate.conf"
/* grace= and max-grace are at most this; without max-grace, grace= is capped at the default. */
#define SG_MAX_GRACE 86400
#define SG_DEFAULT_MAX_GRACE 300
/* Root's folder of grace records, one folder per user inside it. */
#define SG_GRACE_FOLDER "/run/shapelygate"

/* The longest cooldown, and how many times it may double after consecutive denials. */
#define SG_MAX_COOLDOWN 86400
#define SG_MAX_COOLDOWN_DOUBLINGS 6
/* The least cooldown under strict, in the plugin options or the policy. */
#define SG_STRICT_COOLDOWN 60

struct sg_policy {
    bool usable, strict, syslog, has_max_grace;
    unsigned max_grace, min_cooldown;
};

/* The gate's options that take a value, passed on as `--name value`. */
#define SG_GATE_OPTIONS 10
extern const char *const sg_gate_options[SG_GATE_OPTIONS];

struct passwd;

struct sg_list {
    char **items;
    size_t count;
};

struct sg_state {
    sudo_printf_t print;

    /* From the plugin options. */
    struct sg_list users;
    struct sg_list groups;
    struct sg_list commands;
    char *gate_values[SG_GATE_OPTIONS]; /* by the index of sg_gate_options; NULL when not given */
    bool strict;
    char *gate_path;

    /* From user_info and settings. */
    char *user;
    uid_t uid;
    gid_t gid;
    gid_t *supplementary;
    size_t supplementary_count;
    bool has_uid, has_gid, has_tty, noninteractive;
    mode_t umask;

    /* From the invoking user's environment: the few variables the gate may see. */
    struct sg_list environment;

    /* grace.c: seconds asked by grace= (0: off), the window in force after max-grace
       and strict, whether this check was let through by it; audit.c: syslog = yes, and
       the terminal sudo names in user_info. */
    unsigned grace;
    unsigned window;
    bool grace_used;
    bool log_outcomes;
    char *tty_path;

    /* lockout.c: the cooldown in force (0: no lockout), and whether a gate started
       after the lockout counted it (its ending then settles the record). */
    unsigned cooldown;
    bool lockout_counted;

    /* The last message, for *errstr (valid until close). */
    char *message;
};

/* common.c: the pieces every part uses. */
void sg_set_message(struct sg_state *state, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* The value of `name=` in a sudo vector, or NULL. */
const char *sg_lookup(char *const vector[], const char *name);
/* Whether `text` (of at most `limit` bytes) has no control bytes. */
bool sg_printable(const char *text, size_t limit);
/* A whole decimal number in [low, high], nothing else. */
bool sg_parse_number(const char *text, uintmax_t low, uintmax_t high, uintmax_t *out);
bool sg_list_add(struct sg_list *list, const char *text, size_t length);
/* "NAME=value" into `list`; a value that is NULL, has a control byte or is longer than
   SG_MAX_OPTION bytes is left out. False only when memory ran out. */
bool sg_list_add_variable(struct sg_list *list, const char *name, const char *value);
void sg_list_free(struct sg_list *list);
/* Frees every string of `state` and zeroes it. */
void sg_clear_state(struct sg_state *state);

/* options.c: parses sudo.conf's plugin options; on a problem, stores a message and returns false. */
bool sg_parse_options(struct sg_state *state, char *const options[]);
/* Keeps `value` for the gate option `name` (one of sg_gate_options), replacing any other. */
bool sg_gate_option(struct sg_state *state, const char *name, const char *value);

/* user.c: reads user_info, settings and the user's environment; false (with a message) on a problem. */
bool sg_read_user(struct sg_state *state, char *const settings[], char *const user_info[],
                  char *const user_env[]);

/* match.c */
/* Checks that every name in users= and groups= exists; false (with a message) if not. */
bool sg_resolve_names(struct sg_state *state);
bool sg_user_is_gated(const struct sg_state *state);
bool sg_command_is_gated(const struct sg_state *state, const char *command);
/* "command arg 'an arg'" for the board, control bytes shown as '?'; NULL with *too_long
   set when it would be longer than SG_MAX_SHOWN bytes, NULL alone when memory ran out.
   The plugin quotes the words itself, although the gate can quote a command line too:
   the length must be known exactly before anything starts (a pass allows only what
   was shown whole), and a pass within the grace window records this same text,
   which no gate sees. The gate shows --for as it is given. */
char *sg_command_text(const char *command, char *const run_argv[], bool *too_long);

/* foreground.c: /dev/tty (close-on-exec) when sudo named a terminal, else -1 with the
   message that one is required: the plugin's only terminal check. */
int sg_open_terminal(struct sg_state *state);
/* Whether sudo's process group is the terminal's foreground group. */
bool sg_in_foreground(int terminal);
/* Waits for the gate in its own group, lending the terminal as it stops and continues,
   only ever between the foreground and sudo's or the gate's group. The wait status, or -1. */
int sg_wait_for(pid_t child, int terminal);
/* Puts `saved` back, when sudo is in the foreground; `leave_screen` also leaves the
   alternate screen and shows the cursor. */
void sg_restore_terminal(int terminal, const struct termios *saved, bool leave_screen);

/* trusted.c: the gate binary, opened and checked from /; -1 with a message. */
int sg_open_trusted_gate(struct sg_state *state);

/* vectors.c */
bool sg_build_vectors(const struct sg_state *state, const struct passwd *account, const char *shown,
                      int verdict, struct sg_list *argv, struct sg_list *envp);
/* Whether TERM names a terminal that has a screen to leave (set, and not dumb). */
bool sg_has_screen(const struct sg_state *state);

/* gate.c: runs the gate for `shown` on `terminal` (from sg_open_terminal, which the caller
   closes); returns what check() returns (1, 0 or -1). */
int sg_run_gate(struct sg_state *state, int terminal, const char *shown);

/* policy.c: reads `path` (SG_POLICY_PATH); an unusable file reads as no grace, no log. */
void sg_read_policy(struct sg_policy *policy, const char *path);

/* grace.c */
/* grace=SECONDS from the plugin options; false (with a message) on a bad value. */
bool sg_grace_option(struct sg_state *state, const char *value);
/* At open(): the window in force, from grace=, strict and the policy; false on no memory. */
bool sg_grace_open(struct sg_state *state, char *const user_info[]);
/* Whether this user's record for this terminal session is valid now; audits the pass. */
bool sg_grace_covers(struct sg_state *state, const char *shown);
/* After check() decided a gated command: a pass by the board starts a window, a denial ends it. */
void sg_grace_settle(struct sg_state *state, int result);

/* runfolder.c: root's folder SG_GRACE_FOLDER/<uid> and its records. `doing` starts each
   report ("ignoring the grace record"). */
enum sg_record { SG_RECORD_MISSING, SG_RECORD_READ, SG_RECORD_BAD };
/* The folder (created first when `create`), or -1; *bad when it is there but not root's alone. */
int sg_run_folder(const struct sg_state *state, const char *doing, bool create, char path[64], bool *bad);
/* `name` in `folder` into `text` (NUL-terminated); BAD (reported) when not root's alone. */
enum sg_record sg_read_record(const struct sg_state *state, const char *doing, int folder, const char *path,
                              const char *name, char *text, size_t size);
/* Replaces `name` with `text` atomically, root's and 0600; false when it could not. */
bool sg_write_record(int folder, const char *name, const char *text);
bool sg_boot_id(char out[40]);
/* Seconds on CLOCK_BOOTTIME. */
double sg_boot_clock(void);

/* lockout.c */
/* Just before a gate starts, with the cooldown in force from cooldown=, strict and the
   policy: false (with a message) when the user is locked out or the
   record cannot be trusted; else counts this run as a denial until it passes. */
bool sg_lockout_begin(struct sg_state *state);
/* After the gate counted by sg_lockout_begin ended: a pass (1) clears the record, any
   other ending locks from now. */
void sg_lockout_settle(struct sg_state *state, int result);

/* audit.c: the record of a pass within the grace window, to the journal or syslog. */
void sg_audit_grace(const struct sg_state *state, const char *shown);

#pragma GCC visibility pop

#endif
