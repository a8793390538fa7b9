// ThemeContrastTests.swift — every colour the gate puts on screen (tiles, the
// wrong-answer line, the last seconds of the countdown, the closing lines) reads at 3:1
// or more on the background of the themes people use, dark and light: xterm's, GNOME
// Terminal's Tango, Solarized and the Linux console's. The themes' values are written
// here as facts; a cell is read back through the terminal model, so what is checked is
// what a terminal would show.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateScreen

/// A terminal theme: its sixteen colours, its own foreground and background.
struct Theme: CustomStringConvertible, Sendable {
    var name: String
    var palette: [Int]
    var foreground: Int, background: Int
    /// Whether the terminal shows 256 colours (the Linux console does not).
    var has256 = true

    var description: String { name }

    static func rgb(_ hex: Int) -> (Int, Int, Int) { (hex >> 16 & 0xFF, hex >> 8 & 0xFF, hex & 0xFF) }

    static let xtermColours = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                               0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
    static let tangoColours = [0x2E3436, 0xCC0000, 0x4E9A06, 0xC4A000, 0x3465A4, 0x75507B, 0x06989A, 0xD3D7CF,
                               0x555753, 0xEF2929, 0x8AE234, 0xFCE94F, 0x729FCF, 0xAD7FA8, 0x34E2E2, 0xEEEEEC]
    static let solarizedColours = [0x073642, 0xDC322F, 0x859900, 0xB58900, 0x268BD2, 0xD33682, 0x2AA198, 0xEEE8D5,
                                   0x002B36, 0xCB4B16, 0x586E75, 0x657B83, 0x839496, 0x6C71C4, 0x93A1A1, 0xFDF6E3]
    static let consoleColours = [0x000000, 0xAA0000, 0x00AA00, 0xAA5500, 0x0000AA, 0xAA00AA, 0x00AAAA, 0xAAAAAA,
                                 0x555555, 0xFF5555, 0x55FF55, 0xFFFF55, 0x5555FF, 0xFF55FF, 0x55FFFF, 0xFFFFFF]
    static let macBasicColours = [0x000000, 0x990000, 0x00A600, 0x999900, 0x0000B2, 0xB200B2, 0x00A6B2, 0xBFBFBF,
                                  0x666666, 0xE50000, 0x00D900, 0xE5E500, 0x0000FF, 0xE500E5, 0x00E5E5, 0xE5E5E5]

    static let all = [
        // xterm's defaults are black on white; -rv gives white on black.
        Theme(name: "xterm light", palette: xtermColours, foreground: 0x000000, background: 0xFFFFFF),
        Theme(name: "xterm dark", palette: xtermColours, foreground: 0xFFFFFF, background: 0x000000),
        // GNOME Terminal's Tango dark and light, and Tango on GNOME's dark grey and on white.
        Theme(name: "Tango dark", palette: tangoColours, foreground: 0xD3D7CF, background: 0x2E3436),
        Theme(name: "Tango light", palette: tangoColours, foreground: 0x2E3436, background: 0xEEEEEC),
        Theme(name: "Tango on #1e1e1e", palette: tangoColours, foreground: 0xD3D7CF, background: 0x1E1E1E),
        Theme(name: "Tango on white", palette: tangoColours, foreground: 0x2E3436, background: 0xFFFFFF),
        Theme(name: "Solarized dark", palette: solarizedColours, foreground: 0x839496, background: 0x002B36),
        Theme(name: "Solarized light", palette: solarizedColours, foreground: 0x657B83, background: 0xFDF6E3),
        // The console's own grey on black, and inverted (setterm --inversescreen on).
        Theme(name: "Linux console dark", palette: consoleColours, foreground: 0xAAAAAA, background: 0x000000, has256: false),
        Theme(name: "Linux console light", palette: consoleColours, foreground: 0x000000, background: 0xAAAAAA, has256: false),
        Theme(name: "macOS Terminal Basic", palette: macBasicColours, foreground: 0x000000, background: 0xFFFFFF),
    ]

    func luminance(_ hex: Int) -> Double {
        let (red, green, blue) = Self.rgb(hex)
        return ShapelyGateScreenTests.luminance(red, green, blue)
    }

    /// The colours a cell can show in this theme: its own, and where bold brightens the
    /// first eight (xterm's default, the Linux console) the bright one too.
    func shown(_ cell: TerminalCell) -> [Int] {
        switch cell.foreground {
        case nil: return [foreground]
        case .ansi(let number)?:
            let index = Int(number)
            return cell.bold && index < 8 ? [palette[index], palette[index + 8]] : [palette[index]]
        case .indexed(let number)?:
            if number < 16 { return [palette[Int(number)]] }
            let cube = xtermRGB(index: Int(number))!
            return [cube.red << 16 | cube.green << 8 | cube.blue]
        case .rgb(let red, let green, let blue)?:
            return [Int(red) << 16 | Int(green) << 8 | Int(blue)]
        }
    }

    func contrast(_ colour: Int) -> Double {
        ShapelyGateScreenTests.contrast(luminance(colour), luminance(background))
    }
}

@Suite struct ThemeContrastTests {
    /// A board with a tile of every colour, a wrong answer, and the countdown in its last
    /// seconds (where it turns red), as a terminal shows it; then the closing lines.
    func screens(_ mode: ColorMode) throws -> [TerminalScreen] {
        let tiles = TileColor.allCases.enumerated().map { Tile(kind: ShapeKind.allCases[$0.offset % 4], color: $0.element) }
        let renderer = Renderer(strings: GateStrings(language: "en"),
                                display: Display(charset: .blocks, colorMode: mode, cursorControl: true))
        let frame = try renderer.frame(Board(tiles: tiles), target: .circle, round: 1, rounds: 1,
                                       message: .wrongShape(.square, attemptsLeft: 1), secondsLeft: 2,
                                       size: TerminalSize(columns: 80, rows: 24)).get()
        var board = TerminalScreen(rows: 24, columns: 80)
        board.feed(Painter.full(frame, answer: "3", columns: 80))
        #expect(board.contains("No, a square."))
        var closing = TerminalScreen(rows: 24, columns: 80)
        for outcome in [Closing.passed, .denied(.tooManyAttempts), .denied(.timeExpired)] {
            closing.feed(renderer.closing(outcome, width: 80).replacingAll("\n", with: "\r\n"))
        }
        return [board, closing]
    }

    @Test(arguments: [ColorMode.basic, .indexed, .monochrome])
    func everyColourShownReadsOnEveryTheme(_ mode: ColorMode) throws {
        var cells: [TerminalCell] = []
        for screen in try screens(mode) {
            for row in 0..<screen.rows {
                for column in 0..<screen.columns where !screen.cell(row: row, column: column).isBlank {
                    cells.append(screen.cell(row: row, column: column))
                }
            }
        }
        #expect(!cells.isEmpty)
        for theme in Theme.all where mode != .indexed || theme.has256 {
            let colours = Set(cells.flatMap(theme.shown))
            for colour in colours.sorted() {
                let ratio = theme.contrast(colour)
                #expect(ratio >= 3, "\(mode) in \(theme): #\(String(colour, radix: 16)) is \(ratio):1")
            }
        }
    }

    /// Why 16 colours use none: not one of them reads at 3:1 in every theme, so the only
    /// colour that does is each theme's own foreground.
    @Test func noneOfTheSixteenReadsInEveryTheme() {
        for index in 0..<16 {
            #expect(Theme.all.contains { $0.contrast($0.palette[index]) < 3 }, "colour \(index)")
        }
        for theme in Theme.all { #expect(theme.contrast(theme.foreground) >= 4, "\(theme)") }
        // The tracker's figure: Tango's magenta on GNOME's dark grey.
        let tango = Theme.all[4]
        #expect(abs(tango.contrast(tango.palette[5]) - 2.5) < 0.05)
    }
}
