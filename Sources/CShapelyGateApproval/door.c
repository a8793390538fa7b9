/*
 * door.c — the sudo approval plugin `shapelygate_approval`: a door, not a judge.
 * sudo calls open(), then check() (or show_version()), then close(), once per run.
 *
 *     sudo ── open():  facts ──▶ shapelygate --sudo-judge (root) ──▶ decision
 *          ── check(): command ─▶       │ starts the gate as the user,   ──▶ decision
 *                                       │ judges its verdict, keeps the records
 *
 * Contract (return values as sudo_plugin(5) defines them: 1 approve, 0 deny, -1 error):
 * - The plugin decides nothing. It opens the program named by path= (default
 *   /usr/bin/shapelygate) by the trusted walk (trusted.c), starts it as root with
 *   `--sudo-judge`, an empty environment, umask 022, in /, and one end of a socket pair
 *   on its standard input and output, and hands over every fact sudo gave open():
 *   sudo's interface version, the program's path as opened, the plugin options,
 *   settings, user_info, submit_optind,
 *   submit_argv and submit_envp, and sudo's arguments as the kernel holds them. check()
 *   hands over command_info and run_argv. Each
 *   fact is one entry: a tag byte, the text, a NUL; an empty entry ends a message.
 * - The judge answers each message with entries of its own: D the decision (1, 0 or
 *   -1), M the message for sudo's error output and *errstr, W a warning line, V the
 *   version, G0 when nothing this user runs is gated (check() then approves without
 *   asking again). Only a complete answer with D1 approves; anything else —
 *   no program, a closed pipe, a judge that dies — denies or fails.
 * - A signal that asks sudo to end while check() waits (SIGTERM, SIGHUP, SIGINT,
 *   SIGQUIT) is passed on to the judge, which ends the gate and denies. If the judge
 *   dies without an answer, the terminal's settings are put back as they were.
 * - Nothing the plugin sends can raise SIGPIPE in sudo (MSG_NOSIGNAL).
 * - close() closes the socket (a judge still waiting then ends) and reaps it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "door.h"
#include "sudo_approval_abi.h"

#define SG_DEFAULT_JUDGE "/usr/bin/shapelygate"
#define SG_REPLY_LIMIT 65536

static struct {
    sudo_printf_t print;
    pid_t judge;
    int link;
    bool nothing_gated;
    char version[32];
    struct sg_door_message said;
} door = {.judge = -1, .link = -1};

/* The message on sudo's error output and in *errstr; returns `result`. */
static int report(int result, const char **errstr) {
    if (door.said.text[0] == '\0') sg_say(&door.said, "shapelygate: the command was not run");
    if (door.print != NULL) door.print(SUDO_CONV_ERROR_MSG, "%s\n", door.said.text);
    if (errstr != NULL) *errstr = door.said.text;
    return result;
}

struct buffer {
    char *bytes;
    size_t length, size;
    bool failed;
};

/* One entry: the tag, the text and its NUL; tag 0 with "" is the empty entry that ends a message. */
static void append(struct buffer *out, char tag, const char *text) {
    size_t length = tag == '\0' ? 1 : strlen(text) + 2;
    if (!out->failed && out->length + length > out->size) {
        size_t size = (out->length + length) * 2;
        char *grown = realloc(out->bytes, size);
        if (grown == NULL) out->failed = true;
        else out->bytes = grown, out->size = size;
    }
    if (out->failed) return;
    if (tag != '\0') out->bytes[out->length++] = tag;
    memcpy(out->bytes + out->length, text, length - (tag != '\0'));
    out->length += length - (tag != '\0');
}

static void append_all(struct buffer *out, char tag, char *const vector[]) {
    for (size_t index = 0; vector != NULL && vector[index] != NULL; index++) append(out, tag, vector[index]);
}

/* sudo's arguments as the kernel holds them (/proc/self/cmdline), each an entry: sudo
   cuts --preserve-env=A,B into A and B in place, which submit_argv no longer shows. */
static void append_own_arguments(struct buffer *out, char tag) {
    static char words[1 << 20];
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    size_t length = 0;
    ssize_t count = 1;
    while (fd >= 0 && count > 0 && length < sizeof words) {
        count = read(fd, words + length, sizeof words - length);
        if (count > 0) length += (size_t)count;
    }
    if (fd >= 0) close(fd);
    if (count != 0 || length == 0 || words[length - 1] != '\0') return;
    for (size_t start = 0; start < length; start += strlen(words + start) + 1) append(out, tag, words + start);
}

/* Ends the message, sends it and frees it. */
static bool send_message(struct buffer *out) {
    append(out, '\0', "");
    size_t done = 0;
    while (!out->failed && done < out->length) {
        ssize_t count = send(door.link, out->bytes + done, out->length - done, MSG_NOSIGNAL);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) out->failed = true;
        else done += (size_t)count;
    }
    free(out->bytes);
    return !out->failed;
}

static volatile sig_atomic_t ending;
static void note_ending(int number) { ending = number; }

/* Reads one answer; its decision, or -2 when it never came whole. */
static int read_answer(void) {
    static char text[SG_REPLY_LIMIT];
    size_t length = 0, start = 0;
    int decision = -2;
    door.said.text[0] = '\0';
    while (length < sizeof text) {
        /* An ending that came before or during the read is passed on, each time. */
        if (ending) {
            (void)kill(door.judge, SIGTERM);
            ending = 0;
        }
        ssize_t count = read(door.link, text + length, sizeof text - length);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return -2;
        length += (size_t)count;
        for (char *end; (end = memchr(text + start, '\0', length - start)) != NULL; start = (size_t)(end - text) + 1) {
            const char *entry = text + start, *value = entry + 1;
            if (*entry == '\0') return decision;
            if (*entry == 'D') decision = strcmp(value, "1") == 0 ? 1 : strcmp(value, "0") == 0 ? 0 : -1;
            if (*entry == 'M') snprintf(door.said.text, sizeof door.said.text, "%s", value);
            if (*entry == 'V') snprintf(door.version, sizeof door.version, "%s", value);
            if (*entry == 'G') door.nothing_gated = strcmp(value, "0") == 0;
            if (*entry == 'W' && door.print != NULL) door.print(SUDO_CONV_ERROR_MSG, "%s\n", value);
        }
    }
    return -2;
}

static void stop_judge(void) {
    if (door.link >= 0) close(door.link);
    door.link = -1;
    while (door.judge > 0 && waitpid(door.judge, NULL, 0) < 0 && errno == EINTR) continue;
    door.judge = -1;
}

/* The child's part: root through and through, the socket on 0 and 1, every signal at
   its default and none blocked once it runs the judge. */
static _Noreturn void become_judge(int binary, int link) {
    static const gid_t root_group = 0;
    for (int number = 1; number < NSIG; number++) (void)signal(number, SIG_DFL);
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null < 0 || dup2(link, 0) < 0 || dup2(link, 1) < 0 || dup2(null, 2) < 0 ||
        setgroups(1, &root_group) != 0 || setresgid(0, 0, 0) != 0 || setresuid(0, 0, 0) != 0) {
        _exit(127);
    }
    /* A judge whose sudo dies is hung up on, and ends the gate. */
    (void)prctl(PR_SET_PDEATHSIG, SIGHUP);
    char *argv[] = {"shapelygate", "--sudo-judge", NULL}, *envp[] = {NULL};
    (void)umask(022);
    if (chdir("/") != 0) _exit(127);
    sigset_t empty;
    sigemptyset(&empty);
    (void)sigprocmask(SIG_SETMASK, &empty, NULL);
    fexecve(binary, argv, envp);
    _exit(127);
}

static bool start_judge(int binary) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) return false;
    sigset_t all, saved;
    sigfillset(&all);
    (void)sigprocmask(SIG_SETMASK, &all, &saved);
    door.judge = fork();
    if (door.judge == 0) become_judge(binary, ends[1]);
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    close(ends[1]);
    door.link = ends[0];
    return door.judge > 0;
}

static void door_close(void) {
    stop_judge();
    door.nothing_gated = false;
    door.version[0] = door.said.text[0] = '\0';
}

static int door_open(unsigned int version, sudo_conv_t conversation, sudo_printf_t print, char *const settings[],
                     char *const user_info[], int submit_optind, char *const submit_argv[],
                     char *const submit_envp[], char *const plugin_options[], const char **errstr) {
    (void)conversation;
    door_close();
    door.print = print;
    char number[32];
    snprintf(number, sizeof number, "%u.%u", SUDO_API_VERSION_GET_MAJOR(version), SUDO_API_VERSION_GET_MINOR(version));
    if (SUDO_API_VERSION_GET_MAJOR(version) != SUDO_API_VERSION_MAJOR) {
        sg_say(&door.said, "shapelygate: sudo's plugin interface %s is not supported", number);
        return report(-1, errstr);
    }
    door.said.path = SG_DEFAULT_JUDGE;
    for (size_t index = 0; plugin_options != NULL && plugin_options[index] != NULL; index++) {
        if (strncmp(plugin_options[index], "path=", 5) == 0) door.said.path = plugin_options[index] + 5;
    }
    int binary = sg_open_trusted(&door.said);
    if (binary < 0) return report(-1, errstr);
    bool started = start_judge(binary);
    close(binary);
    struct buffer out = {0};
    append(&out, 'V', number);
    append(&out, 'P', door.said.path);
    append_all(&out, 'O', plugin_options);
    append_all(&out, 'S', settings);
    append_all(&out, 'U', user_info);
    snprintf(number, sizeof number, "%d", submit_optind);
    append(&out, 'I', number);
    append_all(&out, 'A', submit_argv);
    append_own_arguments(&out, 'K');
    append_all(&out, 'E', submit_envp);
    int decision = started && send_message(&out) ? read_answer() : -2;
    if (decision == -2) {
        sg_say(&door.said, "shapelygate: %.200s --sudo-judge gave no answer; path= must name the shapelygate program",
               door.said.path);
    }
    if (decision != 1 || door.nothing_gated) stop_judge();
    return decision == 1 ? 1 : report(-1, errstr);
}

static int door_check(char *const command_info[], char *const run_argv[], char *const run_envp[],
                      const char **errstr) {
    (void)run_envp;
    if (door.nothing_gated) return 1;
    int terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    struct termios saved;
    bool restorable = terminal >= 0 && tcgetattr(terminal, &saved) == 0;
    static const int endings[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
    struct sigaction note = {.sa_handler = note_ending}, kept[4];
    sigemptyset(&note.sa_mask);
    ending = 0;
    for (size_t index = 0; index < 4; index++) (void)sigaction(endings[index], &note, &kept[index]);
    struct buffer out = {0};
    append_all(&out, 'C', command_info);
    append_all(&out, 'R', run_argv);
    int decision = door.judge > 0 && send_message(&out) ? read_answer() : -2;
    for (size_t index = 0; index < 4; index++) (void)sigaction(endings[index], &kept[index], NULL);
    stop_judge();
    if (decision == -2) {
        if (restorable && tcgetpgrp(terminal) == getpgrp()) (void)tcsetattr(terminal, TCSANOW, &saved);
        sg_say(&door.said, "shapelygate: the judge ended without a decision, the command was not run");
        decision = 0;
    }
    if (terminal >= 0) close(terminal);
    return decision == 1 ? 1 : report(decision, errstr);
}

static int door_show_version(int verbose) {
    (void)verbose;
    if (door.print != NULL) {
        door.print(SUDO_CONV_INFO_MSG, "shapelygate approval plugin version %s\n",
                   door.version[0] != '\0' ? door.version : "unknown");
    }
    return 1;
}

__attribute__((visibility("default"))) struct approval_plugin shapelygate_approval = {
    .type = SUDO_APPROVAL_PLUGIN,
    .version = SUDO_API_VERSION,
    .open = door_open,
    .close = door_close,
    .check = door_check,
    .show_version = door_show_version,
};
