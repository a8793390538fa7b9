// PlistCorpusWriters.swift — writes corpus trees as XML in a random style and encoding,
// or as binary plists with random reference widths and shared strings.

import PlistReader
import ShapelyGate

struct XMLWriter {
    let encoding: String
    var random: SplitMix64
    private var newline = "\n", indentUnit = "\t", references = 0, cdata = 0, comments = 0

    init(encoding: String, random: SplitMix64) {
        self.encoding = encoding
        self.random = random
    }

    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    func representable(_ scalar: Unicode.Scalar) -> Bool {
        switch encoding {
        case "iso-8859-1", "us-ascii": return scalar.value <= 0xFF
        case "windows-1252":
            return scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) || Self.windows1252Byte(scalar) != nil
        default: return true
        }
    }

    mutating func document(_ tree: CorpusNode) -> [UInt8] {
        newline = pick(["\n", "\n", "\r\n", "\r", ""])
        indentUnit = pick(["\t", "  ", "", " \t"])
        references = pick([0, 5, 30])
        cdata = pick([0, 0, 10, 40])
        comments = pick([0, 0, 10])
        var out = ""
        let names = ["iso-8859-1": ["ISO-8859-1", "latin1", "iso-8859-1", "ISO_8859-1"], "us-ascii": ["US-ASCII", "ascii"],
                     "windows-1252": ["windows-1252", "CP1252"], "utf-16le": ["UTF-16"], "utf-16be": ["UTF-16", "utf-16"]]
        if let choices = names[encoding] {
            let quote = pick(["\"", "'"])
            out += "<?xml version=\(quote)1.0\(quote) encoding=\(quote)\(pick(choices))\(quote)?>" + newline
        } else if chance(80) {
            out += pick(["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\"?>", "<?xml version='1.0' encoding='utf-8' standalone='yes'?>"]) + newline
        }
        if chance(70) {
            out += "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">" + newline
        }
        if chance(comments) { out += "<!-- made by a translator's tool -->" + newline }
        if chance(90) {
            out += pick(["<plist version=\"1.0\">", "<plist>", "<plist version='1.0' >"]) + newline
            write(tree, depth: 0, into: &out)
            out += pick(["</plist>", "</plist >"])
        } else {
            write(tree, depth: 0, into: &out)
        }
        out += pick([newline, "", newline + "<!-- end -->" + newline, " trailing text is ignored"])
        return encode(out)
    }

    mutating func write(_ node: CorpusNode, depth: Int, into out: inout String) {
        let indent = String(repeating: indentUnit, count: depth)
        if chance(comments) { out += indent + "<!-- note: \(below(1000)) -->" + newline }
        if chance(comments / 4) { out += indent + "<?editor keep?>" + newline }
        switch node {
        case .string(let text):
            out += indent + element("string", text) + newline
        case .scalar(_, let xml, _):
            out += indent + xml + newline
        case .array(let items):
            if items.isEmpty && chance(50) {
                out += indent + "<array/>" + newline
                return
            }
            out += indent + "<array>" + newline
            for item in items { write(item, depth: depth + 1, into: &out) }
            out += indent + "</array>" + newline
        case .dictionary(let entries):
            if entries.isEmpty && chance(50) {
                out += indent + pick(["<dict/>", "<dict />"]) + newline
                return
            }
            out += indent + pick(["<dict>", "<dict>", "<dict id=\"x\">"]) + newline
            for (key, value) in entries {
                out += indent + indentUnit + element("key", key) + newline
                write(value, depth: depth + 1, into: &out)
            }
            out += indent + "</dict>" + newline
        }
    }

    mutating func element(_ name: String, _ text: String) -> String {
        if text.isEmpty && chance(50) { return pick(["<\(name)/>", "<\(name) />"]) }
        var body = ""
        var inCDATA = false
        for scalar in text.unicodeScalars {
            let plain = representable(scalar) && scalar != "]"
            if plain && !inCDATA && chance(cdata) {
                body += "<![CDATA["
                inCDATA = true
            } else if inCDATA && (!plain || chance(20)) {
                body += "]]>"
                inCDATA = false
            }
            if inCDATA {
                body.unicodeScalars.append(scalar)
                continue
            }
            if !representable(scalar) || chance(references) {
                body += chance(50) ? "&#\(scalar.value);" : "&#x\(String(scalar.value, radix: 16, uppercase: chance(50)));"
                continue
            }
            switch scalar {
            case "<": body += "&lt;"
            case "&": body += "&amp;"
            case ">": body += chance(50) ? "&gt;" : ">"
            case "\"": body += chance(50) ? "&quot;" : "\""
            case "'": body += chance(50) ? "&apos;" : "'"
            default: body.unicodeScalars.append(scalar)
            }
        }
        if inCDATA { body += "]]>" }
        return "<\(name)>\(body)</\(name)\(chance(10) ? " " : "")>"
    }

    /// The byte in 0x80...0x9F that windows-1252 gives `scalar`, if any.
    static func windows1252Byte(_ scalar: Unicode.Scalar) -> UInt8? {
        let high: [UInt32] = [
            0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
            0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
        ]
        guard scalar.value > 0xFF, let index = high.firstIndex(of: scalar.value) else { return nil }
        return UInt8(0x80 + index)
    }

    func encode(_ text: String) -> [UInt8] {
        switch encoding {
        case "utf-8-bom": return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case "utf-16le": return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "utf-16be": return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case "iso-8859-1", "us-ascii": return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        case "windows-1252":
            return text.unicodeScalars.map { Self.windows1252Byte($0) ?? UInt8(truncatingIfNeeded: $0.value) }
        default: return Array(text.utf8)
        }
    }
}

/// Apple's old text format: the corpus tree with every value but data as a string.
struct OldStyleWriter {
    var random: SplitMix64
    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// The tree as the old format holds it: scalars other than data become strings.
    static func form(_ node: CorpusNode) -> CorpusNode {
        switch node {
        case .string: return node
        case .scalar(let kind, let xml, let binary): return kind == "data" ? .scalar("data", xml, binary) : .string(xml)
        case .array(let items): return .array(items.map(form))
        case .dictionary(let entries): return .dictionary(entries.map { ($0.0, form($0.1)) })
        }
    }

    mutating func document(_ tree: CorpusNode, encoding: String) -> [UInt8] {
        var out = chance(30) ? "// strings\n" : ""
        if case .dictionary(let entries) = tree, chance(40) {
            for (key, value) in entries { out += entry(key, value) + "\n" }
        } else {
            out += write(tree)
        }
        out += chance(50) ? "\n" : ""
        switch encoding {
        case "utf-8-bom": return [0xEF, 0xBB, 0xBF] + Array(out.utf8)
        case "utf-16le": return [0xFF, 0xFE] + out.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "utf-16be": return [0xFE, 0xFF] + out.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: return Array(out.utf8)
        }
    }

    mutating func blank() -> String { ["", " ", "\n\t", "\r\n", " /* c */ ", "\u{2028}"][below(6)] }

    mutating func entry(_ key: String, _ value: CorpusNode) -> String {
        if case .string(let text) = value, text == key, !key.isEmpty, chance(50) { return blank() + string(key) + blank() + ";" }
        return blank() + string(key) + blank() + "=" + blank() + write(value) + blank() + ";"
    }

    mutating func write(_ node: CorpusNode) -> String {
        switch node {
        case .string(let text): return string(text)
        case .scalar: return "<" + (chance(50) ? "01 02" : "0102 03") + ">"
        case .array(let items):
            return "(" + items.map { blank() + write($0) }.joined(separator: ",") + (chance(30) && !items.isEmpty ? "," : "") + blank() + ")"
        case .dictionary(let entries):
            return "{" + entries.map { entry($0.0, $0.1) }.joined() + blank() + "}"
        }
    }

    mutating func string(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_$/:.-".unicodeScalars.contains($0) }
        if plain && !text.isEmpty && chance(70) { return text }
        let quote: Unicode.Scalar = chance(70) ? "\"" : "'"
        var out = String(quote)
        for scalar in text.unicodeScalars {
            switch scalar {
            case quote, "\\": out += "\\" + String(scalar)
            case "\n": out += chance(50) ? "\\n" : "\n"
            case "\t": out += chance(50) ? "\\t" : "\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\" + String(repeating: "0", count: 3 - String(scalar.value, radix: 8).count) + String(scalar.value, radix: 8)
            case _ where scalar.value > 0x7F && chance(30):
                for unit in String(scalar).utf16 { out += "\\U" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + String(quote)
    }
}

enum BinaryWriter {
    static func write(_ tree: CorpusNode, random: inout SplitMix64) -> [UInt8] {
        var objects: [[UInt8]] = []
        var shared: [[UInt8]: Int] = [:]
        let wide = random.next() % 4 == 0
        let share = random.next() % 2 == 0
        func header(_ kind: UInt8, _ count: Int) -> [UInt8] {
            if count < 15 { return [kind << 4 | UInt8(count)] }
            return [kind << 4 | 0x0F, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
        }
        // Objects are added children first; references are patched in once all are known.
        var pending: [(index: Int, kind: UInt8, children: [Int])] = []
        func add(_ node: CorpusNode) -> Int {
            switch node {
            case .string(let text):
                if share, let known = shared[Array(text.utf8)] { return known }
                let ascii = text.isEmpty || text.unicodeScalars.allSatisfy { $0.value < 0x80 } && random.next() % 4 != 0
                let units = Array(text.utf16)
                let bytes = ascii ? header(5, units.count) + text.utf8 : header(6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                objects.append(bytes)
                shared[Array(text.utf8)] = objects.count - 1
                return objects.count - 1
            case .scalar(_, _, let bytes):
                objects.append(bytes)
                return objects.count - 1
            case .array(let items):
                let children = items.map(add)
                objects.append([])
                pending.append((objects.count - 1, 0xA, children))
                return objects.count - 1
            case .dictionary(let entries):
                let keys = entries.map { add(.string($0.0)) }
                let values = entries.map { add($0.1) }
                objects.append([])
                pending.append((objects.count - 1, 0xD, keys + values))
                return objects.count - 1
            }
        }
        let top = add(tree)
        let referenceSize = wide || objects.count > 255 ? 2 : 1
        for item in pending {
            let count = item.kind == 0xD ? item.children.count / 2 : item.children.count
            objects[item.index] = header(item.kind, count) + item.children.flatMap { child in
                referenceSize == 1 ? [UInt8(child)] : [UInt8(child >> 8), UInt8(child & 0xFF)]
            }
        }
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let tableOffset = out.count
        let offsetSize = tableOffset > 0xFFFF || wide ? 4 : tableOffset > 0xFF ? 2 : 1
        for offset in offsets { out += (0..<offsetSize).reversed().map { UInt8(truncatingIfNeeded: offset >> (8 * $0)) } }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        for value in [objects.count, top, tableOffset] { out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return out
    }
}
