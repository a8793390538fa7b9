// TileSize.swift — one tile size a character set offers: a fixed number of character
// columns and rows, the same for every tile of a board, about twice as many columns as
// rows (a cell is about twice as tall as it is wide), so a figure's area is close to
// square on screen. The sizes themselves are each set's (Charset.swift); a layout takes
// the largest that fits (Layout.swift).

/// One offered tile size: `columns` × `rows` character cells, the same for every tile.
package struct TileSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    enum Step: Int, CaseIterable, Comparable, Sendable {
        case tiny, small, medium, large, huge
        static func < (a: Step, b: Step) -> Bool { a.rawValue < b.rawValue }
    }

    let step: Step
    package let columns: Int
    let rows: Int

    package var description: String { "\(step) \(columns)x\(rows)" }
}
