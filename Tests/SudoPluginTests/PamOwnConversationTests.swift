// PamOwnConversationTests.swift — a PAM application of the test's own, written below in
// C and built with the machine's C compiler against libpam, whose conversation answers
// as no person at a terminal can (pamtester's conversation stops at 512 bytes): answers
// longer than a message between the door and the judge may hold. The module must deny
// those at once, never leave the judge waiting for an answer that was never sent.

import ShapelyGate
import TestSupport
import Testing

/// The application: `answer SERVICE USER REPLY [PEER]`, where REPLY is the first prompt's
/// answer (`long:N` for N digits); at a later prompt the conversation fails, as a closed
/// one does. It prints the messages it is shown, then `RESULT <pam_authenticate's result>`
/// and how many times it was asked. With PEER (a uid), its standard input is first made
/// a connection from a process of PEER's, as polkit 127's socket-activated agent helper,
/// started by systemd as root, has its agent's connection there.
let ownConversationSource = #"""
    #define _GNU_SOURCE
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/socket.h>
    #include <sys/stat.h>
    #include <sys/un.h>
    #include <unistd.h>
    typedef struct pam_handle pam_handle_t;
    struct pam_message { int msg_style; const char *msg; };
    struct pam_response { char *resp; int resp_retcode; };
    struct pam_conv { int (*conv)(int, const struct pam_message **, struct pam_response **, void *); void *appdata_ptr; };
    int pam_start(const char *, const char *, const struct pam_conv *, pam_handle_t **);
    int pam_authenticate(pam_handle_t *, int);
    int pam_end(pam_handle_t *, int);
    static const char *first;
    static int asked;
    static int talk(int count, const struct pam_message **messages, struct pam_response **responses, void *data) {
        struct pam_response *out = calloc((size_t)count, sizeof *out);
        for (int at = 0; at < count; at++) {
            if (messages[at]->msg_style != 1 && messages[at]->msg_style != 2) { printf("%s\n", messages[at]->msg); continue; }
            if (asked++ > 0) { free(out); return 19; }
            if (strncmp(first, "long:", 5) != 0) { out[at].resp = strdup(first); continue; }
            size_t length = (size_t)atol(first + 5);
            out[at].resp = malloc(length + 1);
            memset(out[at].resp, '2', length);
            out[at].resp[length] = '\0';
        }
        *responses = out;
        return 0;
    }
    /* A listening socket, a child of PEER's that connects and holds it, the connection on 0. */
    static int connect_from(uid_t peer) {
        struct sockaddr_un address = {.sun_family = AF_UNIX};
        snprintf(address.sun_path, sizeof address.sun_path, "/tmp/answer-%d.sock", (int)getpid());
        unlink(address.sun_path);
        int listener = socket(AF_UNIX, SOCK_STREAM, 0);
        if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1) != 0) return -1;
        if (chmod(address.sun_path, 0777) != 0) return -1;
        if (fork() == 0) {
            int out = socket(AF_UNIX, SOCK_STREAM, 0);
            char byte;
            if (setresgid(100, 100, 100) != 0 || setresuid(peer, peer, peer) != 0) _exit(1);
            if (connect(out, (struct sockaddr *)&address, sizeof address) != 0) _exit(1);
            while (read(out, &byte, 1) > 0) {}
            _exit(0);
        }
        int connection = accept(listener, NULL, NULL);
        unlink(address.sun_path);
        close(listener);
        return connection < 0 || dup2(connection, 0) < 0 ? -1 : 0;
    }
    int main(int argc, char **argv) {
        if (argc != 4 && argc != 5) return 2;
        if (argc == 5 && connect_from((uid_t)atoi(argv[4])) != 0) return 2;
        first = argv[3];
        struct pam_conv conversation = {talk, NULL};
        pam_handle_t *handle = NULL;
        if (pam_start(argv[1], argv[2], &conversation, &handle) != 0) return 2;
        int result = pam_authenticate(handle, 0);
        printf("RESULT %d asked %d\n", result, asked);
        pam_end(handle, result);
        return result == 0 ? 0 : 1;
    }
    """#

let compiler = tool("cc") ?? tool("clang")
let ownConversationUnavailable: String? = pamUnavailable
    ?? (compiler == nil ? "needs a C compiler (cc or clang) to build the test's PAM application" : nil)

@Suite("A PAM application's own conversation", .serialized,
       .enabled(if: ownConversationUnavailable == nil, "\(ownConversationUnavailable ?? "")"))
struct PamOwnConversationTests {
    /// The application built in the space's folder, and its run answering `reply`.
    func answer(_ reply: String, options: String = "person=login seed=1 timeout=600 attempts=1",
                peer: String = "") throws -> (PamSpace, PtyProcess) {
        let space = try #require(PamSpace(services: ["gate-test": stack(options)]))
        writeFile(space.folder + "/answer.c", ownConversationSource)
        let build = startProcess([compiler!, "-o", space.folder + "/answer", space.folder + "/answer.c", "-l:libpam.so.0"], terminal: false)
        try #require(build.finish() == .exited(0), "\(build.errorText)")
        return (space, space.run("'\(space.folder)/answer' gate-test root '\(reply)' \(peer)\necho status-$?"))
    }

    @Test func theRightTileThroughTheApplicationPasses() throws {
        let (space, run) = try answer("\(BoardOracle(seed: 1).right)")
        #expect(run.waitFor("status-0"), "\(run.screenText)")
        #expect(run.screenText.contains("RESULT 0 asked 1"))
        #expect(space.records().first?[field: "SHAPELYGATE_OUTCOME"] == "passed")
    }

    /// Around the length at which an answer no longer fits a message (SG_MESSAGE_LIMIT,
    /// 8 MiB, with its kind and ends), and far beyond: a denial at once, the deadline
    /// ten minutes away.
    @Test(arguments: [8_388_606, 8_388_607, 9_000_000])
    func anAnswerTooLongForAMessageIsDeniedAtOnce(_ length: Int) throws {
        let (space, run) = try answer("long:\(length)")
        #expect(run.waitFor("status-1"), "\(run.screenText)")
        #expect(run.screenText.contains("RESULT 7 asked 1"), "\(run.screenText)")
        #expect(space.records().first?[field: "SHAPELYGATE_OUTCOME"] != "passed")
    }

    /// Just short of that, the answer reaches the judge, which finds no tile in it.
    @Test func anAnswerThatFitsIsJudgedAsAnyOther() throws {
        let (space, run) = try answer("long:8388605")
        #expect(run.waitFor("status-1"), "\(run.screenText)")
        #expect(run.screenText.contains("Type a number from 1 to 8"), "\(run.screenText)")
        #expect(run.screenText.contains("RESULT 7 asked 2"), "\(run.screenText)")
        #expect(space.records().first?[field: "SHAPELYGATE_REASON"] == "end-of-input")
    }

    // polkit 127 on: the helper that runs the polkit-1 stack is started by systemd as
    // root, the agent's connection on its standard input. The caller is that socket's
    // peer, as the kernel recorded it; never root.

    @Test func aRootHelperWhosePeerIsTheChildShowsTheChildTheBoard() throws {
        let (space, run) = try answer("\(BoardOracle(seed: 1).right)", options: "person=caller users=kid seed=1 timeout=600",
                                      peer: "2001")
        #expect(run.waitFor("status-0"), "\(run.screenText)")
        #expect(run.screenText.contains("To run: gate-test root") && run.screenText.contains("RESULT 0 asked 1"), "\(run.screenText)")
        let record = space.records().first
        #expect(record?[field: "SHAPELYGATE_OUTCOME"] == "passed" && record?[field: "SHAPELYGATE_USER"] == "kid")
    }

    @Test func aRootHelperWhosePeerIsLeftOutIsNotGated() throws {
        // mum is not in users=: the module ignores her (PAM_IGNORE) and pam_permit decides.
        let (space, run) = try answer("1", options: "person=caller users=kid seed=1 timeout=600", peer: "2002")
        #expect(run.waitFor("status-0"), "\(run.screenText)")
        #expect(run.screenText.contains("RESULT 0 asked 0"), "\(run.screenText)")
        #expect(space.records().isEmpty)
    }

    @Test func aRootHelperWithNoSocketCannotTellWhoCallsAndDenies() throws {
        let (space, run) = try answer("1", options: "person=caller users=kid seed=1 timeout=600")
        #expect(run.waitFor("status-1"), "\(run.screenText)")
        #expect(run.screenText.contains("RESULT 7 asked 0"), "\(run.screenText)")
        #expect(run.screenText.contains("shapelygate: cannot tell who is calling"))
        #expect(space.records().first?[field: "SHAPELYGATE_REASON"] == "unknown-caller")
    }
}
