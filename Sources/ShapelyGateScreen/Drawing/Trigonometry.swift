// Trigonometry.swift — the sine and cosine the figures are built with (ShapeFigure.swift),
// in Swift alone, so the screen module needs no C library and no platform module.
//
// Contract: for any finite angle in radians, within a few units in the last place of the
// C library's results: the angle is brought into [-π/4, π/4] around a multiple of π/2 and
// the Taylor series summed there, where its terms fall below Double's precision by the
// 11th.

enum Trigonometry {
    static func sin(_ angle: Double) -> Double { rotated(angle, quarterTurns: 0) }
    static func cos(_ angle: Double) -> Double { rotated(angle, quarterTurns: 1) }

    /// sin(angle + quarterTurns × π/2).
    private static func rotated(_ angle: Double, quarterTurns: Int) -> Double {
        let quarters = (angle / (Double.pi / 2)).rounded()
        let rest = angle - quarters * (Double.pi / 2)
        let turn = ((Int(quarters) + quarterTurns) % 4 + 4) % 4
        switch turn {
        case 0: return sineSeries(rest)
        case 1: return cosineSeries(rest)
        case 2: return -sineSeries(rest)
        default: return -cosineSeries(rest)
        }
    }

    private static func sineSeries(_ x: Double) -> Double {
        var term = x, sum = x
        for n in stride(from: 2, through: 22, by: 2) {
            term *= -x * x / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    private static func cosineSeries(_ x: Double) -> Double {
        var term = 1.0, sum = 1.0
        for n in stride(from: 1, through: 21, by: 2) {
            term *= -x * x / Double(n * (n + 1))
            sum += term
        }
        return sum
    }
}
