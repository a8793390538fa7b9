// Layout.swift — fitting a board to the screen: the tile size, where the numbers go,
// the blank lines, and where the whole frame stands.
//
// Contract:
// - Text is wrapped at spaces to one column less than the screen (the last column is
//   never written, so no terminal wraps a line on its own). Nothing is cut: what a pass
//   allows is shown whole, over as many lines as it takes, or the board is not shown.
// - Of the arrangements with which the whole frame — title, what is guarded, round,
//   instruction, how to answer, tiles, message, countdown, prompt — fits the screen's
//   width and height, the first in this order of preference wins: the whole text (how
//   to answer, then the title, then the round, then the instruction are left out one
//   by one only when nothing fits with them); a blank line between the tiles and the
//   message (or the countdown), so an answer's line never touches the tiles; numbers
//   above the tiles, then beside them with rows of tiles a blank line apart, then
//   with rows touching; the larger tile; blank lines around the tiles and the message
//   rather than that one alone. The Linux console draws with its own blocks whenever
//   any of their plans fits (--strict's sixteen tiles at 80×25 do) and with ASCII line
//   art only on a screen too small for them.
// - The tile sizes are the character set's, plus small ones for short screens (6×4
//   cells, where --strict's sixteen tiles fit 40×20, for the sets with two pixels
//   across a cell; 8×4 where the set has none).
// - The frame is centred on the screen; its lines stay left-aligned with each other.
// - When nothing fits, the result names the sizes that would, no narrower than the
//   screen: the narrowest, and the narrowest with no more rows than the screen has.
//   A named size holds the whole run (RunText.swift): every target and round, the
//   countdown, and every message in place of how to answer, so no answer hides the
//   board again at that size.
// - A frame's lines hold no newline; widths are counted in terminal columns
//   (`DisplayWidth`), escape sequences excluded.

import ShapelyGate

enum Layout {
    /// One way to lay a frame out.
    struct Plan {
        var tiles: TileArrangement
        /// How many steps of `terseSteps` are taken: what is left out of the text.
        var terseness: Int
        var spacing: Spacing
    }

    /// Blank lines in a frame, most preferred first.
    enum Spacing: CaseIterable {
        /// Above and below the tiles, and below the message.
        case around
        /// One, between the tiles and what follows them: the message keeps off the tiles.
        case belowTiles
        case none

        var aboveTiles: Int { self == .around ? 1 : 0 }
        var belowTiles: Int { self == .none ? 0 : 1 }
        var belowMessage: Int { self == .around ? 1 : 0 }
    }

    /// What a short screen leaves out, step by step: how to answer, then the title, then
    /// the round, then the instruction (the prompt names the target too). What is
    /// guarded, the tiles, the message, the countdown and the prompt always stay.
    static let terseSteps = 4

    /// Columns kept free after the prompt on its last line for the answer: a space, two
    /// digits and the cursor. A longer answer scrolls there behind an ellipsis.
    static let answerRoom = 4

    /// The text of a frame wrapped to one width.
    struct Text {
        var header: [[String]], leftOutAt: [Int?], hint: [String], message: [String], promptWidth: Int
        var countdown: String?
        /// The prompt's lines, the target's name plain, and underlined for when the
        /// instruction is left out.
        var plainPrompt: [String], namingPrompt: [String]

        init(_ text: FrameText, width: Int, mode: ColorMode) {
            header = text.header.map { $0.lines(width: width, mode: mode) }
            leftOutAt = text.leftOutAt
            hint = text.hint?.lines(width: width, mode: mode) ?? []
            message = text.message?.lines(width: width, mode: mode) ?? []
            let promptLines = TextLayout.wrap(text.prompt.text, width: max(1, width - Layout.answerRoom))
            var plain = text.prompt
            plain.emphasis = nil
            plainPrompt = promptLines.map { plain.styled($0, mode: mode) }
            namingPrompt = promptLines.map { text.prompt.styled($0, mode: mode) }
            plainPrompt[plainPrompt.count - 1] += " "
            namingPrompt[namingPrompt.count - 1] += " "
            promptWidth = DisplayWidth.of(promptLines.last!) + 1
            countdown = text.countdown
        }

        /// The header's lines with `plan`: parts left out at its terseness are gone, and
        /// the hint from the first step on.
        func top(_ plan: Plan) -> [String] {
            zip(header, leftOutAt).flatMap { lines, step in step.map { plan.terseness >= $0 } ?? false ? [] : lines }
                + (plan.terseness == 0 ? hint : [])
        }

        /// The prompt with `plan`: the name stands out once the instruction is left out.
        func prompt(_ plan: Plan) -> [String] {
            plan.terseness >= terseSteps ? namingPrompt : plainPrompt
        }

        /// Lines the frame takes with `plan`, tiles apart.
        func height(_ plan: Plan) -> Int {
            var rows = plan.terseness == 0 ? hint.count : 0
            for (lines, step) in zip(header, leftOutAt) where step.map({ plan.terseness < $0 }) ?? true { rows += lines.count }
            let messageRows = message.isEmpty ? 0 : message.count + plan.spacing.belowMessage
            return rows + plan.spacing.aboveTiles + plan.spacing.belowTiles + messageRows
                + (countdown == nil ? 0 : 1) + plainPrompt.count
        }

        /// The same text after an answer: `lines` of message in place of how to answer.
        func answered(_ lines: [String]) -> Text {
            var text = self
            text.hint = []
            text.message = lines
            return text
        }
    }

    /// The frame for `board` on a screen of `size`, or the sizes the whole `run` needs.
    static func frame(_ board: Board, text: FrameText, run: () -> RunText, display: Display,
                      size: TerminalSize) -> FrameFit {
        let width = max(1, size.columns - 1)
        let wrapped = Text(text, width: width, mode: display.colorMode)
        let count = board.tiles.count
        // A size is taken only when it is one the too-small screen would name: it holds
        // every screen of the run with one plan, so a wrong answer, a new round or a new
        // target never asks for a larger screen, and no word is broken inside itself.
        // The screen shown now then takes the best plan its own text fits.
        let whole = run()
        guard let rows = rowsNeeded(board, run: whole, display: display, columns: size.columns, within: size.rows),
              rows <= size.rows else {
            return .failure(needed(board, run: whole, display: display, size: size))
        }
        for plan in plans(display) {
            guard let extent = plan.tiles.extent(count, width: width),
                  wrapped.height(plan) + extent.rows <= size.rows,
                  let tiles = plan.tiles.lines(board, display: display, width: width) else { continue }
            let blank = { (count: Int) in [String](repeating: "", count: count) }
            let top = wrapped.top(plan) + blank(plan.spacing.aboveTiles) + tiles + blank(plan.spacing.belowTiles)
            var bottom = wrapped.message.isEmpty ? [] : wrapped.message + blank(plan.spacing.belowMessage)
            let countdownRow = wrapped.countdown.map { _ in top.count + bottom.count }
            if let countdown = wrapped.countdown { bottom.append(countdown) }
            let lines = top + bottom + wrapped.prompt(plan)
            let textWidth = ([text.header, [text.hint, text.message].compactMap { $0 }].joined())
                .flatMap { TextLayout.wrap($0.text, width: width) }.map { DisplayWidth.of($0) }.max() ?? 0
            let countdownWidth = wrapped.countdown.map(TextLayout.visibleWidth) ?? 0
            let block = max(textWidth, extent.columns, wrapped.promptWidth + 2, countdownWidth)
            return .success(Frame(lines: lines, top: max(0, (size.rows - lines.count) / 2),
                                  left: max(0, (width - block) / 2), countdownRow: countdownRow,
                                  promptWidth: wrapped.promptWidth, ellipsis: display.charset == .ascii ? "..." : "…"))
        }
        return .failure(needed(board, run: whole, display: display, size: size))
    }

    /// Every plan, most preferred first. The Linux console falls back to ASCII line art
    /// only when none of its own tiles fit.
    static func plans(_ display: Display) -> [Plan] {
        let charsets = display.charset == .console ? [Charset.console, .ascii] : [display.charset]
        // Numbers above, rows apart; beside, rows apart; beside, rows touching.
        let styles = [(false, true), (true, true), (true, false)]
        var plans: [Plan] = []
        for charset in charsets {
            for terseness in 0...terseSteps {
                // A blank line between the tiles and the message first.
                for spacings in [[Spacing.around, .belowTiles], [.none]] {
                    for (beside, spaced) in styles {
                        for size in tileSizes(charset) {
                            for spacing in spacings {
                                plans.append(Plan(tiles: TileArrangement(charset: charset, size: size, numbersBeside: beside,
                                                                         spaced: spaced), terseness: terseness, spacing: spacing))
                            }
                        }
                    }
                }
            }
        }
        return plans
    }

    /// The tile sizes a layout may use in `charset`, largest first: its own, the tiny
    /// 8×4 where it has none, and the narrow 6×4 where a cell holds two pixels across
    /// (the console's six pixels across are too few to tell a circle from a hexagon).
    static func tileSizes(_ charset: Charset) -> [TileSize] {
        var sizes = charset.sizes
        let small = charset.pixelsPerCell.across == 2 ? [(8, 4), (6, 4)] : [(8, 4)]
        for (columns, rows) in small where !sizes.contains(where: { $0.columns == columns && $0.rows == rows }) {
            sizes.append(TileSize(step: .tiny, columns: columns, rows: rows))
        }
        return sizes.sorted { $0.columns * $0.rows > $1.columns * $1.rows }
    }

    /// Lines a plan needs on a screen `columns` wide to hold every text of `run`, at its
    /// best; nil when not one tile fits.
    static func rowsNeeded(_ board: Board, run: RunText, display: Display, columns: Int, within rows: Int? = nil) -> Int? {
        let width = max(1, columns - 1)
        guard width >= run.longestWord else { return nil }
        let texts = runTexts(run, width: width)
        // The text's height depends only on what a plan leaves out and its blank lines.
        var tallest = [Int?](repeating: nil, count: (terseSteps + 1) * Spacing.allCases.count)
        var fewest: Int?
        for plan in plans(display) {
            guard let extent = plan.tiles.extent(board.tiles.count, width: width) else { continue }
            let key = plan.terseness * Spacing.allCases.count + Spacing.allCases.firstIndex(of: plan.spacing)!
            let text = tallest[key] ?? texts.reduce(0) { max($0, $1.height(plan)) }
            tallest[key] = text
            fewest = min(fewest ?? Int.max, text + extent.rows)
            // Asked only whether the run fits `rows`: the first plan that does answers it.
            if let rows, let fewest, fewest <= rows { return fewest }
        }
        return fewest
    }

    /// Every text of `run` wrapped at `width`: each screen as it is, and after an answer.
    static func runTexts(_ run: RunText, width: Int) -> [Text] {
        let screens = run.screens.map { Text($0, width: width, mode: .plain) }
        // The message with the most lines stands for every other; any may follow any screen.
        let longest = run.messages.map { TextLayout.wrap($0.text, width: width) }.max { $0.count < $1.count }
        return screens + (longest.map { lines in screens.map { $0.answered(lines) } } ?? [])
    }

    /// The sizes that fit the board, from the screen's own width on: the narrowest, and
    /// the narrowest with no more rows than the screen has. The rows needed never grow
    /// with the width, so both are found by halving.
    static func needed(_ board: Board, run: RunText, display: Display, size: TerminalSize) -> NeededSizes {
        let widest = max(size.columns, 400)
        let rows = { (columns: Int) in rowsNeeded(board, run: run, display: display, columns: columns) }
        var sizes: [TerminalSize] = []
        if let narrowest = firstWidth(from: max(2, size.columns), to: widest, where: { rows($0) != nil }),
           let tallest = rows(narrowest) {
            sizes.append(TerminalSize(columns: narrowest, rows: tallest))
            if tallest > size.rows, let wider = firstWidth(from: narrowest, to: widest, where: { rows($0)! <= size.rows }) {
                sizes.append(TerminalSize(columns: wider, rows: rows(wider)!))
            }
        }
        return NeededSizes(sizes: sizes, preferred: sizes.first ?? TerminalSize(columns: widest, rows: size.rows))
    }

    /// The smallest width in `low...high` for which `holds` is true, when it holds at
    /// `high` and, once true, stays true for every wider one.
    static func firstWidth(from low: Int, to high: Int, where holds: (Int) -> Bool) -> Int? {
        guard low <= high, holds(high) else { return nil }
        var (low, high) = (low, high)
        while low < high {
            let middle = (low + high) / 2
            if holds(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
