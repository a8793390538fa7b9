// Ending.swift — the last stage of a run: how it ends, carried out in one place.
//
// Contract:
// - `finish` is the only place that says the outcome (stdout for an informational
//   action, one `shapelygate: ...` line on stderr otherwise), writes the audit line and
//   picks the exit status. Everything goes through the `Output` it is given.
// - The audit line, when the run has one, is written first, before anything is said or
//   the command replaces the gate.
// - A pass with a command hands the process over to it (`CommandRunner.replaceGate`,
//   which does not return); a pass reports the verdict (--verdict-fd) right before.
// - An interruption ends by its signal (the status that re-raises it), except in login
//   mode, where it is a plain denial with status 1. Its message is the same either way.
// - An informational action gives the caller's signal mask back before it prints, so
//   Ctrl-C still ends it.

import ShapelyGate
import ShapelyGateSystem

struct Ending {
    enum Kind {
        /// An informational action's text, for standard output.
        case informed(String)
        /// A person passed: run the command, if any.
        case passed(command: [String], verdict: Verdict)
        /// Denied; the message, when the screen has not said why already.
        case denied(message: String?)
        /// An ending signal; the message in the person's language.
        case interrupted(Interruption, message: String, loginMode: Bool)
        /// An error: a bad option, file or command.
        case failed(GateError)
        /// A check's report (standard output) and its problems, one `shapelygate:` line
        /// each on standard error; any problem is a configuration error (status 2).
        case checked(report: String, problems: [String])
    }

    /// What the audit log records: the log and the line's fields.
    struct Entry {
        var log: AuditLog
        var outcome: String
        var reason: String?
        var progress = AuditProgress()
    }

    let kind: Kind
    /// The run's audit line; nil before the gate knew what it guards.
    var entry: Entry?
    /// Whole lines about a problem that changed nothing (the lockout could not be saved).
    var warnings: [String] = []

    init(_ kind: Kind, entry: Entry? = nil) {
        self.kind = kind
        self.entry = entry
    }

    static func failed(_ error: GateError) -> Ending { Ending(.failed(error)) }

    /// Says, logs and ends. Returns the status, except on a pass with a command.
    func finish(_ output: Output) -> ExitStatus {
        for warning in warnings { output.warning(warning) }
        if var entry {
            entry.log.warn = output.warning
            entry.log.record(outcome: entry.outcome, reason: entry.reason, progress: entry.progress)
        }
        switch kind {
        case .informed(let text):
            Signals.restoreInheritedMask()
            output.standard(text)
            return .passed
        case .passed(let command, let verdict):
            verdict.report()
            if command.isEmpty {
                Terminal.discardTypeAhead()
                return .passed
            }
            CommandRunner.replaceGate(with: command) { output.error($0.report) }
        case .denied(let message):
            if let message { output.error(GateError.denied(message).report) }
            return .denied
        case .interrupted(let interruption, let message, let loginMode):
            output.error(GateError.denied(message).report)
            return loginMode ? .denied : .killedBy(signal: interruption.signal)
        case .failed(let error):
            output.error(error.report)
            return error.status
        case .checked(let report, let problems):
            Signals.restoreInheritedMask()
            if !report.isEmpty { output.standard(report) }
            for problem in problems { output.error(GateError.configuration(problem).report) }
            return problems.isEmpty ? .passed : .usage
        }
    }
}
