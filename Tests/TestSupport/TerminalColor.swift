// TerminalColor.swift — the colours a terminal cell can be given by SGR, and the
// red-green-blue value xterm shows for each by default, with the WCAG contrast ratio
// between two of them.
//
// Contract:
// - `.ansi(n)` is one of the sixteen colours a theme may retune: n 0–7 from SGR 30–37,
//   n 8–15 from SGR 90–97. `.indexed(n)` comes from `38;5;n`, `.rgb` from `38;2;r;g;b`;
//   the two are kept apart from `.ansi` even where xterm's palette gives the same value,
//   so a test can tell which kind of colour a program chose.
// - `rgb` is xterm's default palette; for `.ansi` it is only what xterm shows with its
//   own defaults, not what any given theme shows.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum TerminalColor: Hashable, Sendable, CustomStringConvertible {
    case ansi(UInt8)
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The red, green and blue components xterm uses by default.
    public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
        switch self {
        case .rgb(let red, let green, let blue): return (red, green, blue)
        case .ansi(let number): return TerminalColor.palette(Int(number & 15))
        case .indexed(let number): return TerminalColor.palette(Int(number))
        }
    }

    /// Relative luminance as WCAG 2 defines it, 0 (black) to 1 (white).
    public var luminance: Double {
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            if value <= 0.04045 { return value / 12.92 }
            // (v + 0.055) / 1.055 raised to 2.4, without Foundation's pow.
            let base = (value + 0.055) / 1.055
            return exp2(2.4 * log2(base))
        }
        let (red, green, blue) = rgb
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio between two colours, from 1 (none) to 21 (black on white).
    public func contrast(with other: TerminalColor) -> Double {
        let (light, dark) = luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (light + 0.05) / (dark + 0.05)
    }

    public static let black = TerminalColor.rgb(0, 0, 0)
    public static let white = TerminalColor.rgb(255, 255, 255)

    public var description: String {
        switch self {
        case .ansi(let number): return "ansi(\(number))"
        case .indexed(let number): return "indexed(\(number))"
        case .rgb(let red, let green, let blue): return "rgb(\(red),\(green),\(blue))"
        }
    }

    /// xterm's 256-colour palette: sixteen system colours, a 6×6×6 cube, 24 greys.
    static func palette(_ number: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let system: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if number < 16 { return system[number] }
        if number < 232 {
            let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
            let index = number - 16
            return (steps[index / 36], steps[(index / 6) % 6], steps[index % 6])
        }
        let grey = UInt8(8 + 10 * (number - 232))
        return (grey, grey, grey)
    }
}
