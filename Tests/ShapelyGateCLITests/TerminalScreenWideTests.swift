// TerminalScreenWideTests.swift — the terminal model lays out wide characters as xterm
// does: two columns each, moved to the next row when only one column is left, and
// half of one overwritten blanks the other half.

import TestSupport
import Testing

@Suite struct TerminalScreenWideTests {
    @Test func aWideCharacterTakesTwoColumns() {
        var shown = TerminalScreen(rows: 3, columns: 10)
        shown.feed("日本a")
        #expect(shown.lines[0] == "日本a")
        #expect(shown.cursor == (0, 5))
        #expect(shown.cell(row: 0, column: 1).isWideTail)
        #expect(shown.cell(row: 0, column: 4).character == "a")
        #expect(shown.position(of: "a")! == (0, 4))
    }

    @Test func aWideCharacterThatDoesNotFitGoesToTheNextRow() {
        var shown = TerminalScreen(rows: 3, columns: 5)
        shown.feed("ab日本")
        #expect(shown.lines == ["ab日", "本", ""])
        #expect(shown.isAutowrapped(row: 0))
        #expect(shown.cursor == (1, 2))
    }

    @Test func aWideCharacterEndingOnTheLastColumnWaitsToWrap() {
        var shown = TerminalScreen(rows: 3, columns: 4)
        shown.feed("日本")
        #expect(shown.lines == ["日本", "", ""])
        #expect(shown.cursor == (0, 3))
        shown.feed("x")
        #expect(shown.lines == ["日本", "x", ""])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var shown = TerminalScreen(rows: 2, columns: 10)
        shown.feed("日本語\u{1B}[1;2HX\u{1B}[1;5HY")
        #expect(shown.lines[0] == " X本Y")
        #expect(!shown.cell(row: 0, column: 5).isWideTail)
    }
}
