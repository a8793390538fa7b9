/*
 * judge_link.c — how a door starts its judge and speaks to it, written once for both
 * doors: the sudo plugin (door.c) and the PAM module (CShapelyGatePam/pam_door.c,
 * which compiles this file in). The protocol is shapelygate_protocol.h.
 *
 * Contract:
 * - sg_judge_start opens the program at said->path by the trusted walk (trusted.c) and
 *   starts it as root through and through (uid, gid, groups), with one flag as its
 *   only argument, an empty environment, umask 022, in /, every signal at its default
 *   and none blocked, the socket on descriptors 0 and 1, /dev/null on 2 and no other
 *   descriptor open, and a hang-up when the door's process dies. Only
 *   async-signal-safe calls run between fork and exec; the caller's signals are
 *   blocked only across fork.
 * - Messages are built in a buffer that grows up to SG_MESSAGE_LIMIT; past it the
 *   buffer is failed and nothing is sent. Every buffer is wiped before it is freed
 *   (a PAM answer may be a secret).
 * - sg_judge_read hands each entry of one message to the caller as it arrives, so a
 *   warning is printed before the decision; it returns true only when the message
 *   ended within SG_MESSAGE_LIMIT. Bytes read past a message's end are kept for the
 *   next call (a judge may decide while the door's conversation still waits). Nothing
 *   sent can raise SIGPIPE (MSG_NOSIGNAL).
 * - sg_terminal_save/restore: the settings of the controlling terminal, taken before
 *   the judge may change them while the door's process group is in the foreground, are
 *   put back with the text the judge asked for (leaving the board's screen) only then:
 *   the terminal is taken back from the board's group, which the judge's death hung up
 *   on, after at most a second for it to end. A door in the background touches nothing.
 */
#define _GNU_SOURCE
#include "door.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Room for `needed` bytes in *bytes (of *size, `kept` of them in use): a new buffer, at
   least twice as large and 64 KiB, at most SG_MESSAGE_LIMIT, the old one copied, wiped
   and freed. False when it cannot be had. */
static bool grow(char **bytes, size_t *size, size_t kept, size_t needed) {
    if (needed <= *size) return true;
    if (needed > SG_MESSAGE_LIMIT) return false;
    size_t larger = *size < 32768 ? 65536 : *size * 2;
    while (larger < needed) larger *= 2;
    if (larger > SG_MESSAGE_LIMIT) larger = SG_MESSAGE_LIMIT;
    char *grown = malloc(larger);
    if (grown == NULL) return false;
    if (*bytes != NULL) {
        memcpy(grown, *bytes, kept);
        explicit_bzero(*bytes, *size);
        free(*bytes);
    }
    *bytes = grown;
    *size = larger;
    return true;
}

void sg_append(struct sg_buffer *out, char kind, const char *text) {
    size_t length = text == NULL ? 0 : strlen(text);
    size_t needed = out->length + (kind != '\0') + length + 1;
    if (out->failed || !grow(&out->bytes, &out->size, out->length, needed)) {
        out->failed = true;
        return;
    }
    if (kind != '\0') out->bytes[out->length++] = kind;
    memcpy(out->bytes + out->length, text == NULL ? "" : text, length + 1);
    out->length += length + 1;
}

void sg_append_all(struct sg_buffer *out, char kind, char *const vector[]) {
    for (size_t index = 0; vector != NULL && vector[index] != NULL; index++) sg_append(out, kind, vector[index]);
}

bool sg_judge_send(const struct sg_judge *judge, struct sg_buffer *out) {
    sg_append(out, '\0', "");
    for (size_t done = 0; !out->failed && done < out->length;) {
        ssize_t count = send(judge->link, out->bytes + done, out->length - done, MSG_NOSIGNAL);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) out->failed = true;
        else done += (size_t)count;
    }
    bool sent = !out->failed && judge->link >= 0;
    if (out->bytes != NULL) explicit_bzero(out->bytes, out->size), free(out->bytes);
    *out = (struct sg_buffer){0};
    return sent;
}

bool sg_judge_read(struct sg_judge *judge, sg_entry_reader reader, void *context) {
    size_t start = 0;
    bool ended = false;
    if (!grow(&judge->text, &judge->size, judge->held, 1)) return false;
    while (!ended) {
        for (char *end; !ended && (end = memchr(judge->text + start, '\0', judge->held - start)) != NULL;
             start = (size_t)(end - judge->text) + 1) {
            if (end == judge->text + start) ended = true;
            else reader(judge->text[start], judge->text + start + 1, context);
        }
        size_t wanted = judge->held + 65536 > SG_MESSAGE_LIMIT ? SG_MESSAGE_LIMIT : judge->held + 65536;
        if (ended || judge->held >= SG_MESSAGE_LIMIT || !grow(&judge->text, &judge->size, judge->held, wanted)) break;
        ssize_t count = read(judge->link, judge->text + judge->held, judge->size - judge->held);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        judge->held += (size_t)count;
    }
    /* What came after the message's end is the start of the next one. */
    size_t rest = ended ? judge->held - start : 0;
    if (ended) memmove(judge->text, judge->text + start, rest);
    explicit_bzero(judge->text + rest, judge->held - rest);
    judge->held = rest;
    return ended;
}

/* The child's part: root through and through, the socket on 0 and 1, nothing else open. */
static _Noreturn void become_judge(int binary, int link, const char *flag) {
    static const gid_t root_group = 0;
    for (int number = 1; number < NSIG; number++) (void)signal(number, SIG_DFL);
    /* Both moved out of the way first: the caller may have left 0, 1 or 2 closed. */
    int program = fcntl(binary, F_DUPFD_CLOEXEC, 10), socket = fcntl(link, F_DUPFD_CLOEXEC, 10);
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (program < 0 || socket < 0 || null < 0 || dup2(socket, 0) < 0 || dup2(socket, 1) < 0 || dup2(null, 2) < 0) {
        _exit(127);
    }
    for (int fd = 3; fd < 10; fd++) (void)close(fd);
#ifdef SYS_close_range
    if (program > 10) (void)syscall(SYS_close_range, 10, program - 1, 0);
    (void)syscall(SYS_close_range, program + 1, ~0U, 0);
#else
    for (int fd = 10; fd < 65536; fd++) if (fd != program) (void)close(fd);
#endif
    if (setgroups(1, &root_group) != 0 || setresgid(0, 0, 0) != 0 || setresuid(0, 0, 0) != 0) _exit(127);
    /* A judge whose door's process dies is hung up on, and ends. */
    (void)prctl(PR_SET_PDEATHSIG, SIGHUP);
    char *argv[] = {"shapelygate", (char *)flag, NULL}, *envp[] = {NULL};
    (void)umask(022);
    if (chdir("/") != 0) _exit(127);
    sigset_t empty;
    sigemptyset(&empty);
    (void)sigprocmask(SIG_SETMASK, &empty, NULL);
    fexecve(program, argv, envp);
    _exit(127);
}

bool sg_judge_start(struct sg_door_message *said, const char *flag, struct sg_judge *judge) {
    *judge = (struct sg_judge){.pid = -1, .link = -1};
    int binary = sg_open_trusted(said);
    if (binary < 0) return false;
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
        close(binary);
        sg_say(said, "shapelygate: cannot start %.200s", said->path);
        return false;
    }
    sigset_t all, saved;
    sigfillset(&all);
    (void)sigprocmask(SIG_SETMASK, &all, &saved);
    judge->pid = fork();
    if (judge->pid == 0) become_judge(binary, ends[1], flag);
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    close(ends[1]);
    close(binary);
    judge->link = ends[0];
    if (judge->pid < 0) sg_say(said, "shapelygate: cannot start %.200s", said->path);
    return judge->pid > 0;
}

void sg_judge_stop(struct sg_judge *judge) {
    if (judge->link >= 0) close(judge->link);
    judge->link = -1;
    while (judge->pid > 0 && waitpid(judge->pid, NULL, 0) < 0 && errno == EINTR) continue;
    judge->pid = -1;
    if (judge->text != NULL) explicit_bzero(judge->text, judge->size), free(judge->text);
    judge->text = NULL;
    judge->held = judge->size = 0;
}

void sg_terminal_save(struct sg_terminal *terminal) {
    terminal->leave[0] = '\0';
    terminal->fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    terminal->saved = terminal->fd >= 0 && tcgetpgrp(terminal->fd) == getpgrp() &&
                      tcgetattr(terminal->fd, &terminal->settings) == 0;
}

/* The terminal back from a board whose judge died: the board's process group (the
   gate's, hung up on by the judge's death) given a moment to end, the terminal taken
   back for the door's group, its settings put back and the judge's text written. */
void sg_terminal_restore(struct sg_terminal *terminal) {
    if (!terminal->saved) return;
    pid_t board = tcgetpgrp(terminal->fd);
    for (int wait = 0; board > 0 && board != getpgrp() && wait < 100 && kill(-board, 0) == 0; wait++) {
        struct timespec pause = {.tv_sec = 0, .tv_nsec = 10 * 1000 * 1000};
        (void)nanosleep(&pause, NULL);
    }
    sigset_t quiet, saved;
    sigemptyset(&quiet);
    sigaddset(&quiet, SIGTTOU);
    (void)sigprocmask(SIG_BLOCK, &quiet, &saved);
    if (board != getpgrp()) (void)tcsetpgrp(terminal->fd, getpgrp());
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    if (tcgetpgrp(terminal->fd) != getpgrp()) return;
    (void)tcsetattr(terminal->fd, TCSANOW, &terminal->settings);
    size_t length = strlen(terminal->leave);
    for (size_t done = 0; done < length;) {
        ssize_t count = write(terminal->fd, terminal->leave + done, length - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        done += (size_t)count;
    }
}

void sg_terminal_close(struct sg_terminal *terminal) {
    if (terminal->fd >= 0) close(terminal->fd);
    terminal->fd = -1;
    terminal->saved = false;
}
