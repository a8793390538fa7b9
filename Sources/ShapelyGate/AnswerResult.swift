// AnswerResult.swift — what one answer did to a challenge (Challenge.swift): nothing
// (not a tile number, or the challenge already closed), a round won, a pass, a wrong
// shape and the attempts left, the last attempt used, or an answer that came too late.

/// What one answer did.
public enum AnswerResult: Equatable, Sendable {
    /// The entry was not a tile number on this board; nothing changed.
    case notATile
    /// Right kind; a new round has started.
    case roundWon(nextRound: Int)
    /// Right kind in the last round: the gate is passed.
    case passed
    /// A tile of `chosen` kind; the board was dealt again.
    case wrongShape(chosen: ShapeKind, attemptsLeft: Int)
    /// A wrong tile that used the last attempt.
    case tooManyAttempts(chosen: ShapeKind)
    /// The answer came too late.
    case timeExpired
    /// The challenge was already closed.
    case closed
}
