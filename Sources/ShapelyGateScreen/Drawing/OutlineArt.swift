// OutlineArt.swift — the ASCII tiles: each shape drawn by hand as an outline, the way
// people draw shapes in text (`.--.` over `(    )` for a circle, `+--+` for a square,
// `/\` widening to `/____\` for a triangle), never as a block of `#`.
//
// Contract:
// - Each kind has a drawing in a few sizes (columns × rows, columns about twice the
//   rows, so a figure is about as tall as wide on screen). A tile shows the largest
//   drawing no wider than the tile and no taller than its rows (one row fewer with its
//   last row free, so touching rows of tiles keep a blank line between them), centred
//   across and standing on the tile's last line (or the one above it when that is
//   left free), as the block figures stand on their base; the rest spaces.
// - Every outline is closed: each stroke meets the next within a corner of a cell.
// - Only printable ASCII; every line of a tile is exactly the tile's width.

import ShapelyGate

enum OutlineArt {
    /// `kind` in a tile of `columns` × `rows` cells, or nil when no drawing fits.
    static func tile(_ kind: ShapeKind, columns: Int, rows: Int, bottomFree: Bool) -> [String]? {
        let room = bottomFree ? rows - 1 : rows
        guard let drawing = drawings[kind.index].last(where: { $0[0].count <= columns && $0.count <= room }) else { return nil }
        let pad = String(repeating: " ", count: (columns - drawing[0].count) / 2)
        let blank = String(repeating: " ", count: columns)
        let top = room - drawing.count
        return (0..<rows).map { row in
            guard row >= top, row < room else { return blank }
            let line = pad + drawing[row - top]
            return line + String(repeating: " ", count: columns - line.count)
        }
    }

    /// For each kind in `ShapeKind.allCases` order, its drawings, smallest first.
    static let drawings: [[[String]]] = ShapeKind.allCases.indices.map { index in
        sheets.map { $0[index] }
    }

    /// The sheets: each holds one drawing per kind, side by side, `;` after each.
    static let sheets: [[[String]]] = [sheet6x3, sheet8x4, sheet10x5, sheet16x7].map(parse)

    /// A sheet's text as drawings: lines split at `;`, the n-th piece of each line is a
    /// line of the n-th kind's drawing.
    static func parse(_ sheet: String) -> [[String]] {
        let lines = sheet.split(separator: "\n").map { $0.split(separator: ";", omittingEmptySubsequences: false).dropLast() }
        return (0..<ShapeKind.allCases.count).map { kind in lines.map { String($0[$0.startIndex + kind]) } }
    }

    // circle, square, triangle, pentagon, hexagon, star, diamond, heart, cross
    // The pentagon is drawn as its outline runs: a low roof from its apex out to corners at
    // its full width, then sides closing in to a flat base a little narrower than those
    // corners. Its roof tells it from the flat-topped hexagon and its base from the
    // diamond's point; in three lines its corners stand out at the sides (`<    >`) above a
    // base as wide as the triangle's, so it shares no line with the diamond. The
    // hexagon's slanting sides close under it with `` `--' ``, a base that does not flare
    // out like a cup's foot.
    static let sheet6x3 = #"""
    .-''-.;+----+;  /\  ; _/\_ ;  __  ;__/\__;  /\  ; /\/\ ; _||_ ;
    (    );|    |; /  \ ;<    >; /  \ ;'-..-'; <  > ; \  / ;|_  _|;
    '-..-';+----+;/____\;\____/; `--' ; //\\ ;  \/  ;  \/  ;  ||  ;
    """#

    static let sheet8x4 = #"""
     .-''-. ; +----+ ;   /\   ;   /\   ;  ____  ;   ..   ;   /\   ;  _  _  ;   __   ;
    (      ); |    | ;  /  \  ;.-'  '-.; /    \ ;___/\___;  /  \  ; ( \/ ) ; _|  |_ ;
    (      ); |    | ; /    \ ;\      /;<      >;'-.  .-';  \  /  ;  \  /  ;|_    _|;
     '-..-' ; +----+ ;/______\; \____/ ; \____/ ;  /''\  ;   \/   ;   \/   ;  |__|  ;
    """#

    static let sheet10x5 = #"""
     .--''--. ; +------+ ;    /\    ;   _/\_   ;   ____   ;    /\    ;    /\    ; .-.  .-. ;   .--.   ;
    /        \; |      | ;   /  \   ;.-'    '-.;  /    \  ;___/  \___;   /  \   ;/   \/   \; __|  |__ ;
    |        |; |      | ;  /    \  ;\        /; /      \ ;'-.    .-';  <    >  ;\        /;|__    __|;
    \        /; |      | ; /      \ ; \      / ; \      / ;  / /\ \  ;   \  /   ; '-.  .-' ;   |  |   ;
     '--..--' ; +------+ ;/________\;  \____/  ;  \____/  ; /_/  \_\ ;    \/    ;    \/    ;   |__|   ;
    """#

    static let sheet16x7 = #"""
          ____      ; +------------+ ;       /\       ;       /\       ;    ________    ;       /\       ;       /\       ;   .--.  .--.   ;     +----+     ;
       .-'    '-.   ; |            | ;      /  \      ;    .-'  '-.    ;   /        \   ;      /  \      ;      /  \      ;  /    \/    \  ;     |    |     ;
      /          \  ; |            | ;     /    \     ; .-'        '-. ;  /          \  ;______|  |______;     /    \     ;  \          /  ;+----+    +----+;
     |            | ; |            | ;    /      \    ; \            / ; /            \ ;'-.__      __.-';    <      >    ;   '-.    .-'   ;|              |;
     |            | ; |            | ;   /        \   ;  \          /  ; \            / ;    /      \    ;     \    /     ;      \  /      ;+----+    +----+;
      \          /  ; |            | ;  /          \  ;   \        /   ;  \          /  ;   /   /\   \   ;      \  /      ;       \/       ;     |    |     ;
       '-.____.-'   ; +------------+ ; /____________\ ;    \______/    ;   \________/   ;  /_.-'  '-._\  ;       \/       ;                ;     +----+     ;
    """#
}
