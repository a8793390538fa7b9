// GateOutcome.swift — how a gated run ended, as one type, for the gate and the sudo judge
// alike. Everything that depends on the ending is derived from it here, once:
//
//     GateOutcome ─┬─ status(loginMode:)    the exit status (ExitStatus.documented)
//                  ├─ auditOutcome, reason  the audit record's `outcome=` and `reason=`
//                  ├─ messageID, priority   the journal's MESSAGE_ID and PRIORITY
//                  ├─ closing               what the closing paragraph on screen reports
//                  └─ isAnswer              whether the lockout counts it
//
// Contract:
// - Every reason is one of `Denial.reasons` (or a signal's name for an interruption),
//   and each is listed in the man page's AUDIT RECORDS reasons; a test holds both to it.
// - An outcome parsed back from a reason (`init(deniedFor:)`, the judge reading the
//   gate's verdict line) is always a denial, never a pass.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package enum GateOutcome: Equatable, Sendable {
    /// A person passed at the board, or (sudo judge) within the grace window or by an
    /// approver's yes.
    case passed(PassWay)
    case denied(Denial)
    /// Shut by the cooldown of earlier denials (or, sudo judge, a record it cannot trust).
    case locked(untrustedRecord: Bool)
    /// An ending signal arrived: Ctrl-C, a hangup of the controlling process, SIGTERM...
    case interrupted(Interruption)
    /// Nothing was decided: the gate's failure, not the person's answer.
    case failed(Failure)
    /// An approval request was sent (a record of its own, before the answer).
    case requested

    package enum PassWay: String, Equatable, Sendable {
        case board, grace, approved
        /// Within a window an approver granted for this very command (`--approve ID --for`).
        case approvedWindow = "approved-window"
    }

    package enum Failure: String, Equatable, Sendable, CaseIterable {
        case error, configuration, gateFailed = "gate-failed", lostGate = "lost-gate"
        case refusedOptions = "refused-options", noRequest = "no-request"
    }

    /// Why a person was denied; `reason` is the audit word.
    package enum Denial: Equatable, Sendable {
        case tooManyAttempts, timeExpired, endOfInput, hangup
        /// Not even the smallest board fitted before the time ran out: the size it needed.
        case tooSmall(TerminalSize)
        case noTerminal, tooLong
        // The sudo judge's own, before or instead of a board.
        case nonInteractive, unknownEnvironment, notUTF8, background, terminalTaken, unknownCaller
        case notApproved, withdrawn, deniedByApprover
        /// A new request within `request-cooldown` of a no or of no answer: no one was asked.
        case requestCooldown
        /// Ended by a signal the judge saw only as an ending (sudo stopped or killed).
        case interrupted
        /// The gate ended without saying why (a status other than 1, or no verdict line).
        case unexplained

        package var reason: String {
            switch self {
            case .tooManyAttempts: return "too-many-attempts"
            case .timeExpired: return "time-expired"
            case .endOfInput: return "end-of-input"
            case .hangup: return "hangup"
            case .tooSmall: return "terminal-too-small"
            case .noTerminal: return "no-terminal"
            case .tooLong: return "too-long"
            case .nonInteractive: return "non-interactive"
            case .unknownEnvironment: return "unknown-environment"
            case .unknownCaller: return "unknown-caller"
            case .notUTF8: return "not-utf8"
            case .background: return "background"
            case .terminalTaken: return "terminal-taken"
            case .notApproved: return "not-approved"
            case .withdrawn: return "withdrawn"
            case .deniedByApprover: return "denied-by-approver"
            case .requestCooldown: return "request-cooldown"
            case .interrupted: return "interrupted"
            case .unexplained: return "unexplained"
            }
        }

        /// One of each kind (a size for `tooSmall`), for the tests and the man page's list.
        package static let all: [Denial] = [
            .tooManyAttempts, .timeExpired, .endOfInput, .hangup, .tooSmall(TerminalSize(columns: 0, rows: 0)),
            .noTerminal, .tooLong, .nonInteractive, .unknownEnvironment, .notUTF8, .background,
            .terminalTaken, .unknownCaller, .notApproved, .withdrawn, .deniedByApprover, .requestCooldown, .interrupted,
            .unexplained,
        ]

        /// The engine's reasons for ending a challenge.
        package init(_ reason: DenialReason) {
            self = reason == .tooManyAttempts ? .tooManyAttempts : .timeExpired
        }
    }

    /// A denial read back from its audit word (the gate's verdict line under the sudo
    /// judge): a signal's name is an interruption; an unknown word is `unexplained`.
    package init(deniedFor reason: String?) {
        if let reason, let signal = Signals.number(named: reason) {
            self = .interrupted(Interruption(signal))
        } else {
            self = .denied(Denial.all.first { $0.reason == reason } ?? .unexplained)
        }
    }

    package var isPass: Bool {
        if case .passed = self { return true }
        return false
    }

    /// The gate's exit status. In login mode an ending signal is a plain denial. (With a
    /// command, a pass hands the process to it: its status is the command's own.)
    package func status(loginMode: Bool) -> ExitStatus {
        switch self {
        case .passed: return .passed
        case .denied, .locked, .requested: return .denied
        case .interrupted(let interruption): return loginMode ? .denied : .killedBy(signal: interruption.signal)
        case .failed: return .usage
        }
    }

    /// `outcome=` of the audit line: passed, denied, locked, error or requested.
    package var auditOutcome: String {
        switch self {
        case .passed: return "passed"
        case .denied, .interrupted: return "denied"
        case .locked: return "locked"
        case .failed: return "error"
        case .requested: return "requested"
        }
    }

    /// `reason=` of the audit line, when it has one.
    package var reason: String? {
        switch self {
        case .passed(let way): return way == .board ? nil : way.rawValue
        case .denied(let denial): return denial.reason
        case .locked(let untrusted): return untrusted ? "untrusted-record" : nil
        case .interrupted(let interruption): return interruption.name
        case .failed(let failure): return failure == .error ? nil : failure.rawValue
        case .requested: return nil
        }
    }

    /// The journal's MESSAGE_ID: one fixed id per `auditOutcome`.
    package var messageID: String {
        switch self {
        case .passed: return "f566834617fd4f15836934871b86e5a1"
        case .denied, .interrupted: return "c8d6c610eef142a18e45a31f1f2e75b6"
        case .locked: return "9458c2bfb5ae4876a96ce48a587fedcc"
        case .failed: return "9de320b41eea40768d62462d9102ed77"
        case .requested: return "5b3c6e1ad9a04f2c9e7f0b8d41a2c6e3"
        }
    }

    /// The journal's PRIORITY (and the syslog line's severity).
    package var priority: Int32 {
        switch self {
        case .passed: return LogPriority.info
        case .denied, .interrupted, .locked, .requested: return LogPriority.notice
        case .failed: return LogPriority.error
        }
    }

    /// What the closing paragraph on screen reports.
    package var closing: Closing {
        switch self {
        case .passed: return .passed
        case .denied(.tooManyAttempts): return .denied(.tooManyAttempts)
        case .denied(.timeExpired): return .denied(.timeExpired)
        default: return .ended
        }
    }

    /// Whether the lockout counts it: a screen too small for any board is no answer.
    package var isAnswer: Bool {
        if case .denied(.tooSmall) = self { return false }
        return true
    }
}
