// Charset.swift — the three character sets a tile is drawn with, which one a terminal
// gets, and the tile sizes each offers.
//
// - blocks:  quadrant and half blocks, 2×2 pixels per cell (UTF-8 terminals).
// - console: the full block and the upper and lower half blocks (▀ ▄ █), a top and a
//            bottom pixel per cell, for TERM=linux: the Linux console's fonts have
//            those but no quadrants. Its pixels are square, one cell wide; its tile
//            sizes in cells are the blocks', its pixel grids half as wide.
// - ascii:   printable ASCII only: each shape an outline drawn by hand, as people
//            draw shapes in text (OutlineArt.swift), never a block of `#`.
// Every line of a tile is exactly `size.columns` characters, spaces included.

import ShapelyGate

package enum Charset: String, CaseIterable, Sendable {
    case blocks, console, ascii

    /// UTF-8 locale (the first non-empty of LC_ALL, LC_CTYPE, LANG) → blocks, or console
    /// when TERM is `linux`; any other locale, or TERM `dumb`, → ascii.
    static func detect(environment: [String: String]) -> Charset {
        let term = environment["TERM"] ?? ""
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty }?.lowercased() ?? ""
        let utf8 = locale.containsBytes("utf-8") || locale.containsBytes("utf8")
        if term == "dumb" || !utf8 { return .ascii }
        return term == "linux" || term.hasPrefix("linux-") ? .console : .blocks
    }

    /// The offered tile sizes, smallest first. A layout takes the largest that fits.
    /// ASCII has no tiny size of its own; the layout's sizes for short screens
    /// (Layout.tileSizes) still reach it.
    var sizes: [TileSize] {
        let cellSizes = [(8, 4), (10, 5), (12, 6), (16, 8), (20, 10)]
        let all = zip(TileSize.Step.allCases, cellSizes).map { step, cells in
            TileSize(step: step, columns: cells.0, rows: cells.1)
        }
        return self == .ascii ? Array(all.dropFirst()) : all
    }

    /// The size at `step` in this character set, if it offers one.
    func size(_ step: TileSize.Step) -> TileSize? {
        sizes.first { $0.step == step }
    }

    /// `kind` drawn at `size`: `size.rows` lines of `size.columns` characters each,
    /// no colour and no escape sequences (nothing for an empty size); with `bottomFree`,
    /// the last pixel row is left off (see Raster), in ASCII the last line.
    func tile(_ kind: ShapeKind, size: TileSize, bottomFree: Bool = false) -> [String] {
        guard size.columns > 0, size.rows > 0 else { return [] }
        if self == .ascii {
            return OutlineArt.tile(kind, columns: size.columns, rows: size.rows, bottomFree: bottomFree)
                ?? Array(repeating: String(repeating: " ", count: size.columns), count: size.rows)
        }
        return lines(Raster(kind, size: size, charset: self, bottomFree: bottomFree))
    }

    var pixelsPerCell: (across: Int, down: Int) {
        self == .console ? (1, 2) : (2, 2)
    }

    /// The raster as lines of block characters. Each line is built as UTF-8 bytes and made a
    /// string once: appending scalar by scalar, or making a string from a mapped
    /// sequence (generic code the runtime sets up on first use), costs more at the gate's
    /// start than the rest of drawing the board.
    func lines(_ raster: Raster) -> [String] {
        var lines: [String] = []
        var bytes: [UInt8] = []
        func finish() {
            lines.append(String(decoding: bytes, as: UTF8.self))
            bytes.removeAll(keepingCapacity: true)
        }
        guard self != .console else {
            // A cell is its top and its bottom pixel.
            for row in 0..<raster.height / 2 {
                for column in 0..<raster.width {
                    let top = raster[column: column, row: 2 * row], bottom = raster[column: column, row: 2 * row + 1]
                    let cell: Unicode.Scalar = top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
                    bytes.append(contentsOf: cell.utf8)
                }
                finish()
            }
            return lines
        }
        // Bits: 1 top left, 2 top right, 4 bottom left, 8 bottom right; 0 off the grid.
        func pattern(_ cell: Int, _ row: Int) -> Int {
            let (x, y) = (2 * cell, 2 * row)
            return (raster[column: x, row: y] ? 1 : 0) | (raster[column: x + 1, row: y] ? 2 : 0)
                | (raster[column: x, row: y + 1] ? 4 : 0) | (raster[column: x + 1, row: y + 1] ? 8 : 0)
        }
        for row in 0..<raster.height / 2 {
            for cell in 0..<raster.width / 2 {
                bytes.append(contentsOf: Charset.quadrants[pattern(cell, row)].utf8)
            }
            finish()
        }
        return lines
    }

    /// Indexed by the 4-bit pattern above.
    static let quadrants: [Unicode.Scalar] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
}
