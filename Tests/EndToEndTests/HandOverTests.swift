// HandOverTests.swift — how the gate lets go of the terminal: a closed terminal is a
// hangup in the audit log, and keys typed after the answer, while the gate still says
// "Passed.", are thrown away instead of answering the command that comes next.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Letting go of the terminal", .serialized, .ownPolicy)
struct HandOverTests {
    @Test(arguments: [["TERM": "xterm"], ["TERM": "dumb"]])
    func closingTheTerminalIsRecordedAsAHangup(_ environment: [String: String]) {
        let log = temporaryFolder() + "/audit.log"
        let gate = GateProcess(["--seed", "3"], environment: environment, policy: "log-file = \(log)\n")
        #expect(gate.waitFor("choose 1-8"))
        gate.hangUp()
        #expect(gate.finish() != .stillRunning)
        let line = readText(log)
        #expect(line.contains(" outcome=denied reason=hangup"), "\(line)")
    }

    @Test func theEndOfFileKeyIsStillEndOfInput() {
        let log = temporaryFolder() + "/audit.log"
        let gate = GateProcess(["--seed", "3"], environment: ["TERM": "dumb"], policy: "log-file = \(log)\n")
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\u{04}")
        #expect(gate.finish() == .exited(1))
        #expect(readText(log).contains(" outcome=denied reason=end-of-input"), "\(readText(log))")
    }

    /// The gate passes, then waits for the lockout lock this test holds: keys typed
    /// then were typed after "Passed." and before the gate let go of the terminal.
    @Test(arguments: [true, false])
    func keysTypedAfterThePassNeverReachTheNextCommand(_ wrapper: Bool) {
        let oracle = BoardOracle(seed: 4)
        let reader = "echo ready; read line; echo \"got:[$line]\""
        let gateArguments = ["--seed", "4", "--cooldown", "60"]
        let (home, holder) = homeWithLockHeld()
        flock(holder, LOCK_UN)
        let gate = wrapper
            ? GateProcess(gateArguments + ["/bin/sh", "-c", reader], home: home)
            : GateProcess(["-c", "\(quoted(gateBinary)) \(gateArguments.joined(separator: " ")) && { \(reader); }"],
                          home: home, executable: "/bin/sh")
        #expect(gate.waitFor("choose 1-8"))
        #expect(flock(holder, LOCK_EX) == 0)
        gate.type("\(oracle.right)\r")
        #expect(gate.waitFor("Passed."))
        let passed = gate.screen.count
        gate.type("y\r")
        // Echoed once the terminal has it, in the settings the gate put back.
        #expect(gate.waitFor("y\r\n", after: passed))
        close(holder)
        #expect(gate.waitFor("ready\r\n", after: passed))
        gate.type("fresh\r")
        #expect(gate.finish() == .exited(0))
        #expect(gate.screenText.contains("got:[fresh]"), "\(gate.screenText)")
        #expect(!gate.screenText.contains("got:[y]"))
    }
}
