// TextPart.swift — a piece of text for the screen and how it looks: bold, a colour, a
// word that stands out. Its lines are wrapped first (TextLayout.swift), then styled.
//
// Contract:
// - Styling is closed at the end of every line: bold, a colour and the emphasised word
//   each start again on the next line, and no style runs on into the next thing on
//   screen. Widths are measured before styling.
// - Without colour no colour code is written; in the plain mode no escape sequence at all.

import ShapelyGate

/// A piece of text for the screen and how it looks.
struct TextPart: Equatable {
    var text: String
    var bold = false
    var color: TileColor?
    /// A word shown bold and underlined wherever it stands in the text: the target's name.
    var emphasis: String?

    init(_ text: String, bold: Bool = false, color: TileColor? = nil, emphasis: String? = nil) {
        self.text = text
        self.bold = bold
        self.color = color
        self.emphasis = emphasis
    }

    /// The text wrapped to `width`, each line styled for `mode`.
    func lines(width: Int, mode: ColorMode) -> [String] {
        TextLayout.wrap(text, width: width).map { styled($0, mode: mode) }
    }

    func styled(_ line: String, mode: ColorMode) -> String {
        guard mode != .plain else { return line }
        var codes: [String] = bold ? ["1"] : []
        if let color, mode.colored { codes.append(String(Palette.sgr(color, mode: mode).dropFirst(2).dropLast())) }
        var body = line
        if let emphasis, !emphasis.isEmpty {
            let on = bold ? "\u{1B}[4m" : "\u{1B}[1;4m"
            let off = bold ? "\u{1B}[24m" : "\u{1B}[22;24m"
            body = TextLayout.marking(emphasis, in: line, on: on, off: off)
        }
        guard !codes.isEmpty || body != line else { return line }
        var start = ""
        for (index, code) in codes.enumerated() { start += (index == 0 ? "\u{1B}[" : ";") + code }
        if !start.isEmpty { start += "m" }
        return start + body + Palette.reset
    }
}
