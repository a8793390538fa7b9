// GateProcess.swift — runs the built shapelygate binary as a person would meet it, on a
// pseudo-terminal of its own (TestSupport's PtyProcess), with a policy and a root's home
// of its own (OwnPolicy.swift); and `shell`, for scripts run without a terminal.

import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built executable, next to the test bundle in the build folder, or the one
/// SHAPELYGATE_BIN names (to run the same tests against a release or installed build).
let gateBinary: String = {
    if let chosen = getenv("SHAPELYGATE_BIN"), chosen.pointee != 0 { return String(cString: chosen) }
    return buildFolder + "/shapelygate"
}()

let baseEnvironment: [String: String] = [
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "TERM": "xterm",
    "LANG": "C.UTF-8",
    "NO_COLOR": "1",
    "HOME": "/nonexistent",
]

/// The gate (or `executable`) on a pseudo-terminal of its own, run with a policy and a
/// root's home of its own.
final class GateProcess: PtyProcess {
    /// The folder that is root's home for this run.
    let home: String

    /// - Parameters:
    ///   - environment: added to `baseEnvironment`; a value of "\u{0}" removes the variable.
    ///   - policy: the text of /etc/shapelygate.conf for this run.
    ///   - home: root's home for this run (to share a state between runs); a new empty one by default.
    ///   - extraDescriptor: left open in the gate on purpose: the command must not inherit it.
    ///   The other parameters are `PtyProcess`'s.
    init(_ arguments: [String], environment: [String: String] = [:], policy: String = "", home: String? = nil,
         size: (rows: UInt16, columns: UInt16) = (24, 80), stdin: StandardInput = .terminal,
         controllingTerminal: Bool = true, stderrToTerminal: Bool = false, executable: String = gateBinary,
         extraDescriptor: Int32? = nil, signalMask: [Int32] = [], configure: ((Int32) -> Void)? = nil) {
        self.home = home ?? temporaryFolder()
        let command = ownPolicyCommand(etcLayer: etcLayer(policy: policy), home: self.home, argv: [executable] + arguments)
        super.init(command, environment: baseEnvironment.merging(environment) { $1 }.filter { $0.value != "\u{0}" },
                   size: size, stdin: stdin, controllingTerminal: controllingTerminal, stderrToTerminal: stderrToTerminal,
                   extraDescriptor: extraDescriptor, signalMask: signalMask, configure: configure)
    }
}

/// Runs `script` with /bin/sh -c in the package root, without a terminal; returns the
/// exit status (or 128+signal) and everything it wrote on stdout and stderr.
func shell(_ script: String, timeout: Double = 300) -> (status: Int32, output: String) {
    // A home of its own: what a build caches there (~/.cache) stays in a test's folder.
    let home = temporaryFolder()
    let process = GateProcess(["-c", "cd '\(packageRoot)' && exec 1>&2 && " + script],
                              environment: ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": home],
                              home: home,
                              stdin: .devNull, controllingTerminal: false, executable: "/bin/sh")
    return (process.finish(timeout: timeout).shellStatus ?? -1, process.errorText)
}
