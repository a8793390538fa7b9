// LoginHookTests.swift — the documented logins on a pseudo-terminal: the `~/.profile`
// hook (`trap '' INT QUIT TSTP; shapelygate --login ... || exit`) in real login shells
// (bash and dash), and `gated-login-shell` as an account's shell. Every way out of the
// gate (a wrong answer, the timeout, Ctrl-C, Ctrl-\, Ctrl-Z, Ctrl-D, a hangup) must end
// the login, and only the right answer lets it go on; the login shell also survives no
// Ctrl-C held down from the first instant.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Login hook", .serialized, .ownPolicy)
struct LoginHookTests {
    enum WayOut: String, CaseIterable {
        case wrongAnswer, timeout, controlC, controlBackslash, controlZ, controlD, hangup
    }

    static let marker = "LOGIN-WENT-ON"

    /// A login shell whose ~/.profile is the documented line, waiting at the board.
    func login(_ shell: String, seed: UInt64) -> (GateProcess, home: String) {
        let home = temporaryFolder()
        // The full path: a login shell's /etc/profile sets its own PATH.
        writeFile(home + "/.profile", """
            trap '' INT QUIT TSTP
            '\(gateBinary)' --login --seed \(seed) --attempts 1 --timeout 3 || exit
            trap - INT QUIT TSTP
            echo \(Self.marker)

            """)
        let gate = GateProcess(["-l"], environment: ["HOME": home, "ENV": "", "PS1": "$ "],
                               executable: shell)
        return (gate, home)
    }

    @Test(.enabled(if: tool("bash") != nil, "needs bash"), arguments: WayOut.allCases)
    func bashLoginEnds(_ way: WayOut) {
        check(tool("bash")!, way)
    }

    @Test(.enabled(if: tool("dash") != nil, "needs dash"), arguments: WayOut.allCases)
    func dashLoginEnds(_ way: WayOut) {
        check(tool("dash")!, way)
    }

    @Test(.enabled(if: tool("bash") != nil && tool("dash") != nil, "needs bash and dash"))
    func theRightAnswerLetsTheLoginGoOn() {
        for shell in [tool("bash")!, tool("dash")!] {
            let oracle = BoardOracle(seed: 41, GateConfiguration(maximumFailedAttempts: 1, maximumTimeAllowed: 3))
            let (gate, _) = login(shell, seed: 41)
            #expect(gate.waitFor("choose 1-8"))
            gate.type("\(oracle.right)\r")
            #expect(gate.waitFor(Self.marker), "\(shell): the login did not go on after a pass")
            gate.type("exit\r")
            #expect(gate.finish() != .stillRunning)
        }
    }

    /// `Scripts/examples/gated-login-shell` as an account's shell, the gate's options
    /// made testable, the real shell replaced by one that says it started, and HOME kept
    /// away from the home folder of the account running the tests.
    func gatedLoginShell(seed: UInt64) -> GateProcess {
        let folder = temporaryFolder()
        let shipped = readText(packageRoot + "/Scripts/examples/gated-login-shell")
        let script = shipped
            .replacing("exec \"$gate\" --login --timeout 20 -- /bin/bash -l",
                       with: "exec '\(gateBinary)' --login --seed \(seed) --attempts 1 --timeout 3 -- /bin/sh -c 'echo \(Self.marker); sleep 5'")
            .replacing("HOME=$(/usr/bin/getent passwd \"$(/usr/bin/id -u)\" | /usr/bin/cut -d: -f6)", with: "HOME=/nonexistent")
        #expect(script.contains(Self.marker), "the shipped script no longer holds the line this test replaces")
        #expect(script.contains("HOME=/nonexistent\n"), "the shipped script no longer holds the line this test replaces")
        writeFile(folder + "/gated-login-shell", script, mode: 0o755)
        return GateProcess([folder + "/gated-login-shell"], executable: "/bin/sh")
    }

    @Test(arguments: WayOut.allCases)
    func theGatedLoginShellEnds(_ way: WayOut) {
        check(nil, way)
    }

    @Test func theGatedLoginShellStartsTheShellOnlyOnAPass() {
        let oracle = BoardOracle(seed: 43, GateConfiguration(maximumFailedAttempts: 1, maximumTimeAllowed: 3))
        let gate = gatedLoginShell(seed: 43)
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\(oracle.right)\r")
        #expect(gate.waitFor(Self.marker))
    }

    @Test func aCtrlCHeldDownFromTheFirstInstantNeverGivesAShell() {
        // The key starts at a different moment each time: before the shell runs, while
        // the gate starts, once the board is up.
        for delay in [0.0, 0.001, 0.002, 0.003, 0.005, 0.008, 0.013, 0.021, 0.034, 0.055] {
            let gate = gatedLoginShell(seed: 44)
            gate.pump(delay)
            let start = monotonicNow()
            while monotonicNow() - start < 0.5 && !gate.hasExited {
                gate.type("\u{03}")
                gate.pump(0.003)
            }
            #expect(gate.finish(timeout: 8) != .stillRunning)
            #expect(!gate.screenText.contains(Self.marker + "\r\n"), "a held Ctrl-C gave a shell")
        }
    }

    func check(_ shell: String?, _ way: WayOut) {
        let oracle = BoardOracle(seed: 42, GateConfiguration(maximumFailedAttempts: 1, maximumTimeAllowed: 3))
        let gate = shell.map { login($0, seed: 42).0 } ?? gatedLoginShell(seed: 42)
        #expect(gate.waitFor("choose 1-8"), "\(shell ?? "gated-login-shell"): no board")
        gate.pump(0.1)
        switch way {
        case .wrongAnswer: gate.type("\(oracle.wrong)\r")
        case .timeout: break
        case .controlC: gate.type("\u{03}")
        case .controlBackslash: gate.type("\u{1C}")
        case .controlZ: gate.type("\u{1A}")
        case .controlD: gate.type("\u{04}")
        case .hangup: gate.hangUp()
        }
        let ended = gate.finish(timeout: 8)
        #expect(ended != .stillRunning, "\(shell ?? "gated-login-shell") survived \(way)")
        #expect(!gate.screenText.contains(Self.marker + "\r\n"), "\(shell ?? "gated-login-shell"): the login went on after \(way)")
    }
}
