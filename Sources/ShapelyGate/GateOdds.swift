// GateOdds.swift — the chance that someone who picks a tile at random at every prompt
// passes the gate, ignoring the clock.
//
// A random tile is of the target kind with probability p = perKind / (kinds × perKind)
// = 1 / kinds, independently at every prompt since each board is a fresh deal. The gate
// passes when `rounds` right answers come before `attempts` wrong ones, a negative
// binomial sum:
//     P = Σ_{j=0}^{attempts-1} C(rounds-1+j, j) · p^rounds · (1-p)^j
// With the seed's defaults (4 kinds, 2 attempts, 1 round): 1/4 + 3/4·1/4 = 7/16.

public struct GateOdds: Equatable, Sendable {
    /// Probability of a pass for a random guesser.
    public let probability: Double
    /// The same as an exact fraction, when it fits in 64 bits.
    public let fraction: (numerator: UInt64, denominator: UInt64)?

    public static func == (lhs: GateOdds, rhs: GateOdds) -> Bool {
        lhs.probability == rhs.probability && lhs.fraction?.numerator == rhs.fraction?.numerator
            && lhs.fraction?.denominator == rhs.fraction?.denominator
    }

    /// Expected number of runs up to and including the first pass (1 / P).
    public var expectedRuns: Double { 1 / probability }

    public init(configuration: GateConfiguration) {
        let kinds = configuration.kinds.count
        let rounds = configuration.rounds
        let attempts = configuration.maximumFailedAttempts
        let p = 1.0 / Double(kinds)
        var total = 0.0
        var combinations = 1.0  // C(rounds-1+j, j), built up term by term
        for j in 0..<attempts {
            if j > 0 { combinations = combinations * Double(rounds - 1 + j) / Double(j) }
            total += combinations * power(p, rounds) * power(1 - p, j)
        }
        probability = total
        fraction = Self.exact(kinds: UInt64(kinds), rounds: rounds, attempts: attempts)
    }

    /// Numerator Σ C(r-1+j, j)·(k-1)^j·k^(a-1-j) over k^(r+a-1), reduced; nil on overflow.
    static func exact(kinds k: UInt64, rounds r: Int, attempts a: Int) -> (numerator: UInt64, denominator: UInt64)? {
        func power(_ base: UInt64, _ exponent: Int) -> UInt64? {
            var result: UInt64 = 1
            for _ in 0..<exponent {
                let (next, overflow) = result.multipliedReportingOverflow(by: base)
                if overflow { return nil }
                result = next
            }
            return result
        }
        guard let denominator = power(k, r + a - 1) else { return nil }
        var numerator: UInt64 = 0
        var combinations: UInt64 = 1
        for j in 0..<a {
            if j > 0 {
                let (scaled, overflow) = combinations.multipliedReportingOverflow(by: UInt64(r - 1 + j))
                if overflow { return nil }
                combinations = scaled / UInt64(j)
            }
            guard let wrong = power(k - 1, j), let rest = power(k, a - 1 - j) else { return nil }
            let (a1, o1) = combinations.multipliedReportingOverflow(by: wrong)
            let (a2, o2) = a1.multipliedReportingOverflow(by: rest)
            let (sum, o3) = numerator.addingReportingOverflow(a2)
            if o1 || o2 || o3 { return nil }
            numerator = sum
        }
        var x = numerator, y = denominator
        while y != 0 { (x, y) = (y, x % y) }
        return (numerator / x, denominator / x)
    }
}

/// `base` to a whole, non-negative power, without the C library.
private func power(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= base }
    return result
}
