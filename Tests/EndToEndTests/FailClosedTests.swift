// FailClosedTests.swift — the built gate against hostile files, a caller's signal
// state, locks held elsewhere, suspension and SIGQUIT: what a person sees, what the
// command inherits, and that nothing hangs or leaves a core file behind.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension GateProcess {
    /// Whether the gate is stopped (by Ctrl-Z), without collecting anything.
    var isStopped: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WSTOPPED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Waits, reading the screen, until the gate holds a descriptor on a file whose
    /// path ends in `suffix` (as /proc/PID/fd shows it); false when it never did.
    func waitUntilOpen(_ suffix: String) -> Bool {
        let deadline = monotonicNow() + patience
        while monotonicNow() < deadline && !hasExited {
            if openFiles().contains(where: { $0.hasSuffix(suffix) }) { return true }
            pump(0.02)
        }
        return false
    }

    /// What the gate's descriptors lead to, read from /proc/PID/fd.
    func openFiles() -> [String] {
        guard let folder = opendir("/proc/\(pid)/fd") else { return [] }
        defer { closedir(folder) }
        var targets: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/\(pid)/fd/\(name)", &buffer, buffer.count - 1)
            if count > 0 { targets.append(String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return targets
    }
}

/// Every escape sequence in `bytes`: the bytes from ESC (or CSI, 0x9B) up to the end
/// of the sequence, as text.
func escapeSequences(_ bytes: [UInt8]) -> [String] {
    var found: [String] = []
    var index = 0
    while index < bytes.count {
        guard bytes[index] == 0x1B else { index += 1; continue }
        var end = index + 1
        if end < bytes.count && bytes[end] == UInt8(ascii: "[") {
            end += 1
            while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        }
        found.append(String(decoding: bytes[index...min(end, bytes.count - 1)], as: UTF8.self))
        index = end + 1
    }
    return found
}

/// A sequence the gate itself writes: CUP, ED, EL, SGR, or the alternate screen.
func isTheGatesOwn(_ sequence: String) -> Bool {
    guard sequence.hasPrefix("\u{1B}[") else { return false }
    let body = sequence.dropFirst(2)
    if body == "?1049h" || body == "?1049l" { return true }
    guard let final = body.last, "HJKm".contains(final) else { return false }
    return body.dropLast().allSatisfy { $0.isNumber || $0 == ";" }
}

@Suite("Fail closed", .serialized, .ownPolicy)
struct FailClosedTests {
    static let hostile: [(key: String, category: String, value: String)] = [
        ("Title", "Primary", "Gate\u{1B}]52;c;aGVsbG8=\u{07}"),
        ("DescriptionCircle", "Primary", "\u{1B}[2J\u{1B}]0;owned\u{1B}\\Find \u{202E}elcric"),
        ("DescriptionSquare", "Primary", "\u{1B}[2JFind\r\u{8}\u{8} square\u{1B}[6n"),
        ("DescriptionTriangle", "Primary", "\u{9B}6nFind triangle"),
        ("DescriptionPentagon", "Primary", "Find\u{2028}pentagon\u{1B}[6n"),
        ("Countdown", "Primary", "Left\u{1B}[1A\u{1B}[2K"),
    ]

    func hostileStrings() -> String {
        var categories: [String: [(String, String)]] = [:]
        for entry in Self.hostile { categories[entry.category, default: []].append((entry.key, entry.value)) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n"
        for (category, entries) in categories {
            xml += "<key>\(category)</key><dict>\n"
            for (key, value) in entries {
                let escaped = value.unicodeScalars.map { scalar -> String in
                    switch scalar {
                    case "&": return "&amp;"
                    case "<": return "&lt;"
                    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): return "&#\(scalar.value);"
                    default: return String(scalar)
                    }
                }.joined()
                xml += "<key>\(key)</key><dict><key>value</key><string>\(escaped)</string></dict>\n"
            }
            xml += "</dict>\n"
        }
        return xml + "</dict></plist>\n"
    }

    @Test(arguments: [true, false])
    func overrideStringsCannotDriveTheTerminal(colour: Bool) {
        let path = temporaryFolder() + "/ParentalGateStrings.plist"
        writeFile(path, hostileStrings())
        for seed: UInt64 in [1, 2, 3, 5] {
            let gate = GateProcess(["--seed", "\(seed)", "--timeout", "1", "--strings", path],
                                   environment: colour ? ["NO_COLOR": "", "TERM": "xterm"] : [:])
            #expect(gate.finish() == .exited(1))
            #expect(gate.screenText.contains("Gate\\x1b]52;c;aGVsbG8=\\x07"))
            // Only the gate's own sequences reach the terminal: cursor moves, erasing, the
            // alternate screen, and colour or bold.
            let sequences = escapeSequences(gate.screen)
            #expect(sequences.allSatisfy(isTheGatesOwn), "\(sequences.filter { !isTheGatesOwn($0) })")
            #expect(colour || !sequences.contains { $0.hasSuffix("m") && $0.contains("38;5") })
            let forbidden: Set<Unicode.Scalar> = ["\u{9B}", "\u{07}", "\u{08}", "\u{202E}", "\u{2028}"]
            #expect(!gate.screenText.unicodeScalars.contains { forbidden.contains($0) })
        }
    }

    @Test func argumentsQuotedInErrorsAreMadeVisible() {
        let gate = GateProcess(["--kinds", "\u{1B}]52;c;eA==\u{07}\u{1B}[2J"])
        #expect(gate.finish() == .exited(2))
        #expect(!gate.errors.contains(0x1B) && !gate.errors.contains(0x07))
        #expect(gate.errorText.hasPrefix("shapelygate: invalid --kinds '\\x1b]52;c;eA==\\x07\\x1b[2J': unknown shape '\\x1b]52;c"))
    }

    @Test func aSignalIgnoredUnderNohupAndABlockedSignalReachTheCommand() {
        let oracle = BoardOracle(seed: 26)
        let script = "trap '' HUP; exec '\(gateBinary)' --seed 26 -- /bin/cat /proc/self/status"
        let gate = GateProcess(["-c", script], executable: "/bin/sh", signalMask: [SIGUSR1])
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        func mask(_ name: String) -> UInt64? {
            gate.screenText.split(whereSeparator: { $0.isNewline }).first { $0.hasPrefix(name + ":") }
                .flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        }
        let bit = { (number: Int32) in UInt64(1) << UInt64(number - 1) }
        #expect(mask("SigIgn").map { $0 & ~UInt64(0x1_8000_0000) } == bit(SIGHUP))
        #expect(mask("SigBlk") == bit(SIGUSR1))
    }

    @Test func aLockHeldElsewhereNeitherHangsNorIgnoresSIGTERM() {
        let (home, holder) = homeWithLockHeld()
        defer { close(holder) }
        let interrupted = GateProcess(["--cooldown", "5"], home: home)
        #expect(interrupted.waitUntilOpen("/lockout.lock"), "the gate never reached the lock")
        let sent = monotonicNow()
        kill(interrupted.pid, SIGTERM)
        #expect(interrupted.finish(timeout: 3) == .signaled(SIGTERM))
        #expect(monotonicNow() - sent < 2)
        let waiting = GateProcess(["--cooldown", "5"], home: home)
        #expect(waiting.finish(timeout: 10) == .exited(1))
        #expect(waiting.errorText == "shapelygate: \(stateFolder(in: rootHome!))/lockout.lock is held by another process: denied\n")
    }

    @Test func sigquitLeavesNoCoreFile() {
        let folder = temporaryFolder()
        let gate = GateProcess(["-c", "cd '\(folder)' && ulimit -c unlimited 2>/dev/null; exec '\(gateBinary)' --timeout 5"],
                               executable: "/bin/sh")
        #expect(gate.waitFor("choose 1-8"))
        kill(gate.pid, SIGQUIT)
        #expect(gate.finish() == .signaled(SIGQUIT))
        let listing = shell("ls -A '\(folder)'")
        #expect(listing.output.isEmpty, "left behind: \(listing.output)")
    }

    @Test func ctrlZLendsTheTerminalBackUntilTheGateContinues() {
        // A shell with job control, so the gate's process group can really stop (the
        // kernel never stops an orphaned one) and `fg` can bring it back; the shell
        // brings it back only when the test, having looked, types a line.
        let script = "set -m; '\(gateBinary)' --timeout 4; echo \"stopped=$?\"; read -r _; fg; echo \"ended=$?\""
        let gate = GateProcess(["-c", script], executable: "/bin/sh")
        #expect(gate.waitFor("choose 1-8"))
        let gateSettings = gate.settings()
        #expect(gateSettings.c_iflag & tcflag_t(IXON) == 0)
        gate.type("\u{1A}")
        #expect(gate.waitFor("stopped=148"))
        #expect(sameSettings(gate.settings(), gate.initialSettings), "the person's settings are not back while stopped")
        let mark = gate.screen.count
        gate.type("\r")
        #expect(gate.waitFor("choose 1-8", after: mark))
        #expect(sameSettings(gate.settings(), gateSettings), "the gate's settings are not back after continuing")
        #expect(gate.waitFor("ended=1"))
        #expect(gate.finish() == .exited(0))
        #expect(sameSettings(gate.settings(), gate.initialSettings))
    }

    @Test func underPAMTheNoTerminalMessageSaysWhy() {
        let gate = GateProcess([], environment: ["PAM_TYPE": "auth", "PAM_SERVICE": "sudo"], stdin: .devNull,
                               controllingTerminal: false)
        #expect(gate.finish() == .exited(1))
        #expect(gate.errorText.hasPrefix("shapelygate: no terminal: PAM runs the gate without one (pam_exec gives its helper no terminal)"))
    }

    @Test func stoppedTerminalOutputDelaysNeitherTheDeadlineNorASignal() {
        // Output stopped as Ctrl-S or Scroll Lock stops it: the gate's writes find no room.
        let expiring = GateProcess(["--timeout", "2"])
        #expect(expiring.waitFor("choose 1-8"))
        let prompted = monotonicNow()
        tcflow(expiring.slave, TCOOFF)
        #expect(expiring.finish(timeout: 6) == .exited(1))
        #expect(monotonicNow() - prompted < 4.5, "the deadline waited on the screen")
        tcflow(expiring.slave, TCOON)
        let interrupted = GateProcess(["--timeout", "30"])
        #expect(interrupted.waitFor("choose 1-8"))
        tcflow(interrupted.slave, TCOOFF)
        interrupted.pump(1.5)
        kill(interrupted.pid, SIGTERM)
        #expect(interrupted.finish(timeout: 5) == .signaled(SIGTERM))
        tcflow(interrupted.slave, TCOON)
    }

    @Test func ctrlZWhereTheKernelWillNotStopTheGateBringsTheBoardBack() {
        // A session leader's own group is orphaned: the kernel discards its stop, as
        // under `ssh -t host shapelygate` or `tmux new shapelygate`.
        let oracle = BoardOracle(seed: 27)
        let gate = GateProcess(["--seed", "27", "--timeout", "20"])
        #expect(gate.waitFor("choose 1-8"))
        let gateSettings = gate.settings()
        let mark = gate.screen.count
        gate.type("\u{1A}")
        #expect(gate.waitFor("choose 1-8", after: mark))
        #expect(gate.waitForScreen { $0.isAlternateScreen && $0.contains("choose 1-8") })
        #expect(sameSettings(gate.settings(), gateSettings))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func aPlainTerminalTooNarrowForOneTileIsDenied() {
        let gate = GateProcess(["--timeout", "1"], environment: ["TERM": "dumb"], size: (24, 8))
        #expect(gate.finish() == .exited(1))
        #expect(gate.errorText.hasPrefix("shapelygate: time ran out while the terminal was too small for the board (it needs "))
        #expect(!gate.screenText.contains("choose"))
    }
}
