// Palette.swift — how tiles and coloured text are coloured in each colour mode
// (ColorMode.swift).
//
// Contract: every colour the gate writes has a contrast ratio of at least 3:1 (WCAG
// relative luminance) against the backgrounds of the usual terminal themes, dark and
// light: xterm's (black, white), GNOME Terminal's Tango (#2e3436, #1e1e1e, #eeeeec,
// white), Solarized (#002b36, #fdf6e3) and the Linux console's (black, #aaaaaa).
// - indexed: 256-colour indices from xterm's 6×6×6 cube, whose values no theme
//   changes, each with a luminance between 0.2 and 0.25: the narrow band that reads on
//   all of those backgrounds but the Linux console's, which has no 256 colours
//   (TERM=linux is a 16-colour terminal).
// - basic:   16-colour terminals, whose colours are the theme's: no colour at all, so
//   tiles and text take the terminal's own foreground, the one colour every theme makes
//   read on its own background. Not one of the sixteen reads at 3:1 in every theme
//   (Tango dark's magenta is 2.5:1 at best, xterm's green 2.2:1 on white, Solarized
//   light's cyan 2.9:1, the Linux console's blue 1.6:1 on black), and which theme a
//   person has cannot be known.
// - monochrome: no colour, bold kept.
// - plain:   no escape sequences at all.
// Colour is never the only cue: tiles differ by form (ShapeFigure.swift).

import ShapelyGate

enum Palette {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"

    /// The SGR sequence that starts `color` in `mode`; empty without colour.
    static func sgr(_ color: TileColor, mode: ColorMode) -> String {
        mode.colored ? "\u{1B}[38;5;\(index(color))m" : ""
    }

    /// `text` in `color`, followed by a reset; `text` unchanged without colour.
    static func paint(_ text: String, _ color: TileColor, mode: ColorMode) -> String {
        mode.colored ? sgr(color, mode: mode) + text + reset : text
    }

    /// `text` in bold, in every mode but `.plain`.
    static func bold(_ text: String, mode: ColorMode) -> String {
        mode == .plain ? text : bold + text + reset
    }

    /// Colours of the 6×6×6 cube with a luminance between 0.2 and 0.25, far apart in hue.
    static func index(_ color: TileColor) -> Int {
        switch color {
        case .red: return 196      // #ff0000
        case .green: return 65     // #5f875f
        case .yellow: return 100   // #878700
        case .blue: return 99      // #875fff
        case .magenta: return 199  // #ff00af
        case .cyan: return 31      // #0087af
        }
    }
}
