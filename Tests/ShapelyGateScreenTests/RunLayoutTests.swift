// RunLayoutTests.swift — a size the too-small screen names holds the whole run: for
// each board (the default, --strict, nine kinds with ten rounds), every language, the
// character sets (all three for the default, fewer for the larger boards: every frame
// is drawn), with and without a command to run, the board laid out at exactly that
// size fits with every message the run can show, every target and round, and the
// countdown. (The words board names no size: its lines are appended.) And a wrong
// answer keeps a blank row off the tiles where the screen has one.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateScreen

@Suite struct RunLayoutTests {
    static let displays = [Display(charset: .blocks, colorMode: .indexed, cursorControl: true),
                           Display(charset: .ascii, colorMode: .basic, cursorControl: true),
                           Display(charset: .console, colorMode: .basic, cursorControl: true)]

    /// A run's settings and what it is tried with (fewer for the larger boards: every
    /// frame is drawn).
    struct Run: CustomStringConvertible, Sendable {
        var name: String
        var configuration: GateConfiguration
        var displays = RunLayoutTests.displays
        var guardings: [String?] = [nil, "sudo apt upgrade"]
        var description: String { name }
    }

    static let runs = [
        Run(name: "default", configuration: GateConfiguration()),
        Run(name: "--strict", configuration: GateConfiguration(rounds: 3, kinds: GateConfiguration.kinds(count: 8)),
            displays: [displays[0], displays[2]], guardings: ["sudo apt upgrade"]),
    ]
    static let largest = Run(name: "--kinds 9 --attempts 12 --rounds 10 --shapes-per-kind 1",
                             configuration: GateConfiguration(maximumFailedAttempts: 12, numberOfEachShape: 1, rounds: 10,
                                                              kinds: GateConfiguration.kinds(count: 9)),
                             displays: [displays[0]], guardings: ["sudo apt upgrade"])

    /// Screens too small for any board: narrow and tall, wide and short.
    static let smallScreens = [(20, 6), (30, 8), (35, 6), (45, 12), (59, 8), (80, 6)]
        .map { TerminalSize(columns: $0.0, rows: $0.1) }

    func board(_ configuration: GateConfiguration, seed: UInt64 = 5) -> Board {
        var generator = SplitMix64(seed: seed)
        return Board.deal(kinds: configuration.kinds, perKind: configuration.numberOfEachShape, using: &generator)
    }

    /// Every message a run can show: none yet, not a tile, each wrong shape, each round
    /// won. Of the counts (wrong answers left, the next round) only the number of digits
    /// changes the text's width: the first and last of each number of digits stand for
    /// the rest.
    func messages(_ configuration: GateConfiguration) -> [ScreenMessage?] {
        func counts(_ range: ClosedRange<Int>) -> [Int] {
            Set([range.lowerBound, 9, 10, range.upperBound]).filter(range.contains).sorted()
        }
        let attempts = configuration.maximumFailedAttempts, rounds = configuration.rounds
        let wrong = attempts < 2 ? [] : configuration.kinds.flatMap { kind in
            counts(1...attempts - 1).map { ScreenMessage.wrongShape(kind, attemptsLeft: $0) }
        }
        let won = rounds < 2 ? [] : counts(2...rounds).map { ScreenMessage.roundWon(next: $0, of: rounds) }
        return [nil, .notATile] + wrong + won
    }

    /// Each run in every language; the largest in English only.
    static let cases = runs.flatMap { run in BuiltInStrings.languages.map { (run, $0) } } + [(largest, "en")]

    @Test(arguments: cases)
    func aNamedSizeHoldsEveryScreenOfTheRun(_ run: Run, _ language: String) throws {
        let configuration = run.configuration
        let board = board(configuration)
        for display in run.displays {
            for guarding in run.guardings {
                let renderer = Renderer(strings: GateStrings(language: language), display: display, guarding: guarding)
                var named: Set<String> = []
                for screen in Self.smallScreens {
                    let first = renderer.frame(board, target: configuration.kinds[0], round: 1, rounds: configuration.rounds,
                                               attempts: configuration.maximumFailedAttempts, message: nil,
                                               secondsLeft: 10, size: screen)
                    guard case .failure(let needed) = first else { continue }
                    for size in needed.sizes where named.insert("\(size.columns)x\(size.rows)").inserted {
                        check(renderer, board, configuration, at: size,
                              note: "\(run) \(language) \(display.charset) \(guarding ?? "-") named at \(screen.columns)x\(screen.rows)")
                    }
                }
                #expect(!named.isEmpty)
            }
        }
    }

    /// Every target with every message at `size`, first and last round: the frame fits,
    /// with every tile.
    func check(_ renderer: Renderer, _ board: Board, _ configuration: GateConfiguration, at size: TerminalSize, note: String) {
        let rounds = configuration.rounds
        let screens = configuration.kinds.flatMap { target in
            [(target, 1, nil)] + messages(configuration).map { (target, rounds, $0) }
        }
        for (target, round, message) in screens {
            let fit = renderer.frame(board, target: target, round: round, rounds: rounds,
                                     attempts: configuration.maximumFailedAttempts, message: message,
                                     secondsLeft: 10, size: size)
            guard case .success(let frame) = fit else {
                Issue.record("\(note): \(size.columns)x\(size.rows) hides the board for \(target), round \(round), \(String(describing: message))")
                return
            }
            #expect(frame.top + frame.lines.count <= size.rows, "\(note)")
            let numbers = frame.lines.flatMap { tileNumbers(in: visibleText($0)) }
            #expect(Set(numbers).isSuperset(of: 1...board.tiles.count), "\(note): a tile is missing")
            for line in frame.lines { #expect(frame.left + visibleWidth(line) <= size.columns - 1, "\(note): \(line)") }
        }
    }

    /// The sizes the tracker quoted are among those named, and now hold a wrong answer.
    @Test func theQuotedSizesGrewByTheRowsAWrongAnswerTakes() {
        let renderer = Renderer(strings: GateStrings(language: "en"), display: Self.displays[0])
        let board = board(GateConfiguration())
        let frame = renderer.frame(board, target: board.tiles[0].kind, round: 1, rounds: 1, message: nil, secondsLeft: 10,
                                   size: TerminalSize(columns: 30, rows: 8))
        guard case .failure(let needed) = frame else { Issue.record("30x8 holds a board"); return }
        for size in needed.sizes {
            let wrong = renderer.frame(board, target: board.tiles[0].kind, round: 1, rounds: 1,
                                       message: .wrongShape(board.tiles[1].kind, attemptsLeft: 1), secondsLeft: 8, size: size)
            if case .failure = wrong { Issue.record("\(size.columns)x\(size.rows): a wrong answer hides the board") }
        }
    }

    /// 80×24, eight tiles, a wrong answer: a blank row between the last row of tiles and
    /// the message, as between the tiles and the countdown before any answer.
    @Test(arguments: displays)
    func aWrongAnswerKeepsABlankRowOffTheTilesAt80x24(_ display: Display) throws {
        let board = board(GateConfiguration())
        let renderer = Renderer(strings: GateStrings(language: "en"), display: display)
        for message in [nil, ScreenMessage.wrongShape(board.tiles[1].kind, attemptsLeft: 1), .notATile] {
            let frame = try renderer.frame(board, target: board.tiles[0].kind, round: 1, rounds: 1, message: message,
                                           secondsLeft: 10, size: TerminalSize(columns: 80, rows: 24)).get()
            let text = frame.lines.map(visibleText)
            let below = try #require(text.firstIndex { $0.hasPrefix("No, a") || $0.hasPrefix("Time left") || $0.hasPrefix("Type a number") })
            #expect(text[below - 1].isEmpty, "\(display.charset) \(String(describing: message)):\n\(text.joined(separator: "\n"))")
            #expect(frame.top + frame.lines.count <= 24)
        }
    }
}

/// A size the gate takes is a size that holds the whole run, and the sizes it names are
/// exactly the smallest it takes: over a grid of screens from 7 to 90 columns and 5 to
/// 45 rows, in every language, a board that is drawn at the start is drawn after every
/// message too; one that is not names sizes that are taken, and one row or one column
/// fewer than the first is not. No word of the gate's own is broken inside itself.
@Suite struct SizeTakenHoldsTheRunTests {
    static let sizes = stride(from: 7, through: 90, by: 7).flatMap { columns in
        stride(from: 5, through: 45, by: 4).map { TerminalSize(columns: columns, rows: $0) }
    } + [TerminalSize(columns: 63, rows: 7), TerminalSize(columns: 30, rows: 16), TerminalSize(columns: 20, rows: 22),
         TerminalSize(columns: 12, rows: 40), TerminalSize(columns: 7, rows: 70)]

    @Test(arguments: BuiltInStrings.languages)
    func aSizeTakenAtTheStartHoldsEveryMessage(_ language: String) {
        let configuration = GateConfiguration()
        var generator = SplitMix64(seed: 5)
        let board = Board.deal(kinds: configuration.kinds, perKind: configuration.numberOfEachShape, using: &generator)
        let renderer = Renderer(strings: GateStrings(language: language), display: RunLayoutTests.displays[0])
        let target = board.tiles[0].kind
        func frame(_ message: ScreenMessage?, _ size: TerminalSize) -> FrameFit {
            renderer.frame(board, target: target, round: 1, rounds: 1, message: message, secondsLeft: 10, size: size)
        }
        let messages: [ScreenMessage] = [.notATile, .wrongShape(board.tiles[1].kind, attemptsLeft: 1)]
        for size in Self.sizes {
            switch frame(nil, size) {
            case .success(let first):
                for message in messages {
                    if case .failure = frame(message, size) {
                        Issue.record("\(language) \(size.columns)x\(size.rows): taken, then \(message) hides the board")
                    }
                }
                // The instruction, when a plan shows it, has every word whole on the screen.
                let screen = first.lines.map(visibleText).joined(separator: " ")
                let words = renderer.frameText(board, target: target, round: 1, rounds: 1, message: nil, secondsLeft: 10,
                                               columns: size.columns).header.last!.text.split(separator: " ")
                if let opening = words.first, screen.contains(opening + " ") {
                    for word in words { #expect(screen.contains(word), "\(language) \(size.columns)x\(size.rows): '\(word)' is broken") }
                }
            case .failure(let needed):
                guard let smallest = needed.sizes.first else { continue }
                if case .failure = frame(nil, smallest) {
                    Issue.record("\(language): \(smallest.columns)x\(smallest.rows) is named but not taken")
                }
                let shorter = TerminalSize(columns: smallest.columns, rows: smallest.rows - 1)
                if case .success = frame(nil, shorter), smallest.columns >= size.columns {
                    Issue.record("\(language): \(shorter.columns)x\(shorter.rows) is taken, smaller than the \(smallest.columns)x\(smallest.rows) named")
                }
            }
        }
    }
}
