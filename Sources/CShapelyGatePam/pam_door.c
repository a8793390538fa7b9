/*
 * pam_door.c — the PAM module pam_shapelygate.so: a door, not a judge, as the sudo
 * plugin is (CShapelyGateApproval/door.c).
 *
 *     su, login, sshd, polkit ── pam_sm_authenticate ──▶ shapelygate --pam-judge (root)
 *          ◀── "say this", "ask this" ──┘  (the application's own conversation)
 *          ── the answer ──▶            ──▶ the decision
 *
 * Contract:
 * - The module decides nothing. It starts the program named by path= (default
 *   /usr/bin/shapelygate) as `--pam-judge` by the sudo plugin's own code (judge_link.c
 *   and trusted.c, compiled in: the trusted walk, root, an empty environment, the
 *   socket on 0 and 1, nothing else open) and hands it the facts, in the protocol of
 *   shapelygate_protocol.h: the module's options, the service, PAM_USER (pam_get_user),
 *   PAM_RUSER, PAM_TTY, PAM_RHOST, the calling program's real uid, and, when the
 *   program's standard input is a socket, the uid of its peer as the kernel records it
 *   (SO_PEERCRED): a root helper started for someone else (polkit's socket-activated
 *   agent helper) is asked by that peer.
 * - The judge sends information and error messages and prompts (shown with echo on:
 *   digits), each passed on by itself as one message of the application's conversation,
 *   in order; the module replies with what was typed, with "all was said", or with "the
 *   conversation failed". A message with a decision ends: SG_DECISION_PASS is
 *   PAM_SUCCESS, SG_DECISION_NOT_GATED is PAM_IGNORE; a message that comes with it is
 *   said as an error message first.
 * - Anything else — no program, a text of PAM_MAX_MSG_SIZE bytes or more, a message
 *   past SG_MESSAGE_LIMIT, a closed link, a judge that dies, any other decision — is
 *   PAM_AUTH_ERR. Failures before the judge answers are also written to syslog
 *   (authpriv), the judge's own problems by the judge; a judge that cannot be started
 *   is also one error message to the person, saying why.
 * - The module keeps nothing between calls, starts no thread, changes no signal
 *   disposition of the caller's (signals are blocked only across fork), cannot raise
 *   SIGPIPE in it (MSG_NOSIGNAL), wipes each answer, and reaps the judge it started.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#include "../CShapelyGateApproval/door.h"
#include "pam_module_abi.h"

#define SG_TURN_LIMIT 1000

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

/* One message of the judge's as it is relayed: the prompt's answer, the decision. */
struct relay {
    pam_handle_t *pamh;
    bool failed, asked, spoke;
    char *answer;
    int decision; /* -1 until the message holds one */
};

static void relay_entry(char kind, const char *value, void *context) {
    struct relay *relay = context;
    if (relay->decision != -1) return;
    if (kind == SG_FACT_PROTOCOL) relay->spoke = strcmp(value, SG_STRING(SG_PROTOCOL_VERSION)) == 0;
    /* Nothing of a judge that has not said its protocol is passed on. */
    if (!relay->spoke) return;
    int style = kind == SG_JUDGE_INFO ? PAM_TEXT_INFO : PAM_ERROR_MSG;
    if ((kind == SG_JUDGE_INFO || kind == SG_JUDGE_ERROR || kind == SG_JUDGE_MESSAGE) && !relay->failed) {
        relay->failed = converse(relay->pamh, style, value, NULL) != PAM_SUCCESS;
    }
    if (kind == SG_JUDGE_PROMPT && !relay->failed && !relay->asked) {
        relay->failed = converse(relay->pamh, PAM_PROMPT_ECHO_ON, value, &relay->answer) != PAM_SUCCESS;
    }
    if (kind == SG_JUDGE_PROMPT) relay->asked = true;
    if (kind == SG_JUDGE_DECISION) {
        relay->decision = strcmp(value, SG_DECISION_PASS) == 0        ? PAM_SUCCESS
                          : strcmp(value, SG_DECISION_NOT_GATED) == 0 ? PAM_IGNORE
                                                                      : PAM_AUTH_ERR;
    }
}

static void wipe(char **answer) {
    if (*answer != NULL) explicit_bzero(*answer, strlen(*answer)), free(*answer);
    *answer = NULL;
}

/* Relays the judge's messages, replying to each, until its decision. A judge that
   decided while the conversation waited (a deadline, an approver) has gone: its
   decision is still there to read, and a closed link without one denies. An answer
   that cannot be sent (too long for a message, no memory) is no answer: the door
   denies at once rather than leave the judge waiting for one. */
static int hear_judge(pam_handle_t *pamh, struct sg_judge *judge) {
    for (int turn = 0; turn < SG_TURN_LIMIT; turn++) {
        struct relay relay = {.pamh = pamh, .decision = -1};
        bool whole = sg_judge_read(judge, relay_entry, &relay);
        if (!whole || !relay.spoke || relay.decision != -1) {
            wipe(&relay.answer);
            return whole && relay.spoke ? relay.decision : PAM_AUTH_ERR;
        }
        struct sg_buffer out = {0};
        char kind = relay.failed ? SG_PAM_FAILED : relay.asked ? SG_PAM_ANSWER : SG_PAM_SAID;
        sg_append(&out, kind, relay.failed || !relay.asked ? "" : relay.answer);
        wipe(&relay.answer);
        /* Known before anything is sent: a reply past the limit is not sent, and denies. */
        bool made = !out.failed && out.length < SG_MESSAGE_LIMIT;
        (void)sg_judge_send(judge, &out);
        if (!made) return PAM_AUTH_ERR;
    }
    return PAM_AUTH_ERR;
}

static void append_item(pam_handle_t *pamh, struct sg_buffer *out, char kind, int item_type) {
    const void *item = NULL;
    if (pam_get_item(pamh, item_type, &item) == PAM_SUCCESS && item != NULL) sg_append(out, kind, item);
}

/* The opening message: every fact the judge is to know. */
static bool send_facts(pam_handle_t *pamh, const struct sg_judge *judge, const char *path, int argc, const char **argv) {
    struct sg_buffer out = {0};
    const char *user = NULL;
    char number[32];
    sg_append(&out, SG_FACT_PROTOCOL, SG_STRING(SG_PROTOCOL_VERSION));
    sg_append(&out, SG_FACT_PROGRAM, path);
    for (int index = 0; index < argc; index++) sg_append(&out, SG_FACT_OPTION, argv[index]);
    append_item(pamh, &out, SG_PAM_SERVICE, PAM_SERVICE);
    if (pam_get_user(pamh, &user, NULL) == PAM_SUCCESS && user != NULL) sg_append(&out, SG_PAM_USER, user);
    append_item(pamh, &out, SG_PAM_REMOTE_USER, PAM_RUSER);
    append_item(pamh, &out, SG_PAM_TERMINAL, PAM_TTY);
    append_item(pamh, &out, SG_PAM_REMOTE_HOST, PAM_RHOST);
    snprintf(number, sizeof number, "%u", (unsigned)getuid());
    sg_append(&out, SG_PAM_REAL_UID, number);
    struct stat input;
    if (fstat(0, &input) == 0 && S_ISSOCK(input.st_mode)) {
        struct ucred peer = {0};
        socklen_t size = sizeof peer;
        bool known = getsockopt(0, SOL_SOCKET, SO_PEERCRED, &peer, &size) == 0 && size == sizeof peer && peer.pid > 0;
        snprintf(number, sizeof number, "%u", (unsigned)peer.uid);
        sg_append(&out, SG_PAM_INPUT_PEER, known ? number : "");
    }
    return sg_judge_send(judge, &out);
}

__attribute__((visibility("default"))) int pam_sm_authenticate(pam_handle_t *pamh, int flags, int argc,
                                                               const char **argv) {
    (void)flags;
    struct sg_door_message said = {.path = SG_DEFAULT_PROGRAM};
    for (int index = 0; argv != NULL && index < argc; index++) {
        if (argv[index] != NULL && strncmp(argv[index], "path=", 5) == 0) said.path = argv[index] + 5;
    }
    struct sg_judge judge = {.pid = -1, .link = -1};
    int result = PAM_AUTH_ERR;
    if (!sg_judge_start(&said, "--pam-judge", &judge)) {
        /* One line of why, where the application shows messages, as well as in syslog. */
        if (said.text[0] == '\0') sg_say(&said, "shapelygate: cannot start the judge %.200s", said.path);
        log_problem(pamh, said.text);
        (void)converse(pamh, PAM_ERROR_MSG, said.text, NULL);
    } else if (!send_facts(pamh, &judge, said.path, argv == NULL ? 0 : argc, argv)) {
        sg_say(&said, "shapelygate: cannot hand the judge %.200s its facts", said.path);
        log_problem(pamh, said.text);
        (void)converse(pamh, PAM_ERROR_MSG, said.text, NULL);
    } else {
        result = hear_judge(pamh, &judge);
    }
    sg_judge_stop(&judge);
    return result;
}

/* Nothing to set: the gate grants no credentials. */
__attribute__((visibility("default"))) int pam_sm_setcred(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)pamh, (void)flags, (void)argc, (void)argv;
    return PAM_IGNORE;
}
