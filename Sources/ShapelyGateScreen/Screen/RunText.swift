// RunText.swift — every text a run can put around its board, so that a size the gate
// names for a screen too small (Layout.swift) holds the whole run, not only the screen
// shown now: a wrong answer, a new round or a new target never asks for more rows.
//
// Contract:
// - `screens` are the frames without a message (how to answer included): the one shown
//   now, and one for each kind on the board as the target, at the last round (its
//   number has the most digits). A new round deals the same kinds again.
// - `messages` are those an answer can bring, each in place of how to answer: not a
//   tile, each kind chosen wrongly with the most wrong answers left that can be shown,
//   and a won round. A number with more digits never takes fewer lines, so the largest
//   stands for the others.
// - The countdown is in every screen when it is in the one shown now: a run with a
//   time limit has it from start to end.

import ShapelyGate

/// Every text a run can show around its board.
struct RunText {
    var screens: [FrameText]
    var messages: [TextPart]
}

extension Renderer {
    /// What the run that shows `board` now (as `now`) can show around its boards, with
    /// `rounds` rounds and `attempts` wrong answers allowed.
    func runText(_ board: Board, now: FrameText, rounds: Int, attempts: Int, secondsLeft: Int?,
                 columns: Int) -> RunText {
        let kinds = ShapeKind.allCases.filter { kind in board.tiles.contains { $0.kind == kind } }
        let screens = kinds.map { target in
            frameText(board, target: target, round: rounds, rounds: rounds, message: nil,
                      secondsLeft: secondsLeft, columns: columns)
        }
        var messages: [ScreenMessage] = [.notATile]
        if attempts > 1 { messages += kinds.map { .wrongShape($0, attemptsLeft: attempts - 1) } }
        if attempts > 2 { messages += kinds.map { .wrongShape($0, attemptsLeft: 1) } }
        if rounds > 1 { messages.append(.roundWon(next: rounds, of: rounds)) }
        let tileCount = board.tiles.count
        return RunText(screens: [now] + screens, messages: messages.map { message($0, tileCount: tileCount) })
    }
}
