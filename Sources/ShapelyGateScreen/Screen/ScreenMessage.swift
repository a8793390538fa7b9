// ScreenMessage.swift — the line between the tiles and the countdown after an answer:
// why the board changed, or a hint. The renderer puts it in the person's language.

import ShapelyGate

/// A line between the tiles and the countdown: why the board changed, or a hint.
package enum ScreenMessage: Equatable {
    case notATile
    case wrongShape(ShapeKind, attemptsLeft: Int)
    case roundWon(next: Int, of: Int)
}
