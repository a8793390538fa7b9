// TextLayout.swift — words on the screen: wrapping at spaces to a width counted in
// terminal columns, and styling each wrapped line so that a style survives a break.
//
// Contract:
// - Lines break at spaces only; a word longer than a whole line is cut between
//   characters (never through one), so every character of the text is shown, in order.
//   Spaces inside a line are kept as they are (a quoted argument's two spaces stay two);
//   the one space a line breaks at is not shown.
// - Styling comes after wrapping and is closed at the end of every line: bold, a colour
//   and the emphasised word each start again on the next line, and no style runs on
//   into the next thing on screen. Widths are measured before styling.

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
        let start = codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
        return start + body + Palette.reset
    }
}

package enum TextLayout {
    /// `text` in lines of at most `width` columns, broken at spaces; a word too long
    /// for a line is cut between characters, never through one.
    package static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var used = 0
        var started = false
        // Empty pieces are the second and later spaces of a run: kept inside a line.
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(piece)
            var wordWidth = DisplayWidth.of(word)
            if !started {
                started = true
            } else if used + 1 + wordWidth <= width {
                line += " " + word
                used += 1 + wordWidth
                continue
            } else {
                lines.append(line)
                line = ""
            }
            while wordWidth > width {
                if !line.isEmpty { lines.append(line); line = "" }
                var cut = DisplayWidth.prefix(word, columns: width)
                // A character wider than the whole line still goes on one, alone.
                if cut.isEmpty { cut = word.prefix(1) }
                lines.append(String(cut))
                word = word[cut.endIndex...]
                // Less the cut, not measured again: a 100 kB word stays one pass.
                wordWidth -= DisplayWidth.of(cut)
            }
            line = String(word)
            used = wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` on one line of at most `width` columns, ending in `ellipsis` when cut.
    static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
        guard DisplayWidth.of(text) > width else { return text }
        return String(DisplayWidth.prefix(text, columns: max(0, width - ellipsis.count))) + ellipsis
    }

    /// Columns `styled` takes on screen: its text without the escape sequences (CSI).
    static func visibleWidth(_ styled: String) -> Int {
        var plain = String.UnicodeScalarView()
        var inEscape = false
        for scalar in styled.unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true; continue }
            if inEscape { if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }; continue }
            plain.append(scalar)
        }
        return DisplayWidth.of(String(plain))
    }

    /// `line` with every whole-word occurrence of `word` (ignoring case) between `on`
    /// and `off`.
    static func marking(_ word: String, in line: String, on: String, off: String) -> String {
        let characters = Array(line)
        let target = word.lowercased()
        let length = word.count
        guard length > 0, characters.count >= length else { return line }
        var out = ""
        var index = 0
        while index < characters.count {
            let end = index + length
            // The cheap word-boundary tests first: most places are inside a word.
            if end <= characters.count, index == 0 || !characters[index - 1].isLetter,
               end == characters.count || !characters[end].isLetter,
               String(characters[index..<end]).lowercased() == target {
                out += on + String(characters[index..<end]) + off
                index = end
            } else {
                out.append(characters[index])
                index += 1
            }
        }
        return out
    }
}
