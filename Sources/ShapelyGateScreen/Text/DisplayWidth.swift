// DisplayWidth.swift — how many terminal columns text takes, so that every line the
// gate draws is measured as the terminal will lay it out, not by its characters.
//
// Contract:
// - East Asian Wide and Fullwidth scalars (CJK, kana, Hangul syllables, fullwidth
//   forms, the common emoji blocks) take two columns; nonspacing and enclosing marks
//   (Mn, Me), format characters (Cf) and Hangul medial/final jamo take none; every other
//   scalar takes one. A character's width is the sum of its scalars': never less than a
//   terminal gives it.
// - Only text without escape sequences is measured: widths are taken before styling.

package enum DisplayWidth {
    static func of(_ scalar: Unicode.Scalar) -> Int {
        // Printable ASCII, most of what is measured, without the Unicode tables.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1160...0x11FF, 0x200B: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    package static func of<Text: StringProtocol>(_ text: Text) -> Int {
        // Printable ASCII, most of what is measured: one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` that takes at most `columns` columns.
    package static func prefix<Text: StringProtocol>(_ text: Text, columns: Int) -> Text.SubSequence {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += of(text[index])
            if used > columns { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// The longest end of `text` that takes at most `columns` columns.
    package static func suffix<Text: StringProtocol>(_ text: Text, columns: Int) -> Text.SubSequence {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            used += of(text[before])
            if used > columns { break }
            start = before
        }
        return text[start...]
    }
}
