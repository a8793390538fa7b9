// JournalRecordTests.swift — the installed program's audit record at the real journal
// path, /run/systemd/journal/socket, answered by the test: in a private mount namespace
// a tmpfs goes over /run and the test's socket is bound where journald's would be, and
// /etc is overlaid with a policy saying `syslog = yes`. The gate runs on a fresh
// pseudo-terminal, as a wrapper and under sudo with the plugin (PolicyNamespace.swift).

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("audit records in the journal", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct JournalRecordTests {
    /// 100 kB of arguments cannot be shown on a screen, so the gate denies them at once;
    /// the record still carries every byte.
    @Test func aWrappedCommandsExactBytesAndTheRealTerminal() throws {
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n", pluginOptions: "users=nobody"))
        let pty = space.run("""
            exec '\(gatePath)' --seed 3 --timeout 2 -- /bin/true "$(printf 'a\\nb')" 'k=v' "$(printf '\\377\\303(')" \
            "$(head -c 100000 /dev/zero | tr '\\0' x)"
            """)
        #expect(pty.finish() == .exited(1))
        let fields = try #require(space.journal.receive())
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        let command = Array("/bin/true a\nb k=v ".utf8) + [0xFF, 0xC3, 0x28, 0x20] + big
        #expect(fields[bytes: "SHAPELYGATE_COMMAND"] == command)
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "5")
        #expect(fields[field: "SHAPELYGATE_OUTCOME"] == "denied")
        #expect(fields[field: "SHAPELYGATE_REASON"] == "too-long")
        #expect(fields[field: "SHAPELYGATE_MODE"] == "wrapper")
        let terminal = space.terminal(ofRun: 1)
        #expect(terminal.hasPrefix("/dev/pts/"))
        #expect(fields[field: "SHAPELYGATE_TTY"] == terminal)
        #expect(fields[field: "MESSAGE"]?.contains(" tty=\(terminal) outcome=denied ") == true)
    }

    /// A pass in wrapper mode: the rounds and wrong answers are counted in the record.
    @Test func aPassCountsItsRoundsAndWrongAnswers() throws {
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n", pluginOptions: "users=nobody"))
        var oracle = BoardOracle(seed: 3)
        let pty = space.run("exec '\(gatePath)' --seed 3 -- /bin/true 'k=v outcome=denied'")
        #expect(pty.waitFor("choose 1-8"))
        let wrong = oracle.wrong
        oracle.play(wrong)
        let mark = pty.screen.count
        pty.type("\(wrong)\r")
        #expect(pty.waitFor("Last try.", after: mark))
        pty.type("\(oracle.right)\r")
        #expect(pty.finish() == .exited(0))
        let fields = try #require(space.journal.receive())
        #expect(fields[bytes: "SHAPELYGATE_COMMAND"] == Array("/bin/true k=v outcome=denied".utf8))
        #expect(fields[field: "SHAPELYGATE_OUTCOME"] == "passed")
        #expect(fields[field: "SHAPELYGATE_ROUNDS"] == "1" && fields[field: "SHAPELYGATE_WRONG"] == "1")
    }

    @Test func underSudoTheModeAndWhatWasShown() throws {
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n", pluginOptions: gated(seed: 4)))
        let pty = space.run("exec sudo /bin/true x")
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\u{3}")
        _ = pty.finish()
        let fields = try #require(space.journal.receive())
        #expect(fields[field: "SHAPELYGATE_MODE"] == "sudo-plugin")
        #expect(fields[field: "SHAPELYGATE_OUTCOME"] == "denied")
        #expect(fields[field: "SHAPELYGATE_REASON"] == "SIGINT")
        #expect(fields[field: "SHAPELYGATE_COMMAND"] == "/bin/true x")
        #expect(fields[field: "SHAPELYGATE_USER"] == "root")
        #expect(fields[field: "SHAPELYGATE_TTY"] == space.terminal(ofRun: 1))
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "2")
        // The judge's record alone: the gate it started wrote none of its own.
        #expect(space.journal.receive(timeout: 0.5) == nil)
    }
}
