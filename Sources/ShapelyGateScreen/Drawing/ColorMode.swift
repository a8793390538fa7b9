// ColorMode.swift — which colours a terminal gets, decided once from the environment
// (how each mode colours a tile is Palette.swift's):
//
// - indexed: 256 colours, when TERM names a 256-colour terminal or COLORTERM says
//   truecolor/24bit.
// - basic:   any other terminal: 16 colours, which are the theme's; the gate draws
//   them in the terminal's own foreground (Palette.swift says why).
// - monochrome: NO_COLOR (non-empty) or --no-color: no colour, bold kept (NO_COLOR
//   asks only for colour to go).
// - plain:   TERM unset or `dumb`: no escape sequences at all.

package enum ColorMode: String, CaseIterable, Sendable {
    case plain, monochrome, basic, indexed

    static func detect(environment: [String: String], noColor: Bool) -> ColorMode {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .plain }
        if noColor || !(environment["NO_COLOR"] ?? "").isEmpty { return .monochrome }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if term.containsBytes("256color") || colorTerm == "truecolor" || colorTerm == "24bit" {
            return .indexed
        }
        return .basic
    }

    /// Whether tiles and text get colour: only with 256 colours, whose values are known.
    var colored: Bool { self == .indexed }
}
