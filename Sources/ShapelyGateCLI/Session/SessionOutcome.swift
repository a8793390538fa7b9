// SessionOutcome.swift — how one session ended, whether a person answered (the
// lockout counts only that), and the word the audit log gives it.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

enum SessionOutcome: Equatable, Sendable {
    case passed
    case denied(DenialReason)
    case endOfInput
    /// The terminal was closed.
    case hangup
    /// An ending signal arrived.
    case interrupted(Interruption)
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
        case .interrupted(let interruption): return interruption.name
        case .tooSmall: return "terminal-too-small"
        }
    }

    /// What the closing paragraph on screen reports.
    var closing: Closing {
        switch self {
        case .passed: return .passed
        case .denied(let reason): return .denied(reason)
        default: return .ended
        }
    }

    /// Whether the lockout counts it: a screen too small for any board is no answer.
    var isAnswer: Bool {
        if case .tooSmall = self { return false }
        return true
    }
}
