// Frame.swift — one screenful laid out (Layout.swift): its lines, the row and column
// where they start (the frame is centred), the countdown's row and the prompt's, which
// the answer follows. Painter.swift puts it on the terminal.
//
// Contract: the lines hold no newline; `promptRow` is the last line.

/// One screenful: the lines, where they stand, the countdown's line and the prompt's.
package struct Frame: Equatable {
    var lines: [String]
    /// Rows above and columns left of the lines: the frame is centred.
    var top = 0
    var left = 0
    var countdownRow: Int?
    /// The last line: the prompt, which the answer follows.
    var promptRow: Int { lines.count - 1 }
    /// Columns the prompt takes on its line (from `left`), so the answer can follow it.
    var promptWidth: Int
    /// What stands for the cut start of a long answer: `…`, or three dots without UTF-8.
    var ellipsis = "…"
}
