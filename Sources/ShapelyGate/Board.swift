// Board.swift — one deal: every kind `numberOfEachShape` times, each tile with a random
// colour, in random order. Tile numbers shown to a person are 1-based indexes.

public struct Board: Equatable, Sendable {
    public let tiles: [Tile]

    public init(tiles: [Tile]) { self.tiles = tiles }

    /// A new deal of `kinds`, `perKind` of each.
    public static func deal<G: RandomNumberGenerator>(
        kinds: [ShapeKind], perKind: Int, using generator: inout G
    ) -> Board {
        let palette = TileColor.allCases
        var tiles: [Tile] = []
        tiles.reserveCapacity(kinds.count * perKind)
        for kind in kinds {
            for _ in 0..<perKind {
                tiles.append(Tile(kind: kind, color: palette[generator.uniform(below: palette.count)]))
            }
        }
        generator.shuffle(&tiles)
        return Board(tiles: tiles)
    }

    /// The tile a person means by `number` (1-based), if there is one.
    public func tile(number: Int) -> Tile? {
        tiles.indices.contains(number - 1) ? tiles[number - 1] : nil
    }
}
