// ErrorLine.swift — a message on standard error (`shapelygate: ...`), wrapped at words
// to the width of the terminal standard error is on, so that no terminal breaks it
// inside a word. When standard error is not a terminal (a pipe, a file, a log) the
// message is written as it is, one line.

import ShapelyGateScreen
import ShapelyGateSystem

package enum ErrorLine {
    package static func print(_ text: String) {
        Platform.printError(wrapped(text, columns: terminalColumns()))
    }

    /// `text`, each of its lines wrapped to one column less than `columns` (nil: as it is).
    package static func wrapped(_ text: String, columns: Int?) -> String {
        guard let columns, columns > 1 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextLayout.wrap(String($0), width: columns - 1).joined(separator: "\n") }
            .joined(separator: "\n")
    }

    private static func terminalColumns() -> Int? {
        TerminalDevice.columns(of: 2)
    }
}
