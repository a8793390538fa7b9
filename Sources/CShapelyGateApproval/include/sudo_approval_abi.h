/*
 * sudo_approval_abi.h — the part of sudo's plugin interface an approval plugin
 * uses, declared from the sudo_plugin(5) manual so that building needs no sudo
 * headers. Layouts and numbers must match sudo's: sudo reads the exported
 * `struct approval_plugin` by these offsets and calls through these types.
 *
 * Approval plugins exist from plugin API 1.15 (sudo 1.9.0); the major number
 * must match sudo's, the minor is what this plugin was written against.
 */
#ifndef SHAPELYGATE_SUDO_APPROVAL_ABI_H
#define SHAPELYGATE_SUDO_APPROVAL_ABI_H

#define SUDO_API_MKVERSION(major, minor) (((major) << 16) | (minor))
#define SUDO_API_VERSION_GET_MAJOR(v) ((v) >> 16)
#define SUDO_API_VERSION_GET_MINOR(v) ((v) & 0xffff)
#define SUDO_API_VERSION_MAJOR 1
#define SUDO_API_VERSION_MINOR 15
#define SUDO_API_VERSION SUDO_API_MKVERSION(SUDO_API_VERSION_MAJOR, SUDO_API_VERSION_MINOR)

/* Message types of sudo's printf function. */
#define SUDO_CONV_ERROR_MSG 0x0003
#define SUDO_CONV_INFO_MSG 0x0004

/* The conversation function; this plugin never calls it, so its type stays opaque. */
typedef struct sudo_conversation *sudo_conv_t;
typedef int (*sudo_printf_t)(int msg_type, const char *fmt, ...);

#define SUDO_APPROVAL_PLUGIN 4

/*
 * open, check and show_version return 1 for success (approve), 0 for failure
 * (deny), -1 for an error and -2 for a usage error (sudo prints its usage).
 * A string stored in *errstr must stay valid until close is called.
 */
struct approval_plugin {
    unsigned int type;    /* SUDO_APPROVAL_PLUGIN */
    unsigned int version; /* SUDO_API_VERSION */
    int (*open)(unsigned int version, sudo_conv_t conversation, sudo_printf_t sudo_plugin_printf,
                char *const settings[], char *const user_info[], int submit_optind,
                char *const submit_argv[], char *const submit_envp[], char *const plugin_options[],
                const char **errstr);
    void (*close)(void);
    int (*check)(char *const command_info[], char *const run_argv[], char *const run_envp[],
                 const char **errstr);
    int (*show_version)(int verbose);
};

/* The symbol named in sudo.conf: `Plugin shapelygate_approval /path/to/shapelygate_approval.so`. */
extern struct approval_plugin shapelygate_approval;

#endif
