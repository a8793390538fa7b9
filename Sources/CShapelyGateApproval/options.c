/*
 * options.c — reads the plugin options from the sudo.conf Plugin line (what sudo
 * says about the invoking user is read by user.c).
 *
 * Contract:
 * - Every option is known and checked here: an unknown name, a missing or extra
 *   value, a number out of range or a relative path is an error naming the
 *   option, so that a typo stops sudo instead of quietly turning the gate off.
 * - Gate options are checked with the gate's own ranges and names (kinds= a
 *   number 2-9 or at least two different shape names, strings= a path that
 *   exists) and handed to it as its long options; the gate checks them again and
 *   applies /etc/shapelygate.conf.
 * - A later option replaces an earlier one of the same name.
 * - No string longer than SG_MAX_OPTION is read; every copy is allocated to size.
 */
#include <errno.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "approval.h"

const char *const sg_gate_options[SG_GATE_OPTIONS] = {
    "timeout", "attempts", "rounds", "shapes-per-kind", "cooldown", "seed", "kinds", "lang", "strings", "board",
};

/* Keeps `value` for the gate option `name`, replacing one given before; false when
   `name` is not a gate option or memory ran out. */
bool sg_gate_option(struct sg_state *state, const char *name, const char *value) {
    for (size_t index = 0; index < SG_GATE_OPTIONS; index++) {
        if (strcmp(sg_gate_options[index], name) != 0) continue;
        char *copy = strdup(value);
        if (copy == NULL) return false;
        free(state->gate_values[index]);
        state->gate_values[index] = copy;
        return true;
    }
    return false;
}

/* A comma list of absolute paths (commands=), or of names and numbers (users=, groups=). */
static bool parse_list(struct sg_state *state, struct sg_list *list, const char *name, const char *value,
                       bool paths) {
    sg_list_free(list);
    const char *item = value;
    while (true) {
        size_t length = strcspn(item, ",");
        if (length == 0) {
            sg_set_message(state, "shapelygate: option %s= has an empty entry", name);
            return false;
        }
        if (paths && item[0] != '/') {
            sg_set_message(state, "shapelygate: option %s= needs full paths, starting with /", name);
            return false;
        }
        if (!sg_list_add(list, item, length)) {
            sg_set_message(state, "shapelygate: out of memory");
            return false;
        }
        if (item[length] == '\0') return true;
        item += length + 1;
    }
}

struct number_option {
    const char *name;
    uintmax_t low, high;
};

/* The gate's ranges (GateConfiguration and Options in the gate's sources). */
static const struct number_option numbers[] = {
    {"timeout", 1, 3600},     {"attempts", 1, 99}, {"rounds", 1, 20},
    {"shapes-per-kind", 1, 9}, {"cooldown", 0, 86400}, {"seed", 0, UINTMAX_MAX},
};

/* The gate's shape names (ShapeKind), in its order. */
static const char *const shape_names[] = {
    "circle", "square", "triangle", "pentagon", "hexagon", "star", "diamond", "heart", "cross",
};
#define SG_SHAPES (sizeof shape_names / sizeof shape_names[0])

/* kinds=: a count 2-9, or a comma list naming at least two different shapes. */
static bool check_kinds(struct sg_state *state, const char *value) {
    uintmax_t count = 0;
    if (strspn(value, "abcdefghijklmnopqrstuvwxyz0123456789,") != strlen(value) ||
        (value[0] >= '0' && value[0] <= '9' && !sg_parse_number(value, 2, SG_SHAPES, &count))) {
        sg_set_message(state, "shapelygate: invalid kinds=%.40s: expected 2-9 or a comma list of shape names", value);
        return false;
    }
    if (count > 0) return true;
    bool named[SG_SHAPES] = {false};
    size_t different = 0;
    for (const char *item = value;; item++) {
        size_t length = strcspn(item, ",");
        size_t index = 0;
        while (index < SG_SHAPES && (strlen(shape_names[index]) != length || strncmp(shape_names[index], item, length) != 0)) {
            index++;
        }
        if (index == SG_SHAPES) {
            sg_set_message(state, "shapelygate: invalid kinds=%.40s: unknown shape '%.*s'", value, (int)(length > 20 ? 20 : length), item);
            return false;
        }
        if (!named[index]) different++;
        named[index] = true;
        item += length;
        if (*item == '\0') break;
    }
    if (different < 2) {
        sg_set_message(state, "shapelygate: invalid kinds=%.40s: name at least two different shapes", value);
        return false;
    }
    return true;
}

static bool needs_full_path(struct sg_state *state, const char *name, const char *value) {
    if (value[0] == '/') return false;
    sg_set_message(state, "shapelygate: option %s= needs a full path, starting with /", name);
    return true;
}

static bool set_gate_path(struct sg_state *state, const char *value) {
    if (needs_full_path(state, "path", value)) return false;
    free(state->gate_path);
    state->gate_path = strdup(value);
    return state->gate_path != NULL || (sg_set_message(state, "shapelygate: out of memory"), false);
}

/* One of sg_gate_options, checked as the gate would check it, kept for the gate. */
static bool gate_value(struct sg_state *state, const char *name, const char *value) {
    if (strcmp(name, "strings") == 0 && needs_full_path(state, name, value)) return false;
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        uintmax_t number = 0;
        if (strcmp(name, numbers[index].name) != 0) continue;
        if (!sg_parse_number(value, numbers[index].low, numbers[index].high, &number)) {
            sg_set_message(state, "shapelygate: invalid %s=%.40s: expected a whole number %" PRIuMAX "-%" PRIuMAX,
                           name, value, numbers[index].low, numbers[index].high);
            return false;
        }
    }
    if (strcmp(name, "kinds") == 0 && !check_kinds(state, value)) return false;
    struct stat info;
    if (strcmp(name, "strings") == 0 && stat(value, &info) != 0) {
        sg_set_message(state, "shapelygate: option strings=%.200s: %s", value,
                       errno == ENOENT || errno == ENOTDIR ? "no such file or folder" : "cannot be examined");
        return false;
    }
    if (strcmp(name, "lang") == 0 &&
        (strlen(value) > 35 ||
         strspn(value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@") != strlen(value))) {
        sg_set_message(state, "shapelygate: invalid lang=%.40s: expected a language code such as fr", value);
        return false;
    }
    if (strcmp(name, "board") == 0 && strcmp(value, "picture") != 0 && strcmp(value, "words") != 0) {
        sg_set_message(state, "shapelygate: invalid board=%.40s: expected picture or words", value);
        return false;
    }
    return sg_gate_option(state, name, value) || (sg_set_message(state, "shapelygate: out of memory"), false);
}

static bool parse_one(struct sg_state *state, const char *option) {
    size_t total = strnlen(option, SG_MAX_OPTION + 1);
    if (total > SG_MAX_OPTION) {
        sg_set_message(state, "shapelygate: a plugin option is longer than %d bytes", SG_MAX_OPTION);
        return false;
    }
    if (!sg_printable(option, total)) {
        sg_set_message(state, "shapelygate: a plugin option holds a control character");
        return false;
    }
    const char *equals = strchr(option, '=');
    size_t name_length = equals != NULL ? (size_t)(equals - option) : total;
    const char *value = equals != NULL ? equals + 1 : NULL;
    char name[24];
    if (name_length == 0 || name_length >= sizeof name) {
        sg_set_message(state, "shapelygate: unknown option '%.40s' in the sudo.conf Plugin line", option);
        return false;
    }
    memcpy(name, option, name_length);
    name[name_length] = '\0';

    if (strcmp(name, "strict") == 0) {
        if (value != NULL) {
            sg_set_message(state, "shapelygate: option strict takes no value");
            return false;
        }
        state->strict = true;
        return true;
    }
    if (strcmp(name, "grace") == 0) return sg_grace_option(state, value);
    bool known = strcmp(name, "users") == 0 || strcmp(name, "groups") == 0 || strcmp(name, "commands") == 0 ||
                 strcmp(name, "path") == 0;
    for (size_t index = 0; index < SG_GATE_OPTIONS; index++) {
        if (strcmp(name, sg_gate_options[index]) == 0) known = true;
    }
    if (!known) {
        sg_set_message(state, "shapelygate: unknown option '%s' in the sudo.conf Plugin line", name);
        return false;
    }
    if (value == NULL || *value == '\0') {
        sg_set_message(state, "shapelygate: option %s= needs a value", name);
        return false;
    }

    if (strcmp(name, "users") == 0) return parse_list(state, &state->users, name, value, false);
    if (strcmp(name, "groups") == 0) return parse_list(state, &state->groups, name, value, false);
    if (strcmp(name, "commands") == 0) return parse_list(state, &state->commands, name, value, true);
    if (strcmp(name, "path") == 0) return set_gate_path(state, value);
    return gate_value(state, name, value);
}

bool sg_parse_options(struct sg_state *state, char *const options[]) {
    for (size_t index = 0; options != NULL && options[index] != NULL; index++) {
        if (!parse_one(state, options[index])) return false;
    }
    if (state->gate_path == NULL && (state->gate_path = strdup(SG_DEFAULT_GATE)) == NULL) {
        sg_set_message(state, "shapelygate: out of memory");
        return false;
    }
    return true;
}
