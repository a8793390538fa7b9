// Tile.swift — one tile of a board: a shape kind in a colour. The kind is what a person
// must recognise; the colour only helps the eye (tiles differ by form first).

public struct Tile: Equatable, Sendable {
    public let kind: ShapeKind
    public let color: TileColor
    public init(kind: ShapeKind, color: TileColor) {
        self.kind = kind
        self.color = color
    }
}
