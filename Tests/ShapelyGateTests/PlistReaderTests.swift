// PlistReaderTests.swift — the forms of strings file the gate reads (UTF-16, Latin-1,
// binary, the old text form), duplicates, entries the schema ignores or refuses, and the one-line errors
// with a line or byte offset. Agreement with Foundation is PlistDifferentialTests' job.

import Testing
@testable import PlistReader
@testable import ShapelyGate

func plist(_ body: String) -> [UInt8] {
    Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8)
}

func entry(_ category: String, _ key: String, _ value: String) -> String {
    "<key>\(category)</key><dict><key>\(key)</key><dict><key>value</key><string>\(value)</string></dict></dict>"
}

/// A binary plist of string-keyed dictionaries and ASCII strings, written by hand.
func binaryPlist(_ root: PropertyListValue) -> [UInt8] {
    var objects: [[UInt8]] = []
    func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .string(let text):
            objects.append([0x50 | UInt8(text.utf8.count)] + Array(text.utf8))
        case .dictionary(let entries):
            let keys = entries.map { add(.string($0.key)) }
            let values = entries.map { add($0.value) }
            objects.append([0xD0 | UInt8(entries.count)] + (keys + values).map(UInt8.init))
        default:
            objects.append([0x09])
        }
        return objects.count - 1
    }
    let top = add(root)
    var out = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
        offsets.append(UInt8(out.count))
        out += object
    }
    let table = out.count
    out += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
    for value in [objects.count, top, table] { out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    return out
}

@Suite struct PlistReaderTests {
    @Test func theLastDuplicateWinsInXMLAtEveryLevel() throws {
        let value = plist("<dict>\(entry("Primary", "Title", "first"))<key>Primary</key><dict><key>Title</key><dict>"
            + "<key>value</key><string>a</string><key>value</key><string>b</string></dict></dict></dict>")
        #expect(try GateStrings.overrides(parsing: value, path: "x") == [.title: "b"])
        let category = plist("<dict>\(entry("Primary", "Countdown", "gone"))\(entry("Primary", "Title", "kept"))</dict>")
        #expect(try GateStrings.overrides(parsing: category, path: "x") == [.title: "kept"])
    }

    @Test func theFirstDuplicateWinsInABinaryFileAsInFoundation() throws {
        let entryValue = PropertyListValue.dictionary([("value", .string("binary"))])
        let root = PropertyListValue.dictionary([("Primary", .dictionary([("Title", entryValue)])), ("Primary", .string("later"))])
        #expect(try GateStrings.overrides(parsing: binaryPlist(root), path: "x") == [.title: "binary"])
    }

    @Test func unknownAndNonDictionaryEntriesAreIgnored() throws {
        let bytes = plist("<dict><key>Version</key><integer>3</integer><key>Later</key><string>x</string>"
            + "<key>Primary</key><dict><key>Unknown</key><true/><key>Title</key><dict><key>value</key><string>t</string>"
            + "<key>comment</key><integer>1</integer></dict></dict></dict>")
        #expect(try GateStrings.overrides(parsing: bytes, path: "x") == [.title: "t"])
    }

    @Test(arguments: [
        ("<dict><key>Primary</key><string>x</string></dict>", "category Primary must be a dictionary"),
        ("<dict><key>Shapes</key><dict><key>Star</key><array/></dict></dict>", "Shapes/Star must be a dictionary with a value"),
        ("<dict><key>Primary</key><dict><key>Title</key><dict><key>value</key><real>1</real></dict></dict></dict>",
         "Primary/Title: value must be a string"),
        ("<array/>", "the top level must be a dictionary of categories"),
    ])
    func aKnownNameHoldingTheWrongTypeIsAnErrorNamingIt(_ body: String, _ reason: String) {
        #expect(throws: GateStringsError(path: "f.plist", reason: reason)) {
            try GateStrings.overrides(parsing: plist(body), path: "f.plist")
        }
    }

    @Test func utf16Latin1AndBinaryFilesAreRead() throws {
        let text = "<plist><dict>\(entry("Primary", "Title", "caf\u{E9} \u{1F600}"))</dict></plist>"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big, [0xEF, 0xBB, 0xBF] + Array(text.utf8)] {
            #expect(try GateStrings.overrides(parsing: bytes, path: "x") == [.title: "caf\u{E9} \u{1F600}"])
        }
        let latin1 = Array("<?xml version='1.0' encoding='ISO-8859-1'?><plist><dict>\(entry("Primary", "Title", "caf_"))</dict></plist>".utf8)
            .map { $0 == UInt8(ascii: "_") ? 0xE9 : $0 }
        #expect(try GateStrings.overrides(parsing: latin1, path: "x") == [.title: "caf\u{E9}"])
        let windows = latin1.map { $0 == 0xE9 ? 0x80 : $0 }.replacing(Array("ISO-8859-1".utf8), with: Array("windows-1252".utf8))
        #expect(try GateStrings.overrides(parsing: windows, path: "x") == [.title: "caf\u{20AC}"])
        let binary = binaryPlist(.dictionary([("Shapes", .dictionary([("Star", .dictionary([("value", .string("estrella"))]))]))]))
        #expect(try GateStrings.overrides(parsing: binary, path: "x") == [.name(of: .star): "estrella"])
    }

    @Test(arguments: [
        ("<plist>\n<dict>\n<string!!!>x</string>\n</dict></plist>", "line 3: unknown tag <string!!!>"),
        ("<plist>\r\n<string>&#+65;</string></plist>", "line 2: bad character in a character reference"),
        ("<plist><string>&#X41;</string></plist>", "line 1: bad character in a character reference"),
        ("<plist>\n\n<integer>abc</integer></plist>", "line 3: hex digit in a decimal <integer>"),
        ("<plist><date>yesterday</date></plist>", "line 1: <date> is not YYYY-MM-DDTHH:MM:SSZ"),
        ("<plist><string>a<!-- no -->b</string></plist>", "line 1: only CDATA may start with <! inside text"),
        ("{ Primary = ; }", "line 1: unexpected character"),
        ("<plist><dict></plist>", "line 1: expected </dict>"),
        ("<?xml version='1.0' encoding='Shift_JIS'?><plist/>",
         "line 1: unsupported encoding \"Shift_JIS\" (use UTF-8, UTF-16 with a byte order mark, ISO-8859-1, US-ASCII or windows-1252)"),
    ])
    func junkIsRefusedWithItsLine(_ text: String, _ reason: String) {
        #expect(throws: GateStringsError(path: "f", reason: reason)) { try GateStrings.overrides(parsing: Array(text.utf8), path: "f") }
    }

    @Test func aDamagedBinaryFileNamesTheByteOffset() {
        var bytes = binaryPlist(.dictionary([("Primary", .dictionary([]))]))
        bytes[8] = 0x7A
        #expect(throws: GateStringsError(path: "f", reason: "byte offset 8: unknown object marker 0x7a")) {
            try GateStrings.overrides(parsing: bytes, path: "f")
        }
        for cut in [1, 10, 33, bytes.count - 1] {
            #expect(throws: GateStringsError.self) { try GateStrings.overrides(parsing: Array(bytes.prefix(cut)), path: "f") }
        }
    }

    @Test func aCycleAHugeCountAndAnOutOfRangeReferenceAreRefused() {
        // One dictionary whose only value is itself.
        let cycle: [UInt8] = Array("bplist00".utf8) + [0xD1, 1, 0, 0x51, 0x61, 8, 11] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13]
        #expect(throws: PropertyListError(.byteOffset(8), "an object contains itself")) { try PropertyList.parse(cycle) }
        var huge = cycle
        huge.replaceSubrange(8..<13, with: [0xDF, 0x13, 0x7F, 0xFF, 0xFF])
        #expect(throws: PropertyListError.self) { try PropertyList.parse(huge) }
        var outside = cycle
        outside[10] = 9
        #expect(throws: PropertyListError(.byteOffset(8), "reference to object 9 of 2")) { try PropertyList.parse(outside) }
    }

    @Test func nestingIsBoundedWithoutTrapping() throws {
        let deep = String(repeating: "<array>", count: 512) + String(repeating: "</array>", count: 512)
        #expect(throws: Never.self) { try PropertyList.parse(Array(deep.utf8)) }
        let deeper = String(repeating: "<array>", count: 514) + String(repeating: "</array>", count: 514)
        #expect(throws: PropertyListError.self) { try PropertyList.parse(Array(deeper.utf8)) }
        let wrapped = String(repeating: "<plist>", count: 600) + "<dict/>" + String(repeating: "</plist>", count: 600)
        #expect(throws: PropertyListError.self) { try PropertyList.parse(Array(wrapped.utf8)) }
    }

    @Test func binaryNestingIsBoundedWithoutTrapping() {
        /// `levels` arrays, each holding the next; two-byte offsets and references.
        func nested(_ levels: Int) -> [UInt8] {
            var out = Array("bplist00".utf8)
            var offsets: [Int] = []
            for level in 0..<levels {
                offsets.append(out.count)
                out += level == levels - 1 ? [0xA0] : [0xA1, UInt8((level + 1) >> 8), UInt8((level + 1) & 0xFF)]
            }
            let table = out.count
            for offset in offsets { out += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
            out += [0, 0, 0, 0, 0, 0, 2, 2]
            for value in [levels, 0, table] { out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
            return out
        }
        #expect(throws: Never.self) { try PropertyList.parse(nested(513)) }
        #expect(throws: PropertyListError.self) { try PropertyList.parse(nested(514)) }
    }

    @Test func theOldTextFormIsReadAsApplesReaderReadsIt() throws {
        let text = """
            // Written by hand
            {
                Primary = { Title = { value = "Mi \\"puerta\\"\\n\\U00e9\\351"; comment = '' ; }; };
                Shapes = { Star = { value = estrella; }; Circle = { value = <0102>; }; };
                Version = 3;
            }
            """
        #expect(throws: GateStringsError(path: "x", reason: "Shapes/Circle: value must be a string")) {
            try GateStrings.overrides(parsing: Array(text.utf8), path: "x")
        }
        let strings = "\"Primary\" = { Title = { value = uno; }; Title = { value = dos; }; };\n/* no braces */"
        #expect(try GateStrings.overrides(parsing: Array(strings.utf8), path: "x") == [.title: "dos"])
        let root = try PropertyList.parse(Array(text.utf8))
        #expect(root["Primary"]?["Title"]?["value"] == .string("Mi \"puerta\"\n\u{E9}\u{D8}"))
        #expect(root["Version"] == .string("3"))
    }

    @Test func aBlankFileHasNoOverridesAndAnEmptyOneIsAnError() throws {
        #expect(try GateStrings.overrides(parsing: Array(" \n\t".utf8), path: "x") == [:])
        #expect(throws: GateStringsError(path: "x", reason: "line 1: the file is empty")) { try GateStrings.overrides(parsing: [], path: "x") }
    }

    @Test func stringsAreKeptExactlyControlsIncluded() throws {
        let bytes = plist("<dict>\(entry("Primary", "Title", "a\u{1B}[2J&#0;\r\n&#x7;"))</dict>")
        #expect(try GateStrings.overrides(parsing: bytes, path: "x") == [.title: "a\u{1B}[2J\u{0}\r\n\u{7}"])
    }
}
