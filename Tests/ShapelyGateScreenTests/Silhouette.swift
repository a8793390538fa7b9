// Silhouette.swift — how a drawn tile reads to an eye, measured against ideal shapes.
//
// A tile's characters become ink on a grid of square units in true proportion (a cell
// is one unit-column group wide and twice that tall): a quadrant or half block a
// quarter or half of a cell, the full block the whole cell, and each ASCII character
// the stroke it shows (`-` across the middle, `_` along the bottom, `/` corner to
// corner, `(` a bow...). Gaps of one unit are closed and the interior is filled: what
// is left is the silhouette. The ideal shapes (Ideal.swift) are defined on their own,
// not taken from the drawing code: each is stretched to the silhouette's bounding box
// and compared two ways,
// - overlap: intersection over union of the filled areas;
// - outline distance: the mean distance from the drawn outline to the ideal's and
//   from the ideal's back to the drawn one (a symmetric chamfer distance), in cell
//   widths;
// and, for the narrow circle and hexagon, how their sides bend and how long their tops
// run, against what the ideal circle and hexagon have.

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

    /// Units around the drawing: they keep the closing and the flood fill inside the grid.
    static let margin = 2

    subscript(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height && on[y * width + x]
    }

    init(lines: [String], charset: Charset) {
        let across = charset == .ascii ? 4 : 2
        unitsPerColumn = across
        let columns = lines.map(\.count).max() ?? 0
        let margin = Self.margin
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
        case "(", ")":
            // A bow: its ends a unit nearer the open side than its middle.
            let (ends, middle) = character == "(" ? (across / 2, across / 2 - 1) : (across / 2 - 1, across / 2)
            return all.filter { $0.0 == ($0.1 < 2 || $0.1 >= tall - 2 ? ends : middle) }
        case "+":
            return all.filter { $0.1 == tall / 2 - 1 || $0.1 == tall / 2
                || (($0.0 == across / 2 - 1 || $0.0 == across / 2) && $0.1 >= tall / 4 && $0.1 < tall - tall / 4) }
        case ".", ",": return all.filter { ($0.0 == across / 2 - 1 || $0.0 == across / 2) && $0.1 >= tall - 2 }
        case "'", "`": return all.filter { ($0.0 == across / 2 - 1 || $0.0 == across / 2) && $0.1 < 2 }
        case "<", ">":
            // Two strokes meeting at the middle of the side the character points to.
            let fromPoint = { (y: Int) in abs(2 * y - (tall - 1)) * (across - 1) / (tall - 1) }
            return all.filter { $0.0 == (character == "<" ? fromPoint($0.1) : across - 1 - fromPoint($0.1)) }
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

    /// Whether every unit of the cell at `column`, `row` of the drawing is inside.
    func covers(column: Int, row: Int) -> Bool {
        let (left, top) = (Self.margin + column * unitsPerColumn, Self.margin + row * 2 * unitsPerColumn)
        return (top..<top + 2 * unitsPerColumn).allSatisfy { y in (left..<left + unitsPerColumn).allSatisfy { self[$0, y] } }
    }

    /// How far the left side, from the top row down to the first widest row, strays
    /// from the straight line between those two rows' ends, at most, in cell widths:
    /// an ideal hexagon's side runs straight to its point (none), a circle's bends.
    var sideBend: Double {
        let box = box
        let (top, bottom) = (Int(box.top), Int(box.bottom))
        let left = (top..<bottom).map { y in (Int(box.left)..<Int(box.right)).first { self[$0, y] } ?? Int(box.right) }
        let widest = left.firstIndex(of: left.min()!)!
        guard widest > 0 else { return 0 }
        return (0...widest).map { row in
            let chord = Double(left[0]) + Double(left[widest] - left[0]) * Double(row) / Double(widest)
            return abs(Double(left[row]) - chord)
        }.max()! / Double(unitsPerColumn)
    }

    /// The share of the box's width the top row of units covers: half for an ideal
    /// hexagon's flat top, next to nothing for a circle's.
    var topRun: Double {
        let box = box
        let on = (Int(box.left)..<Int(box.right)).filter { self[$0, Int(box.top)] }.count
        return Double(on) / (box.right - box.left)
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
