// PaletteTests.swift — tile colours read on any background (the contrast is computed
// here from the xterm colour formulas, not taken on trust), and which colours and
// which character set a terminal gets from its environment.

import ShapelyGate
import Testing
@testable import ShapelyGateCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// WCAG 2 relative luminance of an sRGB colour given as 0...255 per channel.
func luminance(_ red: Int, _ green: Int, _ blue: Int) -> Double {
    func linear(_ value: Int) -> Double {
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

/// WCAG contrast ratio between two luminances, 1...21.
func contrast(_ a: Double, _ b: Double) -> Double {
    (max(a, b) + 0.05) / (min(a, b) + 0.05)
}

@Suite struct PaletteTests {
    @Test(arguments: TileColor.allCases)
    func indexedColoursReadOnBlackAndOnWhite(_ color: TileColor) throws {
        let rgb = try #require(Palette.rgb(index: Palette.index(color)))
        let l = luminance(rgb.red, rgb.green, rgb.blue)
        #expect(contrast(l, 0) >= 3, "\(color) on black: \(contrast(l, 0))")
        #expect(contrast(l, 1) >= 3, "\(color) on white: \(contrast(l, 1))")
    }

    @Test func theColourFormulasAreXterms() {
        #expect(Palette.rgb(index: 16)! == (0, 0, 0))
        #expect(Palette.rgb(index: 231)! == (255, 255, 255))
        #expect(Palette.rgb(index: 160)! == (215, 0, 0))
        #expect(Palette.rgb(index: 67)! == (95, 135, 175))
        #expect(Palette.rgb(index: 232)! == (8, 8, 8))
        #expect(Palette.rgb(index: 255)! == (238, 238, 238))
        #expect(Palette.rgb(index: 15) == nil && Palette.rgb(index: 256) == nil)
        #expect(abs(contrast(luminance(0, 0, 0), luminance(255, 255, 255)) - 21) < 1e-9)
    }

    @Test func everyColourHasItsOwnSequence() {
        for mode in [ColorMode.basic, .indexed] {
            let sequences = TileColor.allCases.map { Palette.sgr($0, mode: mode) }
            #expect(Set(sequences).count == TileColor.allCases.count)
        }
        #expect(TileColor.allCases.map { Palette.sgr($0, mode: .basic) }
            == (31...36).map { "\u{1B}[\($0)m" })
        #expect(Palette.sgr(.blue, mode: .indexed) == "\u{1B}[38;5;27m")
        #expect(Palette.paint("x", .red, mode: .plain) == "x")
        #expect(Palette.paint("x", .red, mode: .monochrome) == "x")
        #expect(Palette.bold("x", mode: .monochrome) == "\u{1B}[1mx\u{1B}[0m")
        #expect(Palette.bold("x", mode: .plain) == "x")
        #expect(Palette.paint("x", .red, mode: .basic) == "\u{1B}[31mx\u{1B}[0m")
    }

    @Test(arguments: [
        (["TERM": "xterm-256color"], false, ColorMode.indexed),
        (["TERM": "xterm", "COLORTERM": "truecolor"], false, .indexed),
        (["TERM": "xterm", "COLORTERM": "24bit"], false, .indexed),
        (["TERM": "xterm", "COLORTERM": "yes"], false, .basic),
        (["TERM": "linux"], false, .basic),
        (["TERM": "screen-256color"], true, .monochrome),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], false, .monochrome),
        (["TERM": "xterm-256color", "NO_COLOR": ""], false, .indexed),
        (["TERM": "dumb", "COLORTERM": "truecolor"], false, .plain),
        (["TERM": "dumb", "NO_COLOR": "1"], false, .plain),
        ([:], false, .plain),
    ])
    func colourModeFromEnvironment(_ environment: [String: String], _ flag: Bool, _ expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment, noColor: flag) == expected)
    }

    @Test(arguments: [
        (["TERM": "xterm-256color", "LANG": "en_US.UTF-8"], Charset.blocks),
        (["TERM": "xterm", "LC_ALL": "de_DE.utf8", "LANG": "C"], .blocks),
        (["TERM": "xterm", "LC_ALL": "", "LC_CTYPE": "C.UTF-8"], .blocks),
        (["TERM": "xterm", "LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
        (["TERM": "xterm", "LC_CTYPE": "en_US.ISO-8859-1", "LANG": "en_US.UTF-8"], .ascii),
        (["TERM": "linux", "LANG": "en_US.UTF-8"], .console),
        (["TERM": "linux", "LANG": "POSIX"], .ascii),
        (["TERM": "dumb", "LANG": "en_US.UTF-8"], .ascii),
        (["TERM": "xterm"], .ascii),
    ])
    func charsetFromEnvironment(_ environment: [String: String], _ expected: Charset) {
        #expect(Charset.detect(environment: environment) == expected)
    }
}

/// All of `text` to standard output, straight to the descriptor (no buffer to lose).
func writeOut(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

@Suite struct GalleryTests {
    /// With SHAPELYGATE_GALLERY=1 the gallery of every set is printed, in the colours this
    /// terminal would get, for a person to look at.
    @Test func oneEntryPerKindPerSize() {
        let printing = getenv("SHAPELYGATE_GALLERY").map { String(cString: $0) } == "1"
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        let colorTerm = getenv("COLORTERM").map { String(cString: $0) } ?? ""
        let mode = ColorMode.detect(environment: ["TERM": term, "COLORTERM": colorTerm], noColor: false)
        for charset in Charset.allCases {
            let text = Gallery.text(charset: charset, colorMode: mode.colored ? mode : .indexed)
            if printing { writeOut(text) }
            let sections = text.split(separator: "\(charset.rawValue) ")
            #expect(sections.count == charset.sizes.count)
            for (section, size) in zip(sections, charset.sizes) {
                #expect(section.hasPrefix("\(size)\n"))
                let words = section.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
                for kind in ShapeKind.allCases {
                    #expect(words.filter { $0 == kind.rawValue }.count == 1, "\(charset) \(size) \(kind)")
                }
            }
            #expect(text.contains("\u{1B}["))
        }
        let plain = Gallery.text(charset: .blocks, colorMode: .monochrome)
        #expect(!plain.contains("\u{1B}") && plain.contains("heart"))
    }
}
