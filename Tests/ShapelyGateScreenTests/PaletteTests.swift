// PaletteTests.swift — tile colours read on any background (the contrast is computed
// here from the xterm colour formulas, not taken on trust), and which colours and
// which character set a terminal gets from its environment.

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

    /// The sixteen colours as xterm (by default) and the Linux console show them, 30–37.
    static let xterm = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
                        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229)]
    static let linuxConsole = [(0, 0, 0), (170, 0, 0), (0, 170, 0), (170, 85, 0),
                               (0, 0, 170), (170, 0, 170), (0, 170, 170), (170, 170, 170)]

    /// With 16 colours every tile colour reads (3:1) on black and on white in xterm's
    /// palette, and on black (its only background) on the Linux console. The terminal's
    /// own foreground (39) reads on its own background by definition.
    @Test(arguments: TileColor.allCases)
    func basicColoursReadInBothPalettes(_ color: TileColor) {
        let code = Palette.basicCode(color)
        if code == 39 { return }
        #expect((30...37).contains(code))
        let (black, white) = (luminance(0, 0, 0), luminance(255, 255, 255))
        let inXterm = Self.xterm[code - 30], onConsole = Self.linuxConsole[code - 30]
        let xterm = luminance(inXterm.0, inXterm.1, inXterm.2)
        let console = luminance(onConsole.0, onConsole.1, onConsole.2)
        #expect(contrast(xterm, black) >= 3 && contrast(xterm, white) >= 3, "\(color) in xterm")
        #expect(contrast(console, black) >= 3, "\(color) on the Linux console")
    }

    /// The palettes as the figures quoted for them: what fails where.
    @Test func thePalettesFailWhereTheySay() {
        func ratio(_ rgb: (Int, Int, Int), _ background: Int) -> Double {
            contrast(luminance(rgb.0, rgb.1, rgb.2), luminance(background, background, background))
        }
        let failOnWhite = (1...6).filter { ratio(Self.xterm[$0], 255) < 3 }
        let failOnBlack = (1...6).filter { ratio(Self.xterm[$0], 0) < 3 }
        #expect(failOnWhite == [2, 3, 6] && failOnBlack == [4])
        #expect((1...6).filter { ratio(Self.linuxConsole[$0], 0) < 3 } == [1, 4])
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
        #expect(Set(TileColor.allCases.map { Palette.sgr($0, mode: .basic) }) == ["\u{1B}[35m", "\u{1B}[39m"])
        #expect(Palette.sgr(.blue, mode: .indexed) == "\u{1B}[38;5;27m")
        #expect(Palette.paint("x", .red, mode: .plain) == "x")
        #expect(Palette.paint("x", .red, mode: .monochrome) == "x")
        #expect(Palette.bold("x", mode: .monochrome) == "\u{1B}[1mx\u{1B}[0m")
        #expect(Palette.bold("x", mode: .plain) == "x")
        #expect(Palette.paint("x", .red, mode: .basic) == "\u{1B}[35mx\u{1B}[0m")
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
