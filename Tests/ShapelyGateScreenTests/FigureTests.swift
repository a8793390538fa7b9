// FigureTests.swift — what a person notices about each figure, checked on its pixels at
// every offered size: the polygons stand on a flat base, the pentagon (one apex) and
// triangle have a point on top, the hexagon a flat top and a point at each side, the
// square its corners, the star five arms, the heart two lobes and a point below, the
// cross a bar across; every figure is solid and left–right symmetric.

import ShapelyGate
import Testing
@testable import ShapelyGateScreen

extension Raster {
    /// Runs of on pixels in `row`, left to right, as (first column, length).
    func runs(_ row: Int) -> [(start: Int, length: Int)] {
        var runs: [(start: Int, length: Int)] = []
        for column in 0..<width where self[column: column, row: row] {
            if let last = runs.last, last.start + last.length == column {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((column, 1))
            }
        }
        return runs
    }

    var onRows: [Int] { (0..<height).filter { !runs($0).isEmpty } }
    var top: Int { onRows.first ?? height }
    var bottom: Int { onRows.last ?? -1 }
    /// Columns from the first to the last on pixel of `row`.
    func span(_ row: Int) -> Int {
        let runs = runs(row)
        guard let first = runs.first, let last = runs.last else { return 0 }
        return last.start + last.length - first.start
    }
}

@Suite struct FigureTests {
    /// Every distinct pixel grid the three character sets draw on.
    static let grids: [TileSize] = Charset.blocks.sizes

    func raster(_ kind: ShapeKind, _ size: TileSize) -> Raster {
        Drawn.raster(kind, size, .blocks)
    }

    @Test(arguments: ShapeKind.allCases)
    func standsOnTheBaseAndIsSymmetric(_ kind: ShapeKind) {
        for size in Self.grids {
            let r = raster(kind, size)
            // A sharp point (the heart's, the star's feet) may lose its last pixel, never more.
            let lowest = [.heart, .diamond, .star].contains(kind) ? r.height - 2 : r.height - 1
            #expect(r.bottom >= lowest, "\(kind) \(size) floats:\n\(r.picture)")
            for row in 0..<r.height {
                for column in 0..<r.width {
                    #expect(r[column: column, row: row] == r[column: r.width - 1 - column, row: row],
                            "\(kind) \(size) lopsided:\n\(r.picture)")
                }
            }
        }
    }

    @Test(arguments: [ShapeKind.triangle, .pentagon, .hexagon, .square])
    func polygonsHaveAFlatBase(_ kind: ShapeKind) {
        for size in Self.grids {
            let r = raster(kind, size)
            let base = r.runs(r.height - 1)
            // One unbroken line along the bottom, at least a quarter of the width.
            #expect(base.count == 1 && base[0].length * 4 >= r.width, "\(kind) \(size):\n\(r.picture)")
        }
    }

    @Test func pointsOnTopForTriangleAndPentagonFlatTopForHexagon() {
        for size in Self.grids {
            for kind in [ShapeKind.triangle, .star, .diamond] {
                let r = raster(kind, size)
                #expect(r.span(r.top) * 5 <= r.width, "\(kind) \(size) has no point on top:\n\(r.picture)")
            }
            // The pentagon's apex: narrow at the top, widening row by row down to its
            // widest row, which is above the middle (point up, like a house).
            let pentagon = raster(.pentagon, size)
            let spans = (pentagon.top...pentagon.bottom).map { pentagon.span($0) }
            let widest = spans.firstIndex(of: spans.max()!)! + pentagon.top
            #expect(spans[0] * 5 <= pentagon.width * 2, "pentagon \(size) top:\n\(pentagon.picture)")
            #expect(zip(spans, spans.dropFirst()).prefix(widest - pentagon.top).allSatisfy { $0 < $1 })
            #expect(widest * 2 < pentagon.height, "pentagon \(size) is not point up:\n\(pentagon.picture)")
            // A single apex: the top row is one run, no wider than a fifth.
            #expect(pentagon.runs(pentagon.top).count == 1 && spans[0] * 5 <= pentagon.width,
                    "pentagon \(size) apex:\n\(pentagon.picture)")
            let hexagon = raster(.hexagon, size)
            #expect(hexagon.runs(hexagon.top).count == 1 && hexagon.span(hexagon.top) * 3 >= hexagon.width,
                    "hexagon \(size) top is not flat:\n\(hexagon.picture)")
            // A point at each side: only the rows around the middle reach the sides,
            // and the top and bottom rows fall well short of them.
            let fullRows = (0..<hexagon.height).filter { hexagon.span($0) == hexagon.width }
            #expect(!fullRows.isEmpty && fullRows.count * 4 <= hexagon.height
                        && fullRows.allSatisfy { $0 * 4 >= hexagon.height && $0 * 4 < 3 * hexagon.height },
                    "hexagon \(size) side points:\n\(hexagon.picture)")
            #expect(hexagon.span(hexagon.top) * 4 <= hexagon.width * 3 && hexagon.span(hexagon.bottom) * 4 <= hexagon.width * 3)
            let triangle = raster(.triangle, size)
            #expect(triangle.span(triangle.bottom) * 5 >= triangle.width * 4, "triangle \(size) base is its width")
        }
    }

    @Test func roundAndSquareCorners() {
        for size in Self.grids {
            let circle = raster(.circle, size), square = raster(.square, size)
            let corners = [(0, 0), (circle.width - 1, 0), (0, circle.height - 1), (circle.width - 1, circle.height - 1)]
            for (column, row) in corners {
                #expect(!circle[column: column, row: row], "circle \(size) has a corner:\n\(circle.picture)")
                #expect(square[column: column, row: row], "square \(size) lacks a corner")
            }
        }
    }

    @Test(arguments: ShapeKind.allCases)
    func everyFigureIsSolid(_ kind: ShapeKind) {
        for size in Self.grids {
            let r = raster(kind, size)
            #expect(Silhouette.filled(r.pixels, r.width, r.height) == r.pixels, "\(kind) \(size) has a hole:\n\(r.picture)")
        }
    }

    @Test func starHasFiveArms() {
        for size in Self.grids {
            let r = raster(.star, size)
            // One arm up; two across, reaching (nearly) the sides in the upper half;
            // two legs apart at the bottom.
            #expect(r.span(r.top) * 5 <= r.width, "star \(size) top arm:\n\(r.picture)")
            let across = (0..<r.height / 2).filter { r.span($0) * 10 >= r.width * 9 }
            #expect(!across.isEmpty, "star \(size) side arms:\n\(r.picture)")
            #expect(r.runs(r.bottom).count == 2, "star \(size) legs:\n\(r.picture)")
        }
    }

    @Test func heartHasTwoLobesAndAPointBelow() {
        for size in Self.grids {
            let r = raster(.heart, size)
            #expect(r.runs(r.top).count == 2, "heart \(size) top:\n\(r.picture)")
            #expect(r.span(r.bottom) * 4 <= r.width, "heart \(size) bottom:\n\(r.picture)")
        }
    }

    @Test func crossHasABarAcrossAndEmptyCorners() {
        for size in Self.grids {
            let r = raster(.cross, size)
            #expect(r.span(r.height / 2) == r.width, "cross \(size):\n\(r.picture)")
            #expect(!r[column: 0, row: 0] && !r[column: 0, row: r.height - 1])
            #expect(r.span(0) * 2 < r.width, "cross \(size) top arm:\n\(r.picture)")
        }
    }

    @Test func diamondIsNarrowerThanItIsTallAndPointedAtBothEnds() {
        for size in Self.grids {
            let r = raster(.diamond, size)
            // On screen a pixel is twice as tall as wide: compare in the same units.
            #expect(r.span(r.height / 2) < 2 * (r.bottom - r.top + 1), "diamond \(size):\n\(r.picture)")
            #expect(r.span(r.bottom) * 5 <= r.width && r.span(r.top) * 5 <= r.width)
        }
    }
}
