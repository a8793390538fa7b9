// TextEncodings.swift — turns the bytes of a text property list into UTF-8, choosing the
// encoding as Apple's reader does:
//   1. a byte order mark: UTF-32 BE/LE (files over 4 bytes), UTF-8 (over 3 bytes),
//      UTF-16 LE/BE (over 2 bytes);
//   2. a zero in either of the first two bytes: UTF-16 little-endian without a mark
//      (Apple's reader then drops those two bytes, and so does this one);
//   3. an encoding named in an XML declaration at the very start ("<?xml ...
//      encoding='...'" before the first '?' or '>'): UTF-8, ISO-8859-1 (Latin-1),
//      US-ASCII (read as Latin-1, as Apple's reader reads it) or windows-1252;
//   4. otherwise UTF-8.
// UTF-8 text is returned as it is (its strings are checked when read); other encodings
// are converted, and a byte that has no character fails. As in Apple's reader, UTF-16
// text is converted only up to an unpaired surrogate, and a trailing odd byte is ignored.
// Encodings Apple's reader takes from the system's converters (ISO-8859-2 and later,
// KOI8-R, Shift_JIS, x-nextstep, ...) are refused with their name.

enum TextEncodings {
    /// Whether UTF-8 `text` is only white space as Apple's old text format counts it
    /// (tab to carriage return, space, U+2028, U+2029): such a file is an empty dictionary.
    static func isBlank(_ text: [UInt8]) -> Bool {
        guard let string = String(validating: text, as: UTF8.self) else { return false }
        return string.unicodeScalars.allSatisfy { (9...13).contains($0.value) || $0.value == 32 || $0.value == 0x2028 || $0.value == 0x2029 }
    }

    static func utf8Text(of bytes: [UInt8]) throws(PropertyListError) -> [UInt8] {
        let count = bytes.count
        func starts(_ mark: [UInt8]) -> Bool { bytes.starts(with: mark) }
        if count > 4, starts([0x00, 0x00, 0xFE, 0xFF]) { return try utf32(bytes[4...], bigEndian: true) }
        if count > 4, starts([0xFF, 0xFE, 0x00, 0x00]) { return try utf32(bytes[4...], bigEndian: false) }
        if count > 3, starts([0xEF, 0xBB, 0xBF]) { return Array(bytes[3...]) }
        if count > 2 {
            if starts([0xFF, 0xFE]) { return utf16(bytes[2...], bigEndian: false) }
            if starts([0xFE, 0xFF]) { return utf16(bytes[2...], bigEndian: true) }
            if bytes[0] == 0 || bytes[1] == 0 { return utf16(bytes[2...], bigEndian: false) }
        }
        guard let name = try declaredEncoding(bytes) else { return bytes }
        switch try encoding(named: name) {
        case .utf8: return bytes
        case .latin1: return latin1(bytes)
        case .windows1252: return try windows1252(bytes)
        }
    }

    enum Named { case utf8, latin1, windows1252 }

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

    static func encoding(named name: String) throws(PropertyListError) -> Named {
        let lower = String(name.unicodeScalars.map { $0.isASCII ? Character($0.properties.lowercaseMapping) : Character($0) })
        let latin1Names: Set<String> = [
            "iso-8859-1", "iso_8859-1", "iso_8859-1:1987", "latin1", "l1", "iso-ir-100", "ibm819", "cp819", "csisolatin1",
            "us-ascii", "ascii", "us", "ansi_x3.4-1968", "ansi_x3.4-1986", "iso-ir-6", "iso646-us", "iso_646.irv:1991",
            "ibm367", "cp367", "csascii",
        ]
        if lower == "utf-8" { return .utf8 }
        if latin1Names.contains(lower) { return .latin1 }
        if lower.hasPrefix("iso-8859-"), let number = Int(lower.dropFirst(9)), number == 1,
            lower.dropFirst(9).allSatisfy(\.isASCII)
        {
            return .latin1
        }
        if lower == "windows-1252" || lower == "cp1252" { return .windows1252 }
        let printable = String(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(40).map(Character.init))
        if lower.hasPrefix("utf-16") || lower.hasPrefix("utf-32") || lower == "iso-10646-ucs-2" {
            throw PropertyListError(.line(1), "the XML declaration names \(printable), but the file has no byte order mark")
        }
        throw PropertyListError(.line(1), "unsupported encoding \"\(printable)\" (use UTF-8, UTF-16 with a byte order mark, ISO-8859-1, US-ASCII or windows-1252)")
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

    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
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
