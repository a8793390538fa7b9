// DifferentialTests.swift — the gate's plist reader against the toolchain's Foundation on
// a generated corpus (fixed seed), on byte-level mutations of it, on hand-made files
// and on the --strings-template output. Both must read the same tree, or both refuse.
// The one allowed difference: a file whose XML declaration names an encoding other than
// UTF-8/16/32, ISO-8859-1, US-ASCII and windows-1252 (a mutation can make "CP1252"
// "CP1250") is refused by the gate, with the encoding's name.

import Foundation
import PlistReader
import ShapelyGate
import Testing

func hex(_ bytes: [UInt8]) -> String {
    bytes.prefix(400).map { String($0, radix: 16).count == 1 ? "0\(String($0, radix: 16))" : String($0, radix: 16) }.joined()
}

/// Where two trees first differ, for failure messages.
func difference(_ a: PropertyListValue, _ b: PropertyListValue, at path: String = "") -> String? {
    switch (a, b) {
    case let (.dictionary(x), .dictionary(y)):
        for entry in x {
            guard let other = b[entry.key] else { return "\(path)/\(entry.key.debugDescription): only in the first" }
            if let found = difference(entry.value, other, at: "\(path)/\(entry.key.debugDescription)") { return found }
        }
        for entry in y where a[entry.key] == nil { return "\(path)/\(entry.key.debugDescription): only in the second" }
        return nil
    case let (.array(x), .array(y)) where x.count == y.count:
        for (index, pair) in zip(x, y).enumerated() {
            if let found = difference(pair.0, pair.1, at: "\(path)/\(index)") { return found }
        }
        return nil
    default:
        return a == b ? nil : "\(path): \(String("\(a)".prefix(120))) vs \(String("\(b)".prefix(120)))"
    }
}

func describe(_ a: AppleOutcome, _ b: AppleOutcome) -> String {
    if case .read(let x) = a, case .read(let y) = b { return difference(x, y) ?? "same" }
    return "\(a) vs \(b)"
}

func gateOutcome(_ bytes: [UInt8]) -> AppleOutcome {
    (try? PropertyList.parse(bytes)).map(AppleOutcome.read) ?? .rejected
}

/// Whether the gate refuses `bytes` for naming an encoding it does not convert
/// (Foundation takes those from the system's converters).
func refusedForItsEncoding(_ bytes: [UInt8]) -> Bool {
    do {
        _ = try PropertyList.parse(bytes)
        return false
    } catch {
        return error.reason.hasPrefix("unsupported encoding")
    }
}

/// Whether the gate and Foundation agree on `bytes`; a failure message otherwise.
func disagreement(_ bytes: [UInt8]) -> String? {
    let apple = AppleReader.read(bytes)
    let gate = gateOutcome(bytes)
    switch (apple, gate) {
    case (.rejected, .rejected): return nil
    case let (.read(a), .read(g)) where a == g: return nil
    case let (.oldStyle(a), .read(g)) where a == g: return nil
    case (.read, .rejected) where refusedForItsEncoding(bytes): return nil
    default: return "Foundation vs gate: \(describe(apple, gate))"
    }
}

@Suite struct DifferentialTests {
    /// 12, or PLIST_DIFF_SEED to explore other corpora by hand.
    static let seed = ProcessInfo.processInfo.environment["PLIST_DIFF_SEED"].flatMap { UInt64($0) } ?? 12

    static let corpus: [CorpusFile] = {
        var generator = PlistCorpus(seed: seed)
        return generator.files(count: 400)
    }()

    @Test func everyGeneratedFileReadsTheSameInBoth() {
        var formats: [String: Int] = [:]
        for file in Self.corpus {
            var apple = AppleReader.read(file.bytes)
            if case .oldStyle(let tree) = apple, file.name.contains("-text-") { apple = .read(tree) }
            #expect(apple == .read(file.expected), "Foundation on \(file.name): \(describe(apple, .read(file.expected)))")
            let gate = gateOutcome(file.bytes)
            #expect(gate == .read(file.expected), "gate on \(file.name): \(describe(gate, .read(file.expected)))")
            if let bridged = AppleReader.bridged(file.bytes) {
                #expect(bridged == AppleReader.reduce(file.expected),
                        "PropertyListSerialization on \(file.name): \(difference(bridged, AppleReader.reduce(file.expected)) ?? "")")
            } else {
                Issue.record("PropertyListSerialization refused \(file.name)")
            }
            formats[String(file.name.split(separator: "-", maxSplits: 1)[1]), default: 0] += 1
        }
        // Every form is present.
        for form in ["binary", "utf-8", "utf-8-bom", "utf-16le", "utf-16be", "iso-8859-1", "us-ascii", "windows-1252", "text-utf-8"] {
            #expect(formats[form, default: 0] >= 10, "too few \(form) files: \(formats)")
        }
    }

    /// Mutations of each file: a byte changed, removed or inserted, a cut, a repeated
    /// slice; for binary files also a byte of the trailer or the offset table.
    static func mutants(of file: CorpusFile, random: inout SplitMix64) -> [[UInt8]] {
        let bytes = file.bytes
        var out: [[UInt8]] = []
        func position(_ limit: Int) -> Int { Int(random.next() % UInt64(max(limit, 1))) }
        for round in 0..<10 {
            var copy = bytes
            let at = position(copy.count)
            switch round % 5 {
            case 0: copy[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: copy.remove(at: at)
            case 2: copy.insert(Array("<>&;/!-x0 \n\r\0\u{FF}".utf8)[position(15)], at: at)
            case 3: copy = Array(copy.prefix(at))
            default:
                let length = min(1 + position(24), copy.count - at)
                copy.insert(contentsOf: copy[at..<at + length], at: position(copy.count))
            }
            out.append(copy)
        }
        if file.name.hasSuffix("binary") {
            for _ in 0..<6 {
                var copy = bytes
                let tail = min(copy.count, 32 + 64)
                copy[copy.count - 1 - position(tail)] = UInt8(truncatingIfNeeded: random.next() % 3 == 0 ? random.next() : random.next() % 4)
                out.append(copy)
            }
        }
        return out
    }

    @Test func mutatedFilesAgreeOrAreRefusedByBoth() {
        var random = SplitMix64(seed: Self.seed &* 101)
        var counts = (agreedRead: 0, bothRefused: 0)
        for file in Self.corpus {
            for mutant in Self.mutants(of: file, random: &random) {
                if let problem = disagreement(mutant) {
                    Issue.record("mutant of \(file.name): \(problem)\n\(hex(mutant))")
                    continue
                }
                switch AppleReader.read(mutant) {
                case .read, .oldStyle: counts.agreedRead += 1
                case .rejected: counts.bothRefused += 1
                }
            }
        }
        // Both outcomes occur often: the mutations are neither all harmless nor all fatal.
        #expect(counts.agreedRead > 300 && counts.bothRefused > 300, "\(counts)")
    }

    @Test(arguments: [
        "<plist><dict><key>a</key><string!!!>x</string></dict></plist>",
        "<plist><dict><key>a</key><string</dict>>x</string></dict></plist>",
        "<plist><string>&#+65;</string></plist>", "<plist><string>&#X41;</string></plist>",
        "<plist><string>&#x41;&#65;&#;&#x1F600;</string></plist>", "<plist><string>&#xD800;</string></plist>",
        "<plist><integer>abc</integer></plist>", "<plist><date>yesterday</date></plist>",
        "<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>",
        "<plist><string>a<!-- c -->b</string></plist>", "<plist><dict/><dict/></plist>", "<plist></plist>",
        "<plist><dict/></plist>garbage", "<plist><plist><dict/></plist></plist>", "<dict><key>CF$UID</key><integer>3</integer></dict>",
        "<plist><integer>\u{0}\u{7F}-0x7fffffffffffffff</integer></plist>", "<plist><integer>18446744073709551616</integer></plist>",
        "<plist><real> 1e5</real></plist>", "<plist><real>1e</real></plist>", "<plist><true> </true></plist>",
        "<plist><data>!!</data></plist>", "<plist><data>é</data></plist>", "<!DOCTYPE plist [ ]><plist/>",
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>\u{E9}</string></plist>",
        "<!-- x --><plist><string>x</string></plist>", "<!----><plist><string>x</string></plist>",
        "<plist><string>\u{A9} x\u{A9}\u{A9}</string></plist>", "<plist><string>\u{80}</string></plist>",
        "<?xml version='1.0' encoding='UTF8'?><plist><string>\u{A9}</string></plist>",
        "<?xml version='1.0' encoding='utf-08'?><plist><string>x</string></plist>",
        "<?xml version='1.0' encoding='ISO_8859-1:1987'?><plist><string>\u{E9}</string></plist>",
        "<?xml version='1.0' encoding='cp819'?><plist><string>\u{E9}</string></plist>",
        "<?xml version='1.0' encoding='windows-28591'?><plist><string>\u{E9}</string></plist>",
        "<?xml version='1.0' encoding='iso-8859-01x'?><plist><string>\u{E9}</string></plist>",
        "<?xml version='1.0' encoding='a>scii'?><plist><string>\u{E9}</string></plist>",
        "<?xml version='1.0' encoding='U\u{0}TF-8'?><plist><string>x</string></plist>",
        "<?xml version='1.0' encoding='\u{BF}ascii'?><plist><string>x</string></plist>",
        "<?xml version='1.0' encoding='windows-1252'?><plist><string>\u{81}</string></plist>",
        "<?xml version='1.0' encoding='utf-16'?><plist><string>x</string></plist>",
        "  \n ", "{ a = b; }", "\"a\" = \"b\";", "<ab>", "",
        "{ a = \"\\351\\376\\777\\U00e9\\Ud800\\q\\\n\"; b; c = (x, 'y', ); d = <0a 0B>; } // end",
        "a = b; \"unterminated", "( \")", "/* only a comment */", "// line\n", "{ a = { b = { c = d; }; }; } junk",
        "\"x\" junk", "a;b;c", "{ \"k\" = \"v\"; \"k\" = \"w\"; }", "(1, 2", "<0g>", "<0 1>",
    ])
    func handMadeFilesAgree(_ text: String) {
        let bytes = text.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : 0x3F }
        #expect(disagreement(bytes) == nil, "\(text)")
    }

    @Test func encodingsOnlyTheSystemConvertsAreRefusedByName() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><plist><string>x</string></plist>".utf8)
        #expect(throws: PropertyListError(.line(1), "unsupported encoding \"KOI8-R\" (use UTF-8, UTF-16 with a byte order mark, ISO-8859-1, US-ASCII or windows-1252)")) {
            try PropertyList.parse(bytes)
        }
        #expect(AppleReader.read(bytes) == .read(.string("x")))
    }

    @Test func utf16AndBinaryAgree() {
        let body = "<plist><dict><key>a</key><string>caf\u{E9} \u{1F600}</string></dict></plist>"
        let le: [UInt8] = [0xFF, 0xFE] + body.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + body.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [le, be, Array(le.dropFirst(2)), le + [0x20], Array(be.prefix(40))] {
            #expect(disagreement(bytes) == nil, "\(hex(bytes))")
        }
        #expect(gateOutcome(le) == .read(.dictionary([("a", .string("caf\u{E9} \u{1F600}"))])))
    }

    @Test func theTemplateReadsBackInFoundation() throws {
        for language in ["en", "es", "fr", "de"] {
            let bytes = Array(GateStrings.template(language: language).utf8)
            guard case .read(let tree) = AppleReader.read(bytes) else {
                Issue.record("Foundation refused the \(language) template")
                continue
            }
            let table = try GateStrings.overrides(from: tree, path: "template")
            let strings = GateStrings(language: language)
            #expect(table == Dictionary(uniqueKeysWithValues: StringKey.all.map { ($0, strings.text($0)) }), "\(language)")
            let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            let categories = try #require(object as? [String: [String: [String: String]]])
            for (key, value) in table { #expect(categories[key.category]?[key.key]?["value"] == value) }
        }
    }
}
