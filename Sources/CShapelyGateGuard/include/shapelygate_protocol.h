/*
 * shapelygate_protocol.h — the one protocol between a door (the sudo approval plugin,
 * the PAM module) and the judge it starts (`shapelygate --sudo-judge`, `--pam-judge`).
 * Both doors include this file and the judge imports it (CShapelyGateGuard), so each
 * kind, limit and code below is written once; shapelygate_approval(8), PROTOCOL, says
 * the same in words.
 *
 * - The link is a Unix stream socket pair: the door keeps one end, the judge has the
 *   other on its standard input and output.
 * - A message is a run of entries, each a kind byte, its text and a NUL; an empty entry
 *   (a lone NUL) ends the message. No message, either way, is longer than
 *   SG_MESSAGE_LIMIT bytes: a door or a judge that meets a longer one stops reading
 *   and denies.
 * - The door's first message begins with SG_FACT_PROTOCOL, whose text is the door's
 *   SG_PROTOCOL_VERSION in decimal. The judge reads that entry first; any other version,
 *   or none, is refused (SG_DECISION_ERROR, with a message naming both versions) before
 *   anything else is read or shown. Every message the judge sends begins with the same
 *   entry, its own version: a door takes no message without it as an answer, so a door
 *   never acts on a judge of another protocol either.
 * - Every kind letter means one thing, whichever door sends it or reads it.
 */
#ifndef SHAPELYGATE_PROTOCOL_H
#define SHAPELYGATE_PROTOCOL_H

#include <signal.h>

/* Raised whenever a kind is added, removed or changes its meaning. */
#define SG_PROTOCOL_VERSION 2

/* The program a door starts when its line names no path=. */
#define SG_DEFAULT_PROGRAM "/usr/bin/shapelygate"

/* The signals that end a judging, in one list: the sudo door passes each to its judge,
   and both judges read them as the end of the run (Signals.judgeEndings). */
#define SG_ENDING_SIGNAL_COUNT 4
static inline int sg_ending_signal(int index) {
    static const int endings[SG_ENDING_SIGNAL_COUNT] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
    return index >= 0 && index < SG_ENDING_SIGNAL_COUNT ? endings[index] : 0;
}

/* The longest message, its final empty entry included, in either direction: more than
   any command line and environment Linux lets a program start with (6 MiB at most),
   with their kind bytes. */
#define SG_MESSAGE_LIMIT 8388608

/* Door to judge: the facts, in the first message (both doors). */
enum {
    SG_FACT_PROTOCOL = 'p',     /* the protocol version: the first entry of every message */
    SG_FACT_PROGRAM = 'P',      /* the judge's path as the door opened it (path=) */
    SG_FACT_OPTION = 'O',       /* one word of the door's line in sudo.conf or pam.d */
};

/* Door to judge: sudo's facts, as sudo handed them to the plugin. At open(): */
enum {
    SG_SUDO_INTERFACE = 'V',    /* sudo's plugin interface version, "major.minor" */
    SG_SUDO_SETTING = 'S',      /* one name=value of settings[] */
    SG_SUDO_USER_INFO = 'U',    /* one name=value of user_info[] */
    SG_SUDO_OPTIND = 'I',       /* submit_optind */
    SG_SUDO_ARGUMENT = 'A',     /* one word of submit_argv[] */
    SG_SUDO_ENVIRONMENT = 'E',  /* one entry of submit_envp[]: the person's own */
};
/* ... and at check(), in the door's second message: */
enum {
    SG_SUDO_COMMAND_INFO = 'C', /* one name=value of command_info[] */
    SG_SUDO_RUN_ARGUMENT = 'R', /* one word of run_argv[] */
    SG_SUDO_RUN_ENVIRONMENT = 'N', /* one entry of run_envp[]: what the command gets */
};

/* Door to judge: the PAM door's facts. */
enum {
    SG_PAM_SERVICE = 's',       /* PAM_SERVICE */
    SG_PAM_USER = 'u',          /* PAM_USER, from pam_get_user */
    SG_PAM_REMOTE_USER = 'r',   /* PAM_RUSER */
    SG_PAM_TERMINAL = 't',      /* PAM_TTY */
    SG_PAM_REMOTE_HOST = 'h',   /* PAM_RHOST */
    SG_PAM_REAL_UID = 'c',      /* getuid() of the program that loaded the module */
    SG_PAM_INPUT_PEER = 'k',    /* when its standard input is a socket: the peer's uid
                                   (SO_PEERCRED), or "" when the kernel did not say */
};
/* Door to judge: the PAM door's reply to each message of the judge's. */
enum {
    SG_PAM_ANSWER = 'a',        /* what the person typed at the prompt */
    SG_PAM_SAID = 'e',          /* everything was said, nothing asked */
    SG_PAM_FAILED = 'f',        /* the application's conversation failed */
};

/* Judge to door. */
enum {
    SG_JUDGE_DECISION = 'D',    /* one of the SG_DECISION_ texts: the message's last entry */
    SG_JUDGE_MESSAGE = 'M',     /* why, for the person (sudo's error output, PAM's error) */
    SG_JUDGE_WARNING = 'W',     /* a line sudo prints at once, before the decision */
    SG_JUDGE_VERSION = 'J',     /* the program's version, for sudo -V */
    SG_JUDGE_NOT_GATED = 'G',   /* sudo: nothing this person runs is gated; check() need not ask */
    SG_JUDGE_RESTORE = 'T',     /* sudo: what to write to the terminal, its settings put back,
                                   if the judge ends without a decision */
    SG_JUDGE_INFO = 'i',        /* PAM: an information message */
    SG_JUDGE_ERROR = 'x',       /* PAM: an error message */
    SG_JUDGE_PROMPT = 'Q',      /* PAM: a prompt, shown with echo on; the door replies SG_PAM_ANSWER */
};

/* The texts of SG_JUDGE_DECISION. */
#define SG_DECISION_PASS "1"       /* approve: sudo 1, PAM_SUCCESS */
#define SG_DECISION_DENY "0"       /* deny: sudo 0, PAM_AUTH_ERR */
#define SG_DECISION_ERROR "-1"     /* an error: sudo -1, PAM_AUTH_ERR */
#define SG_DECISION_NOT_GATED "I"  /* PAM: this person is not gated here, PAM_IGNORE */

#endif
