/*
 * door.h — what the doors share: the trusted walk (trusted.c), which the shapelygate
 * program also compiles in for --check-sudo-conf (CShapelyGateGuard/trusted_walk.c),
 * and the judge's start and link (judge_link.c), which the PAM module compiles in; so
 * each rule is written once. Only the plugin struct and the PAM entry points are
 * exported from the shared objects.
 */
#ifndef SHAPELYGATE_DOOR_H
#define SHAPELYGATE_DOOR_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <termios.h>

#include "../CShapelyGateGuard/include/shapelygate_protocol.h"

/* A number macro as a string literal ("2"). */
#define SG_STRING_OF(x) #x
#define SG_STRING(x) SG_STRING_OF(x)

#pragma GCC visibility push(hidden)

/* A message for sudo's error output, about the program at `path`. */
struct sg_door_message {
    const char *path;
    int unprivileged; /* run without privileges (notify=): may be readable, and a script */
    char text[512];
};

/* trusted.c: the message, formatted as printf does (cut to fit). */
void sg_say(struct sg_door_message *message, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* trusted.c: the program at message->path, opened and checked from /; -1 with a message. */
int sg_open_trusted(struct sg_door_message *message);

/* judge_link.c: a message being built; {0} is an empty one. */
struct sg_buffer {
    char *bytes;
    size_t length, size;
    bool failed; /* past SG_MESSAGE_LIMIT, or no memory: nothing is sent */
};

/* One entry (kind '\0' with "" is the empty entry that ends a message). */
void sg_append(struct sg_buffer *out, char kind, const char *text);
void sg_append_all(struct sg_buffer *out, char kind, char *const vector[]);

/* A judge started by a door. */
struct sg_judge {
    pid_t pid;
    int link;
    char *text;  /* what was read and not yet handed over: `held` bytes of `size` */
    size_t held, size;
};

/* Opens said->path by the trusted walk and starts it as `flag`'s judge; false with
   said->text saying why (the walk's message), or with pid -1 when it could not start. */
bool sg_judge_start(struct sg_door_message *said, const char *flag, struct sg_judge *judge);

/* Ends the message in `out`, sends it whole and wipes and frees the buffer. */
bool sg_judge_send(const struct sg_judge *judge, struct sg_buffer *out);

/* Reads one message, handing each entry to `reader`; true when it ended whole. */
typedef void (*sg_entry_reader)(char kind, const char *text, void *context);
bool sg_judge_read(struct sg_judge *judge, sg_entry_reader reader, void *context);

/* Closes the link (a judge still waiting then ends) and reaps the judge. */
void sg_judge_stop(struct sg_judge *judge);

/* The controlling terminal's settings, saved to be put back if a judge dies. */
struct sg_terminal {
    int fd;
    bool saved;
    struct termios settings;
    char leave[64]; /* written after the settings: what the judge asked (SG_JUDGE_RESTORE) */
};
void sg_terminal_save(struct sg_terminal *terminal);
void sg_terminal_restore(struct sg_terminal *terminal);
void sg_terminal_close(struct sg_terminal *terminal);

#pragma GCC visibility pop

#endif
