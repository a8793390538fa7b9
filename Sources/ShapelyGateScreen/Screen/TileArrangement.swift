// TileArrangement.swift — the numbered tiles of a board in rows, in one of two arrangements:
// the number centred above each tile, or, where height is short, the number on the
// tile's left (right-aligned, close to it, so it reads as the tile's label).
//
// Contract:
// - Rows hold as many tiles as the width allows, balanced so the last row is not a
//   stub; tiles in a row are two columns apart (one in ASCII with numbers beside,
//   where a column parts each number from its tile).
// - With numbers above, rows of tiles are always a blank line apart, so a row's numbers
//   never touch the tiles over them; beside, the blank line is a choice of the layout.
//   Where rows touch, every tile leaves its last pixel row free (half a cell in blocks
//   and ASCII), so no tile runs into the one below it, with colour or without.
// - Lines hold tiles and numbers only, no trailing text; widths count columns.

import ShapelyGate

struct TileArrangement: Equatable {
    var charset: Charset
    var size: TileSize
    /// Numbers on the tiles' left instead of above them.
    var numbersBeside = false
    /// A blank line between rows of tiles (always, with numbers above).
    var spaced = true

    /// Columns between a number beside its tile and the tile: none where the tile's
    /// blocks set it off, one in ASCII, whose `|` and `/` would run into a digit. The
    /// gap between tiles gives that column back, so both take the same width.
    var labelSpace: Int { numbersBeside && charset == .ascii ? 1 : 0 }
    /// Columns between one tile and the next in a row.
    var gap: Int { 2 - labelSpace }

    /// Columns one tile and its number take.
    func cellWidth(tileCount: Int) -> Int {
        numbersBeside ? String(tileCount).count + labelSpace + size.columns : size.columns
    }

    /// Tiles per row on a line of `width`: as many as fit, balanced over the rows they
    /// need; nil when not even one fits.
    func perRow(_ count: Int, width: Int) -> Int? {
        let most = min(count, (width + gap) / (cellWidth(tileCount: count) + gap))
        guard most >= 1 else { return nil }
        let rowCount = (count + most - 1) / most
        return (count + rowCount - 1) / rowCount
    }

    /// Lines and columns the tiles take, or nil when not one fits across.
    func extent(_ count: Int, width: Int) -> (rows: Int, columns: Int)? {
        guard let perRow = perRow(count, width: width) else { return nil }
        let rowCount = (count + perRow - 1) / perRow
        let rowHeight = numbersBeside ? size.rows : size.rows + 1
        let rows = rowCount * rowHeight + (spaced || !numbersBeside ? rowCount - 1 : 0)
        return (rows, perRow * cellWidth(tileCount: count) + (perRow - 1) * gap)
    }

    /// The numbered tiles, drawn for `display`, or nil when not one fits across.
    func lines(_ board: Board, display: Display, width: Int) -> [String]? {
        let count = board.tiles.count
        guard let perRow = perRow(count, width: width) else { return nil }
        let digits = String(count).count
        // Each kind is drawn once per board, however many tiles show it.
        // Arrays, not dictionaries: a dictionary's first use costs a runtime lookup of its
        // key's conformance, more than drawing a tile.
        var pictures = [[String]?](repeating: nil, count: ShapeKind.allCases.count)
        var lines: [String] = []
        let gap = String(repeating: " ", count: self.gap)
        // Rows that touch: each tile leaves its last pixel row free, half a cell between it
        // and the tile below, and never takes the colour of the tile just above it.
        let touching = numbersBeside && !spaced
        var above = [TileColor?](repeating: nil, count: perRow)
        for start in stride(from: 0, to: count, by: perRow) {
            if start > 0 && (spaced || !numbersBeside) { lines.append("") }
            let row = board.tiles[start..<min(start + perRow, count)]
            var labels: [String] = []
            var art = [String](repeating: "", count: size.rows)
            for (offset, tile) in row.enumerated() {
                let number = String(start + offset + 1)
                let kindIndex = tile.kind.index
                if pictures[kindIndex] == nil { pictures[kindIndex] = charset.tile(tile.kind, size: size, bottomFree: touching) }
                let color = touching ? Self.color(tile.color, under: above[offset], mode: display.colorMode) : tile.color
                above[offset] = color
                let picture = Painted(lines: pictures[kindIndex]!, color: color, mode: display.colorMode)
                let separator = offset == 0 ? "" : gap
                if numbersBeside {
                    appendBeside(number, digits: digits, picture: picture, after: separator, to: &art, mode: display.colorMode)
                } else {
                    labels.append(Palette.bold(centred(number), mode: display.colorMode))
                    for index in 0..<size.rows {
                        art[index] += separator
                        picture.append(line: index, to: &art[index])
                    }
                }
            }
            if !numbersBeside {
                var line = ""
                for (index, label) in labels.enumerated() { line += (index == 0 ? "" : gap) + label }
                lines.append(line)
            }
            lines += art
        }
        return lines
    }

    /// `picture` added to a row's lines after `separator`, with `number` right-aligned on
    /// its left, on the middle line.
    private func appendBeside(_ number: String, digits: Int, picture: Painted, after separator: String,
                              to art: inout [String], mode: ColorMode) {
        let label = String(repeating: " ", count: digits - number.count) + number + String(repeating: " ", count: labelSpace)
        let blank = String(repeating: " ", count: digits + labelSpace)
        let middle = (size.rows - 1) / 2
        for index in 0..<size.rows {
            art[index] += separator
            art[index] += index == middle ? Palette.bold(label, mode: mode) : blank
            picture.append(line: index, to: &art[index])
        }
    }

    /// A tile's lines and the colour they are drawn in, appended a line at a time to the
    /// row being built (in place: joining strings with `+` makes a new one each time).
    private struct Painted {
        let lines: [String]
        let on: String, off: String

        init(lines: [String], color: TileColor, mode: ColorMode) {
            self.lines = lines
            (on, off) = mode.colored ? (Palette.sgr(color, mode: mode), Palette.reset) : ("", "")
        }

        func append(line index: Int, to row: inout String) {
            row += on
            row += lines[index]
            row += off
        }
    }

    /// `number` centred over a tile's width.
    private func centred(_ number: String) -> String {
        let left = (size.columns - number.count) / 2
        return String(repeating: " ", count: left) + number + String(repeating: " ", count: size.columns - left - number.count)
    }

    /// `color`, or the first colour that looks different from `upper` in `mode` when it
    /// would not (without colour there is none: the tile keeps its own).
    static func color(_ color: TileColor, under upper: TileColor?, mode: ColorMode) -> TileColor {
        guard let upper, Palette.sgr(color, mode: mode) == Palette.sgr(upper, mode: mode) else { return color }
        return TileColor.allCases.first { Palette.sgr($0, mode: mode) != Palette.sgr(upper, mode: mode) } ?? color
    }
}
