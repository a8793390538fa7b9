// GateRandom.swift — randomness for the engine. The gate takes any
// RandomNumberGenerator; `GateRandom` is the one the command line uses: the system
// generator normally, or SplitMix64 from a seed so that every deal is reproducible.
// Drawing is done here, not with the standard library's shuffle, so that a seed gives
// the same boards on every Swift version.

/// The generator the gate runs with: the system's, or a seeded one for tests and demos.
public enum GateRandom: RandomNumberGenerator, Sendable {
    case system
    case seeded(SplitMix64)

    public init(seed: UInt64?) {
        if let seed { self = .seeded(SplitMix64(seed: seed)) } else { self = .system }
    }

    public mutating func next() -> UInt64 {
        switch self {
        case .system:
            var system = SystemRandomNumberGenerator()
            return system.next()
        case .seeded(var generator):
            let value = generator.next()
            self = .seeded(generator)
            return value
        }
    }
}

extension RandomNumberGenerator {
    /// A uniform integer in 0..<bound, without modulo bias (rejection sampling).
    mutating func uniform(below bound: Int) -> Int {
        precondition(bound > 0)
        let range = UInt64(bound)
        let limit = UInt64.max - UInt64.max % range
        while true {
            let value = next()
            if value < limit { return Int(value % range) }
        }
    }

    /// Fisher–Yates, with `uniform(below:)`, so the order depends only on the generator.
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            let other = uniform(below: index + 1)
            if other != index { items.swapAt(index, other) }
        }
    }
}
