// WordsBoard.swift — the board for screen readers (`--board words`), as text.
//
// Contract:
// - Plain lines only, written in the order they are to be spoken: no drawing, no colour,
//   no bold, no cursor movement, no alternate screen. Lines are not wrapped by the gate:
//   a line broken in two would be spoken as two.
// - The target is named by its shape's name (the instruction and the prompt); each tile
//   is described by other words (`Words/<Kind>`: "round, no corners"), so a
//   person must know what the name means: matching its letters finds no tile.
// - The time left is spoken at each prompt and then only as it passes a few thresholds
//   (`spokenThresholds`) below the time to answer, each time as a line of its own
//   followed by the prompt again: never a line that changes every second, and never
//   while the board is still being heard (its listening time, `listeningSeconds`, is
//   added to the round's time, two minutes at most).
// - Every string passes `Visible.screen`, as on the picture board.

import ShapelyGate

package enum WordsBoard {
    /// The seconds left at which the time is spoken again after the prompt.
    package static let spokenThresholds = [300, 120, 60, 30, 10, 5]

    /// A screen reader's default rate (espeak-ng's, and about Orca's): the board's time is
    /// lengthened by what its words take to hear at this rate.
    package static let wordsPerMinute = 175.0

    /// The most a board's listening time adds: the `--strict` board with a long command
    /// is heard in about a minute, and a command line of thousands of words (the person's
    /// own, under sudo) must not stretch a time limit the policy set.
    package static let longestListening = 120.0

    /// The pause a screen reader makes at the end of each line, in seconds.
    package static let linePause = 0.55

    /// Seconds a screen reader at `wordsPerMinute` takes to say `text`: each run of
    /// letters or digits a word, each symbol it reads out (`/`, `-`, `=`, `(`) a word too,
    /// and a pause at the end of every line that says something; never more than
    /// `longestListening`. Fitted above what espeak-ng at 175 words a minute measures for
    /// every board in English, Spanish, French and German (Scripts/listen-boards.py):
    /// the whole time to answer is still left once the board is heard.
    package static func listeningSeconds(_ text: String) -> Double {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).count
        let symbols = text.unicodeScalars.filter { scalar in
            !scalar.properties.isAlphabetic && scalar.properties.numericType == nil
                && !scalar.properties.isWhitespace && !quiet.contains(scalar)
        }.count
        let lines = text.split(separator: "\n").filter { line in line.contains { $0.isLetter || $0.isNumber } }.count
        let seconds = Double(words + symbols) * 60 / wordsPerMinute + Double(lines) * linePause
        return min(seconds, longestListening)
    }

    /// Punctuation a screen reader pauses at (the line's pause covers it) rather than says.
    static let quiet = Set(",.:;!?'\u{2019}\"\u{00A0}\u{2014}".unicodeScalars)

    /// The next threshold strictly below `secondsLeft`, if any.
    package static func nextThreshold(below secondsLeft: Int) -> Int? {
        spokenThresholds.first { $0 < secondsLeft }
    }
}

extension Renderer {
    /// Whether this renderer speaks the words board.
    package var speaksWords: Bool { board == .words }

    /// Title, what is guarded, round, instruction, then one line per tile. `compact`: the
    /// same board in fewer bytes, for a door whose message has a size limit (PAM's 512
    /// bytes) and whose application asks for the answer itself: no hint and no "Tiles:"
    /// line, and one line per shape with the numbers of its tiles ("3, 11: pointed top,
    /// flat bottom"), in the order the shapes first appear.
    package func wordsBoard(_ board: Board, target: ShapeKind, round: Int, rounds: Int, compact: Bool = false) -> String {
        var lines = compact ? [] : [""]
        lines += (header(target: target, round: round, rounds: rounds) + (compact ? [] : [hint])).map(\.text)
        if !compact { lines.append(say(.wordsTiles)) }
        if compact {
            var order: [ShapeKind] = []
            for tile in board.tiles where !order.contains(tile.kind) { order.append(tile.kind) }
            for kind in order {
                let numbers = board.tiles.indices.filter { board.tiles[$0].kind == kind }.map { String($0 + 1) }
                lines.append(wordsTile(numbers: numbers.joined(separator: ", "), kind: kind))
            }
        } else {
            for (index, tile) in board.tiles.enumerated() {
                lines.append(wordsTile(numbers: String(index + 1), kind: tile.kind))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "3: round, no corners": a tile by its number and its form, never its name.
    func wordsTile(numbers: String, kind: ShapeKind) -> String {
        say(.wordsTile, ["number": numbers, "description": strings.text(.words(for: kind))])
    }

    /// "Seconds left: 10." on a line of its own.
    func spokenTimeLeft(seconds: Int) -> String {
        say(.secondsLeft, ["seconds": String(max(0, seconds))])
    }

    /// The time left (when there is a countdown) and the prompt, left waiting for an answer.
    package func wordsPrompt(target: ShapeKind, tileCount: Int, secondsLeft: Int?) -> String {
        var out = ""
        if let secondsLeft { out += spokenTimeLeft(seconds: secondsLeft) + "\n" }
        return out + prompt(target: target, tileCount: tileCount).text + " "
    }

    /// A message on a line of its own, unwrapped.
    package func wordsMessage(_ message: ScreenMessage, tileCount: Int) -> String {
        self.message(message, tileCount: tileCount).text + "\n"
    }
}
