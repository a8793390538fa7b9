// PaletteTests.swift — 256-colour tiles read on black and on white (the contrast is
// computed here from the xterm colour formulas, not taken on trust; ThemeContrastTests
// checks every theme), and which colours and which character set a terminal gets from
// its environment.

import ShapelyGate
import Testing
@testable import ShapelyGateScreen

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

/// The red, green and blue (0...255) xterm gives a 256-colour index from 16 up:
/// a 6×6×6 cube (levels 0, 95, 135, 175, 215, 255), then 24 greys 8, 18, ... 238.
/// Indices below 16 are the theme's own and have no fixed value.
func xtermRGB(index: Int) -> (red: Int, green: Int, blue: Int)? {
    switch index {
    case 16...231:
        let level = { (step: Int) in step == 0 ? 0 : 55 + 40 * step }
        let cube = index - 16
        return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
    case 232...255:
        let grey = 8 + 10 * (index - 232)
        return (grey, grey, grey)
    default:
        return nil
    }
}

/// WCAG contrast ratio between two luminances, 1...21.
func contrast(_ a: Double, _ b: Double) -> Double {
    (max(a, b) + 0.05) / (min(a, b) + 0.05)
}

@Suite struct PaletteTests {
    @Test(arguments: TileColor.allCases)
    func indexedColoursReadOnBlackAndOnWhite(_ color: TileColor) throws {
        let rgb = try #require(xtermRGB(index: Palette.index(color)))
        let l = luminance(rgb.red, rgb.green, rgb.blue)
        #expect(contrast(l, 0) >= 3, "\(color) on black: \(contrast(l, 0))")
        #expect(contrast(l, 1) >= 3, "\(color) on white: \(contrast(l, 1))")
    }

    @Test func theColourFormulasAreXterms() {
        #expect(xtermRGB(index: 16)! == (0, 0, 0))
        #expect(xtermRGB(index: 231)! == (255, 255, 255))
        #expect(xtermRGB(index: 160)! == (215, 0, 0))
        #expect(xtermRGB(index: 67)! == (95, 135, 175))
        #expect(xtermRGB(index: 232)! == (8, 8, 8))
        #expect(xtermRGB(index: 255)! == (238, 238, 238))
        #expect(xtermRGB(index: 15) == nil && xtermRGB(index: 256) == nil)
        #expect(abs(contrast(luminance(0, 0, 0), luminance(255, 255, 255)) - 21) < 1e-9)
    }

    @Test func everyColourHasItsOwnSequence() {
        let sequences = TileColor.allCases.map { Palette.sgr($0, mode: .indexed) }
        #expect(Set(sequences).count == TileColor.allCases.count)
        // Sixteen colours are the theme's: none is used (ThemeContrastTests says why).
        #expect(Set(TileColor.allCases.map { Palette.sgr($0, mode: .basic) }) == [""])
        #expect(Palette.sgr(.blue, mode: .indexed) == "\u{1B}[38;5;99m")
        #expect(Palette.paint("x", .red, mode: .plain) == "x")
        #expect(Palette.paint("x", .red, mode: .monochrome) == "x")
        #expect(Palette.bold("x", mode: .monochrome) == "\u{1B}[1mx\u{1B}[0m")
        #expect(Palette.bold("x", mode: .plain) == "x")
        #expect(Palette.paint("x", .red, mode: .basic) == "x")
        #expect(Palette.paint("x", .red, mode: .indexed) == "\u{1B}[38;5;196mx\u{1B}[0m")
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
