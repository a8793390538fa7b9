// BoardOracle.swift — the challenge the gate deals for a seed, dealt again by the
// engine itself, so a test knows which tiles are right and wrong without reading the
// screen. The gate and the oracle stay in step as long as every answer given to the
// gate is also played here.

import ShapelyGate

public struct BoardOracle {
    public private(set) var challenge: Challenge

    public init(seed: UInt64, _ configuration: GateConfiguration = GateConfiguration()) {
        challenge = Challenge(configuration: configuration, generator: GateRandom(seed: seed), now: 0)
    }

    /// The number (from 1) of the first tile showing the target shape.
    public var right: Int { challenge.board.tiles.firstIndex { $0.kind == challenge.target }! + 1 }
    /// The number (from 1) of the first tile showing another shape.
    public var wrong: Int { challenge.board.tiles.firstIndex { $0.kind != challenge.target }! + 1 }
    public var targetName: String { challenge.target.rawValue }
    public var wrongKind: ShapeKind { challenge.board.tiles[wrong - 1].kind }

    /// Plays the same answer here, so the next board matches the gate's.
    public mutating func play(_ tile: Int) { _ = challenge.answer(tileNumber: tile, at: 0) }
}
