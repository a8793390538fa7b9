/*
 * spawn.c — the sudo judge's child, from fork to exec: what Swift cannot do after a
 * fork, where only async-signal-safe calls are allowed.
 *
 * Contract:
 * - The child runs as the person asking (their groups, group and user IDs, real,
 *   effective and saved) and checks it can no longer become root; with every
 *   signal at its default and none blocked, the working folder /, the person's
 *   umask, the controlling terminal on standard input, output and error, a process
 *   group of its own made the terminal's foreground group, and every descriptor
 *   above 2 closed on exec but the verdict pipe. The parent's death hangs it up.
 * - It runs the file `program` names (fexecve: the file the judge itself was
 *   started from), with `argv` and `envp` as given.
 * - A failure before exec is written as `struct sg_spawn_failure` on `report`
 *   (close-on-exec), and the child ends with status 127.
 * - sg_spawn_unprivileged: a program told of an approval request (notify=), run as
 *   `uid`/`gid` alone, in a session of its own with no terminal, its standard input,
 *   output and error /dev/null, in /; the judge does not wait for it.
 */
#define _GNU_SOURCE
#include "shapelygate_guard.h"

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

static _Noreturn void fail(int report, int stage) {
    struct sg_spawn_failure failure = {stage, errno};
    ssize_t written;
    do {
        written = write(report, &failure, sizeof failure);
    } while (written < 0 && errno == EINTR);
    _exit(127);
}

static void close_on_exec_above_stderr(void) {
#if defined(SYS_close_range)
    if (syscall(SYS_close_range, 3U, ~0U, 4U /* CLOSE_RANGE_CLOEXEC */) == 0) return;
#endif
    struct rlimit limit;
    int highest = 65536;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < 1048576) {
        highest = (int)limit.rlim_cur;
    }
    for (int fd = 3; fd < highest; fd++) (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
}

static _Noreturn void become_gate(const struct sg_spawn *spawn, pid_t parent) {
    for (int number = 1; number < NSIG; number++) (void)signal(number, SIG_DFL);
    (void)setpgid(0, 0);
    if (setgroups(spawn->group_count, spawn->groups) != 0 || setresgid(spawn->gid, spawn->gid, spawn->gid) != 0) {
        fail(spawn->report, SG_SPAWN_GROUPS);
    }
    if (setresuid(spawn->uid, spawn->uid, spawn->uid) != 0) fail(spawn->report, SG_SPAWN_USER);
    if (spawn->uid != 0 && (setuid(0) == 0 || seteuid(0) == 0)) {
        errno = EPERM;
        fail(spawn->report, SG_SPAWN_USER);
    }
    /* Set after the ID change, which clears it. */
    (void)prctl(PR_SET_PDEATHSIG, SIGHUP);
    if (getppid() != parent) _exit(1);
    umask(spawn->umask);
    if (chdir("/") != 0) fail(spawn->report, SG_SPAWN_USER);
    int terminal = open("/dev/tty", O_RDWR);
    if (terminal < 0) fail(spawn->report, SG_SPAWN_TERMINAL);
    /* Still in the background here, so SIGTTOU is due, and blocked. */
    if (tcsetpgrp(terminal, getpid()) != 0) fail(spawn->report, SG_SPAWN_TERMINAL);
    for (int fd = 0; fd <= 2; fd++) {
        if (terminal != fd && dup2(terminal, fd) < 0) fail(spawn->report, SG_SPAWN_TERMINAL);
    }
    if (terminal > 2) close(terminal);
    close_on_exec_above_stderr();
    if (fcntl(spawn->verdict, F_SETFD, 0) != 0) fail(spawn->report, SG_SPAWN_EXEC);
    sigset_t empty;
    sigemptyset(&empty);
    (void)sigprocmask(SIG_SETMASK, &empty, NULL);
    fexecve(spawn->program, spawn->argv, spawn->envp);
    fail(spawn->report, SG_SPAWN_EXEC);
}

pid_t sg_spawn_gate(const struct sg_spawn *spawn) {
    sigset_t all, saved;
    sigfillset(&all);
    (void)sigprocmask(SIG_SETMASK, &all, &saved);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child == 0) become_gate(spawn, parent);
    int error = errno;
    if (child > 0) (void)setpgid(child, child);
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    errno = error;
    return child;
}

pid_t sg_spawn_unprivileged(int program, char *const argv[], char *const envp[], uid_t uid, gid_t gid) {
    sigset_t all, saved;
    sigfillset(&all);
    (void)sigprocmask(SIG_SETMASK, &all, &saved);
    pid_t child = fork();
    if (child == 0) {
        for (int number = 1; number < NSIG; number++) (void)signal(number, SIG_DFL);
        (void)setsid();
        int null = open("/dev/null", O_RDWR);
        if (null < 0 || setgroups(1, &gid) != 0 || setresgid(gid, gid, gid) != 0 || setresuid(uid, uid, uid) != 0 ||
            (uid != 0 && (setuid(0) == 0 || seteuid(0) == 0)) || chdir("/") != 0) {
            _exit(127);
        }
        for (int fd = 0; fd <= 2; fd++) (void)dup2(null, fd);
        if (null > 2) close(null);
        close_on_exec_above_stderr();
        (void)fcntl(program, F_SETFD, 0);
        sigset_t empty;
        sigemptyset(&empty);
        (void)sigprocmask(SIG_SETMASK, &empty, NULL);
        fexecve(program, argv, envp);
        _exit(127);
    }
    int error = errno;
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    errno = error;
    return child;
}

int sg_give_terminal(int terminal, pid_t group) {
    sigset_t ttou, saved;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    (void)sigprocmask(SIG_BLOCK, &ttou, &saved);
    int result = tcsetpgrp(terminal, group);
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    return result;
}

int sg_write_in_background(int terminal, const struct termios *settings, const char *bytes, size_t length) {
    sigset_t ttou, saved;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    (void)sigprocmask(SIG_BLOCK, &ttou, &saved);
    if (settings != NULL) (void)tcsetattr(terminal, TCSANOW, settings);
    ssize_t written = length > 0 ? write(terminal, bytes, length) : 0;
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    return written == (ssize_t)length ? 0 : -1;
}
#else
pid_t sg_spawn_unprivileged(int program, char *const argv[], char *const envp[], uid_t uid, gid_t gid) {
    (void)program;
    (void)argv;
    (void)envp;
    (void)uid;
    (void)gid;
    errno = ENOSYS;
    return -1;
}
pid_t sg_spawn_gate(const struct sg_spawn *spawn) {
    (void)spawn;
    errno = ENOSYS;
    return -1;
}
int sg_give_terminal(int terminal, pid_t group) {
    (void)terminal;
    (void)group;
    return -1;
}
int sg_write_in_background(int terminal, const struct termios *settings, const char *bytes, size_t length) {
    (void)terminal;
    (void)settings;
    (void)bytes;
    (void)length;
    return -1;
}
#endif
