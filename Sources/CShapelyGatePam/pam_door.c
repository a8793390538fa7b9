/*
 * pam_door.c — the PAM module pam_shapelygate.so: a door, not a judge, as the sudo
 * plugin is (CShapelyGateApproval/door.c).
 *
 *     su, login, sshd, polkit ── pam_sm_authenticate ──▶ shapelygate --pam-judge (root)
 *          ◀── "say this", "ask this" ──┘  (the application's own conversation)
 *          ── the answer ──▶            ──▶ the decision
 *
 * Contract:
 * - The module decides nothing. It opens the program named by path= (default
 *   /usr/bin/shapelygate) by the sudo plugin's trusted walk (trusted.c, compiled in),
 *   starts it as root with `--pam-judge`, an empty environment, umask 022, in /, every
 *   other descriptor closed and one end of a socket pair on its standard input and
 *   output, and hands it the facts: the module's options, the service, PAM_USER
 *   (pam_get_user), PAM_RUSER, PAM_TTY, PAM_RHOST and the calling program's real uid.
 * - Messages are runs of entries (a tag byte, the text, a NUL; an empty entry ends
 *   one), as between the sudo plugin and its judge. The judge sends I (an information
 *   message), X (an error message) and Q (a prompt, shown with echo on: digits), each
 *   passed on by itself as one message of the application's conversation, in order;
 *   the module answers A with what was typed, K when all was said, or C when the
 *   conversation failed. A message with D ends: D1 is a pass (PAM_SUCCESS), DI says this
 *   person is not gated (PAM_IGNORE); M is said as an error message first.
 * - Anything else — no program, a text of PAM_MAX_MSG_SIZE bytes or more, a closed
 *   link, a judge that dies, any other D — is PAM_AUTH_ERR. Failures before the judge
 *   answers are also written to syslog (authpriv), the judge's own problems by the judge.
 * - The module keeps nothing between calls, starts no thread, changes no signal
 *   disposition of the caller's (signals are blocked only across fork), cannot raise
 *   SIGPIPE in it (MSG_NOSIGNAL), wipes each answer, and reaps the judge it started.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#include "../CShapelyGateApproval/door.h"
#include "pam_module_abi.h"

#define SG_DEFAULT_JUDGE "/usr/bin/shapelygate"
#define SG_MESSAGE_LIMIT 65536
#define SG_TURN_LIMIT 1000

struct judge {
    pid_t pid;
    int link;
};

struct buffer {
    char bytes[SG_MESSAGE_LIMIT];
    size_t length;
    bool failed;
};

static void append(struct buffer *out, char tag, const char *text) {
    size_t length = text == NULL ? 0 : strlen(text);
    if (out->failed || out->length + length + 2 > sizeof out->bytes) {
        out->failed = true;
        return;
    }
    if (tag != '\0') out->bytes[out->length++] = tag;
    memcpy(out->bytes + out->length, text == NULL ? "" : text, length + 1);
    out->length += length + 1;
}

/* Sends what the buffer holds (a message ends with an empty entry); false when it
   overflowed or the link failed. */
static bool send_all(const struct judge *judge, struct buffer *out) {
    for (size_t done = 0; !out->failed && done < out->length;) {
        ssize_t count = send(judge->link, out->bytes + done, out->length - done, MSG_NOSIGNAL);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) out->failed = true;
        else done += (size_t)count;
    }
    return !out->failed;
}

/* Reads one message whole; its length, or 0 when the link closed or it is too long. */
static size_t read_message(const struct judge *judge, char *text, size_t size) {
    size_t length = 0;
    while (length < size) {
        ssize_t count = read(judge->link, text + length, size - length);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return 0;
        length += (size_t)count;
        /* Ended by an empty entry: a NUL at the start or right after another NUL. */
        for (size_t at = 0; at < length;) {
            const char *end = memchr(text + at, '\0', length - at);
            if (end == NULL) break;
            if (end == text + at) return at + 1 == length ? length : 0;
            at = (size_t)(end - text) + 1;
        }
    }
    return 0;
}

/* A line for syslog (authpriv), with every control byte of it shown as '?'. */
static void log_problem(pam_handle_t *pamh, const char *text) {
    const void *service = NULL;
    if (pam_get_item(pamh, PAM_SERVICE, &service) != PAM_SUCCESS || service == NULL) service = "?";
    char line[600];
    snprintf(line, sizeof line, "pam_shapelygate(%.64s:auth): %s", (const char *)service, text);
    for (char *at = line; *at != '\0'; at++) {
        if ((unsigned char)*at < 0x20 || *at == 0x7f) *at = '?';
    }
    syslog(LOG_AUTHPRIV | LOG_ERR, "%s", line);
}

/* One message through the application's conversation; a prompt's answer in *answer. */
static int converse(pam_handle_t *pamh, int style, const char *text, char **answer) {
    const void *item = NULL;
    if (strlen(text) >= PAM_MAX_MSG_SIZE) return PAM_CONV_ERR;
    if (pam_get_item(pamh, PAM_CONV, &item) != PAM_SUCCESS || item == NULL) return PAM_CONV_ERR;
    const struct pam_conv *conversation = item;
    if (conversation->conv == NULL) return PAM_CONV_ERR;
    struct pam_message message = {.msg_style = style, .msg = text};
    const struct pam_message *messages[1] = {&message};
    struct pam_response *responses = NULL;
    int result = conversation->conv(1, messages, &responses, conversation->appdata_ptr);
    if (responses != NULL) {
        char *said = responses[0].resp;
        if (answer != NULL && result == PAM_SUCCESS) *answer = said;
        else if (said != NULL) explicit_bzero(said, strlen(said)), free(said);
        free(responses);
    }
    if (answer != NULL && *answer == NULL) return PAM_CONV_ERR;
    return result;
}

/* A reply not sent because the link failed may still find the judge's decision to read;
   one that could not be made (too long for a message, no memory) leaves it waiting. */
enum replied { REPLY_SENT, REPLY_NOT_SENT, REPLY_NOT_MADE };

/* Sends the conversation's reply to one message of the judge's; an answer too long for
   a message is known before anything is sent. */
static enum replied reply(const struct judge *judge, char tag, char *answer) {
    struct buffer *out = calloc(1, sizeof *out);
    enum replied result = REPLY_NOT_MADE;
    if (out != NULL) {
        append(out, tag, answer);
        append(out, '\0', "");
        result = out->failed ? REPLY_NOT_MADE : send_all(judge, out) ? REPLY_SENT : REPLY_NOT_SENT;
        explicit_bzero(out, sizeof *out);
        free(out);
    }
    if (answer != NULL) explicit_bzero(answer, strlen(answer)), free(answer);
    return result;
}

/* Passes on the entries of one message; the PAM result once it holds a decision, else -1. */
static int relay(pam_handle_t *pamh, const struct judge *judge, char *text, size_t length) {
    bool failed = false, asked = false;
    char *answer = NULL;
    int decision = PAM_AUTH_ERR;
    for (size_t at = 0; at + 1 < length; at += strlen(text + at) + 1) {
        const char tag = text[at], *value = text + at + 1;
        int style = tag == 'I' ? PAM_TEXT_INFO : PAM_ERROR_MSG;
        if ((tag == 'I' || tag == 'X' || tag == 'M') && !failed) failed = converse(pamh, style, value, NULL) != PAM_SUCCESS;
        if (tag == 'Q' && !failed && !asked) failed = converse(pamh, PAM_PROMPT_ECHO_ON, value, &answer) != PAM_SUCCESS;
        if (tag == 'Q') asked = true;
        if (tag == 'D') {
            decision = strcmp(value, "1") == 0 ? PAM_SUCCESS : strcmp(value, "I") == 0 ? PAM_IGNORE : PAM_AUTH_ERR;
            if (answer != NULL) explicit_bzero(answer, strlen(answer)), free(answer);
            return decision;
        }
    }
    /* A judge that decided while the conversation waited (a deadline, an approver) has
       gone: its decision is still there to read, and a closed link without one denies.
       An answer that cannot be passed on (too long for a message, no memory) is no
       answer: the door denies at once rather than leave the judge waiting for one. */
    char said = failed ? 'C' : asked ? 'A' : 'K';
    return reply(judge, said, answer) == REPLY_NOT_MADE ? PAM_AUTH_ERR : -1;
}

/* The child's part: root through and through, the socket on 0 and 1, nothing else open. */
static _Noreturn void become_judge(int binary, int link) {
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
    (void)syscall(SYS_close_range, 10, program - 1, 0);
    (void)syscall(SYS_close_range, program + 1, ~0U, 0);
#else
    for (int fd = 10; fd < 4096; fd++) if (fd != program) (void)close(fd);
#endif
    if (setgroups(1, &root_group) != 0 || setresgid(0, 0, 0) != 0 || setresuid(0, 0, 0) != 0) _exit(127);
    /* A judge whose caller dies is hung up on, and ends. */
    (void)prctl(PR_SET_PDEATHSIG, SIGHUP);
    char *argv[] = {"shapelygate", "--pam-judge", NULL}, *envp[] = {NULL};
    (void)umask(022);
    if (chdir("/") != 0) _exit(127);
    sigset_t empty;
    sigemptyset(&empty);
    (void)sigprocmask(SIG_SETMASK, &empty, NULL);
    fexecve(program, argv, envp);
    _exit(127);
}

static bool start_judge(int binary, struct judge *judge) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) return false;
    sigset_t all, saved;
    sigfillset(&all);
    (void)sigprocmask(SIG_SETMASK, &all, &saved);
    judge->pid = fork();
    if (judge->pid == 0) become_judge(binary, ends[1]);
    (void)sigprocmask(SIG_SETMASK, &saved, NULL);
    close(ends[1]);
    judge->link = ends[0];
    return judge->pid > 0;
}

static void stop_judge(struct judge *judge) {
    if (judge->link >= 0) close(judge->link);
    while (judge->pid > 0 && waitpid(judge->pid, NULL, 0) < 0 && errno == EINTR) continue;
}

static void append_item(pam_handle_t *pamh, struct buffer *out, char tag, int item_type) {
    const void *item = NULL;
    if (pam_get_item(pamh, item_type, &item) == PAM_SUCCESS && item != NULL) append(out, tag, item);
}

/* The opening message: every fact the judge is to know. */
static bool send_facts(pam_handle_t *pamh, const struct judge *judge, const char *path, int argc, const char **argv) {
    struct buffer *out = calloc(1, sizeof *out);
    if (out == NULL) return false;
    const char *user = NULL;
    char number[32];
    append(out, 'V', "1");
    append(out, 'P', path);
    for (int index = 0; index < argc; index++) append(out, 'O', argv[index]);
    append_item(pamh, out, 'N', PAM_SERVICE);
    if (pam_get_user(pamh, &user, NULL) == PAM_SUCCESS && user != NULL) append(out, 'U', user);
    append_item(pamh, out, 'R', PAM_RUSER);
    append_item(pamh, out, 'T', PAM_TTY);
    append_item(pamh, out, 'H', PAM_RHOST);
    snprintf(number, sizeof number, "%u", (unsigned)getuid());
    append(out, 'C', number);
    append(out, '\0', "");  /* the empty entry that ends a message */
    bool sent = send_all(judge, out);
    free(out);
    return sent;
}

/* The judge's messages, relayed, until its decision. */
static int hear_judge(pam_handle_t *pamh, const struct judge *judge) {
    char *text = malloc(SG_MESSAGE_LIMIT);
    int result = -1;
    for (int turn = 0; text != NULL && result == -1 && turn < SG_TURN_LIMIT; turn++) {
        size_t length = read_message(judge, text, SG_MESSAGE_LIMIT);
        result = length == 0 ? PAM_AUTH_ERR : relay(pamh, judge, text, length);
    }
    free(text);
    return result == PAM_SUCCESS || result == PAM_IGNORE ? result : PAM_AUTH_ERR;
}

__attribute__((visibility("default"))) int pam_sm_authenticate(pam_handle_t *pamh, int flags, int argc,
                                                               const char **argv) {
    (void)flags;
    struct sg_door_message said = {.path = SG_DEFAULT_JUDGE};
    for (int index = 0; argv != NULL && index < argc; index++) {
        if (argv[index] != NULL && strncmp(argv[index], "path=", 5) == 0) said.path = argv[index] + 5;
    }
    int binary = sg_open_trusted(&said);
    if (binary < 0) {
        log_problem(pamh, said.text);
        return PAM_AUTH_ERR;
    }
    struct judge judge = {.pid = -1, .link = -1};
    bool started = start_judge(binary, &judge);
    close(binary);
    int result = PAM_AUTH_ERR;
    if (started && send_facts(pamh, &judge, said.path, argv == NULL ? 0 : argc, argv)) result = hear_judge(pamh, &judge);
    else log_problem(pamh, "cannot start the judge");
    stop_judge(&judge);
    return result;
}

/* Nothing to set: the gate grants no credentials. */
__attribute__((visibility("default"))) int pam_sm_setcred(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)pamh, (void)flags, (void)argc, (void)argv;
    return PAM_IGNORE;
}
