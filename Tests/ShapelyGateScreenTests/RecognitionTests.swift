// RecognitionTests.swift — every tile, as drawn on the screen, looks more like its own
// ideal shape than like any other kind's, at every tile size in every character set
// the gate draws with (Silhouette.swift says how a tile is measured). Both must hold,
// against every kind a board can have:
// - its own kind overlaps its silhouette best, by at least `overlapMargin`;
// - its outline lies closer to its own ideal's outline than to any other's, within
//   `distanceShare` of the next best.
// Two looks are checked on their own: an ASCII tile is an outline, as people draw
// shapes in text, never a block of `#`; and on the narrow grid (12×8 pixels) the
// circle's sides are round and the hexagon's come to a point.

import ShapelyGate
import Testing
@testable import ShapelyGateScreen

enum Recognition {
    static let overlapMargin = 0.03
    static let distanceShare = 0.75
    /// How far, in cell widths, a side may stray from a straight line and still be one.
    static let straight = 0.3

    /// Every way a board's tiles are drawn: exactly the sizes the layout may choose in each
    /// character set, short-screen sizes included, each whole and with its last pixel row
    /// left free (where rows touch), so none escapes the measure.
    static let drawnSizes: [(Charset, TileSize, bottomFree: Bool)] =
        Charset.allCases.flatMap { charset in
            Layout.tileSizes(charset).flatMap { size in [(charset, size, false), (charset, size, true)] }
        }

    struct Verdict {
        let own: Likeness
        let bestOtherOverlap: Likeness
        let nearestOther: Likeness
        var overlapHolds: Bool { own.overlap >= bestOtherOverlap.overlap + overlapMargin }
        var distanceHolds: Bool { own.distance <= distanceShare * nearestOther.distance }
        var description: String {
            func f(_ value: Double) -> String { String(Int((value * 1000).rounded())) }
            return "overlap \(f(own.overlap))‰ vs \(bestOtherOverlap.kind) \(f(bestOtherOverlap.overlap))‰; "
                + "distance \(f(own.distance)) vs \(nearestOther.kind) \(f(nearestOther.distance)) (thousandths of a cell)"
        }
    }

    static func verdict(_ kind: ShapeKind, _ charset: Charset, _ size: TileSize, bottomFree: Bool = false) -> (Verdict, Silhouette) {
        let silhouette = Silhouette(lines: charset.tile(kind, size: size, bottomFree: bottomFree), charset: charset)
        let likenesses = ShapeKind.allCases.map { Likeness(silhouette, $0) }
        let others = likenesses.filter { $0.kind != kind }
        return (Verdict(own: likenesses.first { $0.kind == kind }!,
                        bestOtherOverlap: others.max { $0.overlap < $1.overlap }!,
                        nearestOther: others.min { $0.distance < $1.distance }!), silhouette)
    }
}

@Suite struct RecognitionTests {
    @Test(arguments: ShapeKind.allCases)
    func everyTileLooksMostLikeItsOwnShape(_ kind: ShapeKind) {
        for (charset, size, bottomFree) in Recognition.drawnSizes {
            let (verdict, silhouette) = Recognition.verdict(kind, charset, size, bottomFree: bottomFree)
            #expect(verdict.overlapHolds && verdict.distanceHolds,
                    "\(kind) \(charset) \(size)\(bottomFree ? " bottom free" : ""): \(verdict.description)\n\(charset.tile(kind, size: size, bottomFree: bottomFree).joined(separator: "\n"))\n\(silhouette.picture)")
        }
    }

    /// The measure itself: an ideal shape drawn finely is recognised, and a circle
    /// drawn where a hexagon should be is not taken for a hexagon.
    @Test func theMeasureTellsShapesApart() {
        let lines = (0..<40).map { y in
            String((0..<40).map { x -> Character in
                let (dx, dy) = (Double(x) + 0.5 - 20, (Double(y) + 0.5 - 20))
                return dx * dx + dy * dy <= 400 ? "█" : " "
            })
        }
        // Console cells are twice as tall as wide: 40 lines of 40 columns is an
        // ellipse twice as tall, which still stretches to its box as a circle does.
        let silhouette = Silhouette(lines: lines, charset: .console)
        let circle = Likeness(silhouette, .circle), hexagon = Likeness(silhouette, .hexagon)
        #expect(circle.overlap > 0.97 && circle.distance < 0.5 * hexagon.distance)
        let square = Likeness(Silhouette(lines: Array(repeating: "████", count: 2), charset: .console), .square)
        #expect(square.overlap == 1 && square.distance < 0.2)
    }

    /// ASCII tiles are outlines: no `#`, and every cell well inside the figure (it and
    /// the eight cells around it all inside the silhouette) is left blank.
    @Test(arguments: ShapeKind.allCases)
    func asciiTilesAreOutlines(_ kind: ShapeKind) {
        for size in Layout.tileSizes(.ascii) {
            for bottomFree in [false, true] {
                let lines = Charset.ascii.tile(kind, size: size, bottomFree: bottomFree)
                let silhouette = Silhouette(lines: lines, charset: .ascii)
                let characters = lines.map(Array.init)
                let filledInside = (0..<size.rows).flatMap { row in
                    (0..<size.columns).filter { column in
                        characters[row][column] != " "
                            && (-1...1).allSatisfy { dy in (-1...1).allSatisfy { dx in silhouette.covers(column: column + dx, row: row + dy) } }
                    }.map { (column: $0, row: row) }
                }
                #expect(!lines.joined().contains("#") && filledInside.isEmpty,
                        "\(kind) \(size)\(bottomFree ? " bottom free" : ""): filled at \(filledInside)\n\(lines.joined(separator: "\n"))")
            }
        }
    }

    /// On the narrow grid the circle and the hexagon do not swap looks. The hexagon's
    /// side runs straight from its top corner to its point (an ideal hexagon's does) and
    /// its flat top is near half its width (the ideal's is half); the circle's side bends
    /// round and its top is clearly shorter than the hexagon's flat (an ideal circle's
    /// top is a point).
    @Test(arguments: [Charset.blocks])
    func theNarrowCircleIsRoundAndTheNarrowHexagonPointed(_ charset: Charset) throws {
        let size = try #require(Layout.tileSizes(charset).first { $0.columns == 6 && $0.rows == 4 })
        for bottomFree in [false, true] {
            let circleLines = charset.tile(.circle, size: size, bottomFree: bottomFree)
            let hexagonLines = charset.tile(.hexagon, size: size, bottomFree: bottomFree)
            let circle = Silhouette(lines: circleLines, charset: charset)
            let hexagon = Silhouette(lines: hexagonLines, charset: charset)
            let note = "\(charset)\(bottomFree ? " bottom free" : ""): circle bend \(circle.sideBend) top \(circle.topRun), "
                + "hexagon bend \(hexagon.sideBend) top \(hexagon.topRun)\n\(circleLines.joined(separator: "\n"))\n\(hexagonLines.joined(separator: "\n"))"
            #expect(hexagon.sideBend <= Recognition.straight && hexagon.topRun <= 0.6, "\(note)")
            #expect(circle.sideBend > Recognition.straight && circle.topRun <= 2.0 / 3 * hexagon.topRun, "\(note)")
        }
    }
}
