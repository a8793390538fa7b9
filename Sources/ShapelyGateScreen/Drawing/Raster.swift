// Raster.swift — a figure sampled into a grid of on/off pixels: a tile size
// (TileSize.swift) times the pixels per cell of the character set (Charset.swift). A
// pixel is on when at least half of its 4×4 sample points fall inside the figure (every
// figure is left–right symmetric, and so is every raster), except where a hand-drawn
// picture (PixelArt.swift) keeps what names a shape on a small grid. A tile may leave
// its last pixel row off, so that rows of tiles that touch stay apart.

import ShapelyGate

/// A figure's pixels, row by row from the top; `width` × `height` of them.
struct Raster: Equatable, Sendable {
    let width: Int
    let height: Int
    private(set) var pixels: [Bool]

    init(width: Int, height: Int, pixels: [Bool]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// `figure` drawn over the whole grid. Both grid sides span the figure's unit
    /// square, so each pixel is `1/width` wide and `1/height` tall in figure units.
    init(_ figure: ShapeFigure, width: Int, height: Int) {
        let samples = 4
        // No sample of a pixel is farther than this from its centre; the distance is
        // exact, so a centre this far from every edge decides the whole pixel at once.
        let reach = 0.5 * (1 / Double(width * width) + 1 / Double(height * height)).squareRoot()
        var pixels = [Bool](repeating: false, count: width * height)
        // Every figure is left–right symmetric: the left half is sampled and mirrored,
        // so rounding never makes one side a pixel wider than the other.
        for row in 0..<height {
            for column in 0..<(width + 1) / 2 {
                defer { pixels[row * width + width - 1 - column] = pixels[row * width + column] }
                let centre = figure.signedDistance(x: (Double(column) + 0.5) / Double(width),
                                                   y: 1 - (Double(row) + 0.5) / Double(height))
                if abs(centre) > reach {
                    pixels[row * width + column] = centre < 0
                    continue
                }
                // On when at least half the samples hit: stop as soon as that is decided.
                let needed = (samples * samples + 1) / 2
                var hits = 0, misses = 0
                sampling: for sampleRow in 0..<samples {
                    let y = 1 - (Double(row) + (Double(sampleRow) + 0.5) / Double(samples)) / Double(height)
                    for sampleColumn in 0..<samples {
                        let x = (Double(column) + (Double(sampleColumn) + 0.5) / Double(samples)) / Double(width)
                        if figure.contains(x: x, y: y) { hits += 1 } else { misses += 1 }
                        if hits >= needed || misses > samples * samples - needed { break sampling }
                    }
                }
                pixels[row * width + column] = hits >= needed
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// `kind` at `size`, on the pixel grid `charset` draws with.
    /// With `bottomFree`, the figure takes every pixel row but the last, which stays off:
    /// where rows of tiles touch, that row keeps a tile apart from the one below it.
    init(_ kind: ShapeKind, size: TileSize, charset: Charset, bottomFree: Bool = false) {
        let (across, down) = charset.pixelsPerCell
        let (width, height) = (size.columns * across, size.rows * down)
        let drawn = bottomFree ? height - 1 : height
        let figure: [Bool]
        if let picture = PixelArt.picture(kind, width: width, height: drawn) {
            figure = picture
        } else if bottomFree, let picture = PixelArt.picture(kind, width: width, height: height) {
            figure = PixelArt.shortened(picture, width: width)
        } else {
            figure = drawn > 0 ? Raster(ShapeFigure.of(kind), width: width, height: drawn).pixels : []
        }
        self.init(width: width, height: height, pixels: figure + [Bool](repeating: false, count: width * (height - drawn)))
    }

    /// Off outside the grid, so callers can look one step past an edge.
    subscript(column column: Int, row row: Int) -> Bool {
        guard column >= 0, column < width, row >= 0, row < height else { return false }
        return pixels[row * width + column]
    }

    /// The rows as text, `#` for on and `.` for off (for test failure messages).
    var picture: String {
        (0..<height).map { row in
            String((0..<width).map { self[column: $0, row: row] ? "#" : "." })
        }.joined(separator: "\n")
    }
}
