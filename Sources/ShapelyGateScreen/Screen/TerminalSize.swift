// TerminalSize.swift — a screen's size in character cells: what a layout is fitted to
// and what a screen too small for any board asks for. Only a value: the terminal that
// reports it is the command line's (Terminal.swift).

/// Columns and rows of the screen.
package struct TerminalSize: Equatable, Sendable {
    package var columns: Int
    package var rows: Int
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
