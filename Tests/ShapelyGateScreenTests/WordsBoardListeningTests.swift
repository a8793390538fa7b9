// WordsBoardListeningTests.swift — what a board read aloud takes to hear, at a screen
// reader's default rate: a word is a run of letters or digits.

import Testing
@testable import ShapelyGateScreen

@Suite struct WordsBoardListeningTests {
    @Test func aWordIsARunOfLettersOrDigitsHeardAt175AMinute() {
        #expect(WordsBoard.wordsPerMinute == 175)
        // 8 words: Find, a, circle, 3, corners, Seconds, left, 10
        #expect(abs(WordsBoard.listeningSeconds("Find a circle.\n3: corners\nSeconds left: 10.") - 8 * 60 / 175) < 1e-9)
        #expect(WordsBoard.listeningSeconds("") == 0)
        #expect(WordsBoard.listeningSeconds("— : , .") == 0)
    }

    /// A command of thousands of words (the person's own, under sudo) adds two minutes at
    /// most to a time limit the policy set.
    @Test func aLongCommandAddsTwoMinutesAtMost() {
        let command = "To run: /bin/echo " + String(repeating: "a ", count: 7900)
        #expect(WordsBoard.listeningSeconds(command) == 120)
        #expect(WordsBoard.listeningSeconds(String(repeating: "a ", count: 349)) < 120)
    }
}
