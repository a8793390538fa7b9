// ShapeArt.swift — each kind as a picture three rows high and five columns wide, so a
// child who knows the shape's name can find it. Unicode block drawing when the terminal
// speaks UTF-8, plain ASCII otherwise.

import ShapelyGate
import ShapelyGateSystem

enum ShapeArt {
    static let width = 5

    static func rows(_ kind: ShapeKind, unicode: Bool) -> [String] {
        unicode ? block(kind) : ascii(kind)
    }

    private static func block(_ kind: ShapeKind) -> [String] {
        switch kind {
        case .circle: return ["▗███▖", "█████", "▝███▘"]
        case .square: return ["█████", "█████", "█████"]
        case .triangle: return ["  ▄  ", " ▟█▙ ", "▟███▙"]
        case .pentagon: return ["  ▄  ", "▟███▙", "▝███▘"]
        case .hexagon: return [" ▄▄▄ ", "▟███▙", "▜███▛"]
        case .star: return ["  █  ", "▀███▀", " ▞ ▚ "]
        case .diamond: return [" ▗█▖ ", "▐███▌", " ▝█▘ "]
        case .heart: return ["▄▄ ▄▄", "█████", " ▀█▀ "]
        case .cross: return ["  █  ", "█████", "  █  "]
        }
    }

    private static func ascii(_ kind: ShapeKind) -> [String] {
        switch kind {
        case .circle: return [" .-. ", "(   )", " '-' "]
        case .square: return ["+---+", "|   |", "+---+"]
        case .triangle: return ["  .  ", " / \\ ", "/___\\"]
        case .pentagon: return [" /^\\ ", "/   \\", "\\___/"]
        case .hexagon: return [" ___ ", "/   \\", "\\___/"]
        case .star: return ["\\ | /", " -*- ", "/ | \\"]
        case .diamond: return ["  ^  ", " < > ", "  v  "]
        case .heart: return ["/\\ /\\", "\\   /", "  v  "]
        case .cross: return ["  |  ", "--+--", "  |  "]
        }
    }
}

extension ShapeArt {
    /// Every kind's picture joined into one string, in kind order (to check they differ).
    static func rowsForAll(unicode: Bool) -> [String] {
        ShapeKind.allCases.map { rows($0, unicode: unicode).joined(separator: "\n") }
    }
}
