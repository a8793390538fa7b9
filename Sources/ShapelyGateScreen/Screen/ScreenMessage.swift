// ScreenMessage.swift — the line between the tiles and the countdown after an answer:
// why the board changed, or a hint. The renderer puts it in the person's language.

import ShapelyGate

/// A line between the tiles and the countdown: why the board changed, or a hint.
package enum ScreenMessage: Equatable {
    case notATile
    case wrongShape(ShapeKind, attemptsLeft: Int)
    case roundWon(next: Int, of: Int)
    /// The round's time was added again (`+` then Enter).
    case moreTime(seconds: Int)
    /// `+` then Enter when no more time may be added.
    case noMoreTime
    /// How to ask for more time, with the last warning of the time.
    case moreTimeHint
}
