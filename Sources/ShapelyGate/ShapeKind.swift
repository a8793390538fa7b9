// ShapeKind.swift — the shape kinds a board is made of (their colours: TileColor.swift).
// The seed's four kinds come first and are the default set; the rest make stronger
// gates possible (more kinds means a lower chance for a random guess).

public enum ShapeKind: String, CaseIterable, Sendable, Hashable {
    case circle, square, triangle, pentagon, hexagon, star, diamond, heart, cross

    /// The seed's kinds: the default board.
    public static let seedKinds: [ShapeKind] = [.circle, .square, .triangle, .pentagon]

    /// The capitalised name used in string keys: `DescriptionCircle`, `Shapes/Circle`.
    public var keyName: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
