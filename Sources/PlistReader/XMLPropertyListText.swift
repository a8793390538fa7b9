// XMLPropertyListText.swift — the text inside XML property list elements, checked as
// Apple's reader checks it: strings (entities, character references, CDATA; the
// result must be valid UTF-8), integers (optional blanks and sign, decimal or 0x hex,
// within 64 bits), reals (a decimal number after optional blanks, or nan/inf/infinity
// with a sign), dates (YYYY-MM-DDTHH:MM:SSZ, fields not range-checked) and base64 data
// (ASCII only; characters outside the alphabet are skipped). A string's leading U+FEFF
// is dropped, as Apple's reader drops it. Each leaves `i` after the
// closing tag, except `string`, which stops at it.

extension XMLPropertyListReader {
    /// Character data up to the next tag that is not CDATA.
    mutating func string() throws(PropertyListError) -> String {
        var out: [UInt8] = []
        var mark = i
        while i < end {
            let byte = b[i]
            if byte == UInt8(ascii: "<") {
                if i + 1 >= end || b[i + 1] != UInt8(ascii: "!") { break }
                out.append(contentsOf: b[mark..<i])
                try cdata(into: &out)
                mark = i
            } else if byte == UInt8(ascii: "&") {
                out.append(contentsOf: b[mark..<i])
                try entity(into: &out)
                mark = i
            } else {
                i += 1
            }
        }
        out.append(contentsOf: b[mark..<i])
        guard let text = TextEncodings.appleUTF8(out[...]) else { throw fail("text is not valid UTF-8") }
        // Apple's reader drops one leading U+FEFF from every string, as a byte order mark.
        return text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    private mutating func cdata(into out: inout [UInt8]) throws(PropertyListError) {
        if end - i < 9 { throw fail("unexpected end of file") }
        guard at(i, "<![CDATA[") else { throw fail("only CDATA may start with <! inside text") }
        i += 9
        let begin = i
        while i < end - 2 {
            if b[i] == UInt8(ascii: "]"), b[i + 1] == UInt8(ascii: "]"), b[i + 2] == UInt8(ascii: ">") {
                out.append(contentsOf: b[begin..<i])
                i += 3
                return
            }
            i += 1
        }
        i = begin
        throw fail("unterminated CDATA")
    }

    private mutating func entity(into out: inout [UInt8]) throws(PropertyListError) {
        i += 1
        let left = end - i
        if left < 1 { throw fail("unexpected end of file") }
        let named: [(String, UInt8)] = [("lt;", 0x3C), ("gt;", 0x3E), ("amp;", 0x26), ("apos;", 0x27), ("quot;", 0x22)]
        if b[i] != UInt8(ascii: "#") {
            if b[i] == UInt8(ascii: "a"), left < 4 { throw fail("unexpected end of file") }
            for (name, byte) in named where at(i, name) {
                out.append(byte)
                i += name.utf8.count
                return
            }
            throw fail("unknown entity")
        }
        if left < 4 { throw fail("unexpected end of file") }
        i += 1
        let isHex = b[i] == UInt8(ascii: "x")
        if isHex { i += 1 }
        var number: UInt32 = 0
        var count = 0
        while i < end {
            let byte = b[i]
            i += 1
            count += 1
            if byte == UInt8(ascii: ";") {
                guard let scalar = Unicode.Scalar(number) else { throw fail("character reference to no character") }
                TextEncodings.appendUTF8(scalar, to: &out)
                return
            }
            if count > 8 { throw fail("character reference too long") }
            number = isHex ? number &<< 4 : number &* 10
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): number &+= UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: number &+= UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: number &+= UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("bad character in a character reference")
            }
        }
        throw fail("unexpected end of file")
    }

    mutating func data() throws(PropertyListError) {
        while i < end, b[i] != UInt8(ascii: "<") {
            if b[i] >= 0x80 { throw fail("<data> holds a character that is not base64") }
            i += 1
        }
        try close("data")
    }

    mutating func date() throws(PropertyListError) {
        func digit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        var good = true
        if i < end, b[i] == UInt8(ascii: "-") { i += 1 }
        while i < end, digit(b[i]) { i += 1 }
        if i >= end || b[i] != UInt8(ascii: "-") { good = false } else { i += 1 }
        for separator in Array("-T::Z".utf8) where good {
            // Two digits, then the separator; Apple's reader wants a byte beyond them.
            guard i + 2 < end else {
                good = false
                break
            }
            let pair = (b[i], b[i + 1])
            i += 2
            good = digit(pair.0) && digit(pair.1) && i < end && b[i] == separator
            if good { i += 1 }
        }
        if good {
            do { try close("date") } catch { good = false }
        }
        if !good { throw fail("<date> is not YYYY-MM-DDTHH:MM:SSZ") }
    }

    mutating func real() throws(PropertyListError) {
        let text = try string()
        let lower = String(text.unicodeScalars.map { $0.isASCII ? Character($0.properties.lowercaseMapping) : Character($0) })
        let special: Set<String> = ["nan", "+infinity", "-infinity", "infinity", "-inf", "inf", "+inf"]
        if !special.contains(lower) {
            let spaces: Set<UInt32> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
            let scalars = Array(text.unicodeScalars.drop { spaces.contains($0.value) || (0x2000...0x200B).contains($0.value) })
            guard Self.isDecimal(scalars.map(\.value)) else { throw fail("<real> is not a number") }
        }
        try close("real")
    }

    /// [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?, the whole text.
    static func isDecimal(_ text: [UInt32]) -> Bool {
        var p = 0
        func digits() -> Int {
            let start = p
            while p < text.count, (0x30...0x39).contains(text[p]) { p += 1 }
            return p - start
        }
        if p < text.count, text[p] == 0x2B || text[p] == 0x2D { p += 1 }
        var mantissa = digits()
        if p < text.count, text[p] == 0x2E {
            p += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if p < text.count, text[p] == 0x45 || text[p] == 0x65 {
            let mark = p
            p += 1
            if p < text.count, text[p] == 0x2B || text[p] == 0x2D { p += 1 }
            if digits() == 0 { p = mark }
        }
        return p == text.count
    }

    mutating func integer() throws(PropertyListError) {
        // Apple's reader skips any byte below 0x21 or in 0x7F...0xA0, and so the
        // continuation bytes of a few Unicode spaces, one byte at a time.
        func blank(_ byte: UInt8) -> Bool {
            if byte < 0x21 || (byte > 0x7E && byte < 0xA1) { return true }
            guard byte == 0xE2 || byte == 0xE3, end - i >= 3 else { return false }
            let (second, third) = (b[i + 1], b[i + 2])
            if byte == 0xE2, second == 0x80 { return (80...0x8B).contains(third) || third == 0xAF }  // 80 as Apple has it
            if byte == 0xE2, second == 0x81 { return third == 0x9F }
            return byte == 0xE3 && second == 0x80 && third == 0x80
        }
        while i < end, blank(b[i]) { i += 1 }
        var byte = try integerByte()
        if byte == UInt8(ascii: "<") { throw fail("empty <integer>") }
        var negative = false
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
            negative = byte == UInt8(ascii: "-")
            i += 1
            while i < end, blank(b[i]) { i += 1 }
        }
        byte = try integerByte()
        var hex = false, leadingZero = false
        if byte == UInt8(ascii: "0") {
            if i + 1 < end, b[i + 1] == UInt8(ascii: "x") || b[i + 1] == UInt8(ascii: "X") {
                i += 1
                hex = true
            } else {
                leadingZero = true
            }
            i += 1
        }
        byte = try integerByte()
        while byte == UInt8(ascii: "0") {
            leadingZero = true
            i += 1
            byte = try integerByte()
        }
        if byte == UInt8(ascii: "<") {
            if !leadingZero { throw fail("incomplete <integer>") }
            try close("integer")
            return
        }
        try integerDigits(hex: hex, negative: negative)
    }

    /// The digits of an <integer> from `i` to its closing tag: each a digit of the base,
    /// the value within 64 bits.
    private mutating func integerDigits(hex: Bool, negative: Bool) throws(PropertyListError) {
        var value: UInt64 = 0
        let base: UInt64 = hex ? 16 : 10
        var byte = try integerByte()
        while byte != UInt8(ascii: "<") {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: throw fail("<integer> holds a character that is not a digit")
            }
            if !hex && digit > 9 { throw fail("hex digit in a decimal <integer>") }
            let (product, overflow) = value.multipliedReportingOverflow(by: base)
            let (sum, carry) = product.addingReportingOverflow(digit)
            if overflow || carry { throw fail("<integer> is too large") }
            value = sum
            if negative && value > UInt64(Int64.max) + 1 { throw fail("<integer> is too small") }
            i += 1
            byte = try integerByte()
        }
        try close("integer")
    }

    /// The byte at `i` inside an <integer>, which must not end the file.
    private func integerByte() throws(PropertyListError) -> UInt8 {
        guard i < end else { throw fail("unexpected end of file in <integer>") }
        return b[i]
    }
}
