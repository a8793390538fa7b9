// LoginHookTests.swift — the documented `~/.profile` line, `shapelygate --login ... ||
// exit`, in real login shells (bash and dash) on a pseudo-terminal: every way out of
// the gate (a wrong answer, the timeout, Ctrl-C, Ctrl-\, Ctrl-Z, Ctrl-D, a hangup) must
// end the login, and only the right answer lets it go on.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Login hook", .serialized)
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
            '\(gateBinary)' --login --seed \(seed) --attempts 1 --timeout 3 || exit
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
            let mirror = Mirror(seed: 41, GateConfiguration(maximumFailedAttempts: 1, maximumTimeAllowed: 3))
            let (gate, _) = login(shell, seed: 41)
            #expect(gate.waitFor("choose 1-8"))
            gate.type("\(mirror.right)\r")
            #expect(gate.waitFor(Self.marker), "\(shell): the login did not go on after a pass")
            gate.type("exit\r")
            #expect(gate.finish() != .stillRunning)
        }
    }

    func check(_ shell: String, _ way: WayOut) {
        let mirror = Mirror(seed: 42, GateConfiguration(maximumFailedAttempts: 1, maximumTimeAllowed: 3))
        let (gate, _) = login(shell, seed: 42)
        #expect(gate.waitFor("choose 1-8"), "\(shell): no board")
        gate.pump(0.1)
        switch way {
        case .wrongAnswer: gate.type("\(mirror.wrong)\r")
        case .timeout: break
        case .controlC: gate.type("\u{03}")
        case .controlBackslash: gate.type("\u{1C}")
        case .controlZ: gate.type("\u{1A}")
        case .controlD: gate.type("\u{04}")
        case .hangup: gate.hangUp()
        }
        let ended = gate.finish(timeout: 8)
        #expect(ended != .stillRunning, "\(shell) survived \(way)")
        #expect(!gate.screenText.contains(Self.marker + "\r\n"), "\(shell): the profile went on after \(way)")
    }
}
