// WordsBoardListeningTests.swift — what a board read aloud takes to hear, at a screen
// reader's default rate: a word is a run of letters or digits, a symbol read out is a
// word too, and each line that says something ends in a pause.

import Testing
@testable import ShapelyGateScreen

@Suite struct WordsBoardListeningTests {
    @Test func aWordIsARunOfLettersOrDigitsHeardAt175AMinuteAndEachLinePauses() {
        #expect(WordsBoard.wordsPerMinute == 175)
        // 8 words: Find, a, circle, 3, corners, Seconds, left, 10; three lines.
        #expect(abs(WordsBoard.listeningSeconds("Find a circle.\n3: corners\nSeconds left: 10.") - (8 * 60 / 175 + 3 * 0.55)) < 1e-9)
        #expect(WordsBoard.listeningSeconds("") == 0)
        #expect(WordsBoard.listeningSeconds("— : , .") == 0)
        #expect(WordsBoard.listeningSeconds("\n\n") == 0)
    }

    /// A screen reader says "slash" and "equals": each such symbol takes a word's time.
    @Test func aSymbolReadOutIsAWordToo() {
        // usr, bin, apt and three slashes; one line.
        #expect(abs(WordsBoard.listeningSeconds("/usr/bin/apt") - (6 * 60 / 175 + 0.55)) < 1e-9)
        #expect(WordsBoard.listeningSeconds("A=1") > WordsBoard.listeningSeconds("A 1"))
    }

    /// A command of thousands of words (the person's own, under sudo) adds two minutes at
    /// most to a time limit the policy set.
    @Test func aLongCommandAddsTwoMinutesAtMost() {
        let command = "To run: /bin/echo " + String(repeating: "a ", count: 7900)
        #expect(WordsBoard.listeningSeconds(command) == 120)
        #expect(WordsBoard.listeningSeconds(String(repeating: "a ", count: 340)) < 120)
    }
}
