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
    @Test func aWrappedCommandsExactBytesAndTheRealTerminal() throws {
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n", pluginOptions: "users=nobody"))
        let mirror = Mirror(seed: 3)
        let pty = space.run("""
            exec '\(gatePath)' --seed 3 -- /bin/true "$(printf 'a\\nb')" 'k=v' "$(printf '\\377\\303(')" \
            "$(head -c 100000 /dev/zero | tr '\\0' x)"
            """)
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\(mirror.right)\r")
        #expect(pty.finish() == 0)
        let fields = try #require(space.journal.receive())
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        let command = Array("/bin/true a\nb k=v ".utf8) + [0xFF, 0xC3, 0x28, 0x20] + big
        #expect(fields[bytes: "SHAPELYGATE_COMMAND"] == command)
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "5")
        #expect(fields[field: "SHAPELYGATE_OUTCOME"] == "passed")
        #expect(fields[field: "SHAPELYGATE_MODE"] == "wrapper")
        #expect(fields[field: "SHAPELYGATE_ROUNDS"] == "1" && fields[field: "SHAPELYGATE_WRONG"] == "0")
        let terminal = space.terminal(ofRun: 1)
        #expect(terminal.hasPrefix("/dev/pts/"))
        #expect(fields[field: "SHAPELYGATE_TTY"] == terminal)
        #expect(fields[field: "MESSAGE"]?.contains(" tty=\(terminal) outcome=passed ") == true)
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
        #expect(fields[field: "SHAPELYGATE_FOR"] == "/bin/true x")
        #expect(fields[field: "SHAPELYGATE_USER"] == "root")
        #expect(fields[field: "SHAPELYGATE_TTY"] == space.terminal(ofRun: 1))
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "0")
    }
}
