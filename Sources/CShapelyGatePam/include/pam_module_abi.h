/*
 * pam_module_abi.h — the part of Linux-PAM's module interface pam_shapelygate uses,
 * declared here so that building needs no PAM headers (libpam0g-dev). The numbers and
 * layouts are Linux-PAM's (_pam_types.h, pam_modules.h) and must stay so: the module
 * is loaded into a program linked with libpam, whose pam_get_item and pam_get_user
 * the dynamic linker binds at load time.
 */
#ifndef SHAPELYGATE_PAM_MODULE_ABI_H
#define SHAPELYGATE_PAM_MODULE_ABI_H

/* Opaque: the module only hands it back to libpam. */
typedef struct pam_handle pam_handle_t;

/* Return values. */
#define PAM_SUCCESS 0
#define PAM_AUTH_ERR 7
#define PAM_CONV_ERR 19
#define PAM_IGNORE 25

/* Items (pam_get_item). */
#define PAM_SERVICE 1
#define PAM_USER 2
#define PAM_TTY 3
#define PAM_RHOST 4
#define PAM_CONV 5
#define PAM_RUSER 8

/* Message styles of the conversation, and the longest message it carries (with its NUL). */
#define PAM_PROMPT_ECHO_OFF 1
#define PAM_PROMPT_ECHO_ON 2
#define PAM_ERROR_MSG 3
#define PAM_TEXT_INFO 4
#define PAM_MAX_MSG_SIZE 512

struct pam_message {
    int msg_style;
    const char *msg;
};

/* The application allocates the array and each resp with malloc; the module frees them. */
struct pam_response {
    char *resp;
    int resp_retcode;
};

struct pam_conv {
    int (*conv)(int num_msg, const struct pam_message **msg, struct pam_response **resp, void *appdata_ptr);
    void *appdata_ptr;
};

/* From libpam, in the host program. */
extern int pam_get_item(const pam_handle_t *pamh, int item_type, const void **item);
extern int pam_get_user(pam_handle_t *pamh, const char **user, const char *prompt);

/* What this module exports: `auth` only. */
int pam_sm_authenticate(pam_handle_t *pamh, int flags, int argc, const char **argv);
int pam_sm_setcred(pam_handle_t *pamh, int flags, int argc, const char **argv);

#endif
