// PamtesterTests.swift — the module loaded by pamtester (Linux-PAM's own conversation,
// misc_conv, on a pseudo-terminal), in a PAM stack of the test's own (PamHarness): the
// words board arrives as information and the answer goes back through the prompt; a
// right tile authenticates, and a wrong tile, the deadline, a closed conversation, a bad
// option line and a path= that is no judge all fail.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let pamtesterUnavailable: String? = pamUnavailable ?? (tool("pamtester") == nil ? "needs pamtester" : nil)

@Suite("the PAM module under pamtester", .serialized, .enabled(if: pamtesterUnavailable == nil, "\(pamtesterUnavailable ?? "")"))
struct PamtesterTests {
    func space(_ options: String) throws -> PamSpace {
        try #require(PamSpace(services: ["gate-test": stack(options)]))
    }

    /// pamtester asking as root for `user`, its status after it.
    func pamtester(_ space: PamSpace, user: String = "root", items: String = "") -> PtyProcess {
        space.run("pamtester \(items) gate-test \(user) authenticate\necho status-$?")
    }

    func fields(_ space: PamSpace) -> [String] {
        space.records().map { record in
            ["SHAPELYGATE_OUTCOME", "SHAPELYGATE_REASON", "SHAPELYGATE_USER", "SHAPELYGATE_MODE", "SHAPELYGATE_SERVICE"]
                .map { record[field: $0] ?? "-" }.joined(separator: "/")
        }
    }

    @Test func theRightTileAuthenticates() throws {
        let space = try space("person=login seed=1 timeout=60")
        let oracle = BoardOracle(seed: 1)
        let pty = pamtester(space)
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)")
        let text = pty.screenText
        #expect(text.contains("To run: gate-test: log in as root"))
        #expect(text.contains("\r\n1, ") || text.contains("\r\n1: "), "\(text)")
        #expect(!text.contains("Tiles:"), "the compact board has no Tiles: line")
        #expect(text.contains("Seconds left: "))
        pty.type("\(oracle.right)\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("successfully authenticated"))
        #expect(fields(space) == ["passed/-/root/pam/gate-test"])
    }

    @Test func aWrongTileFails() throws {
        let space = try space("person=login seed=1 timeout=60 attempts=1")
        let oracle = BoardOracle(seed: 1)
        let pty = pamtester(space)
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\(oracle.wrong)\r")
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(pty.screenText.contains("Authentication failure"))
        #expect(fields(space) == ["denied/too-many-attempts/root/pam/gate-test"])
    }

    @Test func anAnswerAfterTheDeadlineFails() throws {
        let space = try space("person=login seed=1 timeout=1")
        let oracle = BoardOracle(seed: 1)
        let pty = pamtester(space)
        #expect(pty.waitFor("choose 1-8"))
        // The judge denies at the deadline (the board's listening time, then a second),
        // while the prompt still waits: the record comes first, the right tile after it.
        let record = space.space.journal.receive(timeout: 60)
        #expect(record?[field: "SHAPELYGATE_REASON"] == "time-expired")
        pty.type("\(oracle.right)\r")
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(pty.screenText.contains("Authentication failure"))
    }

    @Test func aClosedConversationFails() throws {
        let space = try space("person=login seed=1 timeout=60")
        let pty = pamtester(space)
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\u{4}")
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(fields(space) == ["denied/end-of-input/root/pam/gate-test"])
    }

    /// The lockout is the person's, whichever door set it: a door whose own line sets no
    /// cooldown still finds it shut.
    @Test func aLockoutSetAtOneDoorShutsADoorWithoutACooldown() throws {
        let space = try #require(PamSpace(services: [
            "gate-test": stack("person=login seed=1 timeout=60 attempts=1 cooldown=300"),
            "other-door": stack("person=login seed=1 timeout=60"),
        ]))
        let oracle = BoardOracle(seed: 1)
        let first = pamtester(space)
        #expect(first.waitFor("choose 1-8"))
        first.type("\(oracle.wrong)\r")
        #expect(first.waitFor("status-1"), "\(first.screenText)")
        let second = space.run("pamtester other-door root authenticate\necho status-$?")
        #expect(second.waitFor("status-1"), "\(second.screenText)")
        #expect(!second.screenText.contains("choose 1-"), "a board at a door that should be shut")
        #expect(second.screenText.contains("locked after a wrong answer"))
        #expect(fields(space) == ["denied/too-many-attempts/root/pam/gate-test", "locked/-/root/pam/other-door"])
    }

    @Test func anOptionErrorFailsClosedAndSaysSoInTheJournal() throws {
        let space = try space("person=login seed=1 grace=30")
        let pty = pamtester(space)
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(!pty.screenText.contains("choose 1-"))
        #expect(oneLine(pty.screenText).contains("shapelygate: option grace= means nothing on the PAM line: a PAM door keeps no grace window"))
        let record = try #require(space.space.journal.receive(timeout: 5))
        #expect(record[field: "SHAPELYGATE_OUTCOME"] == "error" && record[field: "SHAPELYGATE_REASON"] == "configuration")
        #expect(record[field: "SHAPELYGATE_SERVICE"] == "gate-test")
        #expect(record[field: "MESSAGE"]?.contains("grace=") == true)
    }

    @Test func withoutPersonTheLineFailsClosed() throws {
        let space = try space("seed=1")
        let pty = pamtester(space)
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(oneLine(pty.screenText).contains("needs person=caller or person=login"))
    }

    @Test func aPathThatIsNoJudgeFails() throws {
        let space = try space("person=login path=\(Gates.alwaysTrue)")
        let pty = pamtester(space)
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(pty.screenText.contains("Authentication failure"))
    }

    /// A program the walk refuses (readable by others): the person reads why.
    @Test func aProgramThatCannotBeTrustedIsNamedToThePerson() throws {
        let space = try space("person=login path=\(Gates.readable)")
        let pty = pamtester(space)
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(oneLine(pty.screenText).contains("shapelygate: the gate \(Gates.readable) must be a file owned by root, mode 0711"),
                "\(pty.screenText)")
    }

    @Test func someoneTheLineLeavesOutMeetsNoBoard() throws {
        let space = try space("person=login users=kid seed=1")
        let pty = pamtester(space, user: "mum")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(!pty.screenText.contains("choose 1-"))
        #expect(fields(space).isEmpty)
    }

    /// pamtester as a setuid program is run: the caller's real uid (mum), root's
    /// effective one. PAM_RUSER naming kid gates too.
    @Test func theCallersNameInRUserIsGatedToo() throws {
        let space = try space("person=caller users=kid seed=1 timeout=60 attempts=1")
        let pty = space.run("setpriv --ruid=mum --euid=0 pamtester -I ruser=kid gate-test root authenticate\necho status-$?")
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)")
        pty.type("\(BoardOracle(seed: 1).wrong)\r")
        #expect(pty.waitFor("status-1"))
        #expect(fields(space) == ["denied/too-many-attempts/mum/pam/gate-test"])
    }

    /// A program root started (a real uid of 0), with no socket on its standard input:
    /// the kernel does not say who calls, so person=caller denies, never ignores.
    @Test func aRootProgramWhoseCallerCannotBeToldIsDenied() throws {
        let space = try space("person=caller users=kid seed=1 timeout=60")
        let pty = pamtester(space)
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(!pty.screenText.contains("choose 1-"))
        #expect(oneLine(pty.screenText).contains("shapelygate: cannot tell who is calling"))
        #expect(fields(space) == ["denied/unknown-caller/unknown/pam/gate-test"])
    }
}
