// GateConfiguration.swift — the gate's parameters, with the seed's defaults and the
// ranges shapelygate accepts. The seed's five parameters map as:
//   localizedStringsFilePath -> strings (held by the command line, not here)
//   maximumFailedAttempts    -> maximumFailedAttempts (attempts, default 2)
//   supportsTimeOut          -> supportsTimeOut (default true)
//   maximumTimeAllowed       -> maximumTimeAllowed (timeout, default 10 s)
//   numberOfEachShape        -> numberOfEachShape (shapes-per-kind, default 2)
// Rounds and kinds are shapelygate's own; their defaults keep the seed's behaviour.

public struct GateConfiguration: Equatable, Sendable {
    public static let attemptsRange = 1...99
    public static let timeoutRange = 1...3600
    public static let shapesPerKindRange = 1...9
    public static let roundsRange = 1...20
    public static let kindsRange = 2...ShapeKind.allCases.count
    /// Seconds of lockout after a denial (held by the command line, which keeps the state).
    public static let cooldownRange = 0...86_400

    /// Wrong answers that end the gate: at this many the gate is denied. Shared by all rounds.
    public var maximumFailedAttempts: Int
    /// Whether the countdown is enforced.
    public var supportsTimeOut: Bool
    /// Seconds for each round.
    public var maximumTimeAllowed: Int
    /// Tiles of each kind on a board.
    public var numberOfEachShape: Int
    /// Challenges to pass in a row.
    public var rounds: Int
    /// The kinds a board is made of.
    public var kinds: [ShapeKind]

    public init(
        maximumFailedAttempts: Int = 2,
        supportsTimeOut: Bool = true,
        maximumTimeAllowed: Int = 10,
        numberOfEachShape: Int = 2,
        rounds: Int = 1,
        kinds: [ShapeKind] = ShapeKind.seedKinds
    ) {
        self.maximumFailedAttempts = maximumFailedAttempts
        self.supportsTimeOut = supportsTimeOut
        self.maximumTimeAllowed = maximumTimeAllowed
        self.numberOfEachShape = numberOfEachShape
        self.rounds = rounds
        self.kinds = kinds
    }

    /// Tiles on each board.
    public var tileCount: Int { numberOfEachShape * kinds.count }

    /// The first kinds in the built-in order: `kinds(count: 4)` is the seed's set.
    public static func kinds(count: Int) -> [ShapeKind] {
        Array(ShapeKind.allCases.prefix(count))
    }
}
