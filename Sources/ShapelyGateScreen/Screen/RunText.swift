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
// - `longestWord` is the widest word of the gate's own text (title, instruction, hint,
//   prompt, messages) and the countdown's whole label (up to `longestCountdown`
//   columns; an override's longer label is cut with an ellipsis): no width narrower
//   holds the run without breaking a word inside itself. What a pass allows is not counted: a path
//   longer than the screen is wrapped whole, never cut, at any width.

import ShapelyGate

/// Every text a run can show around its board.
struct RunText {
    /// The widest countdown a run asks room for; a longer label is cut.
    static let longestCountdown = 30

    var screens: [FrameText]
    var messages: [TextPart]
    var longestWord = 0

    /// The widest run of `word` a line may not break: letters and marks together; a wide
    /// character (a CJK one) stands alone, as such text breaks between any two.
    static func widestUnbreakable(_ word: Substring) -> Int {
        // Printable ASCII, most words, breaks nowhere: its width is its length.
        if word.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return word.utf8.count }
        var widest = 0, run = 0
        for character in word {
            let width = DisplayWidth.of(character)
            if width > 1 {
                widest = max(widest, run, width)
                run = 0
            } else {
                run += width
            }
        }
        return max(widest, run)
    }
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
        messages += [.moreTime(seconds: 3600), .noMoreTime, .moreTimeHint]
        let tileCount = board.tiles.count
        let parts = messages.map { message($0, tileCount: tileCount) }
        // The title and the instruction (the header's first and last parts), how to answer,
        // the prompt and every message, word by word; the countdown as it stands.
        let own = ([now] + screens).flatMap { screen in
            [screen.header.first, screen.header.count > 1 ? screen.header.last : nil, screen.hint, screen.prompt].compactMap { $0 }
        } + parts
        let words = own.flatMap { part in part.text.split(separator: " ").map(RunText.widestUnbreakable) }
        // An override's label longer than `longestCountdown` is cut with an ellipsis instead.
        let countdown = secondsLeft == nil ? 0
            : min(DisplayWidth.of(say(.countdown) + say(.colon) + " 00:00"), RunText.longestCountdown)
        return RunText(screens: [now] + screens, messages: parts, longestWord: max(words.max() ?? 0, countdown))
    }
}
