// AnswerParser.swift — turns one line a person typed into a tile number, or nothing.
// Accepts optional blanks around one to three ASCII digits (leading zeros allowed);
// anything else — empty, letters, signs, "3abc", a 100-digit number, invalid UTF-8,
// NUL bytes — is not a number. Whether the number is on the board is the challenge's call.
// A line of `+` alone asks for more time.

public enum AnswerParser {
    public static func tileNumber(from line: some Collection<UInt8>) -> Int? {
        var digits = 0
        var value = 0
        var sawDigit = false
        var afterDigits = false
        for byte in line {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if sawDigit { afterDigits = true }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if afterDigits { return nil }
                sawDigit = true
                if value == 0 && byte == UInt8(ascii: "0") { continue }
                digits += 1
                if digits > 3 { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            default:
                return nil
            }
        }
        return sawDigit ? value : nil
    }

    /// Whether the line asks for more time: `+` alone, blanks around it allowed.
    public static func asksForMoreTime(_ line: some Collection<UInt8>) -> Bool {
        let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        let kept = line.filter { !blanks.contains($0) }
        return kept == [UInt8(ascii: "+")]
    }
}
