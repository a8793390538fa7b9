// SessionOutcome.swift — how one session ended, and the word the audit log gives it.

import ShapelyGate
import ShapelyGateSystem

enum SessionOutcome: Equatable, Sendable {
    case passed
    case denied(DenialReason)
    case endOfInput
    /// The terminal was closed.
    case hangup
    case signal(Int32)
    /// Not even the smallest board fits: the screen it would need.
    case tooSmall(TerminalSize)

    /// The reason an audit line gives for a denial.
    var reason: String? {
        switch self {
        case .passed: return nil
        case .denied(.tooManyAttempts): return "too-many-attempts"
        case .denied(.timeExpired): return "time-expired"
        case .endOfInput: return "end-of-input"
        case .hangup: return "hangup"
        case .signal(let number): return Signals.name(number)
        case .tooSmall: return "terminal-too-small"
        }
    }
}
