// ScreenLayoutTests.swift — the board at the sizes people's terminals have: --strict's
// sixteen tiles at 40×20 in every language and character set, what a pass allows
// shown whole, words and styles that survive wrapping, closing lines without an alert
// button, the target's name standing out, and the board centred on a large screen.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateScreen

@Suite struct ScreenLayoutTests {
    static let displays = [Display(charset: .blocks, colorMode: .indexed, cursorControl: true),
                           Display(charset: .ascii, colorMode: .basic, cursorControl: true),
                           Display(charset: .console, colorMode: .basic, cursorControl: true)]

    func deal(kinds: Int, perKind: Int = 2, seed: UInt64 = 3) -> Board {
        var generator = SplitMix64(seed: seed)
        return Board.deal(kinds: GateConfiguration.kinds(count: kinds), perKind: perKind, using: &generator)
    }

    func renderer(_ language: String, _ display: Display, guarding: String? = nil) -> Renderer {
        Renderer(strings: GateStrings(language: language), display: display, guarding: guarding)
    }

    /// Every number of the board, each once, on the frame's lines.
    func numbers(_ frame: Frame) -> [Int] {
        frame.lines.flatMap { tileNumbers(in: visibleText($0)).sorted() }.sorted()
    }

    @Test(arguments: BuiltInStrings.languages)
    func strictFits40x20InEveryCharacterSetAllTilesAtOnce(_ language: String) throws {
        let board = deal(kinds: 8)
        let targets = Array(Set(board.tiles.map(\.kind))).sorted { $0.rawValue < $1.rawValue }
        // Sixteen 6×4 tiles take 16 lines: what is guarded, a message, the countdown and the
        // prompt take the other four, so every message and every prompt fits one line at 39
        // columns in every language, whichever shape is asked for or was chosen wrongly.
        let messages: [ScreenMessage?] = [nil, .roundWon(next: 2, of: 3), .notATile]
            + ShapeKind.allCases.map { .wrongShape($0, attemptsLeft: 1) }
        for display in Self.displays {
            for (index, message) in messages.enumerated() {
                for guarding in [nil, "sudo apt upgrade"] as [String?] {
                    let note = "\(language) \(display.charset) \(String(describing: message)) \(guarding ?? "-")"
                    let frame = try renderer(language, display, guarding: guarding)
                        .frame(board, target: targets[index % targets.count], round: 1, rounds: 3, message: message,
                               secondsLeft: 60, size: TerminalSize(columns: 40, rows: 20)).get()
                    #expect(frame.top + frame.lines.count <= 20, "\(note)")
                    for line in frame.lines { #expect(frame.left + visibleWidth(line) <= 39, "\(note): \(line)") }
                    #expect(Set(numbers(frame)).isSuperset(of: 1...16), "\(note)")
                    if let guarding { #expect(frame.lines.contains { visibleText($0).contains(guarding) }, "\(note)") }
                }
            }
        }
    }

    @Test func theCommandAPassAllowsIsShownWhole() throws {
        let command = "sudo touch /tmp/" + String(repeating: "x", count: 60) + " /tmp/HIDDEN  'two  spaces'"
        for display in Self.displays {
            let frame = try renderer("en", display, guarding: command)
                .frame(deal(kinds: 4), target: .circle, round: 1, rounds: 1, message: nil, secondsLeft: 10,
                       size: TerminalSize(columns: 40, rows: 24)).get()
            let text = frame.lines.map(visibleText).joined(separator: "\n")
            #expect(!text.contains("…"))
            #expect(text.contains("/tmp/HIDDEN") && text.contains("'two  spaces'"), "\(text)")
            #expect(text.replacingAll("\n", with: "").contains("/tmp/" + String(repeating: "x", count: 60)))
        }
    }

    @Test func aCommandThatCannotFitHidesTheBoard() {
        let command = (0..<300).map { "/tmp/file\($0)" }.joined(separator: " ")
        let result = renderer("en", Self.displays[0], guarding: command)
            .frame(deal(kinds: 4), target: .circle, round: 1, rounds: 1, message: nil, secondsLeft: 10,
                   size: TerminalSize(columns: 40, rows: 20))
        guard case .failure(let needed) = result else { Issue.record("a board with a cut command"); return }
        #expect(needed.sizes.allSatisfy { $0.columns >= 40 })
    }

    /// The target's name is marked as a whole word, in any case, every time, and nowhere
    /// inside another word; ASCII lines (read as bytes) and others alike.
    @Test func theNameIsMarkedAsAWholeWordOnly() {
        func mark(_ word: String, _ line: String) -> String { TextLayout.marking(word, in: line, on: "<", off: ">") }
        #expect(mark("star", "Find a Star and type its number, star.") == "Find a <Star> and type its number, <star>.")
        #expect(mark("star", "starfish superstar stars") == "starfish superstar stars")
        #expect(mark("cross", "cross") == "<cross>")
        #expect(mark("étoile", "Trouve une Étoile, une étoile.") == "Trouve une <Étoile>, une <étoile>.")
        #expect(mark("circle", "Finde einen círcle-Kreis: circle") == "Finde einen círcle-Kreis: <circle>")
        #expect(mark("", "anything") == "anything" && mark("longer word", "short") == "short")
    }

    @Test func wrappingKeepsSpacesInsideLinesAndEveryCharacter() {
        #expect(TextLayout.wrap("a  b c", width: 10) == ["a  b c"])
        #expect(TextLayout.wrap("abc def", width: 3) == ["abc", "def"])
        let bold = TextPart("one two three four", bold: true).lines(width: 9, mode: .monochrome)
        #expect(bold == ["\u{1B}[1mone two\u{1B}[0m", "\u{1B}[1mthree\u{1B}[0m", "\u{1B}[1mfour\u{1B}[0m"])
    }

    @Test(arguments: BuiltInStrings.languages)
    func closingLinesWrapAtWordsAndShowNoButton(_ language: String) {
        let strings = GateStrings(language: language)
        for display in [Display.plain, Self.displays[0]] {
            for reason in [DenialReason.tooManyAttempts, .timeExpired] {
                let closing = renderer(language, display, guarding: "echo hallo").closing(.denied(reason), width: 40)
                let lines = closing.split(separator: "\n").map { visibleText(String($0)) }
                #expect(!closing.contains("[") || display != .plain, "\(closing)")
                #expect(!lines.joined().contains("[\(strings.text(.tooManyOK))]"))
                for line in lines { #expect(DisplayWidth.of(line) <= 39, "\(language): \(line)") }
                let description = strings.text(reason == .tooManyAttempts ? .tooManyDescription : .expiredDescription)
                let words = Set(lines.flatMap { $0.split(separator: " ") })
                for word in description.split(separator: " ") { #expect(words.contains(word), "\(language): \(word) broken") }
                // Every line of the styled title is styled on its own.
                for line in closing.split(separator: "\n") where line.contains("\u{1B}[") { #expect(line.hasSuffix("\u{1B}[0m") || line.contains("\u{1B}[0m")) }
            }
        }
    }

    @Test(arguments: BuiltInStrings.languages)
    func theTargetsNameStandsOutInTheInstruction(_ language: String) {
        let renderer = renderer(language, Self.displays[0])
        for kind in ShapeKind.allCases {
            let part = renderer.header(target: kind, round: 1, rounds: 1).last!
            let styled = part.lines(width: 200, mode: .indexed).joined()
            #expect(styled.contains("\u{1B}[1;4m"), "\(language) \(kind): \(part.text)")
            // Bold and underline only: no colour a non-reader could match with a tile.
            #expect(!styled.contains("38;5;") && !styled.contains("\u{1B}[3"), "\(language) \(kind)")
        }
    }

    /// Where the instruction is left out, the prompt's name is underlined; where the
    /// instruction is shown, the prompt stays as it was.
    @Test(arguments: BuiltInStrings.languages)
    func thePromptNamesTheTargetWhenTheInstructionIsLeftOut(_ language: String) throws {
        let board = deal(kinds: 8)
        for (rows, leftOut) in [(20, true), (40, false)] {
            let frame = try renderer(language, Self.displays[0], guarding: "sudo apt upgrade")
                .frame(board, target: .star, round: 1, rounds: 1, message: .wrongShape(.square, attemptsLeft: 1),
                       secondsLeft: 60, size: TerminalSize(columns: 40, rows: rows)).get()
            let instruction = GateStrings(language: language).text(.description(of: .star))
            #expect(frame.lines.contains { visibleText($0).contains(String(instruction.prefix(12))) } != leftOut, "\(language) \(rows)")
            #expect(frame.lines[frame.promptRow].contains("\u{1B}[4m") == leftOut, "\(language) \(rows)")
        }
    }

    @Test func theWrongAnswerIsSetApartAndStyled() throws {
        let board = deal(kinds: 4)
        for size in [TerminalSize(columns: 80, rows: 30), TerminalSize(columns: 40, rows: 20)] {
            let frame = try renderer("en", Self.displays[0])
                .frame(board, target: .circle, round: 1, rounds: 1, message: .wrongShape(.square, attemptsLeft: 1),
                       secondsLeft: 10, size: size).get()
            let row = try #require(frame.lines.firstIndex { $0.contains("No, a square.") })
            let last = try #require(frame.lines.lastIndex { $0.contains("Last try.") })
            #expect(frame.lines[row - 1].isEmpty && frame.lines[last + 1].isEmpty, "\(size)")
            #expect(frame.lines[row].hasPrefix("\u{1B}[1;38;5;"))
            // Once answered, how to answer is not repeated.
            #expect(!frame.lines.contains { $0.contains("press Enter") })
        }
    }

    @Test func theBoardIsCentredOnALargeScreen() throws {
        let frame = try renderer("en", Self.displays[0])
            .frame(deal(kinds: 4), target: .circle, round: 1, rounds: 1, message: nil, secondsLeft: 10,
                   size: TerminalSize(columns: 200, rows: 60)).get()
        let widest = frame.lines.map(visibleWidth).max()!
        #expect(abs((199 - widest - frame.left) - frame.left) <= 1)
        #expect(abs((60 - frame.lines.count - frame.top) - frame.top) <= 1)
        #expect(frame.top > 0 && frame.left > 0)
    }

    @Test func aLongCountdownLabelKeepsTheCentredFrameInsideTheScreen() throws {
        let long = "Remaining time before this parental gate closes itself for good and all"
        let renderer = Renderer(strings: GateStrings(language: "en", overrides: [.countdown: long]), display: Self.displays[0])
        let frame = try renderer.frame(deal(kinds: 4, perKind: 1), target: .circle, round: 1, rounds: 1, message: nil,
                                       secondsLeft: 2, size: TerminalSize(columns: 60, rows: 40)).get()
        for line in frame.lines { #expect(frame.left + TextLayout.visibleWidth(line) <= 59, "\(line)") }
    }

    /// The colon after the label is the language's (French sets a no-break space before
    /// it); an override's colon too wide for the line is a plain one, so the countdown
    /// never runs past the screen onto the prompt.
    @Test func theColonFollowsTheLanguageAndNeverPushesTheCountdownOffTheScreen() throws {
        let french = Renderer(strings: GateStrings(language: "fr"), display: Self.displays[0])
        #expect(visibleText(french.countdown(seconds: 42, width: 40)) == "Temps restant\u{00A0}: 00:42")
        let long = String(repeating: "colon ", count: 12)
        let renderer = Renderer(strings: GateStrings(language: "en", overrides: [.colon: long]), display: Self.displays[0])
        for width in [20, 40, 80, 100] {
            let line = visibleText(renderer.countdown(seconds: 9, width: width))
            #expect(DisplayWidth.of(line) <= width - 1 && line.hasSuffix(width < 80 ? ": 00:09" : "colon  00:09"),
                    "\(width): \(line)")
        }
        let frame = try renderer.frame(deal(kinds: 4), target: .square, round: 1, rounds: 1, message: nil,
                                       secondsLeft: 9, size: TerminalSize(columns: 40, rows: 24)).get()
        #expect(visibleText(frame.lines[frame.promptRow]).contains("drop the square: choose 1-8"))
        for line in frame.lines { #expect(frame.left + TextLayout.visibleWidth(line) <= 39, "\(line)") }
    }

    @Test func aCutCountdownLabelEndsInDotsWithoutUTF8() {
        let long = "Remaining time before this parental gate closes itself for good"
        let ascii = Renderer(strings: GateStrings(language: "en", overrides: [.countdown: long]), display: Self.displays[1])
        let line = ascii.countdown(seconds: 9, width: 40)
        #expect(line.hasSuffix("...: 00:09") && line.allSatisfy(\.isASCII) && line.count <= 39, "\(line)")
        let frame = try! ascii.frame(deal(kinds: 4), target: .circle, round: 1, rounds: 1, message: nil, secondsLeft: 9,
                                     size: TerminalSize(columns: 40, rows: 24)).get()
        let typed = Painter.answerText(frame, String(repeating: "7", count: 60), columns: 40)
        #expect(typed.contains("...777") && typed.allSatisfy(\.isASCII), "\(typed)")
    }

    /// Rows that touch: no tile is drawn in the colour of the tile just above it, in the
    /// coloured mode; spaced rows keep every tile's own colour.
    @Test(arguments: [ColorMode.indexed])
    func touchingRowsNeverStackOneColour(_ mode: ColorMode) throws {
        let tiles = (0..<8).map { Tile(kind: ShapeKind.allCases[$0 % 4], color: .red) }
        let board = Board(tiles: tiles)
        let display = Display(charset: .blocks, colorMode: mode, cursorControl: true)
        let size = try #require(Charset.blocks.sizes.first)
        let touching = TileArrangement(charset: .blocks, size: size, numbersBeside: true, spaced: false)
        let lines = try #require(touching.lines(board, display: display, width: 40))
        let perRow = try #require(touching.perRow(8, width: 40))
        // The first line of each row of tiles holds one colour code per tile, in order.
        func codes(_ line: String) -> [String] {
            line.split(separator: "\u{1B}[", omittingEmptySubsequences: false).filter { $0.hasPrefix("3") }.map { String($0.prefix { $0 != "m" }) }
        }
        let first = codes(lines[0]), second = codes(lines[size.rows])
        #expect(perRow < 8 && first.count == perRow && second.count == min(perRow, 8 - perRow))
        for (upper, lower) in zip(first, second) { #expect(upper != lower) }
        let spaced = TileArrangement(charset: .blocks, size: size, numbersBeside: true, spaced: true)
        let apart = try #require(spaced.lines(board, display: display, width: 40))
        #expect(Set(codes(apart[0]) + codes(apart[size.rows + 1])).count == 1)
    }

    /// Where rows touch, the last line of every row of tiles holds only the top halves of
    /// cells: half a cell stays free above the tile below, so no two tiles meet, in every
    /// character set and without colour. Spaced rows draw tiles whole.
    @Test(arguments: Charset.allCases)
    func touchingRowsKeepHalfACellBetweenTiles(_ charset: Charset) throws {
        let board = Board(tiles: (0..<18).map { Tile(kind: ShapeKind.allCases[$0 % 9], color: .red) })
        let display = Display(charset: charset, colorMode: .monochrome, cursorControl: true)
        let topHalves = Set(charset == .blocks ? " ▘▝▀" : charset == .ascii ? " '-" : " ▀")
        for size in Layout.tileSizes(charset) {
            let touching = TileArrangement(charset: charset, size: size, numbersBeside: true, spaced: false)
            let lines = try #require(touching.lines(board, display: display, width: 80), "\(charset) \(size)")
            for row in stride(from: size.rows - 1, to: lines.count, by: size.rows) {
                let drawn = lines[row].filter { !$0.isNumber }
                #expect(drawn.allSatisfy(topHalves.contains), "\(charset) \(size) line \(row): \(lines[row])")
            }
            let spaced = TileArrangement(charset: charset, size: size, numbersBeside: true, spaced: true)
            let whole = try #require(spaced.lines(board, display: display, width: 80))
            #expect(!whole[size.rows - 1].filter { !$0.isNumber }.allSatisfy(topHalves.contains),
                    "\(charset) \(size): a spaced row's last line is whole")
        }
    }
}

/// A line as it shows: escape sequences removed.
func visibleText(_ line: String) -> String {
    var out = ""
    var inEscape = false
    for character in line {
        if character == "\u{1B}" { inEscape = true; continue }
        if inEscape { if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) && character != "[" { inEscape = false }; continue }
        out.append(character)
    }
    return out
}
