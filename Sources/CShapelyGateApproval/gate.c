/*
 * gate.c — runs the shapelygate binary as a child of sudo, on the user's
 * terminal, and turns its ending into the approval plugin's answer.
 *
 * Contract:
 * - The gate binary is opened and checked by trusted.c (root's from / down,
 *   mode 0711, not a script); the child runs that same file (fexecve), so the
 *   check and the run are about one file.
 * - The child runs as the invoking user (its supplementary groups, group and
 *   user IDs, real, effective and saved), never as root unless root ran sudo;
 *   with every signal at its default, an empty signal mask, the working folder
 *   /, the user's umask, a small clean environment, the controlling terminal on
 *   standard input, output and error, and every other descriptor closed.
 * - The gate never reads the invoking user's own configuration file: only the
 *   Plugin line's options and /etc/shapelygate.conf set it up (NO_USER_CONFIG).
 * - Only the gate's own word approves: the plugin hands it the write end of a
 *   pipe (--verdict-fd), and approves when the gate wrote SG_VERDICT_PASSED
 *   there AND exited 0. A program that merely exits 0 approves nothing; no
 *   other process of the user can reach the pipe (the gate is not dumpable).
 *   Any other ending denies (0); a gate that cannot be started is an error
 *   (-1). Either way the reason is left in the plugin's message.
 * - The terminal's settings are saved before the gate starts and put back
 *   when it ends, however it ends (a gate killed by a signal also leaves the
 *   alternate screen and shows the cursor), when sudo has the terminal.
 * - The gate's environment turns the Swift runtime's backtracer off, so a
 *   crashing gate never takes the terminal to offer a debugger.
 * - The gate leads a process group of its own, the terminal's foreground group
 *   until it ends (foreground.c); sudo must be in the foreground to ask at all.
 * - SIGCHLD is put to its default while the gate runs and restored after.
 * - Last before it starts, the lockout after a denial (lockout.c) may deny.
 */
#define _GNU_SOURCE
#include "approval.h"

#if !defined(__linux__)
/* fexecve, O_PATH, setresuid and the parent-death signal are Linux's; elsewhere the
   plugin builds but refuses every gated command. */
int sg_run_gate(struct sg_state *state, int terminal, const char *shown) {
    (void)terminal;
    (void)shown;
    sg_set_message(state, "shapelygate: the sudo plugin runs on Linux only");
    return -1;
}
#else
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

enum stage { STAGE_GROUPS, STAGE_USER, STAGE_TERMINAL, STAGE_EXEC };

static const char *const stage_text[] = {
    "cannot take the user's groups", "cannot become the user", "cannot open the terminal", "cannot run",
};

struct failure {
    int stage;
    int error;
};

static void lowercase_error(char *buffer, size_t size, int error) {
    const char *text = strerror(error);
    size_t length = strnlen(text, size - 1);
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    if (length > 0) buffer[0] = (char)tolower((unsigned char)buffer[0]);
}

/* Marks every descriptor above 2 close-on-exec: close_range if the kernel has it, else one by one. */
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

static _Noreturn void child_fails(int report, enum stage stage, int error) {
    struct failure failure = {(int)stage, error};
    ssize_t written;
    do {
        written = write(report, &failure, sizeof failure);
    } while (written < 0 && errno == EINTR);
    _exit(127);
}

/* In the child, which starts with every signal blocked: never returns. `report` and
   `binary` are close-on-exec and above 2. */
static _Noreturn void become_gate(const struct sg_state *state, int report, int binary, int verdict, pid_t parent,
                                  char *const argv[], char *const envp[]) {
    for (int number = 1; number < NSIG; number++) (void)signal(number, SIG_DFL);
    (void)setpgid(0, 0);

    gid_t only = state->gid;
    const gid_t *groups = state->supplementary_count > 0 ? state->supplementary : &only;
    size_t count = state->supplementary_count > 0 ? state->supplementary_count : 1;
    if (setgroups(count, groups) != 0) child_fails(report, STAGE_GROUPS, errno);
    if (setresgid(state->gid, state->gid, state->gid) != 0) child_fails(report, STAGE_GROUPS, errno);
    if (setresuid(state->uid, state->uid, state->uid) != 0) child_fails(report, STAGE_USER, errno);
    if (state->uid != 0 && (setuid(0) == 0 || seteuid(0) == 0)) child_fails(report, STAGE_USER, EPERM);
    /* Set after the ID change, which clears it: a gate whose sudo dies is hung up on. */
    (void)prctl(PR_SET_PDEATHSIG, SIGHUP);
    if (getppid() != parent) _exit(1);

    umask(state->umask);
    if (chdir("/") != 0) child_fails(report, STAGE_USER, errno);
    int terminal = open("/dev/tty", O_RDWR);
    if (terminal < 0) child_fails(report, STAGE_TERMINAL, errno);
    /* Still in the background here, so SIGTTOU is due, and blocked. */
    if (tcsetpgrp(terminal, getpid()) != 0) child_fails(report, STAGE_TERMINAL, errno);
    for (int fd = 0; fd <= 2; fd++) {
        if (terminal != fd && dup2(terminal, fd) < 0) child_fails(report, STAGE_TERMINAL, errno);
    }
    if (terminal > 2) close(terminal);
    close_on_exec_above_stderr();
    if (fcntl(verdict, F_SETFD, 0) != 0) child_fails(report, STAGE_EXEC, errno);
    sigset_t empty;
    sigemptyset(&empty);
    (void)sigprocmask(SIG_SETMASK, &empty, NULL);
    fexecve(binary, argv, envp);
    child_fails(report, STAGE_EXEC, errno);
}

static int judge(struct sg_state *state, int status, bool reported_pass) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && reported_pass) return 1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        sg_set_message(state, "shapelygate: %.200s did not report a pass, the command was not run", state->gate_path);
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 1) {
        sg_set_message(state, "shapelygate: not approved, the command was not run");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 2) {
        sg_set_message(state, "shapelygate: the gate refused its options (see above), the command was not run");
    } else if (WIFEXITED(status)) {
        sg_set_message(state, "shapelygate: the gate ended with status %d, the command was not run",
                       WEXITSTATUS(status));
    } else {
        sg_set_message(state, "shapelygate: the gate was interrupted, the command was not run");
    }
    return 0;
}

/* Whether the gate left exactly SG_VERDICT_PASSED in the pipe (read once it has ended). */
static bool read_verdict(int verdict) {
    char buffer[sizeof SG_VERDICT_PASSED + 8];
    size_t total = 0;
    (void)fcntl(verdict, F_SETFL, O_NONBLOCK);
    while (total < sizeof buffer) {
        ssize_t count = read(verdict, buffer + total, sizeof buffer - total);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        total += (size_t)count;
    }
    return total == strlen(SG_VERDICT_PASSED) && memcmp(buffer, SG_VERDICT_PASSED, total) == 0;
}

/* Two pipe ends, close-on-exec, both above 2, where the terminal is about to go. */
static bool high_pipe(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return false;
    for (int end = 0; end < 2; end++) {
        int high = fcntl(fds[end], F_DUPFD_CLOEXEC, 3);
        close(fds[end]);
        fds[end] = high;
    }
    return fds[0] >= 0 && fds[1] >= 0;
}

/* The descriptors of one run, closed by close_run; the terminal is the caller's. */
struct run {
    int terminal, binary;
    int report[2];  /* the child's failure before exec */
    int verdict[2]; /* the gate's pass */
    struct sg_list argv, envp;
};

static void close_run(struct run *run) {
    int *all[] = {&run->binary, &run->report[0], &run->report[1], &run->verdict[0], &run->verdict[1]};
    for (size_t index = 0; index < sizeof all / sizeof all[0]; index++) {
        if (*all[index] >= 0) close(*all[index]);
        *all[index] = -1;
    }
    sg_list_free(&run->argv);
    sg_list_free(&run->envp);
}

/* After the fork: waits for the gate, puts the terminal back, and judges. */
static int await_gate(struct sg_state *state, struct run *run, pid_t child, const struct termios *saved) {
    char reason[128];
    struct failure failure;
    ssize_t count;
    do {
        count = read(run->report[0], &failure, sizeof failure);
    } while (count < 0 && errno == EINTR);
    int status = sg_wait_for(child, run->terminal);
    bool killed = status != -1 && WIFSIGNALED(status);
    sg_restore_terminal(run->terminal, saved, killed && sg_has_screen(state));
    if (count == (ssize_t)sizeof failure && failure.stage >= STAGE_GROUPS && failure.stage <= STAGE_EXEC) {
        lowercase_error(reason, sizeof reason, failure.error);
        if (failure.stage == STAGE_EXEC) {
            sg_set_message(state, "shapelygate: cannot run the gate %s: %s", state->gate_path, reason);
        } else {
            sg_set_message(state, "shapelygate: the gate %s: %s", stage_text[failure.stage], reason);
        }
        return -1;
    }
    if (status == -1) {
        sg_set_message(state, "shapelygate: lost track of the gate, the command was not run");
        return -1;
    }
    return judge(state, status, read_verdict(run->verdict[0]));
}

/* Forks the gate with every signal blocked; the child's process group is its own. */
static int start_gate(struct sg_state *state, struct run *run, const struct termios *saved) {
    char reason[128];
    struct sigaction default_action, saved_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    (void)sigaction(SIGCHLD, &default_action, &saved_action);
    sigset_t all, saved_mask;
    sigfillset(&all);
    (void)sigprocmask(SIG_SETMASK, &all, &saved_mask);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child == 0) {
        become_gate(state, run->report[1], run->binary, run->verdict[1], parent, run->argv.items, run->envp.items);
    }
    int fork_error = errno;
    if (child > 0) (void)setpgid(child, child);
    (void)sigprocmask(SIG_SETMASK, &saved_mask, NULL);
    close(run->report[1]);
    close(run->verdict[1]);
    run->report[1] = run->verdict[1] = -1;
    int result = -1;
    if (child < 0) {
        lowercase_error(reason, sizeof reason, fork_error);
        sg_set_message(state, "shapelygate: cannot start the gate: %s", reason);
    } else {
        result = await_gate(state, run, child, saved);
    }
    (void)sigaction(SIGCHLD, &saved_action, NULL);
    return result;
}

int sg_run_gate(struct sg_state *state, int terminal, const char *shown) {
    char reason[128];
    struct passwd *account = state->has_uid ? getpwuid(state->uid) : NULL;
    if (account == NULL || !state->has_gid) {
        sg_set_message(state, "shapelygate: cannot find the invoking user's account");
        return -1;
    }
    if (!sg_in_foreground(terminal)) {
        sg_set_message(state, "shapelygate: sudo must be in the foreground to ask for approval");
        return 0;
    }
    struct run run = {.terminal = terminal, .binary = -1, .report = {-1, -1}, .verdict = {-1, -1}};
    int result = -1;
    struct termios saved;
    if ((run.binary = sg_open_trusted_gate(state)) < 0) goto done;
    if (!high_pipe(run.report) || !high_pipe(run.verdict) || tcgetattr(run.terminal, &saved) != 0) {
        lowercase_error(reason, sizeof reason, errno);
        sg_set_message(state, "shapelygate: cannot start the gate: %s", reason);
        goto done;
    }
    if (!sg_build_vectors(state, account, shown, run.verdict[1], &run.argv, &run.envp)) {
        sg_set_message(state, "shapelygate: out of memory");
        goto done;
    }
    result = sg_lockout_begin(state) ? start_gate(state, &run, &saved) : 0;
done:
    close_run(&run);
    return result;
}
#endif
