// ScreenWidthTests.swift — the screen measured in columns, not characters: wide
// characters wrap and truncate to the screen's width, the answer follows a wide
// prompt, the countdown stays one line whatever its label, and the Linux console draws
// a whole board with its own blocks where a UTF-8 terminal would.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateScreen

@Suite struct ScreenWidthTests {
    static let cjk = "日本語のテキスト日本語のテキスト日本語のテキスト 短い 言葉、そして長い文章が続きます。"

    @Test func widthsCountColumns() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("ｱＡ") == 3)  // halfwidth katakana is narrow, fullwidth A wide
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("한글") == 4)
    }

    @Test(arguments: [1, 2, 3, 9, 10, 39, 79])
    func wrappedAndTruncatedWideTextNeverPassesTheWidth(_ width: Int) {
        let lines = TextLayout.wrap(Self.cjk + " mixed 日本 text", width: width)
        for line in lines { #expect(DisplayWidth.of(line) <= max(width, 2), "\(width): \(line)") }
        if width >= 2 { for line in lines { #expect(DisplayWidth.of(line) <= width) } }
        // Nothing is lost or split: the characters come back in order.
        #expect(lines.joined().filter { $0 != " " } == (Self.cjk + " mixed 日本 text").filter { $0 != " " })
        let cut = TextLayout.truncate(Self.cjk, width: width)
        #expect(DisplayWidth.of(cut) <= max(width, 1))
        #expect(cut.hasSuffix("…"))
    }

    @Test func wrapStillBreaksAtSpacesAndFillsLines() {
        #expect(TextLayout.wrap("日本 語の テキスト", width: 8) == ["日本", "語の", "テキスト"])
        #expect(TextLayout.wrap("日本語のテ", width: 5) == ["日本", "語の", "テ"])
        #expect(TextLayout.truncate("日本語のテキスト", width: 8) == "日本語…")
        #expect(TextLayout.truncate("日本語", width: 6) == "日本語")
    }

    @Test func theAnswerFollowsAWidePromptAndALongAnswerFitsItsLine() throws {
        var strings = GateStrings(language: "en").overrides
        strings[.prompt] = "図形を選んでください 1-{count}"
        let renderer = Renderer(strings: GateStrings(language: "en", overrides: strings),
                                display: Display(charset: .blocks, colorMode: .plain, cursorControl: true))
        let board = Board(tiles: [Tile(kind: .circle, color: .red), Tile(kind: .square, color: .blue)])
        let frame = try renderer.frame(board, target: .circle, round: 1, rounds: 1, message: nil, secondsLeft: 10,
                                       size: TerminalSize(columns: 40, rows: 30)).get()
        #expect(frame.promptWidth == DisplayWidth.of(frame.lines.last!))
        var screen = TerminalScreen(rows: 30, columns: 40)
        screen.feed(Painter.full(frame, answer: "２２２２２２２２２２２２２２２２２２", columns: 40))
        let row = frame.top + frame.promptRow
        #expect(screen.lines[row].dropFirst(frame.left).hasPrefix("図形を選んでください 1-2 …２"))
        #expect(!screen.isAutowrapped(row: row))
    }

    @Test func aLongCountdownLabelIsCutToOneLine() throws {
        let label = "Remaining time before this parental gate closes itself for good"
        let renderer = Renderer(strings: GateStrings(language: "en", overrides: [.countdown: label]),
                                display: Display(charset: .blocks, colorMode: .plain, cursorControl: true))
        for width in [20, 40, 60] {
            let line = renderer.countdown(seconds: 9, width: width)
            #expect(DisplayWidth.of(line) <= width - 1, "\(width): \(line)")
            #expect(line.hasSuffix("…: 00:09"))
        }
        #expect(renderer.countdown(seconds: 9, width: 200) == label + ": 00:09")
        let board = Board(tiles: [Tile(kind: .circle, color: .red), Tile(kind: .square, color: .blue)])
        let frame = try renderer.frame(board, target: .circle, round: 1, rounds: 1, message: nil, secondsLeft: 9,
                                       size: TerminalSize(columns: 40, rows: 30)).get()
        #expect(frame.countdownRow == frame.promptRow - 1)
        #expect(frame.lines[frame.countdownRow!].hasSuffix("…: 00:09"))
    }

    static let console = Display(charset: .console, colorMode: .plain, cursorControl: true)

    func deal(kinds: Int, perKind: Int) -> Board {
        var generator = SplitMix64(seed: 9)
        return Board.deal(kinds: GateConfiguration.kinds(count: kinds), perKind: perKind, using: &generator)
    }

    func consoleFrame(_ board: Board, _ size: TerminalSize) -> FrameFit {
        Renderer(strings: GateStrings(language: "en"), display: Self.console)
            .frame(board, target: board.tiles[0].kind, round: 1, rounds: 1, message: nil, secondsLeft: 10, size: size)
    }

    /// The console draws with the blocks its fonts have, half blocks included, at the
    /// sizes UTF-8 terminals get: --strict's sixteen tiles at 80×25 as well, never ASCII.
    @Test(arguments: [(8, 2), (6, 2), (9, 1)])
    func theConsoleDrawsItsOwnBlocksAt80x25(_ kinds: Int, _ perKind: Int) throws {
        let frame = try consoleFrame(deal(kinds: kinds, perKind: perKind), TerminalSize(columns: 80, rows: 25)).get()
        #expect(frame.lines.count <= 25)
        let consoleBlocks: Set<Character> = ["█", "▀", "▄", "▌", "▐"]
        for line in frame.lines { #expect(line.count <= 79 && line.allSatisfy { consoleBlocks.contains($0) || $0.isASCII }, "\(line)") }
        let tiles = frame.lines.joined()
        #expect(tiles.contains("▀") && tiles.contains("▄") && !tiles.contains("/"), "\(frame.lines.joined(separator: "\n"))")
        for number in 1...kinds * perKind { #expect(frame.lines.contains { tileNumbers(in: $0).contains(number) }) }
    }

    @Test func theConsoleKeepsItsOwnTilesWhenTheyFit() throws {
        let frame = try consoleFrame(deal(kinds: 4, perKind: 2), TerminalSize(columns: 80, rows: 25)).get()
        #expect(frame.lines.contains { $0.contains("█") })
    }

    @Test func aBoardTooLargeForTheConsoleIsRefusedWithTheSizeItNeeds() {
        guard case .failure(let needed) = consoleFrame(deal(kinds: 9, perKind: 9), TerminalSize(columns: 80, rows: 25)) else {
            Issue.record("81 tiles fitted 80×25")
            return
        }
        #expect(needed.preferred.rows > 25)
        // That size is enough.
        let frame = try? consoleFrame(deal(kinds: 9, perKind: 9), needed.preferred).get()
        #expect(frame != nil)
    }
}

/// The numbers on a line standing alone: runs of digits, whatever is around them.
func tileNumbers(in line: String) -> Set<Int> {
    Set(line.split { !$0.isASCII || !$0.isNumber }.compactMap { Int($0) })
}
