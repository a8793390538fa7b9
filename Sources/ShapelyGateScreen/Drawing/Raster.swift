// Raster.swift — a figure sampled into a grid of on/off pixels: a tile size
// (TileSize.swift) times the pixels per cell of the character set (Charset.swift). A
// pixel is on when at least half of its 4×4 sample points fall inside the figure (every
// figure is left–right symmetric, and so is every sampled raster), except where a
// hand-drawn picture (PixelArt.swift; ConsoleArt.swift for the console's square
// pixels) keeps what names a shape on a small grid. A tile may leave its last pixel
// row off, so that rows of tiles that touch stay apart.

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
    /// Sample points along each side of a pixel (4×4 per pixel).
    private static let samples = 4

    init(_ figure: ShapeFigure, width: Int, height: Int) {
        let samples = Self.samples
        let needed = (samples * samples + 1) / 2
        // Every figure is left–right symmetric: the left half is sampled and mirrored,
        // so rounding never makes one side a pixel wider than the other.
        let half = (width + 1) / 2
        var pixels = [Bool](repeating: false, count: width * height)
        var cuts: [Double] = []
        var hits = [Int](repeating: 0, count: half)
        for row in 0..<height {
            for column in 0..<half { hits[column] = 0 }
            for sampleRow in 0..<samples {
                cuts.removeAll(keepingCapacity: true)
                figure.crossings(atY: 1 - (Double(row) + (Double(sampleRow) + 0.5) / Double(samples)) / Double(height),
                                 into: &cuts)
                cuts.sort()
                Self.count(across: width, inside: cuts, into: &hits)
            }
            // On when at least half the samples fall inside.
            for column in 0..<half {
                pixels[row * width + column] = hits[column] >= needed
                pixels[row * width + width - 1 - column] = hits[column] >= needed
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Adds to `hits`, for each column of the left half of a grid `width` pixels wide,
    /// how many of its sample points along one sample row fall inside, given where the
    /// row crosses the boundary (`cuts`, sorted). A point is inside when an odd number of
    /// cuts lie to its right: between the cuts, the stretches with an odd number to their
    /// right are inside. Each point stands where it always has (`sampleX`), and the first
    /// point at or right of a cut is found from an estimate checked against it.
    private static func count(across width: Int, inside cuts: [Double], into hits: inout [Int]) {
        let rowSamples = hits.count * samples
        func sampleX(_ index: Int) -> Double {
            (Double(index / samples) + (Double(index % samples) + 0.5) / Double(samples)) / Double(width)
        }
        func firstSample(atOrRightOf cut: Double) -> Int {
            let estimate = (cut * Double(width * samples) - 0.5).rounded(.up)
            var index = estimate <= 0 ? 0 : estimate >= Double(rowSamples) ? rowSamples : Int(estimate)
            while index > 0 && sampleX(index - 1) >= cut { index -= 1 }
            while index < rowSamples && sampleX(index) < cut { index += 1 }
            return index
        }
        var start = 0
        for index in 0...cuts.count {
            let end = index < cuts.count ? firstSample(atOrRightOf: cuts[index]) : rowSamples
            var sample = start
            while (cuts.count - index) & 1 == 1 && sample < end {
                let column = sample / samples
                let columnEnd = min(end, (column + 1) * samples)
                hits[column] += columnEnd - sample
                sample = columnEnd
            }
            start = max(start, end)
        }
    }

    /// `kind` at `size`, on the pixel grid `charset` draws with.
    /// With `bottomFree`, the figure takes every pixel row but the last, which stays off:
    /// where rows of tiles touch, that row keeps a tile apart from the one below it.
    init(_ kind: ShapeKind, size: TileSize, charset: Charset, bottomFree: Bool = false) {
        let (across, down) = charset.pixelsPerCell
        let (width, height) = (size.columns * across, size.rows * down)
        let drawn = bottomFree ? height - 1 : height
        let figure: [Bool]
        // The console's square pixels have pictures of their own (ConsoleArt.swift).
        let art = charset == .console ? ConsoleArt.picture : PixelArt.picture
        if let picture = art(kind, width, drawn) {
            figure = picture
        } else if bottomFree, let picture = art(kind, width, height) {
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
