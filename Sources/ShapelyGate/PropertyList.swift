// PropertyList.swift — a small reader and writer for XML property lists, enough for the
// seed's strings schema and strict about everything else.
//
// The reader takes bytes and returns a tree or a `PropertyListError` with a line number.
// It understands the XML declaration, DOCTYPE, comments, CDATA, the five named entities
// and numeric character references, and the elements plist, dict, key, string, array,
// integer, real, true, false, date and data. It never traps on any input; nesting deeper
// than 64 levels is refused.

public indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    case dictionary([(key: String, value: PropertyListValue)])
    case array([PropertyListValue])
    /// integer, real, true, false, date or data: kept by element name and text.
    case other(element: String, text: String)

    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.other(a, x), .other(b, y)): return a == b && x == y
        case let (.dictionary(a), .dictionary(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String
    public var description: String { "line \(line): \(reason)" }
}

public enum PropertyList {
    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        var parser = Parser(bytes: bytes)
        return try parser.document()
    }

    /// An XML plist for `value`, indented with tabs as Apple's tools write them.
    public static func xml(_ value: PropertyListValue) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(value, depth: 0, into: &out)
        out += "</plist>\n"
        return out
    }

    private static func write(_ value: PropertyListValue, depth: Int, into out: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let text):
            out += "\(indent)<string>\(escape(text))</string>\n"
        case .other(let element, let text):
            out += text.isEmpty ? "\(indent)<\(element)/>\n" : "\(indent)<\(element)>\(escape(text))</\(element)>\n"
        case .array(let items):
            out += "\(indent)<array>\n"
            for item in items { write(item, depth: depth + 1, into: &out) }
            out += "\(indent)</array>\n"
        case .dictionary(let entries):
            out += "\(indent)<dict>\n"
            for entry in entries {
                out += "\(indent)\t<key>\(escape(entry.key))</key>\n"
                write(entry.value, depth: depth + 1, into: &out)
            }
            out += "\(indent)</dict>\n"
        }
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the declaration.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func fail(_ reason: String) -> PropertyListError { PropertyListError(line: line, reason: reason) }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    func looking(at text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return bytes.count - index >= utf8.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
    }

    mutating func skip(past terminator: String, what: String) throws(PropertyListError) {
        while index < bytes.count {
            if looking(at: terminator) {
                advance(terminator.utf8.count)
                return
            }
            advance()
        }
        throw fail("unterminated \(what)")
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
    }

    /// Skips blanks, comments, processing instructions and the DOCTYPE.
    mutating func skipMisc() throws(PropertyListError) {
        while true {
            skipWhitespace()
            if looking(at: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if looking(at: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if looking(at: "<!DOCTYPE") {
                try skip(past: ">", what: "DOCTYPE")
            } else {
                return
            }
        }
    }

    enum Tag {
        case open(String)
        case close(String)
        case empty(String)
    }

    mutating func tag() throws(PropertyListError) -> Tag {
        try skipMisc()
        guard index < bytes.count else { throw fail("unexpected end of file") }
        guard bytes[index] == UInt8(ascii: "<") else { throw fail("expected an element") }
        advance()
        var closing = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            closing = true
            advance()
        }
        var name: [UInt8] = []
        while index < bytes.count, isNameByte(bytes[index]) {
            name.append(bytes[index])
            advance()
        }
        guard !name.isEmpty else { throw fail("expected an element name") }
        // Attributes (plist version="1.0") are read past, not interpreted.
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            advance()
        }
        guard index < bytes.count else { throw fail("unterminated element <\(String(decoding: name, as: UTF8.self))>") }
        let selfClosing = index > 0 && bytes[index - 1] == UInt8(ascii: "/") && quote == nil
        advance()
        let text = String(decoding: name, as: UTF8.self)
        if closing { return .close(text) }
        return selfClosing ? .empty(text) : .open(text)
    }

    func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    mutating func document() throws(PropertyListError) -> PropertyListValue {
        let root: PropertyListValue
        switch try tag() {
        case .open("plist"):
            root = try value(depth: 0)
            guard case .close("plist") = try tag() else { throw fail("expected </plist>") }
        case .open(let name):
            // A bare top-level value is accepted too, as Apple's parsers do.
            root = try value(opened: name, depth: 0)
        default:
            throw fail("expected <plist>")
        }
        try skipMisc()
        guard index == bytes.count else { throw fail("text after the end of the property list") }
        return root
    }

    mutating func value(depth: Int) throws(PropertyListError) -> PropertyListValue {
        switch try tag() {
        case .open(let name): return try value(opened: name, depth: depth)
        case .empty(let name): return try emptyValue(name)
        case .close(let name): throw fail("unexpected </\(name)>")
        }
    }

    mutating func emptyValue(_ name: String) throws(PropertyListError) -> PropertyListValue {
        switch name {
        case "string": return .string("")
        case "dict": return .dictionary([])
        case "array": return .array([])
        case "true", "false", "data", "date", "integer", "real": return .other(element: name, text: "")
        default: throw fail("unknown element <\(name)/>")
        }
    }

    mutating func value(opened name: String, depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard depth < 64 else { throw fail("nested too deeply") }
        switch name {
        case "string":
            return .string(try text(closing: name))
        case "integer", "real", "date", "data", "true", "false":
            return .other(element: name, text: try text(closing: name))
        case "array":
            var items: [PropertyListValue] = []
            while true {
                switch try tag() {
                case .close("array"): return .array(items)
                case .open(let inner): items.append(try value(opened: inner, depth: depth + 1))
                case .empty(let inner): items.append(try emptyValue(inner))
                case .close(let other): throw fail("unexpected </\(other)> in <array>")
                }
            }
        case "dict":
            var entries: [(key: String, value: PropertyListValue)] = []
            while true {
                switch try tag() {
                case .close("dict"): return .dictionary(entries)
                case .open("key"):
                    let key = try text(closing: "key")
                    entries.append((key, try value(depth: depth + 1)))
                case .empty("key"):
                    entries.append(("", try value(depth: depth + 1)))
                default: throw fail("expected <key> in <dict>")
                }
            }
        default:
            throw fail("unknown element <\(name)>")
        }
    }

    /// Character data up to `</name>`, with entities and CDATA resolved.
    mutating func text(closing name: String) throws(PropertyListError) -> String {
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("unterminated <\(name)>") }
            if looking(at: "<![CDATA[") {
                advance(9)
                while !looking(at: "]]>") {
                    guard index < bytes.count else { throw fail("unterminated CDATA") }
                    out.append(bytes[index])
                    advance()
                }
                advance(3)
            } else if looking(at: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if looking(at: "</") {
                guard case .close(let closed) = try tag(), closed == name else { throw fail("expected </\(name)>") }
                break
            } else if bytes[index] == UInt8(ascii: "<") {
                throw fail("unexpected element inside <\(name)>")
            } else if bytes[index] == UInt8(ascii: "&") {
                out.append(contentsOf: try entity())
            } else {
                out.append(bytes[index])
                advance()
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("text is not valid UTF-8") }
        return text
    }

    mutating func entity() throws(PropertyListError) -> [UInt8] {
        var name: [UInt8] = []
        advance()  // &
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            name.append(bytes[index])
            advance()
            if name.count > 10 { throw fail("bad character reference") }
        }
        guard index < bytes.count else { throw fail("unterminated character reference") }
        advance()  // ;
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let reference where reference.hasPrefix("#"):
            var digits = reference.dropFirst()
            var radix = 10
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                digits = digits.dropFirst()
                radix = 16
            }
            guard let code = UInt32(digits, radix: radix), code != 0, let scalar = Unicode.Scalar(code) else {
                throw fail("bad character reference &\(reference);")
            }
            return Array(String(Character(scalar)).utf8)
        case let other:
            throw fail("unknown entity &\(other);")
        }
    }
}
