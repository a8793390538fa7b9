/*
 * trusted.c — opens the gate binary only when the user it gates cannot have
 * chosen, changed or read it, as OpenSSH's safe_path() does for the programs
 * root runs for it, but through descriptors, so the check and the run are about
 * the same file.
 *
 * Contract:
 * - The path is walked one component at a time from /, each step opened
 *   relative to the folder checked before it (O_NOFOLLOW): every folder passed
 *   through, "/" and those a symbolic link leads through included, must be owned
 *   by root and writable by no one else. A symbolic link is followed by hand
 *   (at most 40), and only ever from a folder so checked, so no link the user
 *   could make or change is on the way.
 * - The file itself must be a regular file owned by root, neither readable nor
 *   writable by group or others (mode 0711 or 0700): exec then leaves the
 *   gate non-dumpable, so the user's other processes cannot trace it, read its
 *   memory or use its descriptors. A script (#!) is refused: its interpreter
 *   would be a second program, readable and traceable.
 * - The answer is a descriptor of the file, open for reading (root may read
 *   it), close-on-exec, to be run with fexecve; or -1 and a message.
 */
#define _GNU_SOURCE
#include "door.h"

#include <stdarg.h>
#include <stdio.h>

void sg_say(struct sg_door_message *message, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message->text, sizeof message->text, format, arguments);
    va_end(arguments);
}

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SG_MAX_LINKS 40

static bool trusted_folder(const struct stat *info) {
    return S_ISDIR(info->st_mode) && info->st_uid == 0 && (info->st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

/* The walk: a folder descriptor, the path still to go, and the links followed. */
struct walk {
    int folder;
    char rest[PATH_MAX * 2];
    char walked[PATH_MAX]; /* the folder reached, for messages */
    int links;
};

static void walked_into(struct walk *walk, const char *name) {
    size_t length = strlen(walk->walked);
    if (strcmp(name, ".") == 0) return;
    if (strcmp(name, "..") == 0) {
        char *slash = strrchr(walk->walked, '/');
        if (slash != NULL) *slash = '\0';
        return;
    }
    if (length + 1 + strlen(name) < sizeof walk->walked) {
        walk->walked[length] = '/';
        memcpy(walk->walked + length + 1, name, strlen(name) + 1);
    }
}

/* Puts the link's target in front of what is left of the walk; an absolute target
   starts again from /. */
static int follow_link(struct sg_door_message *state, struct walk *walk, const char *name) {
    char target[PATH_MAX];
    ssize_t length = readlinkat(walk->folder, name, target, sizeof target - 1);
    if (length <= 0 || ++walk->links > SG_MAX_LINKS || (size_t)length + 2 + strlen(walk->rest) >= sizeof walk->rest) {
        sg_say(state, "shapelygate: option path=%.200s: too many or too long links", state->path);
        return -1;
    }
    target[length] = '\0';
    char joined[sizeof walk->rest];
    snprintf(joined, sizeof joined, "%s%s%s", target, walk->rest[0] != '\0' ? "/" : "", walk->rest);
    memcpy(walk->rest, joined, strlen(joined) + 1);
    if (target[0] == '/') {
        int root = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (root < 0) return -1;
        close(walk->folder);
        walk->folder = root;
        walk->walked[0] = '\0';
    }
    return 0;
}

/* Opens `name` in the walk's folder and checks that it is the file `info` describes. */
static int open_same(struct sg_door_message *state, const struct walk *walk, const char *name, const struct stat *info,
                     int flags) {
    int opened = openat(walk->folder, name, flags | O_NOFOLLOW | O_CLOEXEC);
    if (opened < 0 && errno == EACCES) {
        sg_say(state, "shapelygate: option path=%.200s: cannot be opened by this user (root can)", state->path);
        return -1;
    }
    struct stat now;
    if (opened < 0 || fstat(opened, &now) != 0 || now.st_ino != info->st_ino || now.st_dev != info->st_dev) {
        if (opened >= 0) close(opened);
        sg_say(state, "shapelygate: option path=%.200s: changed while it was checked", state->path);
        return -1;
    }
    return opened;
}

static int enter_folder(struct sg_door_message *state, struct walk *walk, const char *name, const struct stat *info) {
    walked_into(walk, name);
    if (!trusted_folder(info)) {
        sg_say(state, "shapelygate: the gate %.200s lies in %.200s, which must be a folder owned by root "
                       "and writable by root only", state->path, walk->walked[0] != '\0' ? walk->walked : "/");
        return -1;
    }
    int next = open_same(state, walk, name, info, O_PATH | O_DIRECTORY);
    if (next < 0) return -1;
    close(walk->folder);
    walk->folder = next;
    return 0;
}

/* The gate itself: root's, 0711 or stricter, not a script; its descriptor, above 2. A
   program run without privileges (unprivileged) need only be root's and writable by no
   one else, and may be a script. */
static int open_gate_file(struct sg_door_message *state, struct walk *walk, const char *name, const struct stat *info) {
    mode_t refused = state->unprivileged ? (S_IWGRP | S_IWOTH) : (S_IWGRP | S_IWOTH | S_IRGRP | S_IROTH);
    if (state->unprivileged && (!S_ISREG(info->st_mode) || info->st_uid != 0 || (info->st_mode & refused) != 0)) {
        sg_say(state, "shapelygate: %.200s must be a file owned by root that group and others cannot write", state->path);
        return -1;
    }
    if (!S_ISREG(info->st_mode) || info->st_uid != 0 || (info->st_mode & refused) != 0) {
        sg_say(state, "shapelygate: the gate %.200s must be a file owned by root, mode 0711: "
                       "not readable or writable by group or others", state->path);
        return -1;
    }
    int file = open_same(state, walk, name, info, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (file < 0) return -1;
    if (file < 3) {
        int high = fcntl(file, F_DUPFD_CLOEXEC, 3);
        close(file);
        if ((file = high) < 0) {
            sg_say(state, "shapelygate: cannot open the gate %.200s", state->path);
            return -1;
        }
    }
    char start[2] = {0, 0};
    if (!state->unprivileged && pread(file, start, sizeof start, 0) == 2 && start[0] == '#' && start[1] == '!') {
        close(file);
        sg_say(state, "shapelygate: the gate %.200s is a script; path= must name the shapelygate program "
                       "itself", state->path);
        return -1;
    }
    return file;
}

/* Moves the walk into `name` in its folder: a checked folder, a followed link, or
   (for the last component) the file, whose descriptor is returned. 0 to go on. */
static int step(struct sg_door_message *state, struct walk *walk, const char *name, bool last) {
    struct stat info;
    if (fstatat(walk->folder, name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
        sg_say(state, "shapelygate: option path=%.200s: %s", state->path,
                       errno == ENOENT ? "no such file" : "cannot be examined");
        return -1;
    }
    if (S_ISLNK(info.st_mode)) return follow_link(state, walk, name);
    if (S_ISDIR(info.st_mode) && !last) return enter_folder(state, walk, name, &info);
    if (!last) {
        sg_say(state, "shapelygate: option path=%.200s: %s is not a folder", state->path, name);
        return -1;
    }
    return open_gate_file(state, walk, name, &info);
}

/* Takes the next component off walk->rest into `name`; false when none is left. */
static bool next_component(struct walk *walk, char *name, size_t size) {
    char *rest = walk->rest;
    while (*rest == '/') rest++;
    if (*rest == '\0') return false;
    size_t length = strcspn(rest, "/");
    /* A name longer than any file's is no file: never a shorter name it starts with. */
    if (length >= size) length = 0;
    memcpy(name, rest, length);
    name[length] = '\0';
    memmove(walk->rest, rest + length, strlen(rest + length) + 1);
    return true;
}

static bool nothing_left(const struct walk *walk) {
    return walk->rest[strspn(walk->rest, "/")] == '\0';
}

int sg_open_trusted(struct sg_door_message *state) {
    const char *path = state->path;
    /* On the stack: a PAM module may be walked by several threads of one host at once. */
    struct walk walk;
    memset(&walk, 0, sizeof walk);
    if (path == NULL || path[0] != '/' || strlen(path) >= PATH_MAX) {
        sg_say(state, "shapelygate: option path= needs a full path, starting with /");
        return -1;
    }
    memcpy(walk.rest, path, strlen(path) + 1);
    walk.folder = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
    struct stat root;
    if (walk.folder < 0 || fstat(walk.folder, &root) != 0 || !trusted_folder(&root)) {
        if (walk.folder >= 0) close(walk.folder);
        sg_say(state, "shapelygate: the folder / must be owned by root and writable by root only");
        return -1;
    }
    char name[NAME_MAX + 1];
    int file = 0;
    while (file == 0 && next_component(&walk, name, sizeof name)) file = step(state, &walk, name, nothing_left(&walk));
    if (file == 0) {
        file = -1;
        sg_say(state, "shapelygate: option path=%.200s does not name a file", path);
    }
    close(walk.folder);
    return file;
}
#else
int sg_open_trusted(struct sg_door_message *state) {
    sg_say(state, "shapelygate: the sudo plugin runs on Linux only");
    return -1;
}
#endif
