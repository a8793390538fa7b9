// ConsoleArt.swift — the Linux console's figures where sampling loses the shape. The
// console shows a cell as a top and a bottom pixel (▀ ▄ █), so its pixels are square
// and coarse: a tile of C×R cells is a grid of C×2R pixels (8×8 for the tiny tile,
// 10×10, 12×12, 16×16, 20×20), one row fewer when the tile's last row is left free.
//
// Contract:
// - A picture is `height` rows of `width` characters, `#` on and `.` off, solid.
// - The diamond, on any grid at least 8 wide and one row less tall: rows widening by a
//   pixel each side from a two-pixel point to the full width, one widest row, then
//   narrowing again. (Sampled, its points come out blunt and it reads as an octagon.)
//   On the 8-wide grid two-pixel points make it the flat hexagon's twin: there its
//   points are one pixel, from one pixel to seven and back, the last column off (as
//   the star's).
// - A star needs one-pixel points, which a grid of even width cannot centre: its
//   pictures are one pixel narrower than the grid, the last column off. Half a cell
//   off centre is nothing an eye sees; a star with two-pixel points is a blob.
// - On 8×8 the circle is round on top, its sides bulge and its bottom narrows to two
//   pixels (round at both ends it is as near a hexagon as a circle; one row shorter,
//   both ends narrow). The hexagon lies flat, wider than tall, with a flat top half
//   its width and a point at each side, so neither is taken for the other.
// - A grid with no picture of its own but one row taller: that picture, shortened as
//   PixelArt shortens. Other kinds and grids are sampled from ShapeFigure.swift.

import ShapelyGate

enum ConsoleArt {
    /// The hand-drawn pixels of `kind` on a `width` × `height` grid, row by row, if any.
    static func picture(_ kind: ShapeKind, width: Int, height: Int) -> [Bool]? {
        if kind == .diamond { return diamond(width: width, height: height) }
        let rows: [String]?
        switch (width, height) {
        case (8, 8): rows = tiny[kind]
        case (8, 7): rows = tinyShort[kind]
        case (10, 10): rows = kind == .star ? smallStar : nil
        case (10, 9): rows = kind == .star ? smallShortStar : nil
        case (12, 12): rows = kind == .star ? mediumStar : nil
        default: rows = nil
        }
        return rows.map { $0.joined().map { $0 == "#" } }
    }

    /// The diamond with a sharp point at each side, or nil where it does not fit.
    static func diamond(width: Int, height: Int) -> [Bool]? {
        guard width >= 8, width % 2 == 0, height >= width - 1 else { return nil }
        // On 8 wide, one-pixel points on a figure a pixel narrower than the grid.
        let across = width == 8 ? width - 1 : width
        let widths = Array(stride(from: 2 - across % 2, to: across, by: 2)) + [across]
            + Array(stride(from: across - 2, to: 0, by: -2))
        let drawn = widths.flatMap { run in
            (0..<width).map { column in abs(2 * column + 1 - across) < run }
        }
        return drawn + [Bool](repeating: false, count: width * (height - widths.count))
    }

    static let tiny: [ShapeKind: [String]] = [
        .circle: ["..####..",
                  ".######.",
                  "########",
                  "########",
                  "########",
                  "########",
                  ".######.",
                  "...##..."],
        .hexagon: ["........",
                   "..####..",
                   ".######.",
                   "########",
                   ".######.",
                   "..####..",
                   "........",
                   "........"],
        .star: ["...##...",
                "...##...",
                "...##...",
                "########",
                "..####..",
                "..####..",
                ".##..##.",
                ".#....#."],
    ]

    static let tinyShort: [ShapeKind: [String]] = [
        .circle: ["...##...",
                  ".######.",
                  ".######.",
                  ".######.",
                  ".######.",
                  ".######.",
                  "...##..."],
        .star: ["...#....",
                "...#....",
                "#######.",
                ".#####..",
                "..###...",
                "..#.#...",
                ".#...#.."],
    ]

    static let smallStar = ["....#.....",
                            "....#.....",
                            "....#.....",
                            "....#.....",
                            "#########.",
                            ".#######..",
                            "..#####...",
                            "..#####...",
                            "..##.##...",
                            ".#.....#.."]

    static let smallShortStar = ["....#.....",
                                 "....#.....",
                                 "....#.....",
                                 "#########.",
                                 ".#######..",
                                 "..#####...",
                                 "..#####...",
                                 "..##.##...",
                                 ".#.....#.."]

    static let mediumStar = [".....#......",
                             ".....#......",
                             ".....#......",
                             ".....#......",
                             "....###.....",
                             "###########.",
                             "..#######...",
                             "...#####....",
                             "...#####....",
                             "...##.##....",
                             "..##...##...",
                             "..#.....#..."]
}
