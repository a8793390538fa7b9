// PamSshdTests.swift — a real sshd of the test's own (its host key, configuration and
// port on 127.0.0.1, in the mount namespace of PamHarness, with the test's
// /etc/pam.d/sshd) and the real ssh client on a pseudo-terminal: a keyboard-interactive
// login shows the words board in the client's prompt, and only a right tile logs in.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let sshdUnavailable: String? = pamUnavailable ?? (tools("sshd", "ssh", "ssh-keygen") ? nil : "needs sshd, ssh and ssh-keygen (openssh-server, openssh-client)")

@Suite("sshd with the PAM module", .serialized, .enabled(if: sshdUnavailable == nil, "\(sshdUnavailable ?? "")"))
struct PamSshdTests {
    /// sshd started in the namespace, then `ssh kid@127.0.0.1`, its status after it; sshd
    /// is stopped when the script ends or is hung up on. sshd forks into the background
    /// before it listens, so the client may knock before anyone answers: it tries again,
    /// once a second, until sshd listens (ssh's own ConnectionAttempts).
    /// Each test has a port of its own, so the sshd a finished test stopped (which may not
    /// have let go of its port yet) is never the one that answers.
    func login(_ options: String, port offset: Int) throws -> (PamSpace, PtyProcess) {
        let space = try #require(PamSpace(services: ["sshd": stack("person=login users=kid seed=1 timeout=60 " + options)]))
        let folder = space.folder
        let port = 20000 + 2 * Int(getpid() % 10000) + offset
        writeFile(folder + "/sshd_config", """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder)/host_key
            PidFile \(folder)/sshd.pid
            UsePAM yes
            KbdInteractiveAuthentication yes
            PasswordAuthentication no
            PubkeyAuthentication no
            PermitRootLogin no
            StrictModes no
            UseDNS no

            """)
        let ssh = "ssh -F /dev/null -p \(port) -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
            + "-o PreferredAuthentications=keyboard-interactive -o NumberOfPasswordPrompts=1 -o ConnectionAttempts=30 kid@127.0.0.1 'echo shell-as-$(id -un)'"
        let pty = space.run("""
            mkdir -p -m 0755 /run/sshd
            ssh-keygen -q -t ed25519 -N '' -f '\(folder)/host_key'
            $(command -v sshd) -f '\(folder)/sshd_config' -E '\(folder)/sshd.log'
            trap 'kill "$(cat '\''\(folder)/sshd.pid'\'')"' EXIT HUP TERM
            sh -c 'echo $$ >'\''\(folder)/ssh.pid'\''; exec "$@"' ssh \(ssh)
            echo status-$?
            """)
        return (space, pty)
    }

    @Test func aRightTileLogsIn() throws {
        let (space, pty) = try login("", port: 0)
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)\n\(readText(space.folder + "/sshd.log"))")
        #expect(pty.screenText.contains("To run: sshd: log in as kid"), "\(pty.screenText)")
        pty.type("\(BoardOracle(seed: 1).right)\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shell-as-kid"))
        let record = space.records().first
        #expect(record?[field: "SHAPELYGATE_OUTCOME"] == "passed" && record?[field: "SHAPELYGATE_SERVICE"] == "sshd")
        #expect(record?[field: "SHAPELYGATE_USER"] == "kid")
    }

    @Test func aWrongTileIsDenied() throws {
        let (space, pty) = try login("attempts=1", port: 1)
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)\n\(readText(space.folder + "/sshd.log"))")
        pty.type("\(BoardOracle(seed: 1).wrong)\r")
        #expect(pty.waitFor("status-255"), "\(pty.screenText)")
        #expect(!pty.screenText.contains("shell-as-kid"))
        #expect(pty.screenText.contains("Permission denied"))
        #expect(space.records().first?[field: "SHAPELYGATE_REASON"] == "too-many-attempts")
    }

    /// mum, answering from a run of her own in the namespace.
    func approver(_ space: PamSpace, _ words: String) -> PtyProcess {
        space.run("setpriv --reuid=2002 --regid=100 --init-groups \(Gates.installed) \(words)\necho status-$?")
    }

    /// The request's id, as the prompt's screen shows it.
    func requestID(_ pty: PtyProcess) -> String? {
        let text = pty.screenText
        return text.ranges(of: "--approve ").last.map { String(text[$0.upperBound...].prefix(8)) }
    }

    /// At ssh the wait is a prompt: who may approve and the id are seen before anyone
    /// answers; what is typed there is the reason mum reads; each Enter looks again, and
    /// the Enter after her yes logs in.
    @Test func theWaitIsAPromptAndItsAnswerIsTheReason() throws {
        let (space, pty) = try login("approval=parent approvers=mum", port: 2)
        #expect(pty.waitFor("Waiting for mum: Enter looks again, or type a reason: "),
                "\(pty.screenText)\n\(readText(space.folder + "/sshd.log"))")
        #expect(pty.screenText.contains("Who may approve: mum"), "\(pty.screenText)")
        #expect(pty.screenText.contains("Time left: 5 min 0 s"), "\(pty.screenText)")
        let id = try #require(requestID(pty))
        let seen = pty.screen.count
        pty.type("\r")
        #expect(pty.waitFor("Waiting for mum: Enter looks again, or type a reason: ", after: seen), "\(pty.screenText)")
        #expect(pty.waitFor("Time left: ", after: seen), "\(pty.screenText)")
        pty.type("for my \u{1B}[31mhomework\r")
        #expect(pty.waitFor("Reason sent: for my \\x1b[31mhomework"), "\(pty.screenText)")
        #expect(pty.waitFor("Waiting for mum: Enter looks again: "), "\(pty.screenText)")
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains("\(id)  kid  "), "\(pending.screenText)")
        #expect(pending.screenText.contains("    reason: for my \\x1b[31mhomework"), "\(pending.screenText)")
        let yes = approver(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        pty.type("\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shell-as-kid"))
    }

    /// The client gone (ssh killed): the request is withdrawn at once, not left until
    /// approval-timeout; mum's --pending no longer lists it, and her yes finds nothing.
    @Test func aClientGoneWithdrawsTheRequest() throws {
        let (space, pty) = try login("approval=parent approvers=mum approval-timeout=600", port: 3)
        #expect(pty.waitFor("Enter looks again"), "\(pty.screenText)\n\(readText(space.folder + "/sshd.log"))")
        let id = try #require(requestID(pty))
        let listed = approver(space, "--pending")
        #expect(listed.waitFor("status-0") && listed.screenText.contains(id), "\(listed.screenText)")
        let client = try #require(pid_t(String(readText(space.folder + "/ssh.pid").filter(\.isNumber))))
        #expect(kill(client, SIGKILL) == 0)
        #expect(pty.waitFor("status-"))
        var gone = false
        let deadline = monotonicNow() + 20
        while !gone && monotonicNow() < deadline {
            let pending = approver(space, "--pending")
            gone = pending.waitFor("status-0") && !pending.screenText.contains(id)
        }
        #expect(gone, "the request of a client gone is still listed")
        let late = approver(space, "--approve \(id)")
        #expect(late.waitFor("status-1"), "\(late.screenText)")
        #expect(space.records(timeout: 5).compactMap { $0[field: "SHAPELYGATE_REASON"] }.contains("withdrawn"))
    }
}
