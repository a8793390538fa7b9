// PamApprovalTests.swift — asking a parent at a PAM door: pamtester logs in to the
// child's account (person=login) with approval=parent, the conversation says who was
// asked and how they answer, and waits; mum answers from a run of her own, as under
// sudo (ApprovalTests), and only her yes authenticates.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Asking a parent at a PAM door", .serialized, .enabled(if: pamtesterUnavailable == nil, "\(pamtesterUnavailable ?? "")"))
struct PamApprovalTests {
    func request(_ options: String) throws -> (PamSpace, PtyProcess, String) {
        let space = try #require(PamSpace(services: ["gate-test": stack("person=login users=kid approvers=mum seed=1 " + options)]))
        // pamtester's pid, so a test can take the door away.
        let pty = space.run("sh -c 'echo $$ >\(space.folder)/door.pid; exec \"$@\"' pamtester "
                            + "pamtester -I rhost=phone.home.example -I tty=/dev/pts/7 gate-test kid authenticate\necho status-$?")
        #expect(pty.waitFor("They answer with: shapelygate --approve "), "\(pty.screenText)")
        #expect(pty.screenText.contains("Who may approve: mum"))
        let text = pty.screenText
        let id = text.ranges(of: "--approve ").last.map { String(text[$0.upperBound...].prefix(8)) } ?? "?"
        return (space, pty, id)
    }

    func answer(_ space: PamSpace, _ words: String) -> PtyProcess {
        space.run("setpriv --reuid=2002 --regid=100 --init-groups \(Gates.installed) \(words)\necho status-$?")
    }

    @Test func theParentsYesAuthenticates() throws {
        let (space, pty, id) = try request("approval=parent")
        #expect(pty.screenText.contains("Waiting up to 5 min 0 s; Ctrl-C withdraws the request."))
        let pending = answer(space, "--pending")
        #expect(pending.waitFor("status-0"))
        // The approver sees the door's terminal and where a remote login comes from.
        #expect(pending.screenText.contains("\(id)  kid  /dev/pts/7 from phone.home.example  "), "\(pending.screenText)")
        let yes = answer(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("successfully authenticated"))
        let records = space.records().map { "\($0[field: "SHAPELYGATE_OUTCOME"] ?? "-")/\($0[field: "SHAPELYGATE_APPROVER"] ?? "-")" }
        #expect(records == ["requested/-", "passed/mum"])
    }

    @Test func theParentsNoFails() throws {
        let (space, pty, id) = try request("approval=parent")
        let no = answer(space, "--deny \(id)")
        #expect(no.waitFor("status-0"), "\(no.screenText)")
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shapelygate: mum said no"))
    }

    @Test func underEitherTheParentsYesDecidesAtTheNextEnter() throws {
        let (space, pty, id) = try request("approval=either timeout=60")
        #expect(pty.waitFor("choose 1-8"))
        let yes = answer(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        // A wrong tile typed after the yes: the approver's answer has already decided.
        #expect(space.space.journal.receive(timeout: 5)?[field: "SHAPELYGATE_OUTCOME"] == "requested")
        #expect(space.space.journal.receive(timeout: 5)?[field: "SHAPELYGATE_APPROVER"] == "mum")
        pty.type("\(BoardOracle(seed: 1).wrong)\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
    }

    /// The door gone (the program that asked killed): the request is withdrawn at once,
    /// not left until approval-timeout.
    @Test func aDoorGoneWithdrawsTheRequest() throws {
        let (space, pty, id) = try request("approval=parent approval-timeout=600")
        let door = try #require(pid_t(String(readText(space.folder + "/door.pid").filter(\.isNumber))))
        #expect(kill(door, SIGKILL) == 0)
        #expect(pty.waitFor("status-"))
        var gone = false
        let deadline = monotonicNow() + 20
        while !gone && monotonicNow() < deadline {
            let pending = answer(space, "--pending")
            gone = pending.waitFor("status-0") && !pending.screenText.contains(id)
        }
        #expect(gone, "the request of a door gone is still listed")
        #expect(answer(space, "--approve \(id)").waitFor("status-1"))
        #expect(space.records(timeout: 5).compactMap { $0[field: "SHAPELYGATE_REASON"] }.contains("withdrawn"))
    }

    /// A full file system says what is full: the requests' folder (no inode left for a
    /// socket), and the person's records (no block left for the lockout record), never
    /// that root must remove a record.
    @Test func aFullFileSystemSaysWhatIsFull() throws {
        let space = try #require(PamSpace(services: [
            "ask": stack("person=login users=kid approvers=mum approval=parent seed=1"),
            "board": stack("person=login users=kid seed=1 cooldown=60"),
        ]))
        let pty = space.run("""
            mount -t tmpfs -o size=4k,nr_inodes=2,mode=0755 tmpfs /run/shapelygate-requests
            : >/run/shapelygate-requests/.lock; chmod 0600 /run/shapelygate-requests/.lock
            mount -t tmpfs -o size=4k,mode=0755 tmpfs /run/shapelygate
            mkdir -m 0700 /run/shapelygate/2001
            dd if=/dev/zero of=/run/shapelygate/filler bs=4096 count=2 2>/dev/null
            pamtester ask kid authenticate; echo status-$?
            pamtester board kid authenticate; echo status-$?
            """)
        #expect(pty.waitFor("status-", timeout: 20))
        #expect(pty.waitFor("status-", after: after("status-", in: pty), timeout: 20), "\(pty.screenText)")
        let text = oneLine(pty.screenText)
        #expect(text.contains("shapelygate: the file system holding /run/shapelygate-requests is full: cannot write /run/shapelygate-requests/0"),
                "\(pty.screenText)")
        #expect(text.contains("shapelygate: the file system holding /run/shapelygate/2001 is full: cannot write /run/shapelygate/2001/lockout"),
                "\(pty.screenText)")
        #expect(!text.contains("root removes it") && !text.contains("root must remove"))
    }
}
