// Palette.swift — how tiles are coloured in each colour mode (ColorMode.swift).
//
// - indexed: 256-colour indices chosen so that each has a contrast ratio of at least
//   3:1 (WCAG relative luminance) against both pure black and pure white, so a tile
//   reads on any background.
// - basic:   16-colour terminals, whose colours are the theme's and read badly on
//   one background or the other: in xterm's default palette green, yellow and cyan
//   fall under 3:1 on white and blue under 3:1 on black; on the Linux console red and
//   blue fall under 3:1 on black. Only magenta (35) and the terminal's own foreground
//   (39) read on both in both, so tiles take those two, in turn by colour.
// - monochrome: no colour, bold kept.
// - plain:   no escape sequences at all.
// Colour is never the only cue: tiles differ by form (ShapeFigure.swift).

import ShapelyGate

enum Palette {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"

    /// The SGR sequence that starts `color` in `mode`; empty without colour.
    static func sgr(_ color: TileColor, mode: ColorMode) -> String {
        switch mode {
        case .plain, .monochrome: return ""
        case .basic: return "\u{1B}[\(basicCode(color))m"
        case .indexed: return "\u{1B}[38;5;\(index(color))m"
        }
    }

    /// `text` in `color`, followed by a reset; `text` unchanged without colour.
    static func paint(_ text: String, _ color: TileColor, mode: ColorMode) -> String {
        mode.colored ? sgr(color, mode: mode) + text + reset : text
    }

    /// `text` in bold, in every mode but `.plain`.
    static func bold(_ text: String, mode: ColorMode) -> String {
        mode == .plain ? text : bold + text + reset
    }

    static func basicCode(_ color: TileColor) -> Int {
        switch color {
        case .red, .yellow, .magenta: return 35
        case .green, .blue, .cyan: return 39
        }
    }

    /// Mid-light colours from the 6×6×6 cube: luminance between 0.1 and 0.3.
    static func index(_ color: TileColor) -> Int {
        switch color {
        case .red: return 160      // #d70000
        case .green: return 28     // #008700
        case .yellow: return 136   // #af8700
        case .blue: return 27      // #005fff
        case .magenta: return 164  // #d700d7
        case .cyan: return 30      // #008787
        }
    }
}
