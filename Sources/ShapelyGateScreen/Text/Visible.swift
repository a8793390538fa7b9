// Visible.swift — the one sanitizer for text that came from outside (strings files,
// arguments, paths, configuration keys and values, the environment) on its way to the
// terminal, stderr or a log.
//
// Contract:
// - Works on Unicode scalars, not Characters: "\r\n" is two scalars, each escaped.
// - C0 controls, DEL and C1 controls become `\xHH`; line and paragraph separators
//   (U+2028, U+2029), the bidirectional controls (U+061C, U+200E, U+200F,
//   U+202A–U+202E, U+2066–U+2069) and the invisible characters (soft hyphen, zero-width
//   space and joiners, word joiner, U+FEFF) become `\uHHHH`. Nothing else changes.
// - `screen` turns a newline or tab into a space first (a translator's line break is
//   layout, not an attack); `log` escapes the backslash too, so every escape in a log
//   line is unambiguous.
// - `shellWord` quotes one argument so that argument boundaries survive in a log line:
//   bare when it holds only safe characters, '...' when it holds no escapes, and
//   $'...' (bash's ANSI-C quoting) when it does.

package enum Visible {
    /// Text for the terminal or stderr.
    package static func screen(_ text: String) -> String {
        escape(text, layoutAsSpace: true, backslash: false)
    }

    /// One field of an audit line.
    package static func log(_ text: String) -> String {
        escape(text, layoutAsSpace: false, backslash: true)
    }

    /// Whether `scalar` must never reach a terminal or log as it is.
    static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x00AD, 0x200B...0x200D, 0x2060...0x2064, 0xFEFF: return true  // invisible
        // Also invisible, or blank where a letter seems to stand: the combining grapheme
        // joiner, the Mongolian vowel separator, deprecated format controls, annotation
        // and musical format characters, variation selectors, tags, Hangul fillers and the
        // blank Braille pattern.
        case 0x034F, 0x180E, 0x206A...0x206F, 0xFFF9...0xFFFB, 0x1D173...0x1D17A, 0xFE00...0xFE0F,
             0xE0000...0xE007F, 0xE0100...0xE01EF, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800:
            return true
        default: return false
        }
    }

    private static func escape(_ text: String, layoutAsSpace: Bool, backslash: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isDangerous($0) || (backslash && $0 == "\\") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if layoutAsSpace && (scalar == "\n" || scalar == "\t") {
                out.append(" ")
            } else if backslash && scalar == "\\" {
                out.append(contentsOf: "\\\\".unicodeScalars)
            } else if isDangerous(scalar) {
                out.append(contentsOf: code(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        if scalar.value < 0x100 { return "\\x" + (hex.count < 2 ? "0" : "") + hex }
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static let safeWordCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-".unicodeScalars)

    /// One argument, quoted for a log line or a screen so its boundaries survive.
    package static func shellWord(_ word: String) -> String {
        if !word.isEmpty && word.unicodeScalars.allSatisfy({ safeWordCharacters.contains($0) }) { return word }
        if !word.unicodeScalars.contains(where: isDangerous) {
            return "'" + word.replacingAll("'", with: "'\\''") + "'"
        }
        var out = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += isDangerous(scalar) ? code(scalar) : String(scalar)
            }
        }
        return out + "'"
    }

    /// A whole command line, each argument quoted.
    package static func commandLine(_ words: [String]) -> String {
        words.map(shellWord).joined(separator: " ")
    }
}

extension String {
    /// Every occurrence of `target` replaced, scanning scalars, not Characters: a quote
    /// followed by a combining mark is still a quote.
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
