// Ending.swift — the last stage of a run: how it ends, carried out in one place.
//
// Contract:
// - `finish` is the only place that says the outcome (stdout for an informational
//   action, one `shapelygate: ...` line on stderr otherwise), writes the audit record
//   and picks the exit status; the status and the record's words both come from the
//   one `GateOutcome` (GateOutcome.swift). Everything goes through the `Output` it is
//   given.
// - It opens nothing and changes no process state: what it needs, the run hands it — the
//   audit log, and on a pass the terminal, still open with its settings back, whose
//   type-ahead it drops as the last step before the command runs (or the gate exits 0).
// - The audit record, when the run has one, is written first, before anything is said or
//   the command replaces the gate.
// - A pass with a command hands the process over to it (`CommandRunner.replaceGate`,
//   which does not return); a pass reports the verdict (--verdict-fd) right before.
// - An interruption ends by its signal (the status that re-raises it), except in login
//   mode, where it is a plain denial with status 1. Its message is the same either way.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateSystem

package struct Ending {
    package enum Kind {
        /// An informational action's text, for standard output.
        case informed(String)
        /// The gate ended: its outcome, and the message when the screen has not said it.
        case gate(GateOutcome, message: String?, loginMode: Bool)
        /// An error: a bad option, file or command.
        case failed(GateError)
        /// A check's report (standard output) and its problems, one `shapelygate:` line
        /// each on standard error; any problem is a configuration error (status 2).
        case checked(report: String, problems: [String], warnings: [String] = [])
        /// An audit's report for standard output, and the status it ends with (--doors).
        case reported(String, status: ExitStatus)
    }

    /// What a pass hands on: the command (none for a predicate), the verdict to report
    /// and the terminal whose type-ahead goes last.
    package struct HandOver {
        package var command: [String]
        package var verdict: Verdict
        package var terminal: any ControllingTerminal
    }

    /// The audit record of a gate's ending: the log and how far the person got.
    package struct Record {
        package var log: AuditLog
        package var progress = AuditProgress()
    }

    package let kind: Kind
    /// The run's audit record; nil before the gate knew what it guards.
    package var record: Record?
    package var handOver: HandOver?
    /// Whole lines about a problem that changed nothing (the lockout could not be saved).
    package var warnings: [String] = []

    package init(_ kind: Kind, record: Record? = nil) {
        self.kind = kind
        self.record = record
    }

    package static func failed(_ error: GateError) -> Ending { Ending(.failed(error)) }

    /// Whether it only prints: the caller may give the signal mask back first.
    package var isInformational: Bool {
        switch kind {
        case .informed, .checked, .reported: return true
        default: return false
        }
    }

    /// How GateRun puts a gate's ending together: the log, how far the person got and
    /// any warnings, then the outcome.
    package struct Builder {
        package var log: AuditLog
        package var loginMode: Bool
        package var progress = AuditProgress()
        package var warnings: [String] = []

        package func ended(_ outcome: GateOutcome, message: String?) -> Ending {
            var ending = Ending(.gate(outcome, message: message, loginMode: loginMode),
                                record: Record(log: log, progress: progress))
            ending.warnings = warnings
            return ending
        }

        package func denied(_ denial: GateOutcome.Denial, message: String?) -> Ending {
            ended(.denied(denial), message: message)
        }

        package func passed(command: [String], verdict: Verdict, terminal: any ControllingTerminal) -> Ending {
            var ending = ended(.passed(.board), message: nil)
            ending.handOver = HandOver(command: command, verdict: verdict, terminal: terminal)
            return ending
        }
    }

    /// Says, logs and ends. Returns the status, except on a pass with a command.
    package func finish(_ output: Output) -> ExitStatus {
        for warning in warnings { output.warning(warning) }
        switch kind {
        case .informed(let text):
            output.standard(text)
            return .passed
        case .gate(let outcome, let message, let loginMode):
            if let record { record.log.record(outcome, progress: record.progress, warn: output.warning) }
            if let handOver { return pass(handOver, output) }
            if let message { output.error(GateError.denied(message).report) }
            // A pass always hands over; one that does not is no pass.
            return outcome.isPass ? .denied : outcome.status(loginMode: loginMode)
        case .failed(let error):
            output.error(error.report)
            return error.status
        case .checked(let report, let problems, let warnings):
            if !report.isEmpty { output.standard(report) }
            for problem in problems { output.error(GateError.configuration(problem).report) }
            for warning in warnings { output.error(GateError.configuration(warning).report) }
            return problems.isEmpty ? .passed : .usage
        case .reported(let report, let status):
            output.standard(report)
            return status
        }
    }

    private func pass(_ handOver: HandOver, _ output: Output) -> ExitStatus {
        handOver.verdict.report()
        guard !handOver.command.isEmpty else {
            handOver.terminal.discardInput()
            handOver.terminal.close()
            return .passed
        }
        CommandRunner.replaceGate(with: handOver.command, discardingTypeAhead: handOver.terminal.discardInput) {
            output.error($0.report)
        }
    }
}
