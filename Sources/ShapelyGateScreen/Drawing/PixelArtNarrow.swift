// PixelArtNarrow.swift — the hand-drawn pictures of the narrow tile (6×4 cells, 12×8
// quadrant pixels), the one a short screen uses, whole and with its last row kept free
// (12×7). PixelArt.swift says how a picture is read.

import ShapelyGate

extension PixelArt {
    /// Where sampling fails on 12×8, each pixel twice as tall as wide: the circle's
    /// quarter-cell steps cut 45° corners into an octagon, the pentagon's roof shrinks to a
    /// knob over straight walls (a pot), the hexagon's side points and flat top merge
    /// into a barrel, the heart's lobes into a blob, the star's arms into a pentagon, and
    /// the diamond's sides into spikes. So the circle's top is short and its sides bulge,
    /// its base a little fuller (a ball, not an octagon); the pentagon has a roof that
    /// widens two pixels a row to its corners and sides that close in to a flat base
    /// narrower than them; the hexagon is seven rows tall, its sides straight from a flat
    /// top half its width to a point; the diamond's sides run straight to its points.
    static let narrow: [ShapeKind: [String]] = [
        .circle: ["....####....",
                  ".##########.",
                  "############",
                  "############",
                  "############",
                  "############",
                  ".##########.",
                  "...######..."],
        .pentagon: [".....##.....",
                    "...######...",
                    ".##########.",
                    "############",
                    ".##########.",
                    ".##########.",
                    "..########..",
                    "..########.."],
        .hexagon: ["............",
                   "...######...",
                   "..########..",
                   ".##########.",
                   "############",
                   ".##########.",
                   "..########..",
                   "...######..."],
        .diamond: ["............",
                   ".....##.....",
                   "...######...",
                   ".##########.",
                   "############",
                   ".##########.",
                   "...######...",
                   ".....##....."],
        .heart: [".####..####.",
                 "############",
                 "############",
                 "############",
                 ".##########.",
                 "..########..",
                 "....####....",
                 ".....##....."],
        .star: [".....##.....",
                ".....##.....",
                "....####....",
                "############",
                "...######...",
                "....####....",
                "...##..##...",
                "..##....##.."],
    ]

    /// The narrow grid with its last row kept free (rows of tiles that touch): the same
    /// figures a row shorter, and the star with shorter arms and wider feet, so it stays
    /// a star.
    static let narrowShort: [ShapeKind: [String]] = [
        .circle: ["....####....",
                  ".##########.",
                  "############",
                  "############",
                  "############",
                  ".##########.",
                  "...######..."],
        .pentagon: [".....##.....",
                    "...######...",
                    ".##########.",
                    "############",
                    ".##########.",
                    "..########..",
                    "..########.."],
        .hexagon: ["...######...",
                   "..########..",
                   ".##########.",
                   "############",
                   ".##########.",
                   "..########..",
                   "...######..."],
        .diamond: [".....##.....",
                   "...######...",
                   ".##########.",
                   "############",
                   ".##########.",
                   "...######...",
                   ".....##....."],
        .star: [".....##.....",
                ".....##.....",
                "############",
                "...######...",
                "....####....",
                "...##..##...",
                ".##......##."],
    ]
}
