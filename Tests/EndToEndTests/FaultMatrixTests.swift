// FaultMatrixTests.swift — the gate on a pseudo-terminal under faults. For each one it
// must not exit 0 without the right answer, must not run a wrapped command without a
// pass, must not outlive its timeout by more than a second, and must leave the terminal
// settings exactly as it found them.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Fault matrix", .serialized, .ownPolicy)
struct FaultMatrixTests {
    /// Runs a gate with `--timeout 2` wrapping `touch MARKER`, applies `fault`, and checks
    /// the invariants. Returns the gate for further checks.
    @discardableResult
    func underFault(_ extra: [String] = [], environment: [String: String] = [:], stdin: StandardInput = .terminal,
                    expect termination: Termination, _ fault: (GateProcess) -> Void) -> GateProcess {
        let marker = temporaryFolder() + "/marker"
        let gate = GateProcess(["--timeout", "2"] + extra + ["--", "touch", marker], environment: environment, stdin: stdin)
        let before = gate.initialSettings
        #expect(gate.waitFor("1-8"))
        // The countdown starts with the first prompt, so that is where the second of
        // grace is measured from (a slow build, such as under a sanitizer, starts late).
        let prompted = monotonicNow()
        fault(gate)
        let ended = gate.finish(timeout: 5)
        #expect(ended == termination)
        #expect(monotonicNow() - prompted < 3.0, "outlived its 2 s timeout by more than a second")
        #expect(access(marker, F_OK) != 0, "the command ran without a pass")
        #expect(sameSettings(before, gate.settings()), "terminal settings changed")
        return gate
    }

    @Test(arguments: [SIGHUP, SIGTERM, SIGQUIT, SIGINT, SIGUSR1, SIGALRM, SIGPWR, SIGIO])
    func endingSignalsDenyByTheSameSignal(_ number: Int32) {
        underFault(expect: .signaled(number)) { kill($0.pid, number) }
    }

    /// Signals the gate does not wait for: real-time ones and crashes. The terminal is
    /// put back (settings, main screen, cursor) before the signal ends the gate, and the
    /// Swift runtime's backtracer never takes the terminal.
    @Test(arguments: ["SIGRTMIN", "SIGRTMIN+3", "SIGRTMAX", "SIGSEGV", "SIGABRT", "SIGBUS", "SIGFPE", "SIGILL", "SIGTRAP", "SIGSYS"])
    func fatalSignalsPutTheTerminalBackFirst(_ name: String) {
        let numbers = ["SIGRTMIN": __libc_current_sigrtmin(), "SIGRTMIN+3": __libc_current_sigrtmin() + 3,
                       "SIGRTMAX": __libc_current_sigrtmax(), "SIGSEGV": SIGSEGV, "SIGABRT": SIGABRT, "SIGBUS": SIGBUS,
                       "SIGFPE": SIGFPE, "SIGILL": SIGILL, "SIGTRAP": SIGTRAP, "SIGSYS": SIGSYS]
        let number = numbers[name]!
        let gate = underFault(expect: .signaled(number)) { kill($0.pid, number) }
        let screen = String(decoding: gate.screen, as: UTF8.self)
        let entered = screen.ranges(of: "\u{1B}[?1049h").last
        #expect(entered != nil)
        #expect(entered.map { screen[$0.upperBound...].contains("\u{1B}[?1049l\u{1B}[?25h") } == true)
        #expect(!screen.contains("Crash") && !screen.contains("backtrace"))
    }

    /// Even installed readable (as the build is), the gate makes itself non-dumpable:
    /// its /proc files then belong to root, not to the user it runs as, whose other
    /// processes can no longer trace it or open its descriptors and memory. Only as root:
    /// a normal user's gate runs as root of a user namespace (OwnPolicy.swift), where
    /// the owner of a non-dumpable process's files is that root, the user again.
    @Test(.enabled(if: runningAsRoot && tool("setpriv") != nil,
                   "needs root and setpriv, to run the gate as nobody outside a user namespace"))
    func theGateIsNotDumpableEvenWhenReadable() {
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", gateBinary]
        let gate = GateProcess(asNobody + ["--timeout", "5"], executable: tool("setpriv")!)
        #expect(gate.waitFor("1-8"))
        var info = stat()
        #expect(stat("/proc/\(gate.pid)/status", &info) == 0 && getuid() != 65534)
        let status = readText("/proc/\(gate.pid)/status")
        #expect(!status.contains("Uid:\t0\t"), "the gate must run as a user for this test")
        #expect(stat("/proc/\(gate.pid)/fd", &info) == 0 && info.st_uid == 0, "the gate is dumpable")
        kill(gate.pid, SIGTERM)
        #expect(gate.finish() == .signaled(SIGTERM))
    }

    @Test func suspendAndResumeRedrawsAndTheCountdownKeepsCounting() {
        let gate = underFault(expect: .exited(1)) { gate in
            // The gate leads its own session, so the kernel discards the stop and the
            // gate draws its board again; only then is the continue sent.
            let beforeStop = gate.screen.count
            kill(gate.pid, SIGTSTP)
            #expect(gate.waitFor("1-8", after: beforeStop))
            let mark = gate.screen.count
            kill(gate.pid, SIGCONT)
            #expect(gate.waitFor("1-8", after: mark))
        }
        #expect(gate.screenText.contains("Time is up"))
    }

    /// The window grows and shrinks back: each time the board is drawn again for the
    /// new size, and the deadline and the invariants hold. On 40 rows the prompt sits
    /// below row 24; the board laid out for 40 rows is taller than 24, so back on 24 the
    /// title and the prompt are both on screen only once the board is drawn again.
    @Test func windowChangesRedrawAtTheNewSizeAndAreHarmless() {
        underFault(expect: .exited(1)) { gate in
            gate.resize(rows: 40, columns: 120)
            #expect(gate.waitForScreen(timeout: 1.5) { screen in
                screen.lines.firstIndex { $0.contains("choose 1-8") }.map { $0 >= 24 } ?? false
            }, "not redrawn for 40 rows\n\(gate.terminalScreen)")
            gate.resize(rows: 24, columns: 80)
            #expect(gate.waitForScreen(timeout: 1.5) { $0.contains("Parental Gate") && $0.contains("choose 1-8") },
                    "not redrawn for 24 rows\n\(gate.terminalScreen)")
            kill(gate.pid, SIGWINCH)
        }
    }

    @Test func aTenMegabyteLineNulBytesAndInvalidUTF8AreNotAnswers() {
        underFault(expect: .exited(1)) { gate in
            gate.typeBytes([0x31, 0x00, 0x0D, 0xC3, 0x28, 0x0D, 0xFF, 0xFE, 0x0D])
            #expect(gate.waitFor("Type a number from 1 to"))
            // Typed as fast as the terminal takes it, until the gate ends.
            gate.typeBytes([UInt8](repeating: UInt8(ascii: "1"), count: 10 << 20) + [0x0D])
        }
    }

    @Test(arguments: [["LANG": "C"], ["TERM": "dumb"], ["LANG": "C", "TERM": "dumb", "NO_COLOR": ""]])
    func plainLocalesAndTerminals(_ environment: [String: String]) {
        let gate = underFault(environment: environment, expect: .exited(1)) { _ in }
        #expect(!gate.screenText.contains("█"))
    }

    @Test func closedOrFullStandardStreamsChangeNothing() {
        let oracle = BoardOracle(seed: 31)
        let gate = GateProcess(["--seed", "31", "--", "true"], stdin: .devNull)
        #expect(gate.waitFor("1-8"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        let full = shell("'\(gateBinary)' --help >/dev/full; echo status $?; '\(gateBinary)' --bogus 2>/dev/full; echo status $?; '\(gateBinary)' --version >&-; echo status $?")
        #expect(full.output == "status 0\nstatus 2\nstatus 0\n")
        let closed = shell("setsid -w '\(gateBinary)' </dev/null 2>&-; echo status $?; setsid -w '\(gateBinary)' </dev/null 2>/dev/full; echo status $?")
        #expect(closed.output == "status 1\nstatus 1\n")
    }

    @Test func aVanishedStringsFileIsAConfigurationError() {
        let vanished = temporaryFolder() + "/vanished.plist"
        let gate = GateProcess(["--strings", vanished])
        #expect(gate.finish() == .exited(2))
        #expect(gate.errorText.hasPrefix("shapelygate: \(vanished)"))
        #expect(!gate.screenText.contains("1-8"))
    }

    @Test func aStateFolderThatCannotBeWrittenDenies() {
        // A file where a folder on the way should be: nothing can be created inside it.
        let home = temporaryFolder()
        writeFile(home + "/.local", "", mode: 0o600)
        let gate = GateProcess(["--cooldown", "5"], home: home)
        #expect(gate.finish() == .exited(1))
        #expect(gate.errorText.hasPrefix("shapelygate: cannot create \(stateFolder(in: rootHome!))"), "\(gate.errorText)")
    }

    @Test func twentyGatesAtOnceShareOneStateFile() {
        let home = temporaryFolder()
        let gates = (0..<20).map { _ in GateProcess(["--cooldown", "1", "--timeout", "1"], home: home) }
        var endings: [Termination] = []
        for gate in gates { endings.append(gate.finish(timeout: 10)) }
        #expect(endings.allSatisfy { $0 == .exited(1) })
        let text = readText(stateFolder(in: home) + "/lockout")
        guard let lockout = LockoutState.parse(text) else { Issue.record("state damaged: \(text)"); return }
        // Some gates start after the first denial and are refused as locked; every gate
        // that did run a challenge was counted.
        let challenged = gates.filter { $0.screenText.contains("Time is up") }.count
        #expect(lockout.denials == challenged)
        #expect(challenged >= 1)
    }
}

/// `--end-grace` from the person's side: it asks sudo for exactly `PROGRAM --end-grace`
/// (this program's own file), and as root there is no window to end.
@Suite struct EndGraceTests {
    @Test(.enabled(if: runningAsRoot && tool("setpriv") != nil, "needs root and setpriv, to run the gate as a person"))
    func aPersonsEndGraceAsksSudoForThisProgramAndNothingElse() {
        let bin = temporaryFolder()
        chmod(bin, 0o755)
        writeFile(bin + "/sudo", "#!/bin/sh\necho \"sudo was asked: $*\"\n", mode: 0o755)
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", gateBinary, "--end-grace"]
        let gate = GateProcess(asNobody, environment: ["PATH": bin + ":/usr/bin:/bin"], executable: tool("setpriv")!)
        #expect(gate.finish() == .exited(0))
        let program = realpath(gateBinary, nil).map { String(cString: $0) } ?? gateBinary
        #expect(gate.screenText.contains("sudo was asked: -- \(program) --end-grace"), "\(gate.screenText)")
    }

    @Test func asRootThereIsNoWindowToEnd() {
        let gate = GateProcess(["--end-grace"])
        #expect(gate.finish() == .exited(0))
        #expect(gate.screenText.contains("no grace window to end"), "\(gate.screenText)")
    }
}
