// Painter.swift — the escape sequences that put frames on a terminal that can move
// its cursor. The gate draws on the alternate screen, as full-screen programs do:
// a new board replaces the old one, the countdown and the answer line are rewritten
// in place, and when the gate ends the alternate screen is left, so the person's own
// screen comes back untouched and the closing line is printed under it.
//
// Contract:
// - Only ECMA-48/xterm sequences every cursor-capable terminal knows are written:
//   CUP (CSI row;col H), ED (CSI 2J), EL (CSI K), and the alternate screen
//   (CSI ?1049h/l), which terminals without one simply ignore (the board is then
//   cleared from the normal screen before the closing line).
// - Rows and columns are 1-based on the wire, 0-based in `Frame`, whose lines start
//   at its `top` row and `left` column (the frame is centred).

package enum Painter {
    package static let enter = "\u{1B}[?1049h"
    package static let leave = "\u{1B}[2J\u{1B}[H\u{1B}[?1049l"
    /// What a fatal signal's handler writes: back to the main screen, cursor shown.
    package static let leaveAfterSignal = "\u{1B}[?1049l\u{1B}[?25h"

    private static func move(row: Int, column: Int = 0) -> String { "\u{1B}[\(row + 1);\(column + 1)H" }
    private static let eraseLine = "\u{1B}[K"

    /// The whole frame, with `answer` typed after the prompt.
    package static func full(_ frame: Frame, answer: String, columns: Int) -> String {
        var out = "\u{1B}[H\u{1B}[2J"
        for (index, line) in frame.lines.enumerated() where !line.isEmpty {
            out += move(row: frame.top + index, column: frame.left) + line
        }
        return out + answerText(frame, answer, columns: columns)
    }

    /// Only the countdown line, then the cursor back after the answer.
    package static func countdown(_ frame: Frame, text: String, answer: String, columns: Int) -> String {
        guard let row = frame.countdownRow else { return "" }
        return move(row: frame.top + row, column: frame.left) + text + eraseLine + afterPrompt(frame)
            + visibleAnswer(answer, frame: frame, columns: columns)
    }

    /// The answer line after the prompt, as typed so far.
    package static func answerText(_ frame: Frame, _ answer: String, columns: Int) -> String {
        afterPrompt(frame) + visibleAnswer(answer, frame: frame, columns: columns) + eraseLine
    }

    private static func afterPrompt(_ frame: Frame) -> String {
        move(row: frame.top + frame.promptRow, column: frame.left + frame.promptWidth)
    }

    /// The tail of the answer that fits the line (a long entry scrolls to the left).
    private static func visibleAnswer(_ answer: String, frame: Frame, columns: Int) -> String {
        let room = max(1, columns - 1 - frame.left - frame.promptWidth)
        guard DisplayWidth.of(answer) > room else { return answer }
        return frame.ellipsis + DisplayWidth.suffix(answer, columns: max(0, room - frame.ellipsis.count))
    }

    /// A screen with only `lines` (wrapped already): for a terminal too small for the board.
    package static func message(_ lines: [String]) -> String {
        "\u{1B}[H\u{1B}[2J" + lines.enumerated().map { move(row: $0.offset) + $0.element }.joined()
    }
}
