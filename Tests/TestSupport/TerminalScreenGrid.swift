// TerminalScreenGrid.swift — how TerminalScreen's grid changes: writing a character,
// line feeds and scrolling inside the margins, cursor moves, erasing, inserting and
// deleting, switching screens, saving the cursor, and resizing. The parser in
// TerminalScreenInput.swift decides which of these a byte sequence means.
//
// As in xterm: erased cells keep only the current background; cursor moves and erases
// cancel a pending wrap; only lines leaving the top of the main screen by scrolling
// (not by DL) reach the scrollback.

extension TerminalScreen {
    /// The window changes size: content stays at the top left, cut or padded with blanks.
    public mutating func resize(rows newRows: Int, columns newColumns: Int) {
        precondition(newRows > 0 && newColumns > 0, "a terminal needs at least one row and one column")
        func fit(_ lines: [Line], cursorRow: Int, keepsScrollback: Bool) -> (lines: [Line], dropped: Int) {
            var lines = lines.map { line -> Line in
                var line = line
                if line.cells.count > newColumns {
                    line.cells.removeLast(line.cells.count - newColumns)
                    line.wrapped = false
                } else {
                    line.cells += Array(repeating: TerminalCell(), count: newColumns - line.cells.count)
                }
                return line
            }
            let dropped = max(0, cursorRow - (newRows - 1))
            if keepsScrollback { scrollback += lines.prefix(dropped).map(Self.text(of:)) }
            lines.removeFirst(dropped)
            if lines.count > newRows { lines.removeLast(lines.count - newRows) }
            while lines.count < newRows { lines.append(Line(columns: newColumns)) }
            return (lines, dropped)
        }
        let (fitted, dropped) = fit(screen, cursorRow: row, keepsScrollback: !isAlternateScreen)
        screen = fitted
        if let main = hiddenMain {
            hiddenMain = fit(main, cursorRow: saved[0].row, keepsScrollback: true).lines
        }
        rows = newRows
        columns = newColumns
        row = min(row - dropped, rows - 1)
        column = min(column, columns - 1)
        pendingWrap = false
        top = 0
        bottom = rows - 1
        for index in saved.indices {
            saved[index].row = min(saved[index].row, rows - 1)
            saved[index].column = min(saved[index].column, columns - 1)
        }
    }

    /// An erased cell: blank, keeping only the current background (xterm's BCE).
    var erased: TerminalCell { TerminalCell(background: pen.background) }

    mutating func put(_ character: Character) {
        let wide = columns > 1 && character.unicodeScalars.first.map(Self.isWide) == true
        if pendingWrap && autowrap || wide && column == columns - 1 && autowrap {
            screen[row].wrapped = true
            column = 0
            lineFeed()
        }
        if wide && column == columns - 1 { column -= 1 }
        let width = wide ? 2 : 1
        for index in column..<column + width { splitWide(at: index) }
        var cell = pen
        cell.character = character
        screen[row].cells[column] = cell
        if wide {
            cell.character = " "
            cell.isWideTail = true
            screen[row].cells[column + 1] = cell
        }
        if column + width <= columns - 1 {
            column += width
        } else {
            column = columns - 1
            pendingWrap = autowrap
        }
    }

    /// Before `index` is written: the other half of a wide character there is blanked.
    mutating func splitWide(at index: Int) {
        let cells = screen[row].cells
        if cells[index].isWideTail, index > 0 { screen[row].cells[index - 1] = erased }
        if index + 1 < columns, cells[index + 1].isWideTail { screen[row].cells[index + 1] = erased }
    }

    /// East Asian Wide and Fullwidth: what xterm gives two columns.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        wideRanges.contains { $0.contains(scalar.value) }
    }

    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    /// Adds a combining mark to the character last written, if it still forms one character.
    mutating func attach(_ scalar: Unicode.Scalar) {
        var target = pendingWrap ? column : column - 1
        if target >= 0, screen[row].cells[target].isWideTail { target -= 1 }
        guard target >= 0 else { return }
        var combined = String(screen[row].cells[target].character)
        combined.unicodeScalars.append(scalar)
        if combined.count == 1 { screen[row].cells[target].character = Character(combined) }
    }

    mutating func lineFeed() {
        pendingWrap = false
        if row == bottom {
            scrollUp(1)
        } else if row < rows - 1 {
            row += 1
        }
    }

    mutating func reverseIndex() {
        pendingWrap = false
        if row == top {
            scrollDown(1)
        } else if row > 0 {
            row -= 1
        }
    }

    /// Moves lines first...bottom up by `count`; new blank lines come in at the bottom.
    /// Lines scrolled off the top of the main screen go to the scrollback, unless they
    /// are being deleted (DL).
    mutating func scrollUp(_ count: Int, from first: Int? = nil, deleting: Bool = false) {
        let first = first ?? top
        let count = min(count, bottom - first + 1)
        guard count > 0 else { return }
        let leaving = screen[first..<first + count]
        if first == 0 && !isAlternateScreen && !deleting { scrollback += leaving.map(Self.text(of:)) }
        screen.removeSubrange(first..<first + count)
        screen.insert(contentsOf: Array(repeating: Line(columns: columns, blank: erased), count: count), at: bottom - count + 1)
    }

    /// Moves lines first...bottom down by `count`; new blank lines come in at `first`.
    mutating func scrollDown(_ count: Int, from first: Int? = nil) {
        let first = first ?? top
        let count = min(count, bottom - first + 1)
        guard count > 0 else { return }
        screen.removeSubrange(bottom - count + 1...bottom)
        screen.insert(contentsOf: Array(repeating: Line(columns: columns, blank: erased), count: count), at: first)
    }

    mutating func erase(row target: Int, from start: Int, to end: Int) {
        let start = max(0, start), end = min(columns - 1, end)
        guard start <= end else { return }
        for index in start...end { screen[target].cells[index] = erased }
        if end == columns - 1 { screen[target].wrapped = false }
    }

    mutating func switchScreen(alternate: Bool) {
        guard alternate != isAlternateScreen else { return }
        if alternate {
            hiddenMain = screen
            screen = Array(repeating: Line(columns: columns), count: rows)
        } else {
            screen = hiddenMain ?? screen
            hiddenMain = nil
        }
        isAlternateScreen = alternate
    }

    mutating func saveCursor() {
        saved[isAlternateScreen ? 1 : 0] = SavedCursor(row: row, column: column, pendingWrap: pendingWrap,
                                                      originMode: originMode, pen: pen)
    }

    mutating func restoreCursor() {
        let cursor = saved[isAlternateScreen ? 1 : 0]
        row = min(cursor.row, rows - 1)
        column = min(cursor.column, columns - 1)
        pendingWrap = cursor.pendingWrap
        originMode = cursor.originMode
        pen = cursor.pen
    }

    mutating func moveTo(row newRow: Int, column newColumn: Int, origin: Bool = false) {
        let (low, high) = origin && originMode ? (top, bottom) : (0, rows - 1)
        row = min(max(newRow, low), high)
        column = min(max(newColumn, 0), columns - 1)
        pendingWrap = false
    }

    /// CUU/CUD stop at the scroll margins when the cursor starts inside them.
    mutating func moveVertically(_ delta: Int) {
        if delta < 0 {
            row = max(row >= top ? top : 0, row + delta)
        } else {
            row = min(row <= bottom ? bottom : rows - 1, row + delta)
        }
        pendingWrap = false
    }

    mutating func eraseInDisplay(_ selector: Int) {
        pendingWrap = false
        switch selector {
        case 0:
            erase(row: row, from: column, to: columns - 1)
            for below in row + 1 ..< rows { erase(row: below, from: 0, to: columns - 1) }
        case 1:
            for above in 0 ..< row { erase(row: above, from: 0, to: columns - 1) }
            erase(row: row, from: 0, to: column)
        case 2:
            for any in 0 ..< rows { erase(row: any, from: 0, to: columns - 1) }
        case 3:
            scrollback = []
        default: break
        }
    }

    /// ICH (positive) or DCH (negative): cells from the cursor move right or left.
    mutating func shiftCells(_ delta: Int) {
        pendingWrap = false
        var cells = screen[row].cells
        let width = min(abs(delta), columns - column)
        if delta > 0 {
            cells.insert(contentsOf: Array(repeating: erased, count: width), at: column)
            cells.removeLast(width)
        } else {
            cells.removeSubrange(column ..< column + width)
            cells.append(contentsOf: Array(repeating: erased, count: width))
        }
        screen[row].cells = cells
    }
}
