// Ideal.swift — the ideal shapes a drawn tile is measured against (Silhouette.swift),
// defined here on their own, not taken from the drawing code: each kind as a corner
// list in a unit box (x right, y down), round ones as fine polygons, and one stretched
// over a silhouette's box to ask what is inside it and how far a point is from its
// outline.

import ShapelyGate

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
