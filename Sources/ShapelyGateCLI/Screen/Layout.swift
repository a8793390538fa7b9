// Layout.swift — fitting a board to the screen: word wrapping, the tile size, tiles
// per row, and the frame of lines the painter draws.
//
// Contract:
// - Text is wrapped at spaces to one column less than the screen (the last column is
//   never written, so no terminal wraps a line on its own); a word longer than a line
//   is cut.
// - The tile size is the largest the character set offers with which the whole frame
//   — title, what is guarded, round, instruction, tiles, message, countdown, prompt —
//   fits the screen's width and height, first with blank lines between the parts, then
//   without. On the Linux console, whose tiles are twice as large in cells, ASCII line
//   art's sizes are tried after its own; in ASCII (and so on the console too) the tiny
//   size, too rough to be offered first, is the last resort before the screen is
//   called too small. Rows hold as many tiles as the width allows, balanced so the last
//   row is not a stub. When even the smallest size does not fit, the result says how
//   large a screen is needed.
// - A frame's lines hold no newline; widths are counted in terminal columns
//   (`DisplayWidth`), escape sequences excluded.

import ShapelyGate

enum TextLayout {
    /// `text` in lines of at most `width` columns, broken at spaces; a word too long
    /// for a line is cut between characters, never through one.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while DisplayWidth.of(word) > width {
                if !line.isEmpty { lines.append(line); line = "" }
                var piece = DisplayWidth.prefix(word, columns: width)
                // A character wider than the whole line still goes on one, alone.
                if piece.isEmpty { piece = word.prefix(1) }
                lines.append(String(piece))
                word = word[piece.endIndex...]
            }
            if line.isEmpty {
                line = String(word)
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` on one line of at most `width` columns, ending in `…` when cut.
    static func truncate(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        return String(DisplayWidth.prefix(text, columns: max(0, width - 1))) + "…"
    }
}

/// One screenful: the lines from the top, the countdown's line and the prompt's.
struct Frame: Equatable {
    var lines: [String]
    var countdownRow: Int?
    /// The last line: the prompt, which the answer follows.
    var promptRow: Int { lines.count - 1 }
    /// Columns the prompt takes on its line, so the answer can be placed after it.
    var promptWidth: Int
}

/// What goes around the tiles, already in the person's language and made visible.
struct FrameText {
    var header: [(text: String, bold: Bool, oneLine: Bool)]
    var message: String?
    var countdown: String?
    var prompt: String
}

enum Layout {
    /// The frame for `board` on a screen of `size`, or the size it needs.
    static func frame(_ board: Board, text: FrameText, display: Display, size: TerminalSize)
        -> Result<Frame, TerminalSize>
    {
        let width = max(1, size.columns - 1)
        var top: [String] = []
        for part in text.header {
            let lines = part.oneLine ? [TextLayout.truncate(part.text, width: width)] : TextLayout.wrap(part.text, width: width)
            top += lines.map { part.bold ? Palette.bold($0, mode: display.colorMode) : $0 }
        }
        var bottom = TextLayout.wrap(text.message ?? "", width: width)
        var countdownRow: Int?
        if let countdown = text.countdown {
            countdownRow = bottom.count
            bottom.append(countdown)
        }
        let promptLines = TextLayout.wrap(text.prompt, width: max(1, width - 8))
        bottom += promptLines.dropLast() + [Palette.bold(promptLines.last!, mode: display.colorMode) + " "]
        let promptWidth = DisplayWidth.of(promptLines.last!) + 1

        // Each size with blank lines between the parts, then without, before a smaller
        // one; on the console, ASCII line art (which its fonts also have) comes last.
        let charsets = display.charset == .console ? [Charset.console, .ascii] : [display.charset]
        var candidates = charsets.flatMap { charset in charset.sizes.reversed().map { (charset, $0) } }
        if charsets.contains(.ascii), let tiny = Charset.blocks.size(.tiny) { candidates.append((.ascii, tiny)) }
        for (charset, tileSize) in candidates {
            for spaced in [true, false] {
                guard let height = tilesHeight(board.tiles.count, tileSize, width: width, spaced: spaced) else { continue }
                let gap = spaced ? [""] : []
                guard top.count + height + 2 * gap.count + bottom.count <= size.rows else { continue }
                let tiles = tileLines(board, tileSize, display: display, charset: charset, width: width, spaced: spaced) ?? []
                let offset = top.count + tiles.count + 2 * gap.count
                return .success(Frame(lines: top + gap + tiles + gap + bottom, countdownRow: countdownRow.map { $0 + offset },
                                      promptWidth: promptWidth))
            }
        }
        let smallest = candidates.map(\.1).min { $0.columns * $0.rows < $1.columns * $1.rows }!
        let columns = max(size.columns, smallest.columns + 3)
        let height = tilesHeight(board.tiles.count, smallest, width: columns - 1, spaced: false) ?? 0
        return .failure(TerminalSize(columns: columns, rows: top.count + height + bottom.count))
    }

    /// Tiles per row at `size` on a line of `width`: as many as fit, balanced over the
    /// rows they need; nil when not even one fits.
    static func tilesPerRow(_ count: Int, _ size: TileSize, width: Int) -> Int? {
        let most = min(count, (width + 1) / (size.columns + 2))
        guard most >= 1 else { return nil }
        let rowCount = (count + most - 1) / most
        return (count + rowCount - 1) / rowCount
    }

    /// Lines the tiles take: a number line and the picture per row of tiles.
    static func tilesHeight(_ count: Int, _ size: TileSize, width: Int, spaced: Bool) -> Int? {
        guard let perRow = tilesPerRow(count, size, width: width) else { return nil }
        let rowCount = (count + perRow - 1) / perRow
        return rowCount * (size.rows + 1) + (spaced ? rowCount - 1 : 0)
    }

    /// The numbered tiles in balanced rows, drawn with `charset` (the display's unless
    /// given), or nil when not even one fits across.
    static func tileLines(_ board: Board, _ size: TileSize, display: Display, charset: Charset? = nil, width: Int,
                          spaced: Bool = true) -> [String]? {
        let charset = charset ?? display.charset
        guard let perRow = tilesPerRow(board.tiles.count, size, width: width) else { return nil }
        // Each kind is drawn once per board, however many tiles show it.
        var pictures: [ShapeKind: [String]] = [:]
        var lines: [String] = []
        var start = 0
        while start < board.tiles.count {
            if start > 0 && spaced { lines.append("") }
            let row = board.tiles[start..<min(start + perRow, board.tiles.count)]
            var labels = ""
            var art = [String](repeating: "", count: size.rows)
            for (offset, tile) in row.enumerated() {
                let gap = offset == 0 ? "" : "  "
                let number = String(start + offset + 1)
                let left = (size.columns - number.count) / 2
                let label = String(repeating: " ", count: left) + number + String(repeating: " ", count: size.columns - left - number.count)
                labels += gap + Palette.bold(label, mode: display.colorMode)
                if pictures[tile.kind] == nil { pictures[tile.kind] = charset.tile(tile.kind, size: size) }
                for (index, line) in pictures[tile.kind]!.enumerated() {
                    art[index] += gap + Palette.paint(line, tile.color, mode: display.colorMode)
                }
            }
            lines.append(labels)
            lines += art
            start += perRow
        }
        return lines
    }
}
