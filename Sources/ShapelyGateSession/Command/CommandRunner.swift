// CommandRunner.swift — wrapper mode: find the command before the challenge, and on a
// pass let it replace the gate.
//
// Contract:
// - The command is looked up before the challenge starts, as execvp would (a name with
//   a slash is used as it is, otherwise each PATH entry in turn): a missing command is
//   127 and one that exists but cannot be run is 126, and no person is asked for a
//   command that could not run anyway.
// - Before exec: the signal dispositions and mask are the ones the caller gave the gate
//   (a signal ignored under `nohup` stays ignored, every other one is default; Dispatch
//   and the gate's own blocking are undone), the terminal is as it was found, and every
//   descriptor above 2 is close-on-exec, so the command inherits nothing of the gate's.
// - The last step before exec discards what was typed and not read, after the gate's
//   last output: keys pressed while it said "Passed." never reach the command.
// - exec replaces the process: the command's status and signals are its own. If exec
//   fails anyway, the gate reports it and ends with 126 or 127.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateSystem

package enum CommandRunner {
    /// Checks that `name` can be run, returning nothing or the error to end with.
    package static func check(_ name: String, searchPath path: String) throws(GateError) {
        if name.isEmpty { throw .commandNotFound("'': command not found") }
        if name.contains("/") {
            try checkCandidate(name, name: name, reportMissing: true)
            return
        }
        var denied: GateError?
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            do {
                try checkCandidate(candidate, name: name, reportMissing: false)
                return
            } catch {
                if case .commandNotExecutable = error, denied == nil { denied = error }
            }
        }
        throw denied ?? .commandNotFound("\(name): command not found")
    }

    private static func checkCandidate(_ candidate: String, name: String, reportMissing: Bool) throws(GateError) {
        switch Executable.check(candidate) {
        case .runnable: return
        case .missing(let reason): throw .commandNotFound("\(name): \(reportMissing ? reason : "command not found")")
        case .folder: throw .commandNotExecutable("\(name): Is a directory")
        case .refused(let reason): throw .commandNotExecutable("\(name): \(reason)")
        }
    }

    /// Replaces the process with `command`, calling `discardTypeAhead` as the last step
    /// before exec. If exec fails, `report` is told why and the gate ends with 126 or 127.
    package static func replaceGate(with command: [String], discardingTypeAhead discardTypeAhead: () -> Void,
                            report: (GateError) -> Void) -> Never {
        Signals.restoreInherited()
        Executable.markDescriptorsCloseOnExec(above: 2)
        let code = Executable.replaceProcess(with: command, last: discardTypeAhead)
        let reason = Platform.describe(errno: code)
        let error: GateError = code == SystemError.noEntry ? .commandNotFound("\(command[0]): command not found")
            : .commandNotExecutable("\(command[0]): \(reason)")
        report(error)
        error.status.terminate()
    }
}
