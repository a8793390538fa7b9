// Renderer.swift — the text of every screen, as plain strings. It decides nothing and
// writes nothing: the session hands it the board and the time left and sends the
// result to the terminal. Colour is ANSI SGR; without colour the output has no escape
// sequences at all. Every string that can come from outside (an override file, the
// command being guarded) passes `Visible.screen` on its way here: no escape sequence
// but the renderer's own reaches the terminal.

import ShapelyGate
import ShapelyGateSystem

/// What the terminal can show.
public struct Display: Equatable, Sendable {
    public var color: Bool
    public var unicode: Bool
    public var width: Int

    public init(color: Bool, unicode: Bool, width: Int = 80) {
        self.color = color
        self.unicode = unicode
        self.width = width
    }

    /// Colour unless `--no-color`, a non-empty NO_COLOR, or TERM unset or `dumb`.
    /// Unicode when the character locale is UTF-8 and TERM is not `dumb`.
    public static func detect(environment: [String: String], noColor: Bool, width: Int = 80) -> Display {
        let term = environment["TERM"] ?? ""
        let dumb = term.isEmpty || term == "dumb"
        let noColorSet = !(environment["NO_COLOR"] ?? "").isEmpty
        let charset = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let lowered = charset.lowercased()
        let utf8 = lowered.contains("utf-8") || lowered.contains("utf8")
        return Display(color: !noColor && !noColorSet && !dumb, unicode: utf8 && term != "dumb", width: width)
    }
}

public struct Renderer: Sendable {
    public let strings: GateStrings
    public let display: Display
    /// What a pass allows (the command line or `--for`), already quoted.
    public let guarding: String?

    public init(strings: GateStrings, display: Display, guarding: String? = nil) {
        self.strings = strings
        self.display = display
        self.guarding = guarding
    }

    /// A string for the screen, its placeholders filled, its controls made visible.
    private func say(_ key: StringKey, _ values: [String: String] = [:]) -> String {
        Visible.screen(strings.text(key, values))
    }

    private func name(_ kind: ShapeKind) -> String { strings.name(of: kind) }

    private func paint(_ text: String, _ code: String) -> String {
        display.color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func colorCode(_ color: TileColor) -> String {
        switch color {
        case .red: return "91"
        case .green: return "92"
        case .yellow: return "93"
        case .blue: return "94"
        case .magenta: return "95"
        case .cyan: return "96"
        }
    }

    /// Title, round, instruction and the numbered board.
    public func board(_ board: Board, target: ShapeKind, round: Int, rounds: Int) -> String {
        var out = "\n" + paint(say(.title), "1") + "\n"
        if let guarding { out += say(.toRun, ["command": guarding]) + "\n" }
        if rounds > 1 {
            out += say(.round, ["round": String(round), "rounds": String(rounds)]) + "\n"
        }
        out += say(.description(of: target)) + "\n\n"
        let cell = ShapeArt.width + 3
        let perRow = max(1, min(board.tiles.count, 8, (display.width - 2) / cell))
        var start = 0
        while start < board.tiles.count {
            let row = Array(board.tiles[start..<min(start + perRow, board.tiles.count)])
            var lines = ["", "", "", ""]
            for (offset, tile) in row.enumerated() {
                let number = String(start + offset + 1)
                let left = (ShapeArt.width - number.count) / 2
                let label = String(repeating: " ", count: left) + number
                    + String(repeating: " ", count: ShapeArt.width - left - number.count)
                lines[0] += "  " + paint(label, "1") + " "
                for (index, art) in ShapeArt.rows(tile.kind, unicode: display.unicode).enumerated() {
                    lines[index + 1] += "  " + paint(art, colorCode(tile.color)) + " "
                }
            }
            out += lines.map { trimTrailing($0) }.joined(separator: "\n") + "\n\n"
            start += perRow
        }
        return out
    }

    private func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    /// `Time left: 00:10` (minutes and seconds).
    public func countdown(seconds: Int) -> String {
        let clamped = max(0, seconds)
        let minutes = clamped / 60, rest = clamped % 60
        let pad: (Int) -> String = { $0 < 10 ? "0\($0)" : String($0) }
        return "\(say(.countdown)): \(pad(minutes)):\(pad(rest))"
    }

    /// The countdown (when there is one) and the prompt, left waiting for an answer.
    public func prompt(target: ShapeKind, tileCount: Int, secondsLeft: Int?) -> String {
        var out = ""
        if let secondsLeft { out += countdown(seconds: secondsLeft) + "\n" }
        out += paint(say(.prompt, ["shape": name(target), "count": String(tileCount)]), "1") + " "
        return out
    }

    public func wrongShape(_ chosen: ShapeKind, attemptsLeft: Int) -> String {
        paint(say(.wrongShape, ["shape": name(chosen), "count": String(attemptsLeft)]), "33") + "\n"
    }

    public func notATile(tileCount: Int) -> String {
        say(.notATile, ["count": String(tileCount)]) + "\n"
    }

    public func passed() -> String {
        paint(say(.passed), "32") + "\n"
    }

    /// The seed's alert as text: title, description, and the OK string as `[OK]`.
    public func denial(_ reason: DenialReason) -> String {
        let (title, description, ok): (StringKey, StringKey, StringKey) =
            reason == .tooManyAttempts
            ? (.tooManyTitle, .tooManyDescription, .tooManyOK)
            : (.expiredTitle, .expiredDescription, .expiredOK)
        return paint(say(title), "1;31") + "\n" + say(description) + " [" + say(ok) + "]\n"
    }
}
