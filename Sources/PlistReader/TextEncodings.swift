// TextEncodings.swift — turns the bytes of a text property list into UTF-8, choosing the
// encoding as Apple's reader does:
//   1. a byte order mark: UTF-32 BE/LE (files over 4 bytes), UTF-8 (over 3 bytes),
//      UTF-16 LE/BE (over 2 bytes);
//   2. a zero in either of the first two bytes: UTF-16 little-endian without a mark
//      (Apple's reader then drops those two bytes, and so does this one);
//   3. an encoding named in an XML declaration at the very start ("<?xml ...
//      encoding='...'" before the first '?' or '>'): UTF-8, ISO-8859-1 (Latin-1),
//      US-ASCII (read as Latin-1, as Apple's reader reads it) or windows-1252, under
//      any name Apple's reader resolves to them (its own, then ICU's aliases);
//   4. otherwise UTF-8.
// UTF-8 text is returned as it is, its strings checked when read, when there is no
// declaration or it says exactly "utf-8"; other names convert the whole text, and a
// byte that has no character fails. UTF-8 is read as Apple's converter reads it:
// strict, but a stray 0xA9 byte is U+FFFD. As in Apple's reader, UTF-16
// text is converted only up to an unpaired surrogate, and a trailing odd byte is ignored.
// Encodings Apple's reader takes from the system's converters (ISO-8859-2 and later,
// KOI8-R, Shift_JIS, x-nextstep, ...) are refused with their name.

enum TextEncodings {
    static func utf8Text(of bytes: [UInt8]) throws(PropertyListError) -> [UInt8] {
        let count = bytes.count
        func starts(_ mark: [UInt8]) -> Bool { bytes.starts(with: mark) }
        if count > 4, starts([0x00, 0x00, 0xFE, 0xFF]) { return try utf32(bytes[4...], bigEndian: true) }
        if count > 4, starts([0xFF, 0xFE, 0x00, 0x00]) { return try utf32(bytes[4...], bigEndian: false) }
        if count > 3, starts([0xEF, 0xBB, 0xBF]) { return Array(bytes[3...]) }
        if count > 2 {
            if starts([0xFF, 0xFE]) || starts([0xFE, 0xFF]) || bytes[0] == 0 || bytes[1] == 0 {
                return utf8(fromUTF16: utf16Units(bytes))
            }
        }
        guard let name = try declaredEncoding(bytes) else { return bytes }
        // Exactly "utf-8" keeps the bytes; other names are converted, the whole text.
        if name.utf8.count == 5, asciiLowercased(name) == "utf-8" { return bytes }
        switch try encoding(named: name) {
        case .utf8:
            guard let text = appleUTF8(bytes[...]) else { throw PropertyListError(.line(1), "the file is not valid UTF-8") }
            return Array(text.utf8)
        case .latin1: return latin1(bytes)
        case .windows1252: return try windows1252(bytes)
        }
    }

    enum Named { case utf8, latin1, windows1252 }

    /// UTF-8 as Apple's converter reads it: strict, except that a 0xA9 byte where a
    /// character should start is read as U+FFFD. Nil when the bytes are not valid.
    static func appleUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var out = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var end = index + 1
            while end < bytes.endIndex, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
            // The longest prefix that decodes is a single scalar or nothing.
            var decoded: Unicode.Scalar?
            for length in stride(from: end - index, through: 1, by: -1) {
                if let text = String(validating: bytes[index..<index + length], as: UTF8.self), text.unicodeScalars.count == 1 {
                    decoded = text.unicodeScalars.first
                    end = index + length
                    break
                }
            }
            if let scalar = decoded {
                out.append(scalar)
                index = end
            } else if bytes[index] == 0xA9 {
                out.append("\u{FFFD}")
                index += 1
            } else {
                return nil
            }
        }
        return String(out)
    }

    /// The name in `<?xml ... encoding="NAME"`, or nil when there is none.
    static func declaredEncoding(_ bytes: [UInt8]) throws(PropertyListError) -> String? {
        guard bytes.count >= 5, bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = bytes.count
        var index = 5
        var found = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: ">") { return nil }
            index += 1
            if index + 8 >= end { throw PropertyListError(.line(1), "the XML declaration ends before its encoding name") }
            if byte == UInt8(ascii: "e"), bytes[index..<index + 8].elementsEqual("ncoding=".utf8) {
                index += 8
                found = true
                break
            }
        }
        guard found, index < end else { return nil }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return nil }
        guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
        var name = ""
        for byte in bytes[(index + 1)..<close] { name.unicodeScalars.append(Unicode.Scalar(byte)) }
        return name
    }

    /// The encoding a declared name selects, resolved as Apple's reader resolves it:
    /// first its own names ("iso-8859-N", "cpN" and "windows-N" by number, "us-ascii"),
    /// then the ICU aliases, compared without case, punctuation or leading zeros.
    static func encoding(named declared: String) throws(PropertyListError) -> Named {
        // Apple's reader passes the name on as a C string of ASCII characters.
        let name = String(declared.unicodeScalars.prefix { $0 != "\0" }.map(Character.init))
        let lower = asciiLowercased(name)
        let printable = String(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(40).map(Character.init))
        func unsupported() -> PropertyListError {
            PropertyListError(.line(1), "unsupported encoding \"\(printable)\" (use UTF-8, UTF-16 with a byte order mark, ISO-8859-1, US-ASCII or windows-1252)")
        }
        let noMark = PropertyListError(.line(1), "the XML declaration names \(printable), but the file has no byte order mark")
        if !name.unicodeScalars.allSatisfy(\.isASCII) { throw unsupported() }
        if lower.hasPrefix("iso-8859-") {
            switch UInt32(truncatingIfNeeded: strtol(lower.dropFirst(9))) {
            case 1: return .latin1
            case 2...16: throw unsupported()
            default: break
            }
        } else if lower.hasPrefix("cp") || lower.hasPrefix("windows-") {
            switch UInt16(truncatingIfNeeded: strtol(lower.dropFirst(lower.hasPrefix("cp") ? 2 : 8))) {
            case 65001: return .utf8
            case 1200, 1201, 65005, 65006: throw noMark
            case 28591: return .latin1
            case 20127: return .latin1
            case 1252: return .windows1252
            default: break
            }
        } else if lower == "us-ascii" {
            return .latin1
        } else if ["utf-16", "utf-16be", "utf-16le", "utf-32", "utf-32be", "utf-32le"].contains(lower) {
            throw noMark
        }
        let key = icuKey(name)
        if ["utf8", "ibm1208", "ibm1209", "ibm5304", "ibm5305", "ibm13496", "ibm13497", "ibm17592", "ibm17593",
            "windows65001", "cp1208", "xutf8j", "unicode11utf8", "unicode20utf8"].contains(key) { return .utf8 }
        if ["iso88591", "ibm819", "cp819", "latin1", "88591", "csisolatin1", "isoir100", "iso885911987", "l1", "819",
            "usascii", "ascii", "ansix341968", "ansix341986", "iso646irv1991", "iso646irv1983", "iso646us", "us",
            "csascii", "isoir6", "cp367", "ascii7", "646", "windows20127", "ibm367"].contains(key) { return .latin1 }
        if ["ibm5348p1001997", "ibm5348", "windows1252", "cp1252"].contains(key) { return .windows1252 }
        if ["utf16", "utf16be", "utf16le", "utf32", "utf32be", "utf32le", "ucs2", "ucs4", "iso10646ucs2"].contains(key) { throw noMark }
        throw unsupported()
    }

    static func asciiLowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar(UInt8($0.value + 32)) : $0 }))
    }

    /// C's strtol on ASCII text: blanks, a sign, decimal digits; 0 when there are none.
    static func strtol(_ text: Substring) -> Int {
        var scalars = text.unicodeScalars.drop { $0 == " " || ("\t"..."\r").contains($0) }
        var sign = 1
        if let first = scalars.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        var value = 0
        for scalar in scalars {
            guard ("0"..."9").contains(scalar) else { break }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(scalar.value - 48))
            if overflow || carry { return sign == 1 ? Int.max : Int.min }
            value = sum
        }
        return sign * value
    }

    /// ICU's key for an alias: ASCII letters lowercased and digits, nothing else, and no
    /// zero that starts a number and is followed by another digit.
    static func icuKey(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var key = ""
        var afterDigit = false
        for (index, scalar) in scalars.enumerated() {
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) {
                key += asciiLowercased(String(scalar))
                afterDigit = false
            } else if scalar == "0" {
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                if !afterDigit && ("0"..."9").contains(next) { continue }
                key.append("0")
            } else if ("1"..."9").contains(scalar) {
                key.unicodeScalars.append(scalar)
                afterDigit = true
            } else {
                afterDigit = false
            }
        }
        return key
    }

    static func latin1(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes { appendUTF8(Unicode.Scalar(byte), to: &out) }
        return out
    }

    /// windows-1252 at 0x80...0x9F; 0 marks the five bytes it leaves undefined.
    static let windows1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    static func windows1252(_ bytes: [UInt8]) throws(PropertyListError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (offset, byte) in bytes.enumerated() {
            if (0x80...0x9F).contains(byte) {
                let code = windows1252High[Int(byte) - 0x80]
                guard code != 0, let scalar = Unicode.Scalar(code) else {
                    throw PropertyListError(.byteOffset(offset), "byte 0x\(String(byte, radix: 16)) has no character in windows-1252")
                }
                appendUTF8(scalar, to: &out)
            } else {
                appendUTF8(Unicode.Scalar(byte), to: &out)
            }
        }
        return out
    }

    /// The code units of a UTF-16 file (rule 1 or 2 above), or nil when it is not one;
    /// Apple's old text-format reader sees all of them, unpaired surrogates included.
    static func utf16Units(_ bytes: [UInt8]) -> [UInt16]? {
        guard bytes.count > 2, !(bytes.count > 4 && (bytes.starts(with: [0, 0, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0, 0]))),
            !(bytes.count > 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        else { return nil }
        let bigEndian = bytes.starts(with: [0xFE, 0xFF])
        guard bigEndian || bytes.starts(with: [0xFF, 0xFE]) || bytes[0] == 0 || bytes[1] == 0 else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return units
    }

    /// UTF-8 for UTF-16 units, up to the first unpaired surrogate.
    static func utf8(fromUTF16 units: [UInt16]?) -> [UInt8] {
        let units = units ?? []
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): appendUTF8(scalar, to: &out)
            case .emptyInput, .error: break loop
            }
        }
        return out
    }

    static func utf32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(PropertyListError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 4)
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            let b = (0..<4).map { UInt32(bytes[index + $0]) }
            let code = bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
            guard let scalar = Unicode.Scalar(code) else {
                throw PropertyListError(.byteOffset(index), "not valid UTF-32")
            }
            appendUTF8(scalar, to: &out)
            index += 4
        }
        return out
    }

    static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case ..<0x80:
            out.append(UInt8(value))
        case ..<0x800:
            out.append(UInt8(0xC0 | value >> 6))
            out.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | value >> 12))
            out.append(UInt8(0x80 | value >> 6 & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        default:
            out.append(UInt8(0xF0 | value >> 18))
            out.append(UInt8(0x80 | value >> 12 & 0x3F))
            out.append(UInt8(0x80 | value >> 6 & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        }
    }
}
