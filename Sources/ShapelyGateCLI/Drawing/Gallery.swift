// Gallery.swift — every kind at every size in one character set, as text, so a person
// can look at all of them at once. Each size opens with a heading line
// `<charset> <step> <columns>x<rows>`; each tile is followed by its kind's name.
// Tiles go side by side, as many to a row as `width` allows, coloured in turn.

import ShapelyGate

public enum Gallery {
    public static func text(charset: Charset, colorMode: ColorMode, width: Int = 160) -> String {
        var out = ""
        for size in charset.sizes {
            out += "\(charset.rawValue) \(size)\n\n"
            let perRow = max(1, (width + 2) / (size.columns + 2))
            let kinds = ShapeKind.allCases
            for start in stride(from: 0, to: kinds.count, by: perRow) {
                let row = kinds[start..<min(start + perRow, kinds.count)]
                var lines = [String](repeating: "", count: size.rows + 1)
                for (offset, kind) in row.enumerated() {
                    let gap = offset == 0 ? "" : "  "
                    let color = TileColor.allCases[(start + offset) % TileColor.allCases.count]
                    for (index, line) in charset.tile(kind, size: size).enumerated() {
                        lines[index] += gap + Palette.paint(line, color, mode: colorMode)
                    }
                    let name = String(kind.rawValue.prefix(size.columns))
                    lines[size.rows] += gap + name + String(repeating: " ", count: size.columns - name.count)
                }
                out += lines.joined(separator: "\n") + "\n\n"
            }
        }
        return out
    }
}
