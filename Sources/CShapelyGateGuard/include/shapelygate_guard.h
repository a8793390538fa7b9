/*
 * shapelygate_guard.h — what the gate needs of C: making itself untraceable, and
 * putting the terminal back from a signal handler when a signal it cannot wait
 * for (a real-time or a crash signal) ends it.
 */
#ifndef SHAPELYGATE_GUARD_H
#define SHAPELYGATE_GUARD_H

#include <stddef.h>
#include <termios.h>

/* PR_SET_DUMPABLE 0 (Linux): the user's other processes can no longer attach with
   ptrace, read /proc/PID/mem or open /proc/PID/fd. 0, or -1 with errno. */
int sg_guard_refuse_tracing(void);

/* Installs the handler on SIGRTMIN..SIGRTMAX and the crash signals (SEGV, BUS, FPE,
   ILL, ABRT, TRAP, SYS), replacing the language runtime's backtracer. */
void sg_guard_install(void);

/* What the handler puts back: `settings` on terminal `descriptor`, then `leave`
   (at most 63 bytes) written to `output`. Copied; the handler reads only this copy. */
void sg_guard_arm(int descriptor, int output, const struct termios *settings, const char *leave, size_t length);

/* Nothing to put back any more (the gate restored the terminal itself). */
void sg_guard_disarm(void);

#endif
