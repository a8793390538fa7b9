// Gallery.swift — every kind at every size the layout may draw in one character set
// (`Layout.tileSizes`, smallest first), as text, so a person can look at all of them
// at once. Each size opens with a heading line
// `<charset> <step> <columns>x<rows>`; each tile is followed by its kind's name.
// Tiles go side by side, as many to a row as `width` allows, coloured in turn.
// `Scripts/gallery.sh` prints it: its test writes the gallery of every set to the new
// file SHAPELYGATE_GALLERY names, when that is set.

import ShapelyGate
import Testing
@testable import ShapelyGateScreen

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Gallery {
    static func text(charset: Charset, colorMode: ColorMode, width: Int = 160) -> String {
        var out = ""
        for size in Layout.tileSizes(charset).reversed() {
            out += "\(charset.rawValue) \(size)\n\n"
            let kinds = ShapeKind.allCases
            // Each tile stands in a slot wide enough for its name, however narrow the tile.
            let slot = max(size.columns, kinds.map(\.rawValue.count).max()!)
            let padding = String(repeating: " ", count: slot - size.columns)
            let perRow = max(1, (width + 2) / (slot + 2))
            for start in stride(from: 0, to: kinds.count, by: perRow) {
                let row = kinds[start..<min(start + perRow, kinds.count)]
                var lines = [String](repeating: "", count: size.rows + 1)
                for (offset, kind) in row.enumerated() {
                    let gap = offset == 0 ? "" : "  "
                    let color = TileColor.allCases[(start + offset) % TileColor.allCases.count]
                    for (index, line) in charset.tile(kind, size: size).enumerated() {
                        lines[index] += gap + Palette.paint(line, color, mode: colorMode) + padding
                    }
                    let name = kind.rawValue
                    lines[size.rows] += gap + name + String(repeating: " ", count: slot - name.count)
                }
                out += lines.joined(separator: "\n") + "\n\n"
            }
        }
        return out
    }
}

/// `text` into the file at `path`, which must not exist yet (created 0600).
func writeNew(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

@Suite struct GalleryTests {
    /// With SHAPELYGATE_GALLERY=<new file> the gallery of every set goes to that file, in
    /// the colours this terminal would get, for a person to look at.
    @Test func oneEntryPerKindPerSize() {
        let galleryFile = getenv("SHAPELYGATE_GALLERY").map { String(cString: $0) } ?? ""
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        let colorTerm = getenv("COLORTERM").map { String(cString: $0) } ?? ""
        let mode = ColorMode.detect(environment: ["TERM": term, "COLORTERM": colorTerm], noColor: false)
        var gallery = ""
        for charset in Charset.allCases {
            let text = Gallery.text(charset: charset, colorMode: mode.colored ? mode : .indexed)
            gallery += text
            let sections = text.split(separator: "\(charset.rawValue) ")
            let sizes = Array(Layout.tileSizes(charset).reversed())
            #expect(sections.count == sizes.count)
            for (section, size) in zip(sections, sizes) {
                #expect(section.hasPrefix("\(size)\n"))
                let words = section.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
                for kind in ShapeKind.allCases {
                    #expect(words.filter { $0 == kind.rawValue }.count == 1, "\(charset) \(size) \(kind)")
                }
            }
            #expect(text.contains("\u{1B}["))
        }
        let plain = Gallery.text(charset: .blocks, colorMode: .monochrome)
        #expect(!plain.contains("\u{1B}") && plain.contains("heart"))
        if galleryFile.hasPrefix("/") { writeNew(gallery, to: galleryFile) }
    }
}
