// XMLPropertyListReader.swift — the XML property list reader, over UTF-8 bytes, following the
// rules of Apple's reader so that both accept and refuse the same files:
// - before the root element: white space, comments, processing instructions and a
//   DOCTYPE without an internal subset; after it, anything (Apple's reader stops there);
// - a tag's name ends at the first blank or at '>', so "<string!!!>" is an unknown tag
//   and attributes are skipped up to the first '>', quotes or not;
// - <plist> wraps exactly one value and may appear at any level; <key> is a string
//   anywhere but is required before each value of a <dict>;
// - text: the five named entities, "&#N;" and "&#xH;" (lowercase x, at most 8 digits,
//   no sign; "&#;" is U+0000), CDATA; no comment or element inside a string;
// - <integer>, <real>, <date>, <data>, <true/>, <false/> are checked as Apple checks
//   them and kept by kind; a dictionary of one "CF$UID" number is a "uid".
// Line numbers count LF, CR and CRLF. Nesting (any element) deeper than 512 is refused.

struct XMLPropertyListReader {
    let b: [UInt8]
    var i = 0
    var end: Int { b.count }
    /// <plist> elements open around `i`: they do not count as nesting for Apple's
    /// reader, but are bounded all the same.
    private var plistNesting = 0

    init(_ utf8: [UInt8]) { b = utf8 }

    private enum Content {
        case value(PropertyListValue, isKey: Bool)
        case closing
    }

    func fail(_ reason: String, at position: Int? = nil) -> PropertyListError {
        PropertyListError(PropertyListError.line(in: b, before: min(position ?? i, end)), reason)
    }

    func at(_ position: Int, _ text: String) -> Bool {
        let utf8 = text.utf8
        return end - position >= utf8.count && b[position..<position + utf8.count].elementsEqual(utf8)
    }

    mutating func skipWhitespace() {
        while i < end, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
    }

    // MARK: Document and markup

    mutating func document() throws(PropertyListError) -> PropertyListValue {
        while i < end {
            skipWhitespace()
            if i + 1 >= end { throw fail("no XML content") }
            guard b[i] == UInt8(ascii: "<") else {
                throw fail("not an XML property list")
            }
            i += 1
            if b[i] == UInt8(ascii: "!") {
                i += 1
                if i + 1 < end, b[i] == UInt8(ascii: "-"), b[i + 1] == UInt8(ascii: "-") {
                    i += 3
                    try skipComment()
                } else {
                    try skipDoctype()
                }
            } else if b[i] == UInt8(ascii: "?") {
                i += 1
                try skipProcessingInstruction()
            } else {
                return try element(depth: 0).value
            }
        }
        throw fail("unexpected end of file")
    }

    private mutating func skipComment() throws(PropertyListError) {
        var p = i
        while p < end - 3 {
            if b[p] == UInt8(ascii: "-"), b[p + 1] == UInt8(ascii: "-"), b[p + 2] == UInt8(ascii: ">") {
                i = p + 3
                return
            }
            p += 1
        }
        throw fail("unterminated comment")
    }

    private mutating func skipProcessingInstruction() throws(PropertyListError) {
        let start = i
        while i < end - 2 {
            if b[i] == UInt8(ascii: "?"), b[i + 1] == UInt8(ascii: ">") {
                i += 2
                return
            }
            i += 1
        }
        i = start
        throw fail("unterminated processing instruction")
    }

    private mutating func skipDoctype() throws(PropertyListError) {
        guard at(i, "DOCTYPE") else { throw fail("malformed DOCTYPE") }
        i += 7
        while i < end {
            if b[i] == UInt8(ascii: "[") { throw fail("a DOCTYPE with an internal subset is not read") }
            i += 1
            if b[i - 1] == UInt8(ascii: ">") { return }
        }
        throw fail("unterminated DOCTYPE")
    }

    /// The next element's value, or `.closing` at "</"; comments and processing
    /// instructions are skipped.
    private mutating func content(depth: Int) throws(PropertyListError) -> Content {
        if depth > PropertyList.maximumDepth { throw fail("nested too deeply") }
        while i < end {
            skipWhitespace()
            if i >= end { throw fail("unexpected end of file") }
            guard b[i] == UInt8(ascii: "<") else { throw fail("text where an element was expected") }
            i += 1
            if i >= end { throw fail("unexpected end of file") }
            switch b[i] {
            case UInt8(ascii: "?"):
                try skipProcessingInstruction()
            case UInt8(ascii: "!"):
                if i + 2 >= end { throw fail("unexpected end of file") }
                guard b[i + 1] == UInt8(ascii: "-"), b[i + 2] == UInt8(ascii: "-") else {
                    throw fail("only comments may start with <! here")
                }
                i += 3
                try skipComment()
            case UInt8(ascii: "/"):
                i -= 1
                return .closing
            default:
                let (value, isKey) = try element(depth: depth)
                return .value(value, isKey: isKey)
            }
        }
        throw fail("unexpected end of file")
    }

    /// Reads the element whose name starts at `i` (just after '<').
    private mutating func element(depth: Int) throws(PropertyListError) -> (value: PropertyListValue, isKey: Bool) {
        let marker = i
        let (name, isEmpty) = try openingTag()
        switch name {
        case "plist":
            if isEmpty { throw fail("empty <plist>") }
            plistNesting += 1
            defer { plistNesting -= 1 }
            if plistNesting > PropertyList.maximumDepth { throw fail("nested too deeply") }
            return (try plist(depth: depth), false)
        case "array":
            return (isEmpty ? .array([]) : try array(depth: depth + 1), false)
        case "dict":
            return (isEmpty ? .dictionary([]) : try dictionary(depth: depth + 1), false)
        case "key", "string":
            if isEmpty { return (.string(""), name == "key") }
            let text = try string()
            try close(name)
            return (.string(text), name == "key")
        case "data", "date", "real", "integer":
            if isEmpty { throw fail("empty <\(name)>") }
            switch name {
            case "data": try data()
            case "date": try date()
            case "real": try real()
            default: try integer()
            }
            return (.other(kind: name), false)
        case "true", "false":
            if !isEmpty {
                do { try close(name) } catch { throw fail("<\(name)> must be empty") }
            }
            return (.other(kind: name), false)
        default:
            throw fail("unknown tag <\(Self.printable(name))>", at: marker)
        }
    }

    /// Reads a tag from its name at `i` to just past its '>': the name, and whether the
    /// tag closes itself (`<true/>`).
    private mutating func openingTag() throws(PropertyListError) -> (name: String, isEmpty: Bool) {
        let marker = i
        var nameLength = -1
        while i < end {
            let byte = b[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if nameLength == -1 { nameLength = i - marker }
            } else if byte == UInt8(ascii: ">") {
                break
            }
            i += 1
        }
        guard i < end else { throw fail("unterminated tag", at: marker) }
        let isEmpty = b[i - 1] == UInt8(ascii: "/")
        if nameLength == -1 { nameLength = i - (isEmpty ? 1 : 0) - marker }
        i += 1
        guard nameLength > 0 else { throw fail("malformed tag", at: marker) }
        return (String(decoding: b[marker..<marker + nameLength], as: UTF8.self), isEmpty)
    }

    private mutating func plist(depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard case .value(let value, _) = try content(depth: depth) else { throw fail("empty <plist>") }
        let save = i
        if case .value = try content(depth: depth) {
            i = save
            throw fail("<plist> holds more than one value")
        }
        try close("plist")
        return value
    }

    private mutating func array(depth: Int) throws(PropertyListError) -> PropertyListValue {
        var items: [PropertyListValue] = []
        while case .value(let item, _) = try content(depth: depth) { items.append(item) }
        try close("array")
        return .array(items)
    }

    private mutating func dictionary(depth: Int) throws(PropertyListError) -> PropertyListValue {
        var builder = DictionaryBuilder(keepFirst: false)
        while case .value(let key, let isKey) = try content(depth: depth) {
            guard isKey, case .string(let name) = key else { throw fail("a value without a <key> in <dict>") }
            guard case .value(let value, _) = try content(depth: depth) else {
                throw fail("key \"\(Self.printable(name))\" has no value")
            }
            builder.set(name, value)
        }
        try close("dict")
        let entries = builder.entries
        if entries.count == 1, entries[0].key == "CF$UID",
            case .other(let kind) = entries[0].value, kind == "integer" || kind == "real"
        {
            return .other(kind: "uid")
        }
        return .dictionary(entries)
    }

    /// Expects `</name>` (blanks allowed before '>').
    mutating func close(_ name: String) throws(PropertyListError) {
        let tag = Array(name.utf8)
        if end - i < tag.count + 3 { throw fail("unexpected end of file; expected </\(name)>") }
        guard b[i] == UInt8(ascii: "<"), b[i + 1] == UInt8(ascii: "/") else { throw fail("expected </\(name)>") }
        i += 2
        guard b[i..<i + tag.count].elementsEqual(tag) else { throw fail("expected </\(name)>") }
        i += tag.count
        skipWhitespace()
        guard i < end else { throw fail("unexpected end of file; expected </\(name)>") }
        guard b[i] == UInt8(ascii: ">") else { throw fail("expected </\(name)>") }
        i += 1
    }

    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }
            .prefix(40).map(Character.init))
    }
}
