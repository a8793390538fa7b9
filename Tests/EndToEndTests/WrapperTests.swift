// WrapperTests.swift — `shapelygate [options] -- command ...` end to end: the command
// runs only on a pass, untouched, as the gate's own process, with nothing of the gate's.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Wrapper mode", .serialized, .ownPolicy)
struct WrapperTests {
    @Test func aPassRunsTheCommandWithItsArgumentsAndStatus() {
        let oracle = BoardOracle(seed: 21)
        let gate = GateProcess(["--seed", "21", "--", "sh", "-c", "echo \"ran:$*:\"; exit 7", "sh", "--help", "a  b"])
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(7))
        #expect(gate.screenText.contains("ran:--help a  b:"))
    }

    @Test func optionsEndAtTheFirstWord() {
        let oracle = BoardOracle(seed: 22)
        let gate = GateProcess(["--seed", "22", "echo", "--seed", "-a", "9"])
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        #expect(gate.screenText.contains("--seed -a 9"))
    }

    @Test func aDenialNeverStartsTheCommand() {
        let marker = temporaryFolder() + "/marker"
        let gate = GateProcess(["--seed", "23", "--", "touch", marker])
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\u{04}")
        #expect(gate.finish() == .exited(1))
        #expect(access(marker, F_OK) != 0)
    }

    @Test func aMissingCommandIs127BeforeAnyChallenge() {
        let gate = GateProcess(["--", "no-such-command-shapelygate"])
        #expect(gate.finish() == .exited(127))
        #expect(gate.errorText == "shapelygate: no-such-command-shapelygate: command not found\n")
        #expect(!gate.screenText.contains("choose"))
    }

    @Test func aCommandThatCannotRunIs126() {
        let gate = GateProcess(["--", "/dev/null"])
        #expect(gate.finish() == .exited(126))
        #expect(gate.errorText.hasPrefix("shapelygate: /dev/null: "))
    }

    @Test func theCommandInheritsNoMaskNoIgnoredSignalsAndNoDescriptors() {
        let oracle = BoardOracle(seed: 24)
        // Builtins only, so the shell opens nothing of its own while it looks, and no
        // child reads the shell's status while the shell has signals blocked around a
        // fork (dash blocks them all around vfork).
        let script = "while read -r line; do case $line in Sig*) echo \"$line\";; esac; done </proc/$$/status; "
            + "i=3; while [ $i -lt 256 ]; do "
            + "[ -e /proc/$$/fd/$i ] && echo \"open $i\"; i=$((i+1)); done; echo checked"
        let gate = GateProcess(["--seed", "24", "--", "sh", "-c", script], extraDescriptor: 7)
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        #expect(gate.waitFor("checked"))
        #expect(gate.screenText.contains("SigBlk:\t0000000000000000"))
        // What the command printed: after the pass (the board shows the script itself).
        let printed = gate.screenText.components(after: "Passed.")
        #expect(!printed.contains("open "), "descriptors above 2 reached the command")
        // Signals 32 and 33 belong to the C library (thread cancellation), which lets
        // no program change them; every other signal must be at its default.
        let ignored = gate.screenText.split(whereSeparator: \.isNewline).first { $0.hasPrefix("SigIgn:") }
            .flatMap { UInt64($0.dropFirst(8).prefix(16), radix: 16) }
        #expect(ignored.map { $0 & ~UInt64(0x1_8000_0000) } == 0)
    }

    @Test func controlCReachesTheWrappedCommand() {
        let oracle = BoardOracle(seed: 25)
        let gate = GateProcess(["--seed", "25", "--", "sh", "-c", "echo started; sleep 30"])
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\(oracle.right)\r")
        #expect(gate.waitFor("started"))
        gate.pump(0.2)
        gate.type("\u{03}")
        #expect(gate.finish() == .signaled(SIGINT))
    }

    /// What the sudo plugin reads: the pass, on the descriptor it named, and nothing on a
    /// denial. (Descriptor 7 is the test's standard-error pipe.)
    @Test func aPassAndOnlyAPassIsReportedOnTheVerdictDescriptor() {
        let oracle = BoardOracle(seed: 26)
        let passed = GateProcess(["--seed", "26", "--verdict-fd", "7"], extraDescriptor: 7)
        #expect(passed.waitFor("choose 1-8"))
        passed.type("\(oracle.right)\r")
        #expect(passed.finish() == .exited(0))
        #expect(passed.errorText == "shapelygate: passed\n")

        let denied = GateProcess(["--seed", "26", "--attempts", "1", "--verdict-fd", "7"], extraDescriptor: 7)
        #expect(denied.waitFor("choose 1-8"))
        denied.type("\(oracle.wrong)\r")
        #expect(denied.finish() == .exited(1))
        #expect(!denied.errorText.contains("passed"))
    }

    @Test func aVerdictDescriptorThatIsNotOpenIsAUsageError() {
        let gate = GateProcess(["--verdict-fd", "999"])
        #expect(gate.finish() == .exited(2))
        #expect(gate.errorText.hasPrefix("shapelygate: invalid --verdict-fd '999': not an open descriptor\n"))
        #expect(!gate.screenText.contains("1-8"))
    }
}
