// TerminalScreen.swift — a small model of an xterm-like terminal, so that tests can ask
// what a person sees after a program's output, not which bytes it wrote.
//
// Contract:
// - `feed` takes the bytes the terminal receives, in any pieces: a UTF-8 sequence or an
//   escape sequence may be split between calls. Bytes that are not valid UTF-8 show as
//   U+FFFD, as xterm shows them. The model does no output processing of its own: a
//   pseudo-terminal has already turned "\n" into "\r\n" before the master side reads it.
// - Rows and columns count from 0. Each character (a scalar with any combining marks
//   after it) takes one column, or two when it is East Asian Wide or Fullwidth (CJK,
//   kana, Hangul, fullwidth forms, the common emoji blocks): the second cell is its
//   tail, shows nothing of its own and is left out of `lines`. A wide character that
//   no longer fits on the row goes to the next one first, as in xterm; overwriting
//   either half of one blanks the other. Format characters (Cf, such as bidi controls)
//   and C1 controls take none and show nothing.
// - Handled: printing with xterm's autowrap (the cursor waits on the last column until
//   the next character, DECAWM ?7), CR, LF/VT/FF, BS, HT (stops every 8 columns), ESC 7/8,
//   IND, NEL, RI, RIS; CSI A B C D E F G ` a e H f d (cursor), J K X @ P L M S T (erase,
//   insert, delete, scroll), m (SGR), r (DECSTBM), s u (save, restore), n and c
//   (answers kept for `takeReplies`), ?25 (cursor shown), ?7, ?6 (origin), ?47/?1047/?1049
//   (alternate screen). Every other control, escape, CSI, OSC, DCS, APC, PM or SOS
//   sequence is consumed and changes nothing; OSC ends at BEL or ST, the others at ST.
// - Lines that scroll off the top of the main screen are kept, oldest first, in
//   `scrollback` (the alternate screen keeps none; ED 3 clears them).
// - `resize` keeps the top-left content, as xterm does, except that when the cursor's
//   row would fall below the new bottom, lines leave at the top (into `scrollback`).

/// What one character cell shows.
public struct TerminalCell: Equatable, Sendable {
    public var character: Character = " "
    /// nil is the terminal's default colour.
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var bold = false
    public var underline = false
    public var inverse = false
    /// The right half of a wide character written into the cell before.
    public var isWideTail = false

    public init(character: Character = " ", foreground: TerminalColor? = nil, background: TerminalColor? = nil,
                bold: Bool = false, underline: Bool = false, inverse: Bool = false) {
        self.character = character
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.inverse = inverse
    }

    /// Whether the cell shows no glyph (a space, nothing printed yet, or a wide tail).
    public var isBlank: Bool { character == " " || isWideTail }
}

public struct TerminalScreen: CustomStringConvertible {
    struct Line {
        var cells: [TerminalCell]
        /// The text ran on past this line's last column by autowrap.
        var wrapped = false
        init(columns: Int, blank: TerminalCell = TerminalCell()) { cells = Array(repeating: blank, count: columns) }
    }

    struct SavedCursor {
        var row = 0, column = 0, pendingWrap = false, originMode = false
        var pen = TerminalCell()
    }

    enum ParserState: Equatable {
        case ground, escape, csi, string(endsWithBell: Bool), stringEscape(endsWithBell: Bool)
    }

    public internal(set) var rows: Int
    public internal(set) var columns: Int
    /// Lines that scrolled off the top, oldest first, trailing blanks trimmed.
    public internal(set) var scrollback: [String] = []
    public internal(set) var cursorVisible = true
    public internal(set) var isAlternateScreen = false

    var screen: [Line]
    /// The main screen's lines while the alternate screen is shown.
    var hiddenMain: [Line]?
    var row = 0, column = 0
    /// The last column was written and autowrap is on: the next character goes to the next line.
    var pendingWrap = false
    var pen = TerminalCell()
    var top = 0, bottom: Int
    var autowrap = true, originMode = false
    /// Saved by ESC 7 / CSI s, one per screen (main, alternate), as in xterm.
    var saved = [SavedCursor(), SavedCursor()]
    var replies: [UInt8] = []

    // Input decoding: UTF-8 state, then the escape-sequence parser.
    var utf8Value: UInt32 = 0, utf8Needed = 0, utf8Minimum: UInt32 = 0
    var state = ParserState.ground
    var sequence: [Unicode.Scalar] = []

    public init(rows: Int = 24, columns: Int = 80) {
        precondition(rows > 0 && columns > 0, "a terminal needs at least one row and one column")
        self.rows = rows
        self.columns = columns
        bottom = rows - 1
        screen = Array(repeating: Line(columns: columns), count: rows)
    }

    // MARK: What a person sees

    /// Each row's text with trailing blanks removed; always `rows` entries.
    public var lines: [String] { screen.map(Self.text(of:)) }

    /// Every row, joined with newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// The scrolled-off lines followed by the rows on screen.
    public var allLines: [String] { scrollback + lines }

    /// Where the next character goes (on the last column while a wrap is pending).
    public var cursor: (row: Int, column: Int) { (row, column) }

    public func cell(row: Int, column: Int) -> TerminalCell { screen[row].cells[column] }

    /// Whether `row` ran on into the next row by autowrap rather than by a line break.
    public func isAutowrapped(row: Int) -> Bool { screen[row].wrapped }

    /// Whether `needle` is on screen (a "\n" in it stands for a row break).
    public func contains(_ needle: String) -> Bool { count(of: needle) > 0 }

    /// How many times `needle` is on screen, not overlapping.
    public func count(of needle: String) -> Int {
        let haystack = Array(text), pattern = Array(needle)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return 0 }
        var found = 0, index = 0
        while index <= haystack.count - pattern.count {
            if haystack[index..<index + pattern.count].elementsEqual(pattern) {
                found += 1
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// The first place `needle` (on one row) starts, scanning rows from the top; the
    /// column is the screen's (a wide character before it counts two).
    public func position(of needle: String) -> (row: Int, column: Int)? {
        let pattern = Array(needle)
        guard !pattern.isEmpty else { return nil }
        for (number, line) in screen.enumerated() {
            let shown = line.cells.indices.filter { !line.cells[$0].isWideTail }
            guard shown.count >= pattern.count else { continue }
            for start in 0...(shown.count - pattern.count)
            where shown[start..<start + pattern.count].map({ line.cells[$0].character }).elementsEqual(pattern) {
                return (number, shown[start])
            }
        }
        return nil
    }

    /// The foreground colours of every cell that shows a glyph (default colour left out).
    public var colorsUsed: Set<TerminalColor> {
        Set(screen.flatMap { $0.cells.filter { !$0.isBlank }.compactMap(\.foreground) })
    }

    /// Bytes a real terminal would have sent back (cursor reports, device attributes),
    /// cleared by taking them.
    public mutating func takeReplies() -> [UInt8] {
        defer { replies = [] }
        return replies
    }

    /// The rows framed, with the cursor shown as `_` on a blank cell: for test messages.
    public var description: String {
        let rule = "+" + String(repeating: "-", count: columns) + "+"
        var picture = [rule]
        for (number, line) in screen.enumerated() {
            var characters = line.cells.map(\.character)
            if number == row && cursorVisible && line.cells[column].character == " " { characters[column] = "_" }
            // A wide character covers its tail's cell on the page too.
            picture.append("|" + String(characters.indices.filter { !line.cells[$0].isWideTail }.map { characters[$0] }) + "|")
        }
        return (picture + [rule]).joined(separator: "\n")
    }

    static func text(of line: Line) -> String {
        var characters = line.cells.filter { !$0.isWideTail }.map(\.character)
        while characters.last == " " { characters.removeLast() }
        return String(characters)
    }
}
