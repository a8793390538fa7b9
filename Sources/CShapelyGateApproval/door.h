/*
 * door.h — what the two files of the sudo approval plugin share. Only the plugin
 * struct is exported from the shared object.
 */
#ifndef SHAPELYGATE_DOOR_H
#define SHAPELYGATE_DOOR_H

#include <stdbool.h>

#include "sudo_approval_abi.h"

#pragma GCC visibility push(hidden)

/* A message for sudo's error output, about the program at `path`. */
struct sg_door_message {
    const char *path;
    char text[512];
};

void sg_say(struct sg_door_message *message, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* trusted.c: the program at message->path, opened and checked from /; -1 with a message. */
int sg_open_trusted(struct sg_door_message *message);

#pragma GCC visibility pop

#endif
