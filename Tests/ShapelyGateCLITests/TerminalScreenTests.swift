// TerminalScreenTests.swift — the test support's terminal model checked against what
// xterm does with the same bytes, so that end-to-end tests can trust what it says a
// person sees.

import TestSupport
import Testing

private let esc = "\u{1B}"
private let csi = "\u{1B}["

private func screen(_ rows: Int, _ columns: Int, _ input: String) -> TerminalScreen {
    var screen = TerminalScreen(rows: rows, columns: columns)
    screen.feed(input)
    return screen
}

private func screen(_ input: String) -> TerminalScreen { screen(5, 10, input) }

@Suite struct TerminalScreenTests {
    @Test func printsLinesAndTrimsTrailingBlanks() {
        let shown = screen("ab  \r\ncd")
        #expect(shown.lines == ["ab", "cd", "", "", ""])
        #expect(shown.text == "ab\ncd\n\n\n")
        #expect(shown.cursor == (1, 2))
        #expect(shown.cell(row: 0, column: 1).character == "b")
    }

    @Test func lineFeedKeepsTheColumnAndCarriageReturnOverwrites() {
        #expect(screen("ab\ncd").lines.prefix(2) == ["ab", "  cd"])
        #expect(screen("abcdef\rXY").lines[0] == "XYcdef")
    }

    @Test func theCursorWaitsOnTheLastColumnUntilTheNextCharacter() {
        var shown = screen(3, 5, "abcde")
        #expect(shown.cursor == (0, 4))
        #expect(shown.lines == ["abcde", "", ""])
        #expect(!shown.isAutowrapped(row: 0))
        shown.feed("f")
        #expect(shown.lines == ["abcde", "f", ""])
        #expect(shown.cursor == (1, 1))
        #expect(shown.isAutowrapped(row: 0))
        // A carriage return (or any cursor move) cancels the pending wrap.
        let returned = screen(3, 5, "abcde\rX")
        #expect(returned.lines == ["Xbcde", "", ""])
        let ended = screen(3, 5, "abcde\r\nX")
        #expect(ended.lines == ["abcde", "X", ""])
        #expect(!ended.isAutowrapped(row: 0))
        // Backspace from the pending wrap moves back from the last column.
        #expect(screen(3, 5, "abcde\u{8}X").lines[0] == "abcXe")
        // Erasing from the pending wrap erases the last column and cancels the wrap.
        #expect(screen(3, 5, "abcde\(csi)Kz").lines == ["abcdz", "", ""])
    }

    @Test func withoutAutowrapTheLastColumnIsOverwritten() {
        let shown = screen(3, 5, "\(csi)?7labcdefg")
        #expect(shown.lines == ["abcdg", "", ""])
        #expect(shown.cursor == (0, 4))
        #expect(screen(3, 5, "\(csi)?7l\(csi)?7habcdefg").lines == ["abcde", "fg", ""])
    }

    @Test func lineFeedAtTheBottomScrollsIntoTheScrollback() {
        let shown = screen(3, 10, "one\r\ntwo\r\nthree\r\nfour\r\nfive")
        #expect(shown.lines == ["three", "four", "five"])
        #expect(shown.scrollback == ["one", "two"])
        #expect(shown.allLines == ["one", "two", "three", "four", "five"])
        // Autowrap scrolls as well.
        #expect(screen(2, 3, "abcdefghi").scrollback == ["abc"])
    }

    @Test func utf8IsDecodedAcrossFeedsAndBadBytesShowAsReplacements() {
        var shown = TerminalScreen(rows: 2, columns: 20)
        let text = Array("é▗█▖😀x".utf8)
        for byte in text { shown.feed([byte]) }
        #expect(shown.lines[0] == "é▗█▖😀x")
        #expect(shown.cursor == (0, 7))  // the emoji is wide
        var broken = TerminalScreen(rows: 2, columns: 20)
        broken.feed([0x61, 0xFF, 0x62, 0xC3])
        broken.feed([0x28, 0xE2, 0x96])
        broken.feed([0x63, 0xED, 0xA0, 0x80, 0xC0, 0xAF])
        #expect(broken.lines[0] == "a\u{FFFD}b\u{FFFD}(\u{FFFD}c\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func everyBlockAndQuadrantGlyphTakesOneColumnExactly() {
        let glyphs = (0x2580...0x259F).map { Character(Unicode.Scalar($0)!) }
        let shown = screen(2, 40, String(glyphs))
        #expect(Array(shown.lines[0]) == glyphs)
        #expect(shown.cursor == (0, 32))
        for (column, glyph) in glyphs.enumerated() { #expect(shown.cell(row: 0, column: column).character == glyph) }
    }

    @Test func combiningMarksJoinTheCharacterBeforeThem() {
        let shown = screen(2, 10, "e\u{301}x")
        #expect(shown.cell(row: 0, column: 0).character == "é")
        #expect(shown.cursor == (0, 2))
    }

    @Test func backspaceTabAndBell() {
        #expect(screen("ab\u{8}\u{8}\u{8}X").lines[0] == "Xb")
        #expect(screen(2, 20, "a\tb\tc").lines[0] == "a       b       c")
        #expect(screen(2, 10, "a\t\t\tb").lines[0] == "a        b")
        #expect(screen("a\u{7}b\u{0}c").lines[0] == "abc")
    }

    @Test func cursorMovesAreOneBasedAndClamped() {
        var shown = screen(5, 10, "\(csi)3;4HX")
        #expect(shown.lines[2] == "   X")
        shown.feed("\(csi)HY\(csi)99;99fZ")
        #expect(shown.lines[0] == "Y" && shown.lines[4] == "         Z")
        shown.feed("\(csi)2;2H\(csi)AA\(csi)5BB")
        #expect(shown.lines[0] == "YA" && shown.lines[4] == "  B      Z")
        shown.feed("\(csi)3;5H\(csi)2DC\(csi)20CD")
        #expect(shown.lines[2] == "  CX     D")
        shown.feed("\(csi)3;5H\(csi)2EE\(csi)FF\(csi)7GG\(csi)2dH")
        #expect(shown.lines[4] == "E B      Z")
        #expect(shown.lines[3] == "F     G")
        #expect(shown.lines[1] == "       H")
        shown.feed("\(csi)0;0H!")
        #expect(shown.lines[0] == "!A")
    }

    @Test func eraseInDisplay() {
        let full = "1111\r\n2222\r\n3333\(csi)2;3H"
        #expect(screen(3, 4, full + "\(csi)J").lines == ["1111", "22", ""])
        #expect(screen(3, 4, full + "\(csi)0J").lines == ["1111", "22", ""])
        #expect(screen(3, 4, full + "\(csi)1J").lines == ["", "   2", "3333"])
        #expect(screen(3, 4, full + "\(csi)2J").lines == ["", "", ""])
        #expect(screen(3, 4, full + "\(csi)2J").cursor == (1, 2))
        var scrolled = screen(2, 4, "a\r\nb\r\nc")
        #expect(scrolled.scrollback == ["a"])
        scrolled.feed("\(csi)3J")
        #expect(scrolled.scrollback.isEmpty && scrolled.lines == ["b", "c"])
    }

    @Test func eraseInLineAndEraseCharacters() {
        let line = "abcdefgh\(csi)1;4H"
        #expect(screen(2, 8, line + "\(csi)K").lines[0] == "abc")
        #expect(screen(2, 8, line + "\(csi)1K").lines[0] == "    efgh")
        #expect(screen(2, 8, line + "\(csi)2K").lines[0] == "")
        #expect(screen(2, 8, line + "\(csi)3X").lines[0] == "abc   gh")
        #expect(screen(2, 8, line + "\(csi)X").lines[0] == "abc efgh")
        #expect(screen(2, 8, line + "\(csi)99X").lines[0] == "abc")
        #expect(screen(2, 8, line + "\(csi)2@").lines[0] == "abc  def")
        #expect(screen(2, 8, line + "\(csi)2P").lines[0] == "abcfgh")
    }

    @Test func colourAndBoldAreKeptPerCell() {
        let shown = screen(2, 20, "\(csi)31ma\(csi)1;92mb\(csi)22mc\(csi)38;5;208md\(csi)38;2;1;2;3me"
            + "\(csi)38:5:27mf\(csi)38:2::4:5:6mg\(csi)39mh\(csi)0mi\(csi)35;1mj\(csi)mk \(csi)33m  ")
        let cells = (0..<11).map { shown.cell(row: 0, column: $0) }
        #expect(cells.map(\.foreground) == [.ansi(1), .ansi(10), .ansi(10), .indexed(208), .rgb(1, 2, 3),
                                            .indexed(27), .rgb(4, 5, 6), nil, nil, .ansi(5), nil])
        #expect(cells.map(\.bold) == [false, true, false, false, false, false, false, false, false, true, false])
        // Blank cells do not count, whatever their colour.
        #expect(shown.colorsUsed == [.ansi(1), .ansi(10), .ansi(5), .indexed(208), .indexed(27), .rgb(1, 2, 3), .rgb(4, 5, 6)])
        // A colour's parameters are not read as attributes: 38;5;1 is not bold.
        let extended = screen(2, 5, "\(csi)38;5;1mx\(csi)48;2;1;1;1;4my")
        #expect(extended.cell(row: 0, column: 0).bold == false)
        #expect(extended.cell(row: 0, column: 1).underline && extended.cell(row: 0, column: 1).background == .rgb(1, 1, 1))
    }

    @Test func xtermPaletteAndContrast() {
        #expect(TerminalColor.indexed(196).rgb == (255, 0, 0))
        #expect(TerminalColor.indexed(244).rgb == (128, 128, 128))
        #expect(TerminalColor.ansi(3).rgb == (205, 205, 0))
        #expect(abs(TerminalColor.black.contrast(with: .white) - 21) < 0.001)
        #expect(TerminalColor.ansi(11).contrast(with: .white) < 1.1)
        #expect(TerminalColor.indexed(25).contrast(with: .white) > 3)
    }

    @Test func savedCursorComesBackWithItsPen() {
        let shown = screen(3, 10, "ab\(esc)7\(csi)31m\(csi)3;5Hx\(esc)8c\(csi)2;2H\(csi)sd\(csi)3;1He\(csi)uf")
        #expect(shown.lines == ["abc", " f", "e   x"])
        #expect(shown.cell(row: 0, column: 2).foreground == nil)
        #expect(shown.cell(row: 0, column: 3).character == " ")
        #expect(shown.cell(row: 2, column: 4).foreground == .ansi(1))
    }

    @Test func scrollRegionsScrollOnlyTheirLines() {
        var shown = screen(5, 10, "top\r\na\r\nb\r\nc\r\nbottom\(csi)2;4r")
        #expect(shown.cursor == (0, 0))
        shown.feed("\(csi)4;1H\nnew")
        #expect(shown.lines == ["top", "b", "c", "new", "bottom"])
        #expect(shown.scrollback.isEmpty, "a region that does not start at the top keeps nothing")
        shown.feed("\(csi)2;1H\(esc)Mup")
        #expect(shown.lines == ["top", "up", "b", "c", "bottom"])
        shown.feed("\(csi)3;1H\(csi)L")
        #expect(shown.lines == ["top", "up", "", "b", "bottom"])
        shown.feed("\(csi)2M")
        #expect(shown.lines == ["top", "up", "", "", "bottom"])
        shown.feed("\(csi)r\(csi)5;1H\nend")
        #expect(shown.lines == ["up", "", "", "bottom", "end"])
        #expect(shown.scrollback == ["top"])
    }

    @Test func insertAndDeleteLinesOutsideTheRegionDoNothing() {
        let shown = screen(4, 5, "a\r\nb\r\nc\r\nd\(csi)2;3r\(csi)4;1H\(csi)L\(csi)1;1H\(csi)M")
        #expect(shown.lines == ["a", "b", "c", "d"])
    }

    @Test func deletedLinesAreGoneNotScrolledBack() {
        let shown = screen(3, 5, "a\r\nb\r\nc\(csi)H\(csi)2M")
        #expect(shown.lines == ["c", "", ""])
        #expect(shown.scrollback.isEmpty)
    }

    @Test func theCursorCanBeHiddenAndShown() {
        var shown = screen("\(csi)?25l")
        #expect(!shown.cursorVisible)
        shown.feed("\(csi)?25h")
        #expect(shown.cursorVisible)
    }

    @Test func unknownSequencesPrintNothingEvenWhenSplit() {
        let input = "a\(esc)]0;title\u{7}b\(esc)]8;;http://x\(esc)\\c\(esc)Pq#0;2;0;0;0\(esc)\\d\(esc)(Be\(csi)?2004hf"
            + "\(csi)2 qg\(csi)>4;1mh\(esc)_apc\(esc)\\i\(esc)=j\(csi)12;34;56zk\u{18}l"
        #expect(screen(2, 20, input).lines[0] == "abcdefghijkl")
        var split = TerminalScreen(rows: 2, columns: 20)
        for byte in Array(input.utf8) { split.feed([byte]) }
        #expect(split.lines[0] == "abcdefghijkl")
        // An OSC cut short by CAN, then an ESC inside a string ending it.
        #expect(screen(2, 20, "\(esc)]0;x\u{18}m\(esc)]2;y\(csi)1Cn").lines[0] == "m n")
    }

    @Test func resizingKeepsTheTopLeft() {
        var shown = screen(3, 6, "abcdef\r\nghi")
        shown.resize(rows: 4, columns: 4)
        #expect(shown.lines == ["abcd", "ghi", "", ""])
        #expect(shown.rows == 4 && shown.columns == 4)
        #expect(shown.cursor == (1, 3))
        shown.resize(rows: 4, columns: 8)
        #expect(shown.lines == ["abcd", "ghi", "", ""])
        shown.feed("\(csi)4;8Hz")
        #expect(shown.lines[3] == "       z")
        // The cursor's row stays on screen: lines above it go to the scrollback.
        shown.resize(rows: 2, columns: 8)
        #expect(shown.lines == ["", "       z"])
        #expect(shown.scrollback == ["abcd", "ghi"])
        #expect(shown.cursor == (1, 7))
    }

    @Test func searchingTheScreen() {
        let shown = screen(3, 10, "ab ab\r\n  xab\r\nabab")
        #expect(shown.count(of: "ab") == 5)
        #expect(shown.count(of: "abab") == 1)
        #expect(shown.contains("xab") && !shown.contains("ba b"))
        #expect(shown.contains("ab\n  x"))
        #expect(shown.position(of: "xab")! == (1, 2))
        #expect(shown.position(of: "nothing") == nil)
    }

    @Test func reportsAreKeptForTheCallerToSend() {
        var shown = screen(5, 10, "\(csi)3;7H\(csi)6n\(csi)5n")
        #expect(shown.takeReplies() == Array("\(csi)3;7R\(csi)0n".utf8))
        #expect(shown.takeReplies().isEmpty)
    }

    @Test func theAlternateScreenComesAndGoes() {
        var shown = screen(3, 10, "main\(csi)?1049h")
        #expect(shown.isAlternateScreen && shown.lines == ["", "", ""])
        shown.feed("\(csi)2;2Halt\r\n\r\n\r\nmore")
        #expect(shown.scrollback.isEmpty)
        shown.feed("\(csi)?1049lX")
        #expect(!shown.isAlternateScreen)
        #expect(shown.lines == ["mainX", "", ""])
    }

    @Test func resetClearsEverythingButTheScrollback() {
        let shown = screen(2, 5, "a\r\nb\r\nc\(csi)31m\(csi)?25l\(esc)cd")
        #expect(shown.lines == ["d", ""])
        #expect(shown.scrollback == ["a"])
        #expect(shown.cursorVisible && shown.cell(row: 0, column: 0).foreground == nil)
    }

    @Test func theDescriptionFramesTheScreen() {
        #expect(screen(2, 3, "ab\r\n").description == "+---+\n|ab |\n|_  |\n+---+")
    }
}
