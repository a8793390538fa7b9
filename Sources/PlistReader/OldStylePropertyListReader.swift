// OldStylePropertyListReader.swift — Apple's old text format ("OpenStep"), which Apple's
// reader tries when a file is neither binary nor XML, read by the same rules:
// - white space: tab to carriage return, space, U+2028, U+2029, "//" and "/* */"
//   comments; a file of only these is an empty dictionary;
// - { key = value; ... } with "key;" meaning key = key, ( a, b, ) and <hex data>;
// - strings quoted with ' or " (escapes \a \b \f \n \r \t \v, \ and a newline,
//   \Uhhhh, octal \ooo as NeXTSTEP Latin) or unquoted [A-Za-z0-9_$/:.-];
// - a top-level string followed by more text makes the file a .strings file: a
//   dictionary without braces, read up to the first thing that is not a key.
// Text is read as UTF-16 code units, as Apple's reader reads it; the last duplicate key
// wins; nesting deeper than 512 is refused. Strings become Swift strings (an unpaired
// surrogate from \U becomes U+FFFD). Never traps.

struct OldStylePropertyListReader {
    private let u: [UInt16]
    private var i = 0
    private var end: Int { u.count }

    static func parse(_ units: [UInt16]) throws(PropertyListError) -> PropertyListValue {
        var reader = OldStylePropertyListReader(u: units)
        guard reader.skipSpace() else { return .dictionary([]) }
        guard let result = try reader.object(required: true, depth: 0) else { throw reader.fail("no value") }
        guard reader.skipSpace() else { return result }
        guard case .string = result else { throw reader.fail("text after the property list") }
        reader.i = 0
        return try reader.dictionaryContent(depth: 0)
    }

    private init(u: [UInt16]) { self.u = u }

    private func fail(_ reason: String) -> PropertyListError {
        PropertyListError(PropertyListError.line(in: u, before: min(i, end)), reason)
    }

    private static func isUnquoted(_ c: UInt16) -> Bool {
        (0x61...0x7A).contains(c) || (0x41...0x5A).contains(c) || (0x30...0x39).contains(c)
            || c == 0x5F || c == 0x24 || c == 0x2F || c == 0x3A || c == 0x2E || c == 0x2D
    }

    /// Skips blanks and comments; false at the end of the text.
    private mutating func skipSpace() -> Bool {
        while i < end {
            let c = u[i]
            i += 1
            if (9...13).contains(c) || c == 0x20 || c == 0x2028 || c == 0x2029 { continue }
            guard c == 0x2F, i < end, u[i] == 0x2F || u[i] == 0x2A else {
                i -= 1
                return true
            }
            if u[i] == 0x2F {
                i += 1
                while i < end, ![0x0A, 0x0D, 0x2028, 0x2029].contains(u[i]) { i += 1 }
            } else {
                i += 1
                while i < end {
                    let d = u[i]
                    i += 1
                    if d == 0x2A, i < end, u[i] == 0x2F {
                        i += 1
                        break
                    }
                }
            }
        }
        return false
    }

    private mutating func object(required: Bool, depth: Int) throws(PropertyListError) -> PropertyListValue? {
        if depth > PropertyList.maximumDepth { throw fail("nested too deeply") }
        guard skipSpace() else {
            if required { throw fail("unexpected end of file") }
            return nil
        }
        let c = u[i]
        i += 1
        switch c {
        case 0x7B: return try dictionary(depth: depth)
        case 0x28: return try array(depth: depth)
        case 0x3C: return try data()
        case 0x22, 0x27:
            if let text = try quoted(c) { return .string(text) }
            if required { throw fail("unterminated string") }
            return nil
        default:
            i -= 1
            if Self.isUnquoted(c) { return .string(unquoted()) }
            if required { throw fail("unexpected character") }
            return nil
        }
    }

    /// A key: a quoted or unquoted string, or nil (nothing consumed but a bad string's quote).
    private mutating func key() throws(PropertyListError) -> String? {
        guard skipSpace() else { return nil }
        let c = u[i]
        if c == 0x22 || c == 0x27 {
            i += 1
            return try quoted(c)
        }
        return Self.isUnquoted(c) ? unquoted() : nil
    }

    private mutating func unquoted() -> String {
        let mark = i
        while i < end, Self.isUnquoted(u[i]) { i += 1 }
        return String(decoding: u[mark..<i], as: UTF16.self)
    }

    /// The string up to `quote`, or nil when it never ends (as Apple's reader, which
    /// then goes on from just after the opening quote).
    private mutating func quoted(_ quote: UInt16) throws(PropertyListError) -> String? {
        let start = i
        var out: [UInt16] = []
        while i < end, u[i] != quote {
            if u[i] == 0x5C {
                i += 1
                if i == end { return nil }
                out.append(escaped())
            } else {
                out.append(u[i])
                i += 1
            }
        }
        if i >= end {
            i = start
            return nil
        }
        i += 1
        return String(decoding: out, as: UTF16.self)
    }

    private mutating func escaped() -> UInt16 {
        let c = u[i]
        i += 1
        switch c {
        case 0x30...0x37:
            var number = UInt8(c - 0x30)
            for _ in 0..<2 {
                guard i < end, (0x30...0x37).contains(u[i]) else { break }
                number = number &<< 3 &+ UInt8(u[i] - 0x30)
                i += 1
            }
            if number < 0x80 { return UInt16(number) }
            let mapped = Self.nextStepLatin[Int(number) - 0x80]
            return mapped == 0xFFFD ? 0 : mapped
        case 0x55:
            var number: UInt16 = 0
            var digits = 4
            while i < end, digits > 0 {
                digits -= 1
                if let value = Self.hexValue(u[i], lowByteOnly: false) {
                    i += 1
                    number = number &<< 4 | UInt16(value)
                }
            }
            return number
        case 0x61: return 0x07
        case 0x62: return 0x08
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        case 0x76: return 0x0B
        default: return c
        }
    }

    private static func hexValue(_ c: UInt16, lowByteOnly: Bool) -> UInt8? {
        guard lowByteOnly || c < 0x80 else { return nil }
        let byte = UInt8(truncatingIfNeeded: c)
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    private mutating func data() throws(PropertyListError) -> PropertyListValue {
        while i < end, u[i] != 0x3E {
            if Self.hexValue(u[i], lowByteOnly: true) != nil {
                i += 1
                guard i < end, Self.hexValue(u[i], lowByteOnly: true) != nil else { throw fail("data of an odd number of digits") }
                i += 1
            } else if [0x20, 0x0A, 0x09, 0x0D, 0x2028, 0x2029].contains(u[i]) {
                i += 1
            } else {
                throw fail("data holds a character that is not a hex digit")
            }
        }
        guard i < end else { throw fail("unterminated data") }
        i += 1
        return .other(kind: "data")
    }

    private mutating func array(depth: Int) throws(PropertyListError) -> PropertyListValue {
        var items: [PropertyListValue] = []
        var next = try object(required: false, depth: depth + 1)
        while let item = next {
            items.append(item)
            guard skipSpace() else { throw fail("expected ',' in an array") }
            if u[i] == 0x2C {
                i += 1
                next = try object(required: false, depth: depth + 1)
            } else {
                next = nil
            }
        }
        guard skipSpace(), u[i] == 0x29 else { throw fail("expected ')' to end an array") }
        i += 1
        return .array(items)
    }

    private mutating func dictionary(depth: Int) throws(PropertyListError) -> PropertyListValue {
        let content = try dictionaryContent(depth: depth)
        guard skipSpace(), u[i] == 0x7D else { throw fail("expected '}' to end a dictionary") }
        i += 1
        return content
    }

    private mutating func dictionaryContent(depth: Int) throws(PropertyListError) -> PropertyListValue {
        var builder = DictionaryBuilder(keepFirst: false)
        var next = try key()
        while let name = next {
            guard skipSpace() else { throw fail("missing ';'") }
            if u[i] == 0x3B {
                builder.set(name, .string(name))
            } else if u[i] == 0x3D {
                i += 1
                guard let value = try object(required: true, depth: depth + 1) else { throw fail("missing value") }
                builder.set(name, value)
            } else {
                throw fail("expected ';' or '=' after a key")
            }
            guard skipSpace(), u[i] == 0x3B else { throw fail("missing ';'") }
            i += 1
            next = try key()
        }
        return .dictionary(builder.entries)
    }

    /// NeXTSTEP Latin at 0x80...0xFF; U+FFFD marks the two bytes it leaves undefined.
    private static let nextStepLatin: [UInt16] = [
        0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB,
        0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
        0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7, 0x00A9, 0x00A1, 0x00A2, 0x00A3,
        0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022, 0x201A, 0x201E, 0x201D, 0x00BB,
        0x2026, 0x2030, 0x00AC, 0x00BF, 0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
        0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7, 0x2014, 0x00B1, 0x00BC, 0x00BD,
        0x00BE, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
        0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA,
        0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
        0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,
    ]
}
