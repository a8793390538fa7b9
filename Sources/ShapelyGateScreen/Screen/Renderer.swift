// Renderer.swift — the words and pictures of every screen, as strings. It decides
// nothing and writes nothing: the session hands it the challenge and the time left and
// sends the result to the terminal, through `Painter` on a terminal that moves its
// cursor, appended as plain lines otherwise.
//
// Every string that can come from outside (an override file, the command being guarded)
// passes `Visible.screen` on its way here: no escape sequence but the renderer's own
// reaches the terminal, and without colour there is none at all.

import ShapelyGate

package struct Renderer: Sendable {
    let strings: GateStrings
    package let display: Display
    /// What a pass allows (the command line or `--for`), already quoted.
    let guarding: String?
    /// Drawn tiles, or the words board (WordsBoard.swift), which has a plain display.
    let board: BoardStyle
    /// The most columns of it the gate will try to show: more than fits a 400×40
    /// terminal with the board, so longer text can never be shown whole and is refused.
    package static let longestGuarded = 16_000

    package init(strings: GateStrings, display: Display, guarding: String? = nil, board: BoardStyle = .picture) {
        self.strings = strings
        self.display = board == .words ? .plain : display
        self.guarding = guarding
        self.board = board
    }

    /// A string for the screen, its placeholders filled, its controls made visible.
    func say(_ key: StringKey, _ values: [String: String] = [:]) -> String {
        Visible.screen(strings.text(key, values))
    }

    private func name(_ kind: ShapeKind) -> String { strings.name(of: kind) }

    private var bold: (String) -> String { { Palette.bold($0, mode: display.colorMode) } }

    /// The word of `kind`'s name that stands out wherever it appears: the whole name
    /// when a text holds it, else its last word ("el pentágono" → "pentágono", "l'étoile"
    /// → "étoile"), which is how an instruction names the shape.
    func nameWord(_ kind: ShapeKind, in text: String) -> String {
        let whole = Visible.screen(name(kind))
        let probe = TextLayout.marking(whole, in: text, on: "\u{1}", off: "")
        if probe != text { return whole }
        return String(whole.split(whereSeparator: { $0 == " " || $0 == "'" || $0 == "’" }).last ?? Substring(whole))
    }

    // MARK: Pieces

    func header(target: ShapeKind, round: Int, rounds: Int) -> [TextPart] {
        var parts = [TextPart(say(.title), bold: true)]
        // What a pass allows, whole: wrapped, never cut.
        if let guarding { parts.append(TextPart(say(.toRun, ["command": guarding]))) }
        if rounds > 1 { parts.append(TextPart(say(.round, ["round": String(round), "rounds": String(rounds)]))) }
        let instruction = say(.description(of: target))
        parts.append(TextPart(instruction, emphasis: nameWord(target, in: instruction)))
        return parts
    }

    var hint: TextPart { TextPart(say(.pressEnter)) }

    func message(_ message: ScreenMessage, tileCount: Int) -> TextPart {
        switch message {
        case .notATile: return TextPart(say(.notATile, ["count": String(tileCount)]), bold: true)
        case .wrongShape(let kind, let left):
            // The number is the answers still allowed: the next wrong one at 1 denies.
            return TextPart(say(left == 1 ? .lastTry : .wrongShape, ["shape": name(kind), "count": String(left)]),
                            bold: true, color: .red)
        case .roundWon(let next, let total):
            return TextPart(say(.roundWon, ["round": String(next), "rounds": String(total)]), bold: true, color: .green)
        case .moreTime(let seconds): return TextPart(say(.moreTime, ["seconds": String(seconds)]), bold: true)
        case .noMoreTime: return TextPart(say(.noMoreTime), bold: true)
        case .moreTimeHint: return TextPart(say(.moreTimeHint), bold: true)
        }
    }

    /// `Time left: 00:10` (minutes and seconds) on one line of a screen `width` columns
    /// wide: a label too long is cut so the time stays whole. The last three seconds
    /// stand out.
    package func countdown(seconds: Int, width: Int) -> String {
        let clamped = max(0, seconds)
        let pad: (Int) -> String = { $0 < 10 ? "0\($0)" : String($0) }
        let clock = " \(pad(clamped / 60)):\(pad(clamped % 60))"
        // An override's colon too wide to leave the label a column is a plain one.
        let colon = DisplayWidth.of(say(.colon) + clock) < width - 1 ? say(.colon) : ":"
        let time = colon + clock
        // Without UTF-8 the terminal may have no `…`: three dots.
        let label = TextLayout.truncate(say(.countdown), width: max(1, width - 1 - DisplayWidth.of(time)),
                                        ellipsis: display.charset == .ascii ? "..." : "…")
        let text = label + time
        guard clamped <= 3 else { return text }
        return display.colorMode.colored ? Palette.paint(bold(text), .red, mode: display.colorMode) : bold(text)
    }

    func prompt(target: ShapeKind, tileCount: Int) -> TextPart {
        TextPart(say(.prompt, ["shape": name(target), "count": String(tileCount)]), bold: true)
    }

    // MARK: A terminal that moves its cursor

    func frameText(_ board: Board, target: ShapeKind, round: Int, rounds: Int, message: ScreenMessage?,
                   secondsLeft: Int?, columns: Int) -> FrameText {
        let parts = header(target: target, round: round, rounds: rounds)
        // The title goes at the second step, the round at the third, the instruction at the
        // fourth (the prompt names the target too); what is guarded stays.
        let leftOutAt: [Int?] = parts.indices.map { index in
            index == 0 ? 2 : index == parts.count - 1 ? 4 : (rounds > 1 && index == parts.count - 2 ? 3 : nil)
        }
        // The name to underline when a short screen leaves the instruction out (Layout).
        var prompt = prompt(target: target, tileCount: board.tiles.count)
        prompt.emphasis = nameWord(target, in: prompt.text)
        // Once the person has answered, how to answer goes: the room sets the message apart.
        return FrameText(header: parts, leftOutAt: leftOutAt, hint: message == nil ? hint : nil,
                  message: message.map { self.message($0, tileCount: board.tiles.count) },
                  countdown: secondsLeft.map { countdown(seconds: $0, width: columns) },
                  prompt: prompt)
    }

    /// The frame for `board` at `size`, or, when it does not fit, the sizes that hold every
    /// screen of a run of `rounds` rounds with `attempts` wrong answers allowed.
    package func frame(_ board: Board, target: ShapeKind, round: Int, rounds: Int,
                       attempts: Int = GateConfiguration().maximumFailedAttempts,
                       message: ScreenMessage?, secondsLeft: Int?, size: TerminalSize) -> FrameFit {
        let text = frameText(board, target: target, round: round, rounds: rounds, message: message,
                             secondsLeft: secondsLeft, columns: size.columns)
        let run = { runText(board, now: text, rounds: rounds, attempts: attempts, secondsLeft: secondsLeft, columns: size.columns) }
        return Layout.frame(board, text: text, run: run, display: display, size: size)
    }

    /// In place of a board that does not fit: the gate's title (so a person sees what is
    /// asking), the sizes that would fit, and the time left.
    package func tooSmall(_ needed: NeededSizes, secondsLeft: Int?, width: Int) -> [String] {
        let sizes = needed.sizes.map { "\($0.columns)x\($0.rows)" }.joined(separator: ", ")
        let text = say(.tooSmallNow, ["sizes": sizes, "columns": String(needed.preferred.columns),
                                      "rows": String(needed.preferred.rows)])
        var lines = TextPart(say(.title), bold: true).lines(width: max(1, width - 1), mode: display.colorMode) + [""]
        lines += TextPart(text, bold: true).lines(width: max(1, width - 1), mode: display.colorMode)
        if let secondsLeft { lines += [""] + TextLayout.wrap(countdown(seconds: secondsLeft, width: .max), width: max(1, width - 1)) }
        return lines
    }

    /// What stays on screen when the gate ends, wrapped at words to `width`: one
    /// paragraph, and in wrapper mode a second saying that the command was not run.
    package func closing(_ outcome: Closing, width: Int) -> String {
        let width = max(1, width - 1)
        var lines: [String] = []
        switch outcome {
        case .passed: lines = TextPart(say(.passed), bold: true, color: .green).lines(width: width, mode: display.colorMode)
        case .denied(let reason): lines = denial(reason, width: width)
        case .ended: break
        }
        if outcome != .passed, let guarding { lines += TextLayout.wrap(say(.notRun, ["command": guarding]), width: width) }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The seed's alert as text: `Title: description`, the title in bold red. A
    /// terminal has no button, so the alert's OK label is not shown.
    private func denial(_ reason: DenialReason, width: Int) -> [String] {
        let alert = strings.alert(reason)
        let heading = Visible.screen(alert.heading)
        let heads = TextPart("", bold: true, color: .red)
        var left = heading.count
        return TextLayout.wrap(heading + " " + Visible.screen(alert.description), width: width).map { line in
            guard left > 0 else { return line }
            let count = min(left, line.count)
            left -= count + 1  // the space the line broke at
            return heads.styled(String(line.prefix(count)), mode: display.colorMode) + String(line.dropFirst(count))
        }
    }

    // MARK: Plain lines, appended (TERM=dumb or unset)

    /// The tile size of plain boards: small, and the same whatever the screen's height.
    package var plainTileSize: TileSize { display.charset.sizes.first { $0.step == .small } ?? display.charset.sizes[0] }

    /// Rows that appended text takes on a screen `columns` wide: a line at least one, a
    /// longer one as many as the terminal wraps it into (escape sequences take none).
    package static func rows(of text: String, columns: Int) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { rows, line in
            var width = 0, escape = false
            for scalar in line.unicodeScalars {
                if scalar == "\u{1B}" { escape = true; continue }
                if escape { if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escape = false }; continue }
                width += DisplayWidth.of(scalar)
            }
            return rows + max(1, (width + max(1, columns) - 1) / max(1, columns))
        }
    }

    /// The screen a plain board needs so that what a pass allows stays in view with the
    /// tiles and the prompt: every row from the line that shows it to the prompt. Nil
    /// when `rows` is enough, or nothing is guarded.
    package func plainSizeNeeded(board text: String, prompt: String, size: TerminalSize) -> TerminalSize? {
        guard guarding != nil else { return nil }
        // The board opens with an empty line and the title; what is guarded follows.
        let title = speaksWords ? [say(.title)] : TextPart(say(.title), bold: true).lines(width: size.columns - 1, mode: display.colorMode)
        let above = 1 + title.reduce(0) { $0 + Self.rows(of: $1, columns: size.columns) }
        let rows = Self.rows(of: text + prompt, columns: size.columns) - above
        return rows > size.rows ? TerminalSize(columns: size.columns, rows: rows) : nil
    }

    /// Whether a plain board fits across a screen `width` columns wide.
    package func plainBoardFits(_ board: Board, width: Int) -> Bool {
        TileArrangement(charset: display.charset, size: plainTileSize).perRow(board.tiles.count, width: width - 1) != nil
    }

    /// Title, what is guarded, round, instruction and the numbered board.
    package func board(_ board: Board, target: ShapeKind, round: Int, rounds: Int, width: Int) -> String {
        var out = "\n"
        for part in header(target: target, round: round, rounds: rounds) + [hint] {
            out += part.lines(width: width - 1, mode: display.colorMode).joined(separator: "\n") + "\n"
        }
        let tiles = TileArrangement(charset: display.charset, size: plainTileSize).lines(board, display: display, width: width - 1) ?? []
        let trimmed = tiles.map { line -> String in
            var line = " " + line
            while line.last == " " { line.removeLast() }
            return line
        }
        return out + "\n" + trimmed.joined(separator: "\n") + "\n\n"
    }

    /// The countdown (when there is one) and the prompt, left waiting for an answer,
    /// each wrapped at words to `width`.
    package func prompt(target: ShapeKind, tileCount: Int, secondsLeft: Int?, width: Int) -> String {
        var out = ""
        if let secondsLeft {
            out += TextLayout.wrap(countdown(seconds: secondsLeft, width: .max), width: width - 1).joined(separator: "\n") + "\n"
        }
        return out + prompt(target: target, tileCount: tileCount).lines(width: width - 1, mode: display.colorMode)
            .joined(separator: "\n") + " "
    }

    package func plainMessage(_ message: ScreenMessage, tileCount: Int, width: Int) -> String {
        if speaksWords { return wordsMessage(message, tileCount: tileCount) }
        return self.message(message, tileCount: tileCount).lines(width: width - 1, mode: display.colorMode).joined(separator: "\n") + "\n"
    }

    package func plainClosing(_ outcome: Closing, width: Int) -> String {
        // The words board's lines are never broken: a screen reader would speak two.
        closing(outcome, width: speaksWords ? .max : width)
    }
}
