// Silhouette.swift — how a drawn tile reads to an eye, measured against ideal shapes.
//
// A tile's characters become ink on a grid of square units in true proportion (a cell
// is one unit-column group wide and twice that tall): a quadrant is a quarter of a
// cell, the full block the whole cell, and each ASCII character the stroke it shows
// (`-` across the middle, `_` along the bottom, `/` corner to corner...). Gaps of one
// unit are closed and the interior is filled: what is left is the silhouette.
// The ideal shapes here are defined on their own, not taken from the drawing code:
// each is stretched to the silhouette's bounding box and compared two ways,
// - overlap: intersection over union of the filled areas;
// - outline distance: the mean distance from the drawn outline to the ideal's and
//   from the ideal's back to the drawn one (a symmetric chamfer distance), in cell
//   widths.

import ShapelyGate
@testable import ShapelyGateScreen

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Silhouette {
    let width: Int
    let height: Int
    /// Units per cell width (a cell is `2 * unitsPerColumn` units tall).
    let unitsPerColumn: Int
    var on: [Bool]

    subscript(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height && on[y * width + x]
    }

    init(lines: [String], charset: Charset) {
        let across = charset == .ascii ? 4 : charset == .console ? 1 : 2
        unitsPerColumn = across
        let columns = lines.map(\.count).max() ?? 0
        // A margin of two units keeps the closing and the flood fill inside the grid.
        let margin = 2
        width = columns * across + 2 * margin
        height = lines.count * 2 * across + 2 * margin
        var ink = [Bool](repeating: false, count: width * height)
        for (row, line) in lines.enumerated() {
            for (column, character) in line.enumerated() {
                for (x, y) in Self.ink(character, across: across) {
                    ink[(margin + row * 2 * across + y) * width + margin + column * across + x] = true
                }
            }
        }
        on = ink
        if charset == .ascii { on = Self.dilate(on, width, height) }
        on = Self.filled(on, width, height)
        if charset == .ascii { on = Self.dilate(on.map { !$0 }, width, height).map { !$0 } }
    }

    /// The units (x across, y down) a character inks in a cell `across` units wide.
    static func ink(_ character: Character, across: Int) -> [(Int, Int)] {
        let tall = 2 * across
        let all = (0..<tall).flatMap { y in (0..<across).map { x in (x, y) } }
        if let bits = Charset.quadrants.map(Character.init).firstIndex(of: character) {
            let half = across / 2, halfTall = across
            return all.filter { x, y in
                let bit = (x < half ? 1 : 2) * (y < halfTall ? 1 : 4)
                return bits & bit != 0
            }
        }
        switch character {
        case "█", "#": return all
        case "-": return all.filter { $0.1 == tall / 2 - 1 || $0.1 == tall / 2 }
        case "_": return all.filter { $0.1 == tall - 1 }
        case "|": return all.filter { $0.0 == across / 2 - 1 || $0.0 == across / 2 }
        case ".": return all.filter { ($0.0 == across / 2 - 1 || $0.0 == across / 2) && $0.1 >= tall - 2 }
        case "'": return all.filter { ($0.0 == across / 2 - 1 || $0.0 == across / 2) && $0.1 < 2 }
        case "/": return all.filter { $0.0 == (tall - 1 - $0.1) / 2 }
        case "\\": return all.filter { $0.0 == $0.1 / 2 }
        default: return []
        }
    }

    static func dilate(_ on: [Bool], _ width: Int, _ height: Int) -> [Bool] {
        var out = on
        for y in 0..<height {
            for x in 0..<width where !on[y * width + x] {
                outer: for dy in -1...1 {
                    for dx in -1...1 {
                        let (nx, ny) = (x + dx, y + dy)
                        if nx >= 0, nx < width, ny >= 0, ny < height, on[ny * width + nx] {
                            out[y * width + x] = true
                            break outer
                        }
                    }
                }
            }
        }
        return out
    }

    /// Everything not reachable from the grid's edge through off units (four ways).
    static func filled(_ on: [Bool], _ width: Int, _ height: Int) -> [Bool] {
        var outside = [Bool](repeating: false, count: width * height)
        var stack: [(Int, Int)] = []
        for y in 0..<height {
            for x in 0..<width where (x == 0 || y == 0 || x == width - 1 || y == height - 1) && !on[y * width + x] {
                outside[y * width + x] = true
                stack.append((x, y))
            }
        }
        while let (x, y) = stack.popLast() {
            for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            where nx >= 0 && nx < width && ny >= 0 && ny < height {
                let index = ny * width + nx
                if !outside[index] && !on[index] {
                    outside[index] = true
                    stack.append((nx, ny))
                }
            }
        }
        return outside.map { !$0 }
    }

    /// The on units' bounding box: (left, top, right, bottom) in unit edges.
    var box: (left: Double, top: Double, right: Double, bottom: Double) {
        var (left, top, right, bottom) = (width, height, 0, 0)
        for y in 0..<height {
            for x in 0..<width where self[x, y] {
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x + 1), max(bottom, y + 1))
            }
        }
        return (Double(left), Double(top), Double(right), Double(bottom))
    }

    /// Midpoints of the edges between an on unit and an off one.
    var outline: [(x: Double, y: Double)] {
        var points: [(x: Double, y: Double)] = []
        for y in 0..<height {
            for x in 0..<width where self[x, y] {
                if !self[x - 1, y] { points.append((Double(x), Double(y) + 0.5)) }
                if !self[x + 1, y] { points.append((Double(x + 1), Double(y) + 0.5)) }
                if !self[x, y - 1] { points.append((Double(x) + 0.5, Double(y))) }
                if !self[x, y + 1] { points.append((Double(x) + 0.5, Double(y + 1))) }
            }
        }
        return points
    }

    /// The silhouette as text, `#` on and `.` off (for failure messages).
    var picture: String {
        let box = box
        return (Int(box.top)..<Int(box.bottom)).map { y in
            String((Int(box.left)..<Int(box.right)).map { self[$0, y] ? "#" : "." })
        }.joined(separator: "\n")
    }
}

/// The ideal filled shapes, as corner lists in a unit box (x right, y down); round
/// ones as fine polygons. Each is stretched to whatever box it is compared in.
enum Ideal {
    static func corners(_ kind: ShapeKind) -> [(x: Double, y: Double)] {
        switch kind {
        case .circle: return regular(96, from: 90, inner: 1)
        case .square: return [(0, 0), (1, 0), (1, 1), (0, 1)]
        case .triangle: return [(0.5, 0), (1, 1), (0, 1)]
        case .pentagon: return regular(5, from: 90, inner: 1)
        case .hexagon: return [(0, 0.5), (0.25, 0), (0.75, 0), (1, 0.5), (0.75, 1), (0.25, 1)]
        case .star: return regular(10, from: 90, inner: 0.382)
        case .diamond: return [(0.5, 0), (1, 0.5), (0.5, 1), (0, 0.5)]
        case .heart:
            return normalized((0..<96).map { step in
                let t = 2 * Double.pi * Double(step) / 96
                let s = sin(t)
                return (16 * s * s * s, -(13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)))
            })
        case .cross:
            let (a, b) = (1.0 / 3, 2.0 / 3)
            return [(a, 0), (b, 0), (b, a), (1, a), (1, b), (b, b), (b, 1), (a, 1), (a, b), (0, b), (0, a), (a, a)]
        }
    }

    /// `count` corners around a circle starting at `from` degrees, every other one at
    /// `inner` of the radius, scaled to the unit box.
    static func regular(_ count: Int, from: Double, inner: Double) -> [(x: Double, y: Double)] {
        normalized((0..<count).map { step in
            let radius = step % 2 == 1 ? inner : 1
            let angle = (from + 360 * Double(step) / Double(count)) * Double.pi / 180
            return (radius * cos(angle), -radius * sin(angle))
        })
    }

    static func normalized(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let xs = points.map(\.x), ys = points.map(\.y)
        let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        return points.map { (($0.x - minX) / (maxX - minX), ($0.y - minY) / (maxY - minY)) }
    }
}

/// One ideal shape stretched over a silhouette's box, in the silhouette's units.
struct PlacedIdeal {
    let corners: [(x: Double, y: Double)]

    init(_ kind: ShapeKind, in box: (left: Double, top: Double, right: Double, bottom: Double)) {
        corners = Ideal.corners(kind).map {
            (box.left + $0.x * (box.right - box.left), box.top + $0.y * (box.bottom - box.top))
        }
    }

    func contains(_ x: Double, _ y: Double) -> Bool {
        var inside = false
        var previous = corners[corners.count - 1]
        for corner in corners {
            if (previous.y > y) != (corner.y > y),
               x < previous.x + (y - previous.y) * (corner.x - previous.x) / (corner.y - previous.y) {
                inside.toggle()
            }
            previous = corner
        }
        return inside
    }

    func distance(_ x: Double, _ y: Double) -> Double {
        var nearest = Double.infinity
        var previous = corners[corners.count - 1]
        for corner in corners {
            let (ex, ey) = (corner.x - previous.x, corner.y - previous.y)
            let (tx, ty) = (x - previous.x, y - previous.y)
            let along = max(0, min(1, (tx * ex + ty * ey) / (ex * ex + ey * ey)))
            let (ox, oy) = (tx - ex * along, ty - ey * along)
            nearest = min(nearest, ox * ox + oy * oy)
            previous = corner
        }
        return nearest.squareRoot()
    }

    /// Points along the outline, about `spacing` apart.
    func outline(spacing: Double) -> [(x: Double, y: Double)] {
        var points: [(x: Double, y: Double)] = []
        var previous = corners[corners.count - 1]
        for corner in corners {
            let length = ((corner.x - previous.x) * (corner.x - previous.x) + (corner.y - previous.y) * (corner.y - previous.y)).squareRoot()
            let steps = max(1, Int((length / spacing).rounded(.up)))
            for step in 0..<steps {
                let t = Double(step) / Double(steps)
                points.append((previous.x + t * (corner.x - previous.x), previous.y + t * (corner.y - previous.y)))
            }
            previous = corner
        }
        return points
    }
}

/// How a silhouette compares with one ideal kind.
struct Likeness {
    let kind: ShapeKind
    let overlap: Double
    /// Symmetric mean outline distance, in cell widths.
    let distance: Double

    init(_ silhouette: Silhouette, _ kind: ShapeKind) {
        self.kind = kind
        let box = silhouette.box
        let ideal = PlacedIdeal(kind, in: box)
        var both = 0, either = 0
        for y in Int(box.top)..<Int(box.bottom) {
            for x in Int(box.left)..<Int(box.right) {
                let drawn = silhouette[x, y], shape = ideal.contains(Double(x) + 0.5, Double(y) + 0.5)
                if drawn && shape { both += 1 }
                if drawn || shape { either += 1 }
            }
        }
        overlap = either == 0 ? 0 : Double(both) / Double(either)
        let drawnOutline = silhouette.outline
        let toIdeal = drawnOutline.reduce(0.0) { $0 + ideal.distance($1.x, $1.y) } / Double(drawnOutline.count)
        let idealOutline = ideal.outline(spacing: 0.5)
        let toDrawn = idealOutline.reduce(0.0) { sum, point in
            sum + drawnOutline.reduce(Double.infinity) { nearest, drawn in
                min(nearest, (drawn.x - point.x) * (drawn.x - point.x) + (drawn.y - point.y) * (drawn.y - point.y))
            }.squareRoot()
        } / Double(idealOutline.count)
        distance = (toIdeal + toDrawn) / 2 / Double(silhouette.unitsPerColumn)
    }
}
