// Display.swift — what the person's terminal can show, decided once from the
// environment: the character set for the tiles, the colours, and whether the cursor
// can be moved (so the board is redrawn in place) or every screen is appended as plain
// lines (TERM unset or `dumb`).

package struct Display: Equatable, Sendable {
    var charset: Charset
    var colorMode: ColorMode
    /// The terminal understands cursor movement and erasing: one board at a time, a
    /// live countdown. Otherwise screens are appended as plain lines.
    package var cursorControl: Bool

    init(charset: Charset, colorMode: ColorMode, cursorControl: Bool) {
        self.charset = charset
        self.colorMode = colorMode
        self.cursorControl = cursorControl
    }

    package static func detect(environment: [String: String], noColor: Bool) -> Display {
        let term = environment["TERM"] ?? ""
        return Display(charset: Charset.detect(environment: environment),
                       colorMode: ColorMode.detect(environment: environment, noColor: noColor),
                       cursorControl: !term.isEmpty && term != "dumb")
    }

    /// Plain lines, no colour: for tests and dumb terminals.
    static let plain = Display(charset: .ascii, colorMode: .plain, cursorControl: false)
}
