// ShapeKind.swift — the shape kinds a board is made of (their colours: TileColor.swift).
// The seed's four kinds come first and are the default set; the rest make stronger
// gates possible (more kinds means a lower chance for a random guess).

public enum ShapeKind: String, CaseIterable, Sendable, Hashable {
    case circle, square, triangle, pentagon, hexagon, star, diamond, heart, cross

    /// The seed's kinds: the default board.
    public static let seedKinds: [ShapeKind] = [.circle, .square, .triangle, .pentagon]

    /// The kind's place in `allCases`, for tables indexed by kind.
    package var index: Int {
        Self.allCases.firstIndex(of: self)!
    }

    /// The capitalised name used in string keys: `DescriptionCircle`, `Shapes/Circle`.
    /// Spelled out: joining a character and a substring goes through generic code whose
    /// type information the runtime looks up on first use, at the gate's start.
    public var keyName: String {
        switch self {
        case .circle: "Circle"
        case .square: "Square"
        case .triangle: "Triangle"
        case .pentagon: "Pentagon"
        case .hexagon: "Hexagon"
        case .star: "Star"
        case .diamond: "Diamond"
        case .heart: "Heart"
        case .cross: "Cross"
        }
    }
}
