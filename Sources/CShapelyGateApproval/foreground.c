/*
 * foreground.c — the terminal's foreground while the gate runs.
 *
 * Contract:
 * - The gate runs in a process group of its own, made the terminal's foreground
 *   group by the gate's child before it starts; so Ctrl-C, Ctrl-Z and Ctrl-\ reach
 *   the gate only, and sudo keeps no signal of them for later (as sudo does for
 *   the commands it runs).
 * - sudo asks only from the foreground: in the background it would take the
 *   terminal from the job in front.
 * - When the gate stops, sudo takes the terminal back and stops itself (SIGSTOP),
 *   so the shell sees its job stopped; when the shell continues sudo, sudo gives
 *   the terminal back to the gate and continues it. When the gate ends, sudo
 *   takes the terminal back before anything else is printed.
 * - tcsetpgrp from a background group raises SIGTTOU; it is blocked around it.
 */
#define _GNU_SOURCE
#include "approval.h"

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

int sg_open_foreground(bool *background) {
    *background = false;
    int terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (terminal < 0) return -1;
    if (tcgetpgrp(terminal) != getpgrp()) *background = true;
    return terminal;
}

void sg_give_terminal(int terminal, pid_t group) {
    sigset_t ttou, saved;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    (void)sigprocmask(SIG_BLOCK, &ttou, &saved);
    (void)tcsetpgrp(terminal, group);
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
}

int sg_wait_for(pid_t child, int terminal) {
    int status = 0;
    while (true) {
        pid_t result = waitpid(child, &status, WUNTRACED);
        if (result < 0 && errno == EINTR) continue;
        sg_give_terminal(terminal, getpgrp());
        if (result != child) return -1;
        if (!WIFSTOPPED(status)) return status;
        (void)kill(getpid(), SIGSTOP);
        sg_give_terminal(terminal, child);
        (void)kill(-child, SIGCONT);
    }
}
#endif
