/*
 * shapelygate_guard.h — what the program needs of C: making itself untraceable,
 * putting the terminal back from a signal handler when a signal it cannot wait for
 * (a real-time or a crash signal) ends it, the sudo judge's fork-to-exec of the gate
 * and of notify= (spawn.c), and the sudo plugin's trusted walk (trusted_walk.c).
 */
#ifndef SHAPELYGATE_GUARD_H
#define SHAPELYGATE_GUARD_H

#include <stddef.h>
#include <sys/types.h>
#include <termios.h>

/* PR_SET_DUMPABLE 0 (Linux): the user's other processes can no longer attach with
   ptrace, read /proc/PID/mem or open /proc/PID/fd. 0, or -1 with errno. */
int sg_guard_refuse_tracing(void);

/* Whether the file at `path` (a link not followed) carries file capabilities: its
   security.capability attribute (Linux); 0 elsewhere or when it has none. */
int sg_guard_has_capabilities(const char *path);

/* Installs the handler on SIGRTMIN..SIGRTMAX and the crash signals (SEGV, BUS, FPE,
   ILL, ABRT, TRAP, SYS), replacing the language runtime's backtracer. */
void sg_guard_install(void);

/* What the handler puts back: `settings` on terminal `descriptor`, then `leave`
   (at most 63 bytes) written to `output`. Copied; the handler reads only this copy. */
void sg_guard_arm(int descriptor, int output, const struct termios *settings, const char *leave, size_t length);

/* Nothing to put back any more (the gate restored the terminal itself). */
void sg_guard_disarm(void);

/* The sudo plugin's trusted walk (trusted_walk.c): the program at `path`, opened and
   checked from / as the plugin opens it; its descriptor, or -1 with `text` saying why.
   Declared once, by the plugin. */
#include "../../CShapelyGateApproval/door.h"

/* The sudo judge's gate, started as the person asking (spawn.c). */
enum { SG_SPAWN_GROUPS, SG_SPAWN_USER, SG_SPAWN_TERMINAL, SG_SPAWN_EXEC };

struct sg_spawn_failure {
    int stage;
    int error;
};

struct sg_spawn {
    int program;          /* the executable, for fexecve */
    char *const *argv;
    char *const *envp;
    uid_t uid;
    gid_t gid;
    const gid_t *groups;
    size_t group_count;
    mode_t umask;
    int verdict;          /* left open in the gate */
    int report;           /* close-on-exec: a struct sg_spawn_failure before exec */
};

/* Forks the gate in a process group of its own; its pid, or -1 with errno. */
pid_t sg_spawn_gate(const struct sg_spawn *spawn);

/* `program` (a descriptor, for fexecve) as uid/gid alone, detached: its pid, or -1. */
pid_t sg_spawn_unprivileged(int program, char *const argv[], char *const envp[], uid_t uid, gid_t gid);

/* tcsetpgrp with SIGTTOU blocked, so it works from the background. */
int sg_give_terminal(int terminal, pid_t group);

/* From the background, SIGTTOU blocked: `settings` (if any) put back, then `bytes` written. */
int sg_write_in_background(int terminal, const struct termios *settings, const char *bytes, size_t length);

#endif
