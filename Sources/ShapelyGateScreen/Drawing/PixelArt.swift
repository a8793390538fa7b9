// PixelArt.swift — figures drawn by hand for the smallest pixel grids, where sampling
// the geometry loses what names a shape: the pentagon's single apex, the hexagon's
// side points, the star's five arms, a circle that is not an octagon or a hexagon.
// Each picture is `height` rows of `width` characters, `#` on and `.` off, left–right
// symmetric, solid. These are the quadrant blocks' grids, 2×2 pixels per cell; the
// console's square pixels have their own pictures (ConsoleArt.swift), and ASCII draws
// outlines (OutlineArt.swift). A grid of 12×8 pixels is the narrow tile a short screen
// uses (6×4 cells; its pictures are in PixelArtNarrow.swift); 16×8 the tiny tile (8×4
// cells); 20×10 the small one, 24×12 the medium one (only the star, whose legs
// sampling frays). Kinds not listed are sampled from ShapeFigure.swift.

import ShapelyGate

enum PixelArt {
    /// The hand-drawn pixels of `kind` on a `width` × `height` grid, row by row, if any.
    static func picture(_ kind: ShapeKind, width: Int, height: Int) -> [Bool]? {
        let rows: [String]?
        switch (width, height) {
        case (12, 8): rows = narrow[kind]
        case (12, 7): rows = narrowShort[kind]
        case (16, 8): rows = tiny[kind]
        case (16, 7): rows = tinyShort[kind]
        case (20, 10): rows = small[kind]
        case (24, 12): rows = kind == .star ? mediumStar : nil
        default: rows = nil
        }
        return rows.map { $0.joined().map { $0 == "#" } }
    }

    /// `picture` (rows of `width` pixels) one row shorter: a row that repeats the one
    /// below it goes, the one nearest the middle, so the figure keeps its ends (an apex,
    /// a point, a base); with no such row, the last goes.
    static func shortened(_ picture: [Bool], width: Int) -> [Bool] {
        let height = picture.count / width
        func row(_ index: Int) -> ArraySlice<Bool> { picture[index * width..<(index + 1) * width] }
        let repeated = (0..<height - 1).filter { row($0) == row($0 + 1) }
        let middle = Double(height - 1) / 2
        let gone = repeated.min { abs(Double($0) - middle) < abs(Double($1) - middle) } ?? height - 1
        return Array(picture[..<(gone * width)] + picture[((gone + 1) * width)...])
    }

    /// The tiny grid with its last row kept free. Dropping a row of the tiny pictures
    /// leaves these too alike: a pentagon with its roof kept whole, a boxier circle, a
    /// hexagon with straight sides to its points, a cross with thinner arms.
    static let tinyShort: [ShapeKind: [String]] = [
        .pentagon: [".......##.......",
                    ".....######.....",
                    "..############..",
                    "################",
                    ".##############.",
                    "..############..",
                    "...##########..."],
        .circle: ["...##########...",
                  ".##############.",
                  "################",
                  "################",
                  "################",
                  ".##############.",
                  "...##########..."],
        .hexagon: ["...##########...",
                   "..############..",
                   ".##############.",
                   "################",
                   ".##############.",
                   "..############..",
                   "...##########..."],
        .cross: ["......####......",
                 "......####......",
                 "..############..",
                 "..############..",
                 "......####......",
                 "......####......",
                 "......####......"],
    ]

    static let tiny: [ShapeKind: [String]] = [
        .circle: [".....######.....",
                  ".##############.",
                  "################",
                  "################",
                  "################",
                  "################",
                  ".##############.",
                  ".....######....."],
        .square: Array(repeating: "################", count: 8),
        .triangle: [".......##.......",
                    "......####......",
                    ".....######.....",
                    "....########....",
                    "...##########...",
                    "..############..",
                    ".##############.",
                    "################"],
        .pentagon: [".......##.......",
                    ".....######.....",
                    "...##########...",
                    "################",
                    "################",
                    ".##############.",
                    "..############..",
                    "...##########..."],
        .hexagon: ["....########....",
                   "...##########...",
                   "..############..",
                   "################",
                   "################",
                   "..############..",
                   "...##########...",
                   "....########...."],
        .star: [".......##.......",
                ".......##.......",
                "......####......",
                "################",
                "...##########...",
                ".....######.....",
                "....###..###....",
                "...##......##..."],
        .diamond: [".......##.......",
                   ".....######.....",
                   "...##########...",
                   ".##############.",
                   ".##############.",
                   "...##########...",
                   ".....######.....",
                   ".......##......."],
        .heart: ["..####....####..",
                 ".######..######.",
                 "################",
                 "################",
                 ".##############.",
                 "...##########...",
                 ".....######.....",
                 ".......##......."],
        .cross: [".....######.....",
                 ".....######.....",
                 ".....######.....",
                 "################",
                 "################",
                 ".....######.....",
                 ".....######.....",
                 ".....######....."],
    ]

    static let small: [ShapeKind: [String]] = [
        .hexagon: ["....############....",
                   "....############....",
                   "...##############...",
                   "..################..",
                   ".##################.",
                   "####################",
                   ".##################.",
                   "..################..",
                   "...##############...",
                   "....############...."],
        .star: [".........##.........",
                ".........##.........",
                "........####........",
                "........####........",
                "####################",
                "...##############...",
                ".....##########.....",
                ".....####..####.....",
                "....###......###....",
                "...##..........##..."],
    ]

    static let mediumStar = ["...........##...........",
                             "...........##...........",
                             "..........####..........",
                             ".........######.........",
                             "########################",
                             "..####################..",
                             "....################....",
                             "......############......",
                             "......#####..#####......",
                             ".....####......####.....",
                             "....####........####....",
                             "...###............###..."]
}
