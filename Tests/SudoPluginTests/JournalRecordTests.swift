// JournalRecordTests.swift — the installed program's audit record at the real journal
// path, /run/systemd/journal/socket, answered by the test: in a private mount namespace
// a tmpfs goes over /run and the test's socket is bound where journald's would be, and
// /etc is overlaid with a policy saying `syslog = yes`. The gate runs on a fresh
// pseudo-terminal, as a wrapper and under sudo with the plugin.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("audit records in the journal", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct JournalRecordTests {
    let folder = temporaryFolder()

    /// The namespace's set-up, then `command` (a shell fragment) on the terminal.
    func run(_ command: String, sudoOptions: String? = nil) -> Pty {
        for name in ["upper", "work", "home"] { mkdir(folder + "/" + name, 0o700) }
        var script = """
            set -e
            mount -t overlay overlay -o 'lowerdir=/etc,upperdir=\(folder)/upper,workdir=\(folder)/work' /etc
            printf 'syslog = yes\\n' > /etc/shapelygate.conf
            mount -t tmpfs tmpfs /run
            mkdir -p /run/systemd/journal /run/sudo
            touch /run/systemd/journal/socket
            mount --bind '\(folder)/journal' /run/systemd/journal/socket
            mount --bind '\(folder)/home' /root
            tty > '\(folder)/tty'

            """
        if let sudoOptions {
            script += """
                printf '%s\\n' 'Plugin sudoers_policy sudoers.so' 'Plugin shapelygate_approval \(pluginPath) \(sudoOptions)' > /etc/sudo.conf
                printf '%s\\n' 'Defaults !syslog, !lecture, !use_pty, env_reset' 'root ALL=(ALL:ALL) NOPASSWD: ALL' > /etc/sudoers

                """
        }
        writeFile(folder + "/run.sh", script + "exec " + command + "\n")
        return Pty([tool("unshare")!, "-m", "--propagation", "private", "/bin/sh", folder + "/run.sh"])
    }

    @Test func aWrappedCommandsExactBytesAndTheRealTerminal() throws {
        let journal = try #require(JournalListener(path: folder + "/journal"))
        let mirror = Mirror(seed: 3)
        let pty = run("""
            '\(gatePath)' --seed 3 -- /bin/true "$(printf 'a\\nb')" 'k=v' "$(printf '\\377\\303(')" \
            "$(head -c 100000 /dev/zero | tr '\\0' x)"
            """)
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\(mirror.right)\r")
        #expect(pty.finish() == 0)
        let fields = try #require(journal.receive())
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        let command = Array("/bin/true a\nb k=v ".utf8) + [0xFF, 0xC3, 0x28, 0x20] + big
        #expect(fields[bytes: "SHAPELYGATE_COMMAND"] == command)
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "5")
        #expect(fields[field: "SHAPELYGATE_OUTCOME"] == "passed")
        #expect(fields[field: "SHAPELYGATE_MODE"] == "wrapper")
        #expect(fields[field: "SHAPELYGATE_ROUNDS"] == "1" && fields[field: "SHAPELYGATE_WRONG"] == "0")
        let terminal = readText(folder + "/tty").split(separator: "\n").first.map(String.init)
        #expect(terminal?.hasPrefix("/dev/pts/") == true)
        #expect(fields[field: "SHAPELYGATE_TTY"] == terminal)
        #expect(fields[field: "MESSAGE"]?.contains(" tty=\(terminal ?? "?") outcome=passed ") == true)
    }

    @Test func underSudoTheModeAndWhatWasShown() throws {
        let journal = try #require(JournalListener(path: folder + "/journal"))
        let mirror = Mirror(seed: 4)
        let pty = run("sudo /bin/true x", sudoOptions: "users=root path=\(gatePath) seed=4 timeout=60")
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\(mirror.wrong)\r")
        #expect(pty.waitFor("choose 1-8", after: pty.output.count))
        pty.type("\(Mirror(seed: 4).right)\r")
        _ = pty.finish()
        let fields = try #require(journal.receive())
        #expect(fields[field: "SHAPELYGATE_MODE"] == "sudo-plugin")
        #expect(fields[field: "SHAPELYGATE_FOR"] == "/bin/true x")
        #expect(fields[field: "SHAPELYGATE_USER"] == "root")
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "0")
    }
}
