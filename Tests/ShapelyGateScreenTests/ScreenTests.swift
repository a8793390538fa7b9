// ScreenTests.swift — what the renderer, the layout and the painter put on screen:
// words wrapped at spaces, the largest tile size that fits, a too-small screen named,
// plain lines without escapes, and the countdown rewritten alone.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateScreen

@Suite struct ScreenTests {
    let board = Board(tiles: [Tile(kind: .circle, color: .red), Tile(kind: .pentagon, color: .blue), Tile(kind: .square, color: .green)])
    let blocks = Display(charset: .blocks, colorMode: .indexed, cursorControl: true)

    func deal(kinds: Int, perKind: Int) -> Board {
        var generator = SplitMix64(seed: 7)
        return Board.deal(kinds: GateConfiguration.kinds(count: kinds), perKind: perKind, using: &generator)
    }

    func frame(_ board: Board, _ size: TerminalSize, language: String = "en", display: Display? = nil,
               message: ScreenMessage? = nil) -> FrameFit {
        Renderer(strings: GateStrings(language: language), display: display ?? blocks, guarding: "sudo apt upgrade")
            .frame(board, target: .pentagon, round: 1, rounds: 1, message: message, secondsLeft: 10, size: size)
    }

    @Test func wordsWrapAtSpacesAndLongWordsAreCut() {
        #expect(TextLayout.wrap("drop the pentagon now", width: 10) == ["drop the", "pentagon", "now"])
        #expect(TextLayout.wrap("abcdefghijkl x", width: 5) == ["abcde", "fghij", "kl x"])
        #expect(TextLayout.wrap("", width: 5) == [""])
        #expect(TextLayout.truncate("sudo apt upgrade", width: 8) == "sudo ap…")
    }

    @Test(arguments: BuiltInStrings.languages)
    func everyLanguageFitsFortyColumnsWithoutBreakingAWord(_ language: String) throws {
        let fitted = try frame(deal(kinds: 4, perKind: 2), TerminalSize(columns: 40, rows: 20), language: language,
                               display: Display(charset: .blocks, colorMode: .plain, cursorControl: true),
                               message: .wrongShape(.circle, attemptsLeft: 1)).get()
        let strings = GateStrings(language: language)
        let texts = [strings.text(.lastTry, ["shape": strings.name(of: .circle)]),
                     strings.text(.description(of: .pentagon))]
        let tokens = Set(fitted.lines.flatMap { $0.split(separator: " ").map(String.init) })
        for line in fitted.lines { #expect(line.count <= 39, "\(language): \(line)") }
        // Every word of every sentence is on screen whole: nothing was broken mid-word.
        for word in texts.flatMap({ $0.split(separator: " ").map(String.init) }) {
            #expect(tokens.contains(word), "\(language): '\(word)' was broken")
        }
        #expect(fitted.lines.count <= 20)
    }

    @Test func eightTilesAt80x24UseAMediumSizeOrLarger() throws {
        let fitted = try frame(deal(kinds: 4, perKind: 2), TerminalSize(columns: 80, rows: 24)).get()
        #expect(fitted.lines.count <= 24)
        let tileRows = fitted.lines.filter { $0.contains("\u{1B}[38;5;") }
        // Medium blocks are six rows high: two rows of tiles of six lines at least.
        #expect(tileRows.count >= 12)
    }

    @Test(arguments: [(TerminalSize(columns: 40, rows: 20), 4, 2), (TerminalSize(columns: 120, rows: 40), 9, 3),
                      (TerminalSize(columns: 200, rows: 30), 4, 2)])
    func theWholeFrameFits(_ size: TerminalSize, _ kinds: Int, _ perKind: Int) throws {
        let fitted = try frame(deal(kinds: kinds, perKind: perKind), size).get()
        #expect(fitted.lines.count <= size.rows)
        for line in fitted.lines { #expect(visibleWidth(line) < size.columns) }
        for number in 1...(kinds * perKind) { #expect(fitted.lines.contains { $0.contains(" \(number) ") || $0.contains("\(number) ") }) }
    }

    @Test func asciiFitsEightTilesAt40x20WithTheTinySizeAsALastResort() throws {
        let ascii = Display(charset: .ascii, colorMode: .plain, cursorControl: true)
        let fitted = try frame(deal(kinds: 4, perKind: 2), TerminalSize(columns: 40, rows: 20), display: ascii).get()
        #expect(fitted.lines.count <= 20)
        #expect(fitted.lines.allSatisfy { $0.allSatisfy(\.isASCII) })
        // With room to spare, the rough tiny size is not used: at 80x24 the tiles are taller.
        let roomy = try frame(deal(kinds: 4, perKind: 2), TerminalSize(columns: 80, rows: 24), display: ascii).get()
        #expect(roomy.lines.count > fitted.lines.count)
    }

    @Test func aScreenTooSmallForAnyBoardSaysWhatItNeeds() {
        guard case .failure(let needed) = frame(deal(kinds: 9, perKind: 3), TerminalSize(columns: 40, rows: 12)) else {
            Issue.record("a board was fitted into 40x12"); return
        }
        #expect(needed.preferred.rows > 12)
        #expect(needed.preferred.columns >= 40)
        // Each size named fits, and the narrowest comes first.
        for size in needed.sizes { #expect((try? frame(deal(kinds: 9, perKind: 3), size).get()) != nil, "\(size)") }
        // None could be narrower with the same rows (from the screen's own width on).
        for size in needed.sizes where size.columns > 40 {
            let narrower = TerminalSize(columns: size.columns - 1, rows: size.rows)
            #expect((try? frame(deal(kinds: 9, perKind: 3), narrower).get()) == nil, "\(narrower)")
        }
        #expect(needed.sizes.map(\.columns) == needed.sizes.map(\.columns).sorted())
        #expect(needed.sizes.contains { $0.rows <= 12 }, "no wider size with the screen's own rows: \(needed.sizes)")
    }

    @Test func plainLinesHaveNoEscapes() {
        let renderer = Renderer(strings: GateStrings(language: "en"), display: .plain)
        let text = renderer.board(board, target: .pentagon, round: 1, rounds: 1, width: 80)
        #expect(text.contains("Parental Gate\nFind a pentagon and type its number.\nType the number, then press Enter."))
        #expect(!text.contains("\u{1B}"))
        #expect(renderer.prompt(target: .pentagon, tileCount: 3, secondsLeft: 75, width: 80) == "Time left: 01:15\ndrop the pentagon: choose 1-3 ")
        #expect(renderer.plainClosing(.denied(.timeExpired), width: 80) == "Time is up: The countdown reached zero before the right shape was chosen.\n")
    }

    @Test func theLastThreeSecondsStandOut() {
        let renderer = Renderer(strings: GateStrings(language: "en"), display: blocks)
        #expect(renderer.countdown(seconds: 4, width: 80) == "Time left: 00:04")
        #expect(renderer.countdown(seconds: 3, width: 80).contains("\u{1B}[1m"))
        let monochrome = Renderer(strings: GateStrings(language: "en"), display: Display(charset: .blocks, colorMode: .monochrome, cursorControl: true))
        #expect(monochrome.countdown(seconds: 2, width: 80) == "\u{1B}[1mTime left: 00:02\u{1B}[0m")
    }

    @Test func aTickRewritesOnlyTheCountdownLine() throws {
        let fitted = try frame(board, TerminalSize(columns: 80, rows: 24)).get()
        let tick = Painter.countdown(fitted, text: "Time left: 00:09", answer: "3", columns: 80)
        let row = fitted.top + fitted.countdownRow! + 1
        let column = fitted.left + 1
        #expect(tick.hasPrefix("\u{1B}[\(row);\(column)HTime left: 00:09\u{1B}[K\u{1B}[\(row + 1);\(column + fitted.promptWidth)H3"))
    }

    @Test func displayDetection() {
        let utf8 = ["TERM": "xterm-256color", "LANG": "en_US.UTF-8"]
        #expect(Display.detect(environment: utf8, noColor: false) == Display(charset: .blocks, colorMode: .indexed, cursorControl: true))
        #expect(Display.detect(environment: ["TERM": "linux", "LANG": "en_US.UTF-8"], noColor: false).charset == .console)
        #expect(Display.detect(environment: ["TERM": "dumb", "LANG": "en_US.UTF-8"], noColor: false) == Display(charset: .ascii, colorMode: .plain, cursorControl: false))
        #expect(Display.detect(environment: ["LANG": "en_US.UTF-8"], noColor: false).cursorControl == false)
        #expect(Display.detect(environment: utf8.merging(["NO_COLOR": "1"]) { $1 }, noColor: false).colorMode == .monochrome)
    }
}

/// Columns a line takes on screen: characters outside escape sequences.
func visibleWidth(_ line: String) -> Int {
    var count = 0
    var inEscape = false
    for scalar in line.unicodeScalars {
        if scalar == "\u{1B}" { inEscape = true; continue }
        if inEscape { if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }; continue }
        count += 1
    }
    return count
}
