// PlistCorpus.swift — a deterministic generator of strings plists in every form Apple's
// reader takes, shared by the differential test and Scripts/fuzz.sh (its seed inputs).
// Standard library and the ShapelyGate module only.
//
// Each document is a random tree in the override schema (known and unknown categories,
// keys and fields, other value kinds, duplicate keys) with random text: ASCII, markup
// characters, blanks, CR/LF, controls, combining marks, CJK and astral characters. It is
// written in one style: XML (indentation, comments, DOCTYPE, CDATA, named and numeric
// references, attributes, CRLF) in UTF-8 (with or without BOM), UTF-16 LE/BE,
// ISO-8859-1, US-ASCII or windows-1252; binary; or Apple's old text format (quoting,
// escapes, comments, the .strings form) in UTF-8 or UTF-16. `expected` is the tree Apple's reader
// gives for it (the last duplicate wins in XML, the first in binary).

import PlistReader
import ShapelyGate

public struct CorpusFile: Sendable {
    public let name: String
    public let bytes: [UInt8]
    public let expected: PropertyListValue
}

public indirect enum CorpusNode: Sendable {
    case string(String)
    case dictionary([(String, CorpusNode)])
    case array([CorpusNode])
    /// kind, XML element, binary object bytes
    case scalar(String, String, [UInt8])
}

public struct PlistCorpus {
    var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    public mutating func files(count: Int) -> [CorpusFile] {
        (0..<count).map { index in
            let tree = document()
            let style = index % 10
            switch style {
            case 0, 1:
                return CorpusFile(name: "\(index)-binary", bytes: BinaryWriter.write(tree, random: &random),
                                  expected: Self.model(tree, keepFirst: true))
            case 2:
                let encoding = pick(["utf-8", "utf-8", "utf-8-bom", "utf-16le", "utf-16be"])
                var writer = OldStyleWriter(random: random)
                let bytes = writer.document(OldStyleWriter.form(tree), encoding: encoding)
                random = writer.random
                return CorpusFile(name: "\(index)-text-\(encoding)", bytes: bytes,
                                  expected: Self.model(OldStyleWriter.form(tree), keepFirst: false, dropsMark: false))
            default:
                let encoding = pick(["utf-8", "utf-8", "utf-8-bom", "utf-16le", "utf-16be", "iso-8859-1", "us-ascii", "windows-1252"])
                var writer = XMLWriter(encoding: encoding, random: random)
                let bytes = writer.document(tree)
                random = writer.random
                return CorpusFile(name: "\(index)-\(encoding)", bytes: bytes, expected: Self.model(tree, keepFirst: false))
            }
        }
    }

    /// The tree Apple's reader gives; `dropsMark`: its XML reader drops a string's
    /// leading U+FEFF.
    public static func model(_ node: CorpusNode, keepFirst: Bool, dropsMark: Bool? = nil) -> PropertyListValue {
        let drops = dropsMark ?? !keepFirst
        func clean(_ text: String) -> String {
            !drops || text.unicodeScalars.first != "\u{FEFF}" ? text : String(text.unicodeScalars.dropFirst())
        }
        switch node {
        case .string(let text): return .string(clean(text))
        case .array(let items): return .array(items.map { model($0, keepFirst: keepFirst, dropsMark: drops) })
        case .scalar(let kind, _, _): return .other(kind: kind)
        case .dictionary(let entries):
            var keys: [String] = []
            var values: [[UInt8]: PropertyListValue] = [:]
            for (raw, value) in entries {
                let key = clean(raw)
                let exact = Array(key.utf8)
                if values[exact] == nil { keys.append(key) } else if keepFirst { continue }
                values[exact] = model(value, keepFirst: keepFirst, dropsMark: drops)
            }
            let pairs = keys.map { (key: $0, value: values[Array($0.utf8)]!) }
            if pairs.count == 1, pairs[0].key == "CF$UID", !keepFirst, drops,
                case .other(let kind) = pairs[0].value, kind == "integer" || kind == "real"
            {
                return .other(kind: "uid")
            }
            return .dictionary(pairs)
        }
    }

    // MARK: Trees

    static let categories = ["Primary", "TooManyAttempts", "TimeExpired", "Terminal", "Shapes"]
    static let keys = ["Title", "Countdown", "Description", "OK", "Prompt", "WrongShape", "Circle", "Star", "DescriptionCircle"]

    mutating func document() -> CorpusNode {
        var top: [(String, CorpusNode)] = []
        for _ in 0..<(1 + below(5)) {
            let name = chance(80) ? pick(Self.categories) : text(maxLength: 8)
            top.append((name, chance(90) ? category() : scalar()))
        }
        if chance(20) { top.append(("Version", scalar())) }
        return .dictionary(top)
    }

    mutating func category() -> CorpusNode {
        var entries: [(String, CorpusNode)] = []
        for _ in 0..<below(6) {
            let name = chance(85) ? pick(Self.keys) : text(maxLength: 6)
            entries.append((name, chance(92) ? entry() : scalar()))
        }
        return .dictionary(entries)
    }

    mutating func entry() -> CorpusNode {
        var fields: [(String, CorpusNode)] = []
        if chance(90) { fields.append(("value", chance(95) ? .string(text(maxLength: 40)) : scalar())) }
        if chance(60) { fields.append(("comment", .string(text(maxLength: 20)))) }
        if chance(8) { fields.append(("value", .string(text(maxLength: 10)))) }
        if chance(5) { fields.append(("extra", .array((0..<below(3)).map { _ in chance(50) ? .string(text(maxLength: 5)) : scalar() }))) }
        if chance(3) { fields = [("CF$UID", .scalar("integer", "<integer>7</integer>", [0x10, 7]))] }
        return .dictionary(fields.shuffledDeterministically(&random))
    }

    mutating func scalar() -> CorpusNode {
        switch below(7) {
        case 0:
            let value = below(100_000)
            let xml = pick(["\(value)", "-\(value)", "0x\(String(value, radix: 16))", " +\(value)", "000\(value)"])
            return .scalar("integer", "<integer>\(xml)</integer>", [0x12] + withUnsafeBytes(of: UInt32(value).bigEndian, Array.init))
        case 1:
            return .scalar("real", "<real>\(pick(["1.5", "-0.25e3", ".5", "nan", "-INF", "42"]))</real>",
                           [0x23] + withUnsafeBytes(of: (1.5).bitPattern.bigEndian, Array.init))
        case 2: return .scalar("true", pick(["<true/>", "<true></true>"]), [0x09])
        case 3: return .scalar("false", "<false/>", [0x08])
        case 4:
            return .scalar("date", "<date>2024-0\(1 + below(9))-1\(below(9))T12:34:56Z</date>",
                           [0x33] + withUnsafeBytes(of: (7.0e8).bitPattern.bigEndian, Array.init))
        case 5: return .scalar("data", pick(["<data>AAEC</data>", "<data>\n\tSGVsbG8=\n</data>", "<data></data>"]), [0x43, 1, 2, 3])
        default:
            return .array((0..<below(3)).map { _ in .string(text(maxLength: 6)) })
        }
    }

    static let pieces: [[UInt32]] = [
        Array(0x20...0x7E), [0x3C, 0x3E, 0x26, 0x22, 0x27, 0x5D, 0x5D, 0x3E], [0x20, 0x09, 0x0A, 0x0D, 0x0D, 0x0A],
        [0x01, 0x07, 0x1B, 0x7F, 0x85, 0x9B, 0x00], [0x301, 0x308, 0x20DD, 0x0E3F], [0xE9, 0xF1, 0xDF, 0xFF, 0xA0, 0xAB],
        [0x4E2D, 0x6587, 0x3042, 0xAC00, 0x2028, 0xFEFF, 0xFFFD], [0x1F600, 0x1F9E1, 0x10348, 0x1D11E, 0x10FFFD, 0x2000B],
        [0x20AC, 0x2122, 0x0152, 0x2030],
    ]

    mutating func text(maxLength: Int) -> String {
        var out = ""
        for _ in 0..<below(maxLength + 1) {
            if let scalar = Unicode.Scalar(pick(pick(Self.pieces))) { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

extension Array {
    func shuffledDeterministically(_ random: inout SplitMix64) -> [Element] {
        var copy = self
        copy.shuffle(using: &random)
        return copy
    }
}
