// DrawingTests.swift — the drawn shapes, measured: every pair of kinds differs pixel for
// pixel at every offered size in every character set, each figure has the features a
// person looks for (a flat base, a point on top, two lobes...), and every tile of a
// size has the same number of lines and columns.

import ShapelyGate
import Testing
@testable import ShapelyGateCLI

/// Intersection over union of the on pixels, the best over shifting `b` by up to one
/// pixel in each direction (a pixel pushed off the grid is lost).
func overlap(_ a: Raster, _ b: Raster) -> Double {
    var best = 0.0
    for dx in -1...1 {
        for dy in -1...1 {
            var both = 0, either = 0
            for row in -1...a.height {
                for column in -1...a.width {
                    let p = a[column: column, row: row], q = b[column: column + dx, row: row + dy]
                    if p && q { both += 1 }
                    if p || q { either += 1 }
                }
            }
            if either > 0 { best = max(best, Double(both) / Double(either)) }
        }
    }
    return best
}

/// Every kind on every pixel grid the character sets draw on, drawn once for all tests.
enum Drawn {
    struct Key: Hashable { let kind: ShapeKind, width: Int, height: Int }

    static let all: [Key: Raster] = {
        var all: [Key: Raster] = [:]
        for charset in Charset.allCases {
            for size in charset.sizes {
                for kind in ShapeKind.allCases {
                    let (across, down) = charset.pixelsPerCell
                    let key = Key(kind: kind, width: size.columns * across, height: size.rows * down)
                    if all[key] == nil { all[key] = Raster(kind, size: size, charset: charset) }
                }
            }
        }
        return all
    }()

    static func raster(_ kind: ShapeKind, _ size: TileSize, _ charset: Charset) -> Raster {
        let (across, down) = charset.pixelsPerCell
        return all[Key(kind: kind, width: size.columns * across, height: size.rows * down)]!
    }
}

/// The worst (highest) overlap over every pair of kinds at `size` in `charset`, with its pair.
func worstPair(_ charset: Charset, _ size: TileSize) -> (value: Double, pair: String) {
    let rasters = ShapeKind.allCases.map { Drawn.raster($0, size, charset) }
    var worst = (value: 0.0, pair: "")
    for i in rasters.indices {
        for j in rasters.indices where j > i {
            let value = overlap(rasters[i], rasters[j])
            if value > worst.value {
                worst = (value, "\(ShapeKind.allCases[i])/\(ShapeKind.allCases[j])")
            }
        }
    }
    return worst
}

@Suite struct DistinctnessTests {
    @Test(arguments: Charset.allCases)
    func everyPairDiffersAtEverySize(_ charset: Charset) {
        for size in charset.sizes {
            let worst = worstPair(charset, size)
            #expect(worst.value < 0.6, "\(charset) \(size): \(worst.pair) overlap \(worst.value)")
        }
    }

    /// The sizes an 80×24 terminal gets for the default board: no pair comes close.
    @Test(arguments: Charset.allCases)
    func everyPairIsPlainlyDifferentAtTheEveryDaySizes(_ charset: Charset) {
        for step in [TileSize.Step.small, .medium] {
            let worst = worstPair(charset, charset.size(step)!)
            #expect(worst.value < 0.4, "\(charset) \(step): \(worst.pair) overlap \(worst.value)")
        }
    }

    @Test func theOverlapMeasureSeesSameness() {
        let size = Charset.blocks.size(.medium)!
        let diamond = Raster(.diamond, size: size, charset: .blocks)
        #expect(overlap(diamond, diamond) == 1)
        // Shifted one pixel to the right: the measure shifts it back.
        let shifted = Raster(width: diamond.width, height: diamond.height, pixels: (0..<diamond.height).flatMap { row in
            (0..<diamond.width).map { diamond[column: $0 - 1, row: row] }
        })
        #expect(shifted != diamond && overlap(diamond, shifted) == 1)
        let square = Raster(.square, size: size, charset: .blocks)
        #expect(overlap(diamond, square) < 0.3)
    }
}

@Suite struct TileShapeTests {
    @Test(arguments: Charset.allCases)
    func everyTileOfASizeHasTheSameLinesAndColumns(_ charset: Charset) {
        let sizes = charset.sizes
        #expect(sizes.map(\.step) == (charset == .ascii ? Array(TileSize.Step.allCases.dropFirst()) : TileSize.Step.allCases))
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0.columns < $1.columns && $0.rows < $1.rows })
        for size in sizes {
            #expect(size.columns == 2 * size.rows, "square on screen: \(size)")
            for kind in ShapeKind.allCases {
                let lines = charset.tile(kind, size: size)
                #expect(lines.count == size.rows)
                #expect(lines.allSatisfy { $0.count == size.columns && $0.unicodeScalars.count == size.columns },
                        "\(charset) \(size) \(kind)")
            }
        }
    }

    @Test(arguments: Charset.allCases)
    func onlyTheCharactersOfTheSet(_ charset: Charset) {
        let allowed: Set<Character> = switch charset {
        case .blocks: Set(Charset.quadrants)
        case .console: [" ", "█"]
        case .ascii: Set((32...126).map { Character(Unicode.Scalar(UInt8($0))) })
        }
        for size in charset.sizes {
            for kind in ShapeKind.allCases {
                let used = Set(charset.tile(kind, size: size).joined())
                #expect(used.isSubset(of: allowed), "\(charset) \(size) \(kind): \(used.subtracting(allowed))")
                #expect(used.count > 1, "\(charset) \(size) \(kind) is blank")
            }
        }
    }

    @Test func theSetsShowTheSamePixels() {
        let size = Charset.blocks.size(.small)!
        let blocks = Charset.blocks.tile(.heart, size: size)
        let ascii = Charset.ascii.tile(.heart, size: size)
        let console = Raster(.heart, size: Charset.console.size(.small)!, charset: .console)
        #expect(console == Raster(.heart, size: size, charset: .blocks))
        for (block, text) in zip(blocks.joined(), ascii.joined()) {
            #expect((block == " ") == (text == " "))
        }
    }
}
