// GraceTests.swift — the plugin's grace window, with the real sudo in a private mount
// namespace (PolicyNamespace.swift): within the window a second gated command on the
// same terminal session runs without a board, and its audit record says reason=grace;
// another terminal, the end of the window, a denial, or a record that is not root's
// alone each mean a board again.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("sudo's grace window", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct GraceTests {
    let oracle = BoardOracle(seed: 2)

    func space(grace: Int, policy: String = "syslog = yes\n", users: String = "root", others: [String] = []) throws -> PolicyNamespace {
        try #require(PolicyNamespace(policy: policy, pluginOptions: "users=\(users) path=\(Gates.installed) seed=2 timeout=60 grace=\(grace)",
                                     users: others))
    }

    /// Answers the board that appears after `offset` in the output; false when none did.
    func pass(_ pty: PtyProcess, after offset: Int = 0) -> Bool {
        guard pty.waitFor("choose 1-8", after: offset) else { return false }
        pty.type("\(oracle.right)\r")
        return true
    }

    func reasons(_ records: [[(name: String, value: [UInt8])]]) -> [String] {
        records.map { "\($0[field: "SHAPELYGATE_OUTCOME"] ?? "?")/\($0[field: "SHAPELYGATE_REASON"] ?? "board")" }
    }

    @Test func twoCommandsWithinTheWindowOneBoard() throws {
        let space = try space(grace: 600)
        let pty = space.run("sudo touch '\(space.folder)/one' && sudo touch '\(space.folder)/two'")
        #expect(pass(pty))
        #expect(pty.finish() == .exited(0))
        #expect(exists(space.folder + "/one") && exists(space.folder + "/two"))
        let records = space.records()
        #expect(reasons(records) == ["passed/board", "passed/grace"])
        let grace = try #require(records.last)
        #expect(grace[field: "SHAPELYGATE_MODE"] == "sudo-plugin")
        #expect(grace[field: "SHAPELYGATE_USER"] == "root")
        #expect(grace[field: "SHAPELYGATE_TTY"] == space.terminal(ofRun: 1))
        #expect(grace[field: "SHAPELYGATE_COMMAND"] == "\(tool("touch") ?? "/usr/bin/touch") \(space.folder)/two")
        #expect(grace[field: "MESSAGE"]?.hasSuffix(" outcome=passed reason=grace keeps=LANG,TERM command='\(tool("touch") ?? "/usr/bin/touch") \(space.folder)/two'") == true)
        #expect(grace[field: "SHAPELYGATE_KEEPS"] == "LANG TERM")
        #expect(grace[field: "MESSAGE_ID"] == "f566834617fd4f15836934871b86e5a1")
    }

    @Test func anotherTerminalSeesTheBoard() throws {
        let space = try space(grace: 600)
        let first = space.run("sudo touch '\(space.folder)/one'; sleep 600")
        #expect(pass(first))
        #expect(waitUntil { exists(space.folder + "/one") })
        let second = space.run("sudo touch '\(space.folder)/two'")
        #expect(pass(second))
        #expect(second.finish() == .exited(0))
        #expect(reasons(space.records()) == ["passed/board", "passed/board"])
    }

    /// Shell lines that move the pass recorded in root's grace records `seconds` into the
    /// past, as if that much time had gone by (PersonRecords.swift: `... at=SECONDS ticket=...`).
    static func ageGraceRecords(by seconds: Int) -> String {
        """
        for record in /run/shapelygate/0/tty-*; do
            at=$(sed -n 's/.* at=\\([^ ]*\\) ticket=.*/\\1/p' "$record")
            aged=$(awk -v at="$at" 'BEGIN { printf "%.3f", at - \(seconds) }')
            sed -i "s/ at=$at ticket=/ at=$aged ticket=/" "$record"
        done
        """
    }

    @Test func afterTheWindowTheBoardAgain() throws {
        let space = try space(grace: 600)
        let pty = space.run("""
            sudo touch '\(space.folder)/one'
            \(Self.ageGraceRecords(by: 601))
            echo next-command; sudo touch '\(space.folder)/two'
            """)
        #expect(pass(pty))
        #expect(pass(pty, after: after("next-command", in: pty)))
        #expect(pty.finish() == .exited(0))
        #expect(exists(space.folder + "/two"))
        #expect(reasons(space.records()) == ["passed/board", "passed/board"])
    }

    /// `shapelygate --end-grace` becomes this sudo command: the judge knows it by its file
    /// and words, ends the window with no board, and runs nothing; the next command asks.
    @Test func endGraceEndsTheWindowWithNoBoardAndRunsNothing() throws {
        let space = try space(grace: 600)
        let pty = space.run("""
            sudo touch '\(space.folder)/one'
            sudo -- \(Gates.installed) --end-grace; echo ended-$?
            sudo touch '\(space.folder)/two'
            """)
        #expect(pass(pty))
        let ended = after("ended-1", in: pty)
        let screen = oneLine(pty.screenText)
        #expect(screen.contains("shapelygate: the grace window on \(space.terminal(ofRun: 1)) is ended; nothing was run"), "\(screen)")
        #expect(pty.screenText.ranges(of: "choose 1-8").count == 1, "a board for --end-grace")
        #expect(pass(pty, after: ended))
        #expect(pty.finish() == .exited(0))
        #expect(exists(space.folder + "/two"))
        #expect(reasons(space.records()) == ["passed/board", "passed/board"])
    }

    @Test func aDenialEndsTheWindow() throws {
        let space = try space(grace: 600)
        let pty = space.run("""
            sudo touch '\(space.folder)/one'; sudo -n touch '\(space.folder)/two'; echo denied-$?; sudo touch '\(space.folder)/three'
            """)
        #expect(pass(pty))
        #expect(pass(pty, after: after("denied-1", in: pty)))
        #expect(pty.finish() == .exited(0))
        #expect(exists(space.folder + "/one") && !exists(space.folder + "/two") && exists(space.folder + "/three"))
        #expect(reasons(space.records()) == ["passed/board", "denied/non-interactive", "passed/board"])
    }

    @Test func aRecordThatIsNotRootsAloneIsIgnoredAndReported() throws {
        let (uid, gid) = try #require(account("nobody"))
        let space = try space(grace: 600, users: "nobody", others: ["nobody"])
        let asNobody = "setpriv --reuid=\(uid) --regid=\(gid) --init-groups sudo"
        let pty = space.run("""
            \(asNobody) touch '\(space.folder)/one'
            chown \(uid) /run/shapelygate/\(uid)/tty-*; echo second-command
            \(asNobody) touch '\(space.folder)/two'
            chmod 0 /run/shapelygate/\(uid)/tty-*; chown \(uid) /run/shapelygate/\(uid); echo third-command
            \(asNobody) touch '\(space.folder)/three'
            """)
        #expect(pass(pty))
        #expect(pass(pty, after: after("second-command", in: pty)))
        #expect(pty.screenText.contains("ignoring the grace record /run/shapelygate/\(uid)/tty-"))
        #expect(pty.screenText.contains(": it belongs to uid \(uid), not to root"))
        // A folder of records the person owns holds no grace, and no lockout that can be
        // trusted either: the lockout, read at every door, shuts the gate until root
        // removes it.
        #expect(pty.waitFor("ignoring the grace record /run/shapelygate/\(uid) belongs to uid \(uid), not to uid 0"))
        #expect(pty.waitFor("cannot be trusted"), "\(pty.screenText)")
        #expect(pty.finish() == .exited(1))
        #expect(!exists(space.folder + "/three"))
        #expect(reasons(space.records()) == ["passed/board", "passed/board", "locked/untrusted-record"])
    }

    @Test func aBadGraceStopsSudo() throws {
        for value in ["5m", "86401", ""] {
            let space = try #require(PolicyNamespace(policy: "", pluginOptions: "users=root path=\(Gates.installed) grace=\(value)"))
            let pty = space.run("sudo touch '\(space.folder)/one'")
            #expect(pty.finish() == .exited(1))
            #expect(pty.screenText.contains(value.isEmpty ? "shapelygate: option grace= needs a value"
                                                          : "shapelygate: invalid grace=\(value): expected a whole number 0-86400"))
            #expect(!exists(space.folder + "/one"))
        }
    }

    @Test func strictTurnsItOffUnlessThePolicySetsMaxGrace() throws {
        for (policy, expected) in [("syslog = yes\nstrict = yes\n", ["passed/board", "passed/board"]),
                                   ("syslog = yes\nstrict = yes\nmax-grace = 60\n", ["passed/board", "passed/grace"])] {
            let space = try space(grace: 600, policy: policy)
            let pty = space.run("sudo touch '\(space.folder)/one'; echo next-command; sudo touch '\(space.folder)/two'")
            #expect(passStrict(pty, after: 0))
            if expected.last == "passed/board" { #expect(passStrict(pty, after: after("next-command", in: pty))) }
            #expect(pty.finish() == .exited(0))
            #expect(exists(space.folder + "/two"))
            #expect(reasons(space.records()) == expected)
        }
    }

    /// Answers the three rounds of a --strict board that appears after `offset`.
    func passStrict(_ pty: PtyProcess, after offset: Int) -> Bool {
        var configuration = GateConfiguration()
        configuration.rounds = 3
        configuration.kinds = GateConfiguration.kinds(count: 8)
        configuration.maximumFailedAttempts = 2
        var challenge = Challenge(configuration: configuration, generator: GateRandom(seed: 2), now: 0)
        for round in 1...3 {
            guard pty.waitFor("Round \(round) of 3", after: offset) else { return false }
            let tile = challenge.board.tiles.firstIndex { $0.kind == challenge.target }! + 1
            _ = challenge.answer(tileNumber: tile, at: 0)
            pty.type("\(tile)\r")
        }
        return true
    }
}
