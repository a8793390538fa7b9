/*
 * policy.c — what the plugin itself takes from /etc/shapelygate.conf: max-grace,
 * min-cooldown, strict and syslog. The gate reads the same file for everything else.
 *
 * Contract:
 * - The file is opened once without following a link or waiting on a FIFO, and
 *   that descriptor is checked: a regular file owned by root that group and
 *   others cannot write, at most 64 KiB. Anything else — and any line the gate
 *   would refuse — is read as the strictest answer: no grace, no log of the
 *   plugin's own, no cooldown beyond the plugin options' (the gate then refuses
 *   the file and says why, so nothing passes).
 * - A missing file is an empty policy.
 * - Lines are `key = value`; `#` starts a comment; blanks around both are
 *   ignored. Other keys are the gate's and are skipped here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "approval.h"

#define POLICY_LIMIT 65536

/* 1 yes, 0 no, -1 neither. */
static int yes_no(const char *value) {
    static const char *const yes[] = {"yes", "true", "on", "1"}, *const no[] = {"no", "false", "off", "0"};
    for (size_t index = 0; index < 4; index++) {
        if (strcasecmp(value, yes[index]) == 0) return 1;
        if (strcasecmp(value, no[index]) == 0) return 0;
    }
    return -1;
}

static char *trim(char *text) {
    while (*text == ' ' || *text == '\t') text++;
    size_t length = strlen(text);
    while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '\t' || text[length - 1] == '\r')) {
        text[--length] = '\0';
    }
    return text;
}

/* One line into `policy`; false when the line is one the gate refuses. */
static bool apply_line(struct sg_policy *policy, char *line) {
    char *hash = strchr(line, '#');
    if (hash != NULL) *hash = '\0';
    line = trim(line);
    if (*line == '\0') return true;
    char *equals = strchr(line, '=');
    if (equals == NULL) return false;
    *equals = '\0';
    const char *key = trim(line), *value = trim(equals + 1);
    if (strcmp(key, "strict") == 0 || strcmp(key, "syslog") == 0) {
        int answer = yes_no(value);
        if (answer < 0) return false;
        if (strcmp(key, "strict") == 0) policy->strict = answer == 1;
        else policy->syslog = answer == 1;
    } else if (strcmp(key, "max-grace") == 0 || strcmp(key, "min-cooldown") == 0) {
        bool grace = strcmp(key, "max-grace") == 0;
        uintmax_t seconds = 0;
        if (!sg_parse_number(value, 0, grace ? SG_MAX_GRACE : SG_MAX_COOLDOWN, &seconds)) return false;
        if (grace) policy->max_grace = (unsigned)seconds;
        else policy->min_cooldown = (unsigned)seconds;
        policy->has_max_grace |= grace;
    }
    return true;
}

void sg_read_policy(struct sg_policy *policy, const char *path) {
    memset(policy, 0, sizeof *policy);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        policy->usable = errno == ENOENT;
        return;
    }
    struct stat info;
    char *text = malloc(POLICY_LIMIT + 1);
    ssize_t total = 0, count = 0;
    if (text != NULL && fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_uid == 0 &&
        (info.st_mode & (S_IWGRP | S_IWOTH)) == 0) {
        while (total <= POLICY_LIMIT && (count = read(fd, text + total, (size_t)(POLICY_LIMIT + 1 - total))) != 0) {
            if (count < 0 && errno == EINTR) continue;
            if (count < 0) break;
            total += count;
        }
        if (count == 0 && total <= POLICY_LIMIT && memchr(text, '\0', (size_t)total) == NULL) {
            text[total] = '\0';
            policy->usable = true;
            for (char *line = text, *next; line != NULL && policy->usable; line = next) {
                next = strchr(line, '\n');
                if (next != NULL) *next++ = '\0';
                policy->usable = apply_line(policy, line);
            }
        }
    }
    if (!policy->usable) memset(policy, 0, sizeof *policy);
    free(text);
    close(fd);
}
