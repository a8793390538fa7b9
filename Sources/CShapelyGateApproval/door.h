/*
 * door.h — what the two files of the sudo approval plugin share: the trusted walk
 * (trusted.c), which the shapelygate program also compiles in for --check-sudo-conf
 * (CShapelyGateGuard/trusted_walk.c), so the rule is written once. Only the plugin
 * struct is exported from the shared object.
 */
#ifndef SHAPELYGATE_DOOR_H
#define SHAPELYGATE_DOOR_H

#include <stdbool.h>

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

#pragma GCC visibility pop

#endif
