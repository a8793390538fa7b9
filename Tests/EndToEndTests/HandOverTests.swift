// HandOverTests.swift — how the gate lets go of the terminal: a closed terminal is a
// hangup in the audit log, and keys typed after the answer, while the gate still says
// "Passed.", are thrown away instead of answering the command that comes next; and a
// terminal that another process group holds is left to that group.

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

    /// Run by perl as the session's leader, as a shell: the gate (its arguments) in a
    /// process group of its own that holds the terminal; at SIGUSR1 the leader takes the
    /// terminal back, as a shell does when the program that started the gate stops; it
    /// ends with the gate's status.
    static let shellTakingTheTerminalBack = """
        use POSIX;
        my $back = 0;
        $SIG{USR1} = sub { $back = 1 };
        my $gate = fork;
        if ($gate == 0) {
            setpgid(0, 0);
            $SIG{TTOU} = "IGNORE";
            tcsetpgrp(0, getpgrp()) or exit 125;
            $SIG{TTOU} = "DEFAULT";
            exec @ARGV or exit 127;
        }
        sleep 1 until $back;
        $SIG{TTOU} = "IGNORE";
        tcsetpgrp(0, getpgrp()) or die "tcsetpgrp: $!";
        waitpid($gate, 0);
        exit(($? & 127) ? 128 + ($? & 127) : $? >> 8);
        """

    /// The gate runs out its time behind the shell: nothing more on the screen, and the
    /// settings stay those the program now in front set (here `stty raw -echo`'s).
    @Test(.enabled(if: tool("perl") != nil, "needs perl, to move the terminal's foreground as a shell does"))
    func behindAnotherProcessGroupTheGateWritesNothingAndLeavesTheSettings() {
        let gate = GateProcess(["-e", Self.shellTakingTheTerminalBack, gateBinary, "--timeout", "4"],
                               executable: tool("perl") ?? "/usr/bin/perl")
        #expect(gate.waitFor("choose 1-8"))
        let gateGroup = tcgetpgrp(gate.master)
        #expect(gateGroup != gate.pid, "the gate is not in a process group of its own")
        kill(gate.pid, SIGUSR1)
        let patience = monotonicNow() + gate.patience
        while tcgetpgrp(gate.master) == gateGroup && monotonicNow() < patience { gate.pump(0.05) }
        #expect(tcgetpgrp(gate.master) == gate.pid, "the leader did not take the terminal back")
        var front = gate.initialSettings
        front.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        front.c_iflag &= ~tcflag_t(ICRNL | IXON)
        tcsetattr(gate.slave, TCSANOW, &front)
        gate.pump(0.3)
        let mark = gate.screen.count
        #expect(gate.finish() == .exited(1))
        #expect(gate.screen.count == mark, "written behind the shell: \(String(decoding: gate.screen.dropFirst(mark), as: UTF8.self))")
        #expect(sameSettings(gate.settings(), front), "the gate changed the settings of the group in front")
    }
}
