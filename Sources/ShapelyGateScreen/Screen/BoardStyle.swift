// BoardStyle.swift — the two ways a board is shown (`--board`): drawn tiles, or the
// words board, plain lines in the order a screen reader speaks them (WordsBoard.swift).

/// How the board is shown: drawn tiles, or plain lines a screen reader speaks.
package enum BoardStyle: String, CaseIterable, Equatable, Sendable {
    case picture, words
}
