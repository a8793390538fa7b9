/*
 * gate.c — runs the shapelygate binary as a child of sudo, on the user's
 * terminal, and turns its ending into the approval plugin's answer.
 *
 * Contract:
 * - The gate binary must be a regular file owned by root and writable by root
 *   only; it is opened once, checked through that descriptor, and the child
 *   runs that same file (fexecve), so the check and the run are about one file.
 * - The child runs as the invoking user (its supplementary groups, group and
 *   user IDs, real, effective and saved), never as root unless root ran sudo;
 *   with every signal at its default, an empty signal mask, the working folder
 *   /, the user's umask, a small clean environment, the controlling terminal on
 *   standard input, output and error, and every other descriptor closed.
 * - The gate never reads the invoking user's own configuration file: only the
 *   Plugin line's options and /etc/shapelygate.conf set it up (NO_USER_CONFIG).
 * - Only exit status 0 approves. Any other status or a signal denies (0); a
 *   gate that cannot be started is an error (-1). Either way the reason is left
 *   in the plugin's message.
 * - The gate leads a process group of its own, the terminal's foreground group
 *   until it ends (foreground.c); sudo must be in the foreground to ask at all.
 * - SIGCHLD is put to its default while the gate runs and restored after.
 */
#define _GNU_SOURCE
#include "approval.h"

#if !defined(__linux__)
/* fexecve, O_PATH, setresuid and the parent-death signal are Linux's; elsewhere the
   plugin builds but refuses every gated command. */
int sg_run_gate(struct sg_state *state, const char *shown) {
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
static _Noreturn void become_gate(const struct sg_state *state, int report, int binary, pid_t parent,
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
    sigset_t empty;
    sigemptyset(&empty);
    (void)sigprocmask(SIG_SETMASK, &empty, NULL);
    fexecve(binary, argv, envp);
    child_fails(report, STAGE_EXEC, errno);
}

/* XDG_CONFIG_HOME for the gate, which would otherwise read the user's own defaults
   (~/.config/shapelygate/config) and let the person at the board loosen it. Only root can
   create anything under /etc; the folder need not exist, a missing file is no file. A
   missing path elsewhere (/nonexistent) could appear later. HOME stays, for the lockout. */
#define NO_USER_CONFIG "/etc/shapelygate-approval-no-user-config"

/* "NAME=value" into `list`, only if value has no control bytes. */
static bool add_variable(struct sg_list *list, const char *name, const char *value) {
    if (value == NULL || !sg_printable(value, SG_MAX_OPTION)) return true;
    size_t length = strlen(name) + 1 + strnlen(value, SG_MAX_OPTION);
    char *entry = malloc(length + 1);
    if (entry == NULL) return false;
    memcpy(entry, name, strlen(name));
    entry[strlen(name)] = '=';
    memcpy(entry + strlen(name) + 1, value, length - strlen(name) - 1);
    entry[length] = '\0';
    bool added = sg_list_add(list, entry, length);
    free(entry);
    return added;
}

/* argv and envp for the gate, NULL-terminated (each list gets a trailing NULL slot). */
static bool build_vectors(const struct sg_state *state, const struct passwd *account, const char *shown,
                          struct sg_list *argv, struct sg_list *envp) {
    bool ok = sg_list_add(argv, "shapelygate", 11);
    for (size_t index = 0; index < SG_GATE_OPTIONS && ok; index++) {
        const char *value = state->gate_values[index];
        if (value == NULL) continue;
        size_t length = strlen(sg_gate_options[index]) + 2;
        char *spelled = malloc(length + 1);
        if (spelled == NULL) return false;
        memcpy(spelled, "--", 2);
        memcpy(spelled + 2, sg_gate_options[index], length - 1);
        ok = sg_list_add(argv, spelled, length) && sg_list_add(argv, value, strlen(value));
        free(spelled);
    }
    if (ok && state->strict) ok = sg_list_add(argv, "--strict", 8);
    ok = ok && sg_list_add(argv, "--for", 5) && sg_list_add(argv, shown, strlen(shown));

    ok = ok && add_variable(envp, "PATH", "/usr/bin:/bin") && add_variable(envp, "HOME", account->pw_dir) &&
         add_variable(envp, "USER", account->pw_name) && add_variable(envp, "LOGNAME", account->pw_name) &&
         add_variable(envp, "XDG_CONFIG_HOME", NO_USER_CONFIG) &&
         add_variable(envp, "SHAPELYGATE_CALLER", "sudo-plugin");
    for (size_t index = 0; index < state->environment.count && ok; index++) {
        const char *entry = state->environment.items[index];
        ok = sg_list_add(envp, entry, strlen(entry));
    }
    /* The terminating NULLs. */
    ok = ok && sg_list_add(argv, "", 0) && sg_list_add(envp, "", 0);
    if (!ok) return false;
    free(argv->items[argv->count - 1]);
    argv->items[argv->count - 1] = NULL;
    free(envp->items[envp->count - 1]);
    envp->items[envp->count - 1] = NULL;
    return true;
}

static int judge(struct sg_state *state, int status) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 1) {
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

/* Opens and checks the gate binary; -1 with a message when it cannot be used. */
static int open_gate(struct sg_state *state) {
    char reason[128];
    int binary = open(state->gate_path, O_PATH | O_CLOEXEC);
    struct stat info;
    if (binary < 0) {
        lowercase_error(reason, sizeof reason, errno);
        sg_set_message(state, "shapelygate: cannot run the gate %s: %s", state->gate_path, reason);
        return -1;
    }
    if (fstat(binary, &info) != 0 || !S_ISREG(info.st_mode) || info.st_uid != 0 ||
        (info.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        close(binary);
        sg_set_message(state, "shapelygate: the gate %s must be a file owned by root and writable by root only",
                       state->gate_path);
        return -1;
    }
    return binary;
}

int sg_run_gate(struct sg_state *state, const char *shown) {
    char reason[128];
    struct passwd *account = state->has_uid ? getpwuid(state->uid) : NULL;
    if (account == NULL || !state->has_gid) {
        sg_set_message(state, "shapelygate: cannot find the invoking user's account");
        return -1;
    }
    bool background = false;
    int terminal = sg_open_foreground(&background);
    if (terminal < 0 || background) {
        sg_set_message(state, terminal < 0 ? "shapelygate: a terminal is required to approve this command"
                                           : "shapelygate: sudo must be in the foreground to ask for approval");
        if (terminal >= 0) close(terminal);
        return 0;
    }
    int binary = open_gate(state);
    if (binary < 0) {
        close(terminal);
        return -1;
    }

    struct sg_list argv = {0}, envp = {0};
    int pipe_fds[2] = {-1, -1};
    int result = -1;
    struct sigaction default_action, saved_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    if (!build_vectors(state, account, shown, &argv, &envp)) {
        sg_set_message(state, "shapelygate: out of memory");
        goto done;
    }
    /* Both kept above 2, where the terminal is about to go. */
    int moved = fcntl(binary, F_DUPFD_CLOEXEC, 3);
    if (moved >= 0) {
        close(binary);
        binary = moved;
    }
    if (moved >= 0 && pipe2(pipe_fds, O_CLOEXEC) == 0) {
        int high = fcntl(pipe_fds[1], F_DUPFD_CLOEXEC, 3);
        close(pipe_fds[1]);
        pipe_fds[1] = high;
    }
    if (moved < 0 || pipe_fds[0] < 0 || pipe_fds[1] < 0) {
        lowercase_error(reason, sizeof reason, errno);
        sg_set_message(state, "shapelygate: cannot start the gate: %s", reason);
        goto done;
    }
    (void)sigaction(SIGCHLD, &default_action, &saved_action);
    sigset_t all, saved_mask;
    sigfillset(&all);
    (void)sigprocmask(SIG_SETMASK, &all, &saved_mask);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child == 0) become_gate(state, pipe_fds[1], binary, parent, argv.items, envp.items);
    int fork_error = errno;
    if (child > 0) (void)setpgid(child, child);
    (void)sigprocmask(SIG_SETMASK, &saved_mask, NULL);
    close(pipe_fds[1]);
    pipe_fds[1] = -1;
    if (child < 0) {
        lowercase_error(reason, sizeof reason, fork_error);
        sg_set_message(state, "shapelygate: cannot start the gate: %s", reason);
    } else {
        struct failure failure;
        ssize_t count;
        do {
            count = read(pipe_fds[0], &failure, sizeof failure);
        } while (count < 0 && errno == EINTR);
        int status = sg_wait_for(child, terminal);
        if (count == (ssize_t)sizeof failure && failure.stage >= STAGE_GROUPS && failure.stage <= STAGE_EXEC) {
            lowercase_error(reason, sizeof reason, failure.error);
            if (failure.stage == STAGE_EXEC) {
                sg_set_message(state, "shapelygate: cannot run the gate %s: %s", state->gate_path, reason);
            } else {
                sg_set_message(state, "shapelygate: the gate %s: %s", stage_text[failure.stage], reason);
            }
        } else if (status == -1) {
            sg_set_message(state, "shapelygate: lost track of the gate, the command was not run");
        } else {
            result = judge(state, status);
        }
    }
    (void)sigaction(SIGCHLD, &saved_action, NULL);
done:
    if (pipe_fds[0] >= 0) close(pipe_fds[0]);
    if (pipe_fds[1] >= 0) close(pipe_fds[1]);
    close(binary);
    close(terminal);
    sg_list_free(&argv);
    sg_list_free(&envp);
    return result;
}
#endif
