/*
 * door.c — the sudo approval plugin `shapelygate_approval`: a door, not a judge.
 * sudo calls open(), then check() (or show_version()), then close(), once per run.
 *
 *     sudo ── open():  facts ──▶ shapelygate --sudo-judge (root) ──▶ decision
 *          ── check(): command ─▶       │ starts the gate as the user,   ──▶ decision
 *                                       │ judges its verdict, keeps the records
 *
 * Contract (return values as sudo_plugin(5) defines them: 1 approve, 0 deny, -1 error):
 * - The plugin decides nothing. It starts the program named by path= (default
 *   /usr/bin/shapelygate) as `--sudo-judge` (judge_link.c: the trusted walk, root, an
 *   empty environment, the socket on 0 and 1) and hands over, in the protocol of
 *   shapelygate_protocol.h, every fact sudo gave open(): sudo's interface version, the
 *   program's path as opened, the plugin options, settings, user_info, submit_optind,
 *   submit_argv and submit_envp; and at check() command_info, run_argv and run_envp,
 *   what sudo is about to run, exactly as sudo hands it over.
 * - Only a complete answer whose decision is SG_DECISION_PASS approves; anything else —
 *   no program, a closed link, a judge that dies, a message too long — denies or fails.
 * - A signal that asks sudo to end while check() waits (SIGTERM, SIGHUP, SIGINT,
 *   SIGQUIT) is passed on to the judge, which ends the gate and denies. If the judge
 *   dies without an answer, the terminal's settings are put back as they were before
 *   check() and the text the judge gave for that (leaving the board's screen) written.
 * - close() closes the socket (a judge still waiting then ends) and reaps it.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "door.h"
#include "sudo_approval_abi.h"


static struct {
    sudo_printf_t print;
    struct sg_judge judge;
    bool nothing_gated, spoke;
    int decision;
    char version[32];
    struct sg_door_message said;
    struct sg_terminal terminal;
} door = {.judge = {.pid = -1, .link = -1}, .terminal = {.fd = -1}};

/* The message on sudo's error output and in *errstr; returns `result`. */
static int report(int result, const char **errstr) {
    if (door.said.text[0] == '\0') sg_say(&door.said, "shapelygate: the command was not run");
    if (door.print != NULL) door.print(SUDO_CONV_ERROR_MSG, "%s\n", door.said.text);
    if (errstr != NULL) *errstr = door.said.text;
    return result;
}

/* An ending sent to sudo while check() waits goes to the judge at once, from the handler
   (kill is async-signal-safe): a flag read between reads could miss one. */
static void pass_ending(int number) {
    (void)number;
    if (door.judge.pid > 0) (void)kill(door.judge.pid, SIGTERM);
}

static void hear(char kind, const char *value, void *context) {
    (void)context;
    switch (kind) {
    case SG_FACT_PROTOCOL: door.spoke = strcmp(value, SG_STRING(SG_PROTOCOL_VERSION)) == 0; break;
    case SG_JUDGE_DECISION:
        door.decision = strcmp(value, SG_DECISION_PASS) == 0 ? 1 : strcmp(value, SG_DECISION_DENY) == 0 ? 0 : -1;
        break;
    case SG_JUDGE_MESSAGE: sg_say(&door.said, "%s", value); break;
    case SG_JUDGE_VERSION: snprintf(door.version, sizeof door.version, "%s", value); break;
    case SG_JUDGE_NOT_GATED: door.nothing_gated = true; break;
    case SG_JUDGE_RESTORE: snprintf(door.terminal.leave, sizeof door.terminal.leave, "%s", value); break;
    case SG_JUDGE_WARNING:
        if (door.print != NULL) door.print(SUDO_CONV_ERROR_MSG, "%s\n", value);
        break;
    default: break;
    }
}

/* Sends `out` and reads the answer; its decision, or -2 when it never came whole. */
static int ask(struct sg_buffer *out) {
    door.said.text[0] = '\0';
    door.decision = -2;
    door.spoke = false;
    if (door.judge.pid <= 0 || !sg_judge_send(&door.judge, out)) return -2;
    return sg_judge_read(&door.judge, hear, NULL) && door.spoke ? door.decision : -2;
}

static void door_close(void) {
    sg_judge_stop(&door.judge);
    sg_terminal_close(&door.terminal);
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
    door.said.path = SG_DEFAULT_PROGRAM;
    for (size_t index = 0; plugin_options != NULL && plugin_options[index] != NULL; index++) {
        if (strncmp(plugin_options[index], "path=", 5) == 0) door.said.path = plugin_options[index] + 5;
    }
    if (!sg_judge_start(&door.said, "--sudo-judge", &door.judge)) return report(-1, errstr);
    struct sg_buffer out = {0};
    sg_append(&out, SG_FACT_PROTOCOL, SG_STRING(SG_PROTOCOL_VERSION));
    sg_append(&out, SG_SUDO_INTERFACE, number);
    sg_append(&out, SG_FACT_PROGRAM, door.said.path);
    sg_append_all(&out, SG_FACT_OPTION, plugin_options);
    sg_append_all(&out, SG_SUDO_SETTING, settings);
    sg_append_all(&out, SG_SUDO_USER_INFO, user_info);
    snprintf(number, sizeof number, "%d", submit_optind);
    sg_append(&out, SG_SUDO_OPTIND, number);
    sg_append_all(&out, SG_SUDO_ARGUMENT, submit_argv);
    sg_append_all(&out, SG_SUDO_ENVIRONMENT, submit_envp);
    int decision = ask(&out);
    if (decision == -2) {
        sg_say(&door.said, "shapelygate: %.200s --sudo-judge gave no answer; path= must name the shapelygate program",
               door.said.path);
    }
    if (decision != 1 || door.nothing_gated) sg_judge_stop(&door.judge);
    return decision == 1 ? 1 : report(-1, errstr);
}

static int door_check(char *const command_info[], char *const run_argv[], char *const run_envp[],
                      const char **errstr) {
    if (door.nothing_gated) return 1;
    sg_terminal_save(&door.terminal);
    struct sigaction note = {.sa_handler = pass_ending}, kept[SG_ENDING_SIGNAL_COUNT];
    sigemptyset(&note.sa_mask);
    for (int index = 0; index < SG_ENDING_SIGNAL_COUNT; index++)
        (void)sigaction(sg_ending_signal(index), &note, &kept[index]);
    struct sg_buffer out = {0};
    sg_append_all(&out, SG_SUDO_COMMAND_INFO, command_info);
    sg_append_all(&out, SG_SUDO_RUN_ARGUMENT, run_argv);
    sg_append_all(&out, SG_SUDO_RUN_ENVIRONMENT, run_envp);
    int decision = ask(&out);
    for (int index = 0; index < SG_ENDING_SIGNAL_COUNT; index++)
        (void)sigaction(sg_ending_signal(index), &kept[index], NULL);
    sg_judge_stop(&door.judge);
    if (decision == -2) {
        sg_terminal_restore(&door.terminal);
        sg_say(&door.said, "shapelygate: the judge ended without a decision, the command was not run");
        decision = 0;
    }
    sg_terminal_close(&door.terminal);
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
