// DrawingTests.swift — the tiles as characters: every tile of a size has the same
// number of lines and columns, uses only its character set's characters, and the
// console shows its grid's pixels. (RecognitionTests judges how the tiles read; FigureTests the
// features each figure keeps.)

import ShapelyGate
import Testing
@testable import ShapelyGateScreen

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
        case .blocks: Set(Charset.quadrants.map(Character.init))
        case .console: [" ", "▀", "▄", "█"]
        case .ascii: Set((32...126).map { Character(Unicode.Scalar(UInt8($0))) })
        }
        for size in charset.sizes {
            for kind in ShapeKind.allCases {
                let used = Set(charset.tile(kind, size: size).joined())
                #expect(used.isSubset(of: allowed), "\(charset) \(size) \(kind): \(used.subtracting(allowed))")
                #expect(used.contains { $0 != " " }, "\(charset) \(size) \(kind) is blank")
            }
        }
    }

    /// The console shows its grid's pixels, a cell its top and its bottom pixel. (ASCII
    /// draws outlines of its own: RecognitionTests judges them.)
    @Test func theConsoleShowsItsPixels() {
        let size = Charset.blocks.size(.small)!
        let raster = Raster(.heart, size: size, charset: .console)
        let console = Charset.console.tile(.heart, size: size).map(Array.init)
        #expect(raster.width == size.columns && raster.height == 2 * size.rows)
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let (top, bottom) = (raster[column: column, row: 2 * row], raster[column: column, row: 2 * row + 1])
                let cell: Character = top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
                #expect(console[row][column] == cell, "\(column), \(row)")
            }
        }
    }
}
