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
 *   so the shell sees its job stopped. When the shell continues sudo, sudo
 *   gives the gate the terminal and continues it only once the shell gave the
 *   terminal to sudo (fg): continued in the background (bg), sudo stops again at
 *   once, as a password prompt would, and the gate stays stopped. When the gate
 *   ends, sudo takes the terminal back before anything else is printed.
 * - The terminal only ever passes between sudo's group and the gate's, and only
 *   from the one that holds it: tcsetpgrp from the background succeeds when
 *   SIGTTOU is blocked (as it is around it), and taking the terminal from the
 *   shell would end the shell. Whoever holds it is asked first.
 * - Asked to end while the gate runs (the shell's kill %1: SIGTERM, then
 *   SIGCONT; SIGHUP, SIGINT, SIGQUIT sent to sudo), sudo kills the gate, which
 *   denies, instead of leaving the signal for after the gate (sudo's own handlers
 *   are put back once the gate has ended).
 * - The terminal's settings are put back only while sudo holds it, so a job in
 *   the background never changes what the shell in front uses.
 */
#define _GNU_SOURCE
#include "approval.h"

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
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

/* Hands the terminal from group `from` to group `to`, only if `from` holds it. */
static void pass_terminal(int terminal, pid_t from, pid_t to) {
    if (tcgetpgrp(terminal) == from) sg_give_terminal(terminal, to);
}

/* A signal that asks sudo to end (the shell's kill %1, a hangup) while the gate runs:
   sudo's own handlers would only note it for later, and leave the gate asking. */
static volatile sig_atomic_t ending;
static const int ending_signals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
#define SG_ENDINGS (sizeof ending_signals / sizeof ending_signals[0])

static void note_ending(int number) {
    ending = number;
}

static void catch_endings(struct sigaction saved[SG_ENDINGS]) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_ending;
    sigemptyset(&action.sa_mask);
    ending = 0;
    for (size_t index = 0; index < SG_ENDINGS; index++) (void)sigaction(ending_signals[index], &action, &saved[index]);
}

static void release_endings(const struct sigaction saved[SG_ENDINGS]) {
    for (size_t index = 0; index < SG_ENDINGS; index++) (void)sigaction(ending_signals[index], &saved[index], NULL);
}

/* Stopped by the shell with the gate: waits to be continued in the front (fg), or
   asked to end. */
static void stop_with_the_gate(int terminal) {
    (void)kill(getpid(), SIGSTOP);
    /* Continued in the background (bg): the gate can only ask from the front, so sudo
       stays stopped, as a password prompt does, until it is continued there. */
    while (!ending && tcgetpgrp(terminal) != getpgrp() && getppid() != 1) (void)kill(getpid(), SIGSTOP);
}

int sg_wait_for(pid_t child, int terminal) {
    struct sigaction saved[SG_ENDINGS];
    catch_endings(saved);
    int status = 0;
    while (true) {
        /* SIGKILL ends even a stopped gate, which writes nothing more; the plugin puts
           the terminal back if it is sudo's. */
        if (ending) (void)kill(-child, SIGKILL);
        pid_t result = waitpid(child, &status, WUNTRACED);
        if (result < 0 && errno == EINTR) continue;
        pass_terminal(terminal, child, getpgrp());
        if (result != child) status = -1;
        if (result != child || !WIFSTOPPED(status)) break;
        stop_with_the_gate(terminal);
        if (ending) continue;
        pass_terminal(terminal, getpgrp(), child);
        (void)kill(-child, SIGCONT);
    }
    release_endings(saved);
    return status;
}

void sg_restore_terminal(int terminal, const struct termios *saved, bool leave_screen) {
    static const char leave[] = "\033[?1049l\033[?25h";
    if (tcgetpgrp(terminal) != getpgrp()) return;
    sigset_t ttou, mask;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    (void)sigprocmask(SIG_BLOCK, &ttou, &mask);
    (void)tcsetattr(terminal, TCSANOW, saved);
    if (leave_screen) {
        ssize_t written;
        do {
            written = write(terminal, leave, sizeof leave - 1);
        } while (written < 0 && errno == EINTR);
    }
    (void)sigprocmask(SIG_SETMASK, &mask, NULL);
}
#endif
