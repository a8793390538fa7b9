// ShapeFigure.swift — each shape kind defined once, as geometry in a unit square
// (x to the right, y upwards, both 0...1, the square's sides equal on screen).
// Every figure sits on the square's bottom edge and is centred left to right.
// Every figure is solid: an eye tells shapes apart by their silhouettes, and a solid
// figure keeps its silhouette at sizes where an outline a pixel wide turns to a ring.
// The polygons are regular, stretched to the square; the star is a regular pentagram.
// Nothing here knows about characters or terminals; Raster.swift samples it.

import ShapelyGate

struct ShapeFigure: Sendable {
    enum Boundary: Sendable {
        case circle(centerX: Double, centerY: Double, radius: Double)
        /// Corners in order; the closing edge runs from the last back to the first.
        case polygon([(x: Double, y: Double)])
    }

    let boundary: Boundary

    static func of(_ kind: ShapeKind) -> ShapeFigure {
        switch kind {
        case .circle:
            return ShapeFigure(boundary: .circle(centerX: 0.5, centerY: 0.5, radius: 0.5))
        case .square:
            return polygon([(0, 0), (1, 0), (1, 1), (0, 1)])
        case .triangle:
            return polygon([(0, 0), (1, 0), (0.5, 1)])
        case .pentagon:
            return polygon(fitted(regular(5, turn: 90)))
        case .hexagon:
            // Flat top and bottom, a point at each side.
            return polygon(fitted(regular(6, turn: 0)))
        case .star:
            let corners = (0..<10).map { step -> (x: Double, y: Double) in
                let radius = step % 2 == 0 ? 1.0 : 0.382
                let angle = (90.0 + 36.0 * Double(step)) * Double.pi / 180
                return (radius * Trigonometry.cos(angle), radius * Trigonometry.sin(angle))
            }
            return polygon(fitted(corners))
        case .diamond:
            return polygon([(0.5, 0), (0.86, 0.5), (0.5, 1), (0.14, 0.5)])
        case .heart:
            // The classic heart curve, sampled finely enough to be smooth at any size.
            let corners = (0..<64).map { step -> (x: Double, y: Double) in
                let t = 2 * Double.pi * Double(step) / 64
                let s = Trigonometry.sin(t)
                return (16 * s * s * s, 13 * Trigonometry.cos(t) - 5 * Trigonometry.cos(2 * t) - 2 * Trigonometry.cos(3 * t) - Trigonometry.cos(4 * t))
            }
            return polygon(fitted(corners))
        case .cross:
            let low = 1.0 / 3, high = 2.0 / 3
            return polygon([(low, 0), (high, 0), (high, low), (1, low), (1, high), (high, high),
                            (high, 1), (low, 1), (low, high), (0, high), (0, low), (low, low)])
        }
    }

    /// Where the horizontal line at height `y` crosses the boundary, appended to `cuts`
    /// (in no order). A point on that line is inside when an odd number of the cuts lie
    /// to its right: the even-odd rule along a ray to the right.
    func crossings(atY y: Double, into cuts: inout [Double]) {
        switch boundary {
        case let .circle(centerX, centerY, radius):
            let rise = y - centerY
            guard rise * rise < radius * radius else { return }
            let half = (radius * radius - rise * rise).squareRoot()
            cuts.append(centerX - half)
            cuts.append(centerX + half)
        case let .polygon(corners):
            var previous = corners[corners.count - 1]
            for corner in corners {
                if (previous.y > y) != (corner.y > y) {
                    cuts.append(previous.x + (y - previous.y) * (corner.x - previous.x) / (corner.y - previous.y))
                }
                previous = corner
            }
        }
    }

    private static func polygon(_ corners: [(x: Double, y: Double)]) -> ShapeFigure {
        ShapeFigure(boundary: .polygon(corners))
    }

    /// A regular polygon's corners on the unit circle, the first at `turn` degrees.
    private static func regular(_ count: Int, turn: Double) -> [(x: Double, y: Double)] {
        (0..<count).map { step in
            let angle = (turn + 360 * Double(step) / Double(count)) * Double.pi / 180
            return (Trigonometry.cos(angle), Trigonometry.sin(angle))
        }
    }

    /// Stretched to fill the unit square.
    private static func fitted(_ corners: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        return corners.map { (($0.x - minX) / (maxX - minX), ($0.y - minY) / (maxY - minY)) }
    }
}
