/*
 * guard.c — the gate's last word on a signal that ends it without asking: the
 * real-time signals (SIGRTMIN+n from another program) and the crash signals
 * (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT from a failed check, SIGTRAP,
 * SIGSYS). The ending signals a person or a shell sends (INT, TERM, HUP, ...)
 * are read by the session instead (Signals.swift); SIGKILL cannot be caught, so
 * under sudo the judge puts the terminal back itself (SudoGateChild.swift).
 *
 * Contract:
 * - The handler only calls async-signal-safe functions (tcgetpgrp, tcsetattr,
 *   write, sigprocmask, raise) on state computed before it was armed.
 * - When armed and the gate's group holds the terminal, it puts the saved
 *   settings back and writes the bytes that leave the gate's screen, once.
 * - Then the signal ends the process as it would have: SA_RESETHAND gives the
 *   default back on entry, and the signal is raised again, unblocked. A fault
 *   raised by the hardware would also recur on return.
 * - Installing replaces the Swift runtime's crash handler: its interactive
 *   backtracer never takes the gate's terminal.
 * - Besides: whether a file carries capabilities (an xattr no Swift module of the
 *   C library names), for `--doors`.
 */
#define _GNU_SOURCE
#include "shapelygate_guard.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/xattr.h>
#endif

static volatile sig_atomic_t armed;
static int terminal = -1;
static int screen = -1;
static struct termios saved;
static char leave_bytes[64];
static size_t leave_length;

int sg_guard_has_capabilities(const char *path) {
#if defined(__linux__)
    return lgetxattr(path, "security.capability", NULL, 0) > 0;
#else
    (void)path;
    return 0;
#endif
}

int sg_guard_refuse_tracing(void) {
#if defined(__linux__)
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#else
    return 0;
#endif
}

static void on_fatal_signal(int number) {
    int saved_errno = errno;
    if (armed) {
        armed = 0;
        if (tcgetpgrp(terminal) == getpgrp()) {
            (void)tcsetattr(terminal, TCSANOW, &saved);
            if (leave_length > 0) (void)write(screen, leave_bytes, leave_length);
        }
    }
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, number);
    (void)sigprocmask(SIG_UNBLOCK, &only, NULL);
    (void)raise(number);
    errno = saved_errno;
}

void sg_guard_install(void) {
    static const int crashes[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fatal_signal;
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigfillset(&action.sa_mask);
    for (size_t index = 0; index < sizeof crashes / sizeof crashes[0]; index++) {
        (void)sigaction(crashes[index], &action, NULL);
    }
#if defined(SIGRTMIN)
    for (int number = SIGRTMIN; number <= SIGRTMAX; number++) (void)sigaction(number, &action, NULL);
#endif
}

void sg_guard_arm(int descriptor, int output, const struct termios *settings, const char *leave, size_t length) {
    armed = 0;
    terminal = descriptor;
    screen = output;
    saved = *settings;
    leave_length = length < sizeof leave_bytes ? length : 0;
    if (leave_length > 0) memcpy(leave_bytes, leave, leave_length);
    armed = 1;
}

void sg_guard_disarm(void) {
    armed = 0;
}
