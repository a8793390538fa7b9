/*
 * runfolder.c — root's folder of records for one user, SG_GRACE_FOLDER/<uid>,
 * shared by the grace window (grace.c) and the lockout after a denial
 * (lockout.c), and the clock and boot id those records are written against.
 *
 * Contract:
 * - Both folders are owned by root with no access for group or others; a record
 *   is owned by root, 0600, one link. Each step is opened relative to the last
 *   without following a link or waiting on a FIFO and checked through its
 *   descriptor. Anything else is reported on sudo's error output, prefixed by
 *   what the caller says it does with it, and told apart from a missing one.
 * - A record is written under a temporary name in the same folder, flushed to
 *   disk and renamed over the old one, so a reader sees the old or the new whole.
 * - The clock is CLOCK_BOOTTIME: it counts time asleep and never goes back.
 */
#define _GNU_SOURCE
#include "approval.h"

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void report(const struct sg_state *state, const char *doing, const char *path, const char *name,
                   const char *problem) {
    if (state->print != NULL) {
        state->print(SUDO_CONV_ERROR_MSG, "shapelygate: %s %s%s%s: %s\n", doing, path, name != NULL ? "/" : "",
                     name != NULL ? name : "", problem);
    }
}

/* `name` in the folder `parent`, created first when `create`: a folder that is root's
   alone, else -1 (reported, and *bad set, unless it is simply missing). */
static int open_folder(const struct sg_state *state, const char *doing, int parent, const char *path,
                       const char *name, bool create, bool *bad) {
    if (create && mkdirat(parent, name, 0700) != 0 && errno != EEXIST) return -1;
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat info;
    if (fd < 0) {
        if (errno != ENOENT) {
            report(state, doing, path, name, "not a folder");
            *bad = true;
        }
        return -1;
    }
    if (fstat(fd, &info) != 0 || info.st_uid != 0 || (info.st_mode & 077) != 0) {
        report(state, doing, path, name, "not a folder of root's that only root can use");
        *bad = true;
        close(fd);
        return -1;
    }
    return fd;
}

int sg_run_folder(const struct sg_state *state, const char *doing, bool create, char path[64], bool *bad) {
    char name[24];
    *bad = false;
    int run = open("/run", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (run < 0) return -1;
    int top = open_folder(state, doing, run, "/run", "shapelygate", create, bad);
    close(run);
    if (top < 0) return -1;
    snprintf(name, sizeof name, "%u", (unsigned)state->uid);
    int mine = open_folder(state, doing, top, SG_GRACE_FOLDER, name, create, bad);
    close(top);
    snprintf(path, 64, "%s/%s", SG_GRACE_FOLDER, name);
    return mine;
}

enum sg_record sg_read_record(const struct sg_state *state, const char *doing, int folder, const char *path,
                              const char *name, char *text, size_t size) {
    int fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat info;
    if (fd < 0) {
        if (errno == ENOENT) return SG_RECORD_MISSING;
        report(state, doing, path, name, "not a regular file");
        return SG_RECORD_BAD;
    }
    bool owned = fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_uid == 0 && (info.st_mode & 077) == 0 &&
                 info.st_nlink == 1;
    ssize_t count = owned ? read(fd, text, size - 1) : -1;
    close(fd);
    if (!owned) {
        report(state, doing, path, name, "not a file of root's that only root can read");
        return SG_RECORD_BAD;
    }
    text[count > 0 ? count : 0] = '\0';
    return count >= 0 ? SG_RECORD_READ : SG_RECORD_BAD;
}

bool sg_write_record(int folder, const char *name, const char *text) {
    char temporary[48];
    snprintf(temporary, sizeof temporary, ".%s.%d", name, (int)getpid());
    int fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    size_t length = strlen(text);
    bool written = fchmod(fd, 0600) == 0 && write(fd, text, length) == (ssize_t)length && fsync(fd) == 0;
    close(fd);
    if (written && renameat(folder, temporary, folder, name) == 0) return true;
    unlinkat(folder, temporary, 0);
    return false;
}

bool sg_boot_id(char out[40]) {
    int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    ssize_t count = read(fd, out, 39);
    close(fd);
    if (count < 32) return false;
    out[count] = '\0';
    out[strcspn(out, "\n")] = '\0';
    return true;
}

double sg_boot_clock(void) {
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}
#endif
