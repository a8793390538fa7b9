// Renderer.swift — the words and pictures of every screen, as strings. It decides
// nothing and writes nothing: the session hands it the challenge and the time left and
// sends the result to the terminal, through `Painter` on a terminal that moves its
// cursor, appended as plain lines otherwise.
//
// Every string that can come from outside (an override file, the command being guarded)
// passes `Visible.screen` on its way here: no escape sequence but the renderer's own
// reaches the terminal, and without colour there is none at all.

import ShapelyGate

/// A line between the tiles and the countdown: why the board changed, or a hint.
enum ScreenMessage: Equatable {
    case notATile
    case wrongShape(ShapeKind, attemptsLeft: Int)
    case roundWon(next: Int, of: Int)
}

struct Renderer: Sendable {
    let strings: GateStrings
    let display: Display
    /// What a pass allows (the command line or `--for`), already quoted.
    let guarding: String?
    /// Drawn tiles, or the words board (WordsBoard.swift), which has a plain display.
    let board: BoardStyle

    init(strings: GateStrings, display: Display, guarding: String? = nil, board: BoardStyle = .picture) {
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

    // MARK: Pieces

    func header(target: ShapeKind, round: Int, rounds: Int) -> [(text: String, bold: Bool, oneLine: Bool)] {
        var parts: [(text: String, bold: Bool, oneLine: Bool)] = [(say(.title), true, false)]
        if let guarding { parts.append((say(.toRun, ["command": guarding]), false, true)) }
        if rounds > 1 { parts.append((say(.round, ["round": String(round), "rounds": String(rounds)]), false, false)) }
        parts.append((say(.description(of: target)), false, false))
        parts.append((say(.pressEnter), false, false))
        return parts
    }

    func message(_ message: ScreenMessage, tileCount: Int) -> String {
        switch message {
        case .notATile: return say(.notATile, ["count": String(tileCount)])
        case .wrongShape(let kind, let left): return say(.wrongShape, ["shape": name(kind), "count": String(left)])
        case .roundWon(let next, let total): return say(.roundWon, ["round": String(next), "rounds": String(total)])
        }
    }

    /// `Time left: 00:10` (minutes and seconds) on one line of a screen `width` columns
    /// wide: a label too long is cut so the time stays whole. The last three seconds
    /// stand out.
    func countdown(seconds: Int, width: Int) -> String {
        let clamped = max(0, seconds)
        let pad: (Int) -> String = { $0 < 10 ? "0\($0)" : String($0) }
        let time = ": \(pad(clamped / 60)):\(pad(clamped % 60))"
        let label = TextLayout.truncate(say(.countdown), width: max(1, width - 1 - DisplayWidth.of(time)))
        let text = label + time
        guard clamped <= 3 else { return text }
        return display.colorMode.colored ? Palette.paint(bold(text), .red, mode: display.colorMode) : bold(text)
    }

    func promptText(target: ShapeKind, tileCount: Int) -> String {
        say(.prompt, ["shape": name(target), "count": String(tileCount)])
    }

    // MARK: A terminal that moves its cursor

    func frame(_ board: Board, target: ShapeKind, round: Int, rounds: Int, message: ScreenMessage?,
               secondsLeft: Int?, size: TerminalSize) -> Result<Frame, TerminalSize> {
        let text = FrameText(header: header(target: target, round: round, rounds: rounds),
                             message: message.map { self.message($0, tileCount: board.tiles.count) },
                             countdown: secondsLeft.map { countdown(seconds: $0, width: size.columns) },
                             prompt: promptText(target: target, tileCount: board.tiles.count))
        return Layout.frame(board, text: text, display: display, size: size)
    }

    /// What stays on screen when the gate ends: one line, and in wrapper mode a second
    /// saying that the command was not run.
    func closing(_ outcome: SessionOutcome, width: Int) -> String {
        var text: String
        switch outcome {
        case .passed: text = display.colorMode.colored ? Palette.paint(bold(say(.passed)), .green, mode: display.colorMode) : say(.passed)
        case .denied(let reason): text = denialLine(reason)
        default: text = ""
        }
        if outcome != .passed, let guarding { text += (text.isEmpty ? "" : "\n") + say(.notRun, ["command": guarding]) }
        return text.isEmpty ? "" : text + "\n"
    }

    private func denialLine(_ reason: DenialReason) -> String {
        let (title, description, ok): (StringKey, StringKey, StringKey) =
            reason == .tooManyAttempts
            ? (.tooManyTitle, .tooManyDescription, .tooManyOK)
            : (.expiredTitle, .expiredDescription, .expiredOK)
        let heading = display.colorMode.colored ? Palette.paint(bold(say(title)), .red, mode: display.colorMode) : bold(say(title))
        return heading + ": " + say(description) + " [" + say(ok) + "]"
    }

    // MARK: Plain lines, appended (TERM=dumb or unset)

    /// The tile size of plain boards: small, and the same whatever the screen's height.
    var plainTileSize: TileSize { display.charset.sizes.first { $0.step == .small } ?? display.charset.sizes[0] }

    /// Title, what is guarded, round, instruction and the numbered board.
    func board(_ board: Board, target: ShapeKind, round: Int, rounds: Int, width: Int) -> String {
        var out = "\n"
        for part in header(target: target, round: round, rounds: rounds) {
            let lines = part.oneLine ? [TextLayout.truncate(part.text, width: width - 1)] : TextLayout.wrap(part.text, width: width - 1)
            out += lines.map { part.bold ? bold($0) : $0 }.joined(separator: "\n") + "\n"
        }
        let tiles = Layout.tileLines(board, plainTileSize, display: display, width: width - 1) ?? []
        let trimmed = tiles.map { line -> String in
            var line = " " + line
            while line.last == " " { line.removeLast() }
            return line
        }
        return out + "\n" + trimmed.joined(separator: "\n") + "\n\n"
    }

    /// The countdown (when there is one) and the prompt, left waiting for an answer.
    func prompt(target: ShapeKind, tileCount: Int, secondsLeft: Int?) -> String {
        var out = ""
        // Appended lines may wrap: the label is never cut here.
        if let secondsLeft { out += countdown(seconds: secondsLeft, width: .max) + "\n" }
        return out + bold(promptText(target: target, tileCount: tileCount)) + " "
    }

    func plainMessage(_ message: ScreenMessage, tileCount: Int, width: Int) -> String {
        if speaksWords { return wordsMessage(message, tileCount: tileCount) }
        return TextLayout.wrap(self.message(message, tileCount: tileCount), width: width - 1).joined(separator: "\n") + "\n"
    }

    /// The seed's alert as text: title, description, and the OK string as `[OK]`.
    func plainClosing(_ outcome: SessionOutcome, width: Int) -> String {
        if speaksWords { return closing(outcome, width: width) }
        return closing(outcome, width: width).split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextLayout.wrap(String($0), width: width - 1).joined(separator: "\n") }.joined(separator: "\n")
    }
}
