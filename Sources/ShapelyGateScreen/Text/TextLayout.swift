// TextLayout.swift — words on the screen: wrapping at spaces to a width counted in
// terminal columns, cutting to a width, measuring styled text, and marking a word
// wherever it stands (TextPart.swift styles each wrapped line with it).
//
// Contract:
// - Lines break at spaces only; a word longer than a whole line is cut between
//   characters (never through one), so every character of the text is shown, in order.
//   Spaces inside a line are kept as they are (a quoted argument's two spaces stay two);
//   the one space a line breaks at is not shown.
// - Widths are measured before styling; `visibleWidth` skips escape sequences.

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
                line += " " + String(word)  // not `+ word`: generic code set up at run time
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
    package static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
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

    /// `marking` for ASCII text (every English line), over bytes: splitting a line into
    /// characters costs more than the rest of laying out its screen. nil for other text.
    private static func markingASCII(_ word: String, in line: String, on: String, off: String) -> String? {
        let bytes = Array(line.utf8), target = Array(word.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }), target.allSatisfy({ $0 < 0x80 }) else { return nil }
        func letter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        let length = target.count
        guard length > 0, bytes.count >= length else { return line }
        var out = "", start = 0, index = 0
        while index + length <= bytes.count {
            let end = index + length
            if index == 0 || !letter(bytes[index - 1]), end == bytes.count || !letter(bytes[end]),
               (0..<length).allSatisfy({ lower(bytes[index + $0]) == lower(target[$0]) }) {
                out += String(decoding: bytes[start..<index], as: UTF8.self)
                out += on
                out += String(decoding: bytes[index..<end], as: UTF8.self)
                out += off
                start = end
                index = end
            } else {
                index += 1
            }
        }
        out += String(decoding: bytes[start...], as: UTF8.self)
        return out
    }

    /// Whether `character` is a letter, ASCII answered without the Unicode tables.
    private static func isLetter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return character.isLetter }
        return (ascii >= 65 && ascii <= 90) || (ascii >= 97 && ascii <= 122)
    }

    /// `characters` as a string, appended one by one (`String(_:)` over a slice is generic
    /// code the runtime sets up on first use, at the gate's start).
    private static func string(_ characters: ArraySlice<Character>) -> String {
        var text = ""
        for character in characters { text.append(character) }
        return text
    }

    /// `line` with every whole-word occurrence of `word` (ignoring case) between `on`
    /// and `off`.
    static func marking(_ word: String, in line: String, on: String, off: String) -> String {
        if let marked = markingASCII(word, in: line, on: on, off: off) { return marked }
        let characters = Array(line)
        let target = word.lowercased()
        let length = word.count
        guard length > 0, characters.count >= length else { return line }
        var out = ""
        var index = 0
        while index < characters.count {
            let end = index + length
            // The cheap word-boundary tests first: most places are inside a word.
            if end <= characters.count, index == 0 || !Self.isLetter(characters[index - 1]),
               end == characters.count || !Self.isLetter(characters[end]),
               Self.string(characters[index..<end]).lowercased() == target {
                out += on + Self.string(characters[index..<end]) + off
                index = end
            } else {
                out.append(characters[index])
                index += 1
            }
        }
        return out
    }
}
