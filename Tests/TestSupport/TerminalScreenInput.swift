// TerminalScreenInput.swift — how TerminalScreen reads its input: bytes are decoded as
// UTF-8 into scalars, and the scalars go through an escape-sequence parser shaped like
// xterm's (ground, escape, CSI, control strings). Controls, ESC sequences and CSI
// sequences become grid operations (TerminalScreenGrid.swift); SGR is in
// TerminalScreenStyle.swift.
//
// C0 controls inside an escape or CSI sequence act at once and the sequence goes on, as
// in xterm; CAN and SUB cancel a sequence; ESC starts a new one.

extension TerminalScreen {
    /// Everything the terminal received, in order, in pieces of any size.
    public mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes { decode(byte) }
    }

    public mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    mutating func decode(_ byte: UInt8) {
        if utf8Needed > 0 {
            if byte & 0xC0 == 0x80 {
                utf8Value = utf8Value << 6 | UInt32(byte & 0x3F)
                utf8Needed -= 1
                if utf8Needed == 0 {
                    let valid = utf8Value >= utf8Minimum && !(0xD800...0xDFFF).contains(utf8Value)
                    consume(valid ? Unicode.Scalar(utf8Value) ?? "\u{FFFD}" : "\u{FFFD}")
                }
                return
            }
            // Cut short: the bytes so far are one bad character; this byte starts afresh.
            utf8Needed = 0
            consume("\u{FFFD}")
        }
        switch byte {
        case 0x00...0x7F: consume(Unicode.Scalar(byte))
        case 0xC2...0xDF: (utf8Value, utf8Needed, utf8Minimum) = (UInt32(byte & 0x1F), 1, 0x80)
        case 0xE0...0xEF: (utf8Value, utf8Needed, utf8Minimum) = (UInt32(byte & 0x0F), 2, 0x800)
        case 0xF0...0xF4: (utf8Value, utf8Needed, utf8Minimum) = (UInt32(byte & 0x07), 3, 0x10000)
        default: consume("\u{FFFD}")
        }
    }

    mutating func consume(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value == 0x18 || value == 0x1A {  // CAN, SUB
            state = .ground
            return
        }
        switch state {
        case .ground:
            if value < 0x20 || value == 0x7F {
                control(scalar)
            } else {
                printable(scalar)
            }
        case .escape:
            if value == 0x1B {
                sequence = []
            } else if value < 0x20 {
                control(scalar)
            } else if (0x20...0x2F).contains(value) {
                sequence.append(scalar)  // an intermediate: ESC ( B, ESC # 8, ...
            } else {
                escape(final: scalar)
            }
        case .csi:
            if value == 0x1B {
                begin(.escape)
            } else if value < 0x20 {
                control(scalar)
            } else if (0x20...0x3F).contains(value) {
                sequence.append(scalar)
            } else if (0x40...0x7E).contains(value) {
                state = .ground
                csi(final: scalar)
            } else {
                state = .ground  // not part of any sequence: dropped with it
            }
        case .string(let bell):
            if value == 0x1B {
                state = .stringEscape(endsWithBell: bell)
            } else if value == 0x9C || (bell && value == 0x07) {
                state = .ground
            }
        case .stringEscape:
            if value == 0x5C {  // ESC \ is ST
                state = .ground
            } else {
                // Any other ESC ends the string and begins a new sequence.
                begin(.escape)
                consume(scalar)
            }
        }
    }

    mutating func begin(_ next: ParserState) {
        state = next
        sequence = []
    }

    mutating func printable(_ scalar: Unicode.Scalar) {
        let properties = scalar.properties
        if properties.isGraphemeExtend || scalar.value == 0x200D {
            attach(scalar)
        } else if properties.generalCategory == .format || (0x80...0x9F).contains(scalar.value) {
            return  // zero-width formatting and C1 controls show nothing
        } else {
            put(Character(scalar))
        }
    }

    mutating func control(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x08:  // BS
            column = max(0, column - 1)
            pendingWrap = false
        case 0x09:  // HT
            column = min(columns - 1, (column / 8 + 1) * 8)
        case 0x0A, 0x0B, 0x0C:
            lineFeed()
        case 0x0D:
            column = 0
            pendingWrap = false
        case 0x1B:
            begin(.escape)
        default:
            break  // BEL, NUL, SO, SI, DEL and the rest show nothing
        }
    }

    mutating func escape(final: Unicode.Scalar) {
        let intermediates = sequence
        begin(.ground)
        guard intermediates.isEmpty else { return }  // charset choices, DECALN, ...: ignored
        switch final {
        case "[": begin(.csi)
        case "]": begin(.string(endsWithBell: true))
        case "P", "X", "^", "_": begin(.string(endsWithBell: false))
        case "7": saveCursor()
        case "8": restoreCursor()
        case "D": lineFeed()
        case "E":
            lineFeed()
            column = 0
        case "M": reverseIndex()
        case "c": self = TerminalScreen(rows: rows, columns: columns).keeping(scrollback: scrollback)
        default: break
        }
    }

    func keeping(scrollback lines: [String]) -> TerminalScreen {
        var copy = self
        copy.scrollback = lines
        return copy
    }

    /// The numeric parameters: one entry per `;`, each split at `:` into sub-parameters;
    /// an empty one is nil.
    static func parameters(_ text: String) -> [[Int?]] {
        text.split(separator: ";", omittingEmptySubsequences: false).map { group in
            group.split(separator: ":", omittingEmptySubsequences: false).map { Int($0).map { min($0, 65535) } }
        }
    }

    mutating func csi(final: Unicode.Scalar) {
        var body = String(String.UnicodeScalarView(sequence))
        var marker: Character?
        if let first = body.first, "<=>?".contains(first) {
            marker = first
            body.removeFirst()
        }
        // Intermediates (space, quote, $ ...) make it a different command: ignored.
        guard body.allSatisfy({ $0.isNumber || $0 == ";" || $0 == ":" }) else { return }
        let parameters = Self.parameters(body)
        /// Parameter `index`, where 0 or missing means `fallback`.
        func number(_ index: Int, _ fallback: Int = 1) -> Int {
            let value = index < parameters.count ? parameters[index].first ?? nil : nil
            return value.flatMap { $0 == 0 ? nil : $0 } ?? fallback
        }
        let selector = parameters.first?.first.flatMap { $0 } ?? 0
        switch (marker, final) {
        case (nil, "m"): style(parameters)
        case ("?", "h"), ("?", "l"): privateModes(parameters.compactMap { $0.first ?? nil }, on: final == "h")
        case (nil, "n"):
            if selector == 5 { replies += Array("\u{1B}[0n".utf8) }
            if selector == 6 {
                let reportedRow = originMode ? row - top + 1 : row + 1
                replies += Array("\u{1B}[\(reportedRow);\(column + 1)R".utf8)
            }
        case (nil, "c") where selector == 0: replies += Array("\u{1B}[?1;2c".utf8)
        case (nil, _): plainCSI(final, number, selector: selector)
        default: break
        }
    }

    private mutating func plainCSI(_ final: Unicode.Scalar, _ number: (Int, Int) -> Int, selector: Int) {
        let count = number(0, 1)
        switch final {
        case "A": moveVertically(-count)
        case "B", "e": moveVertically(count)
        case "C", "a": moveTo(row: row, column: column + count)
        case "D": moveTo(row: row, column: column - count)
        case "E": moveVertically(count); column = 0
        case "F": moveVertically(-count); column = 0
        case "G", "`": moveTo(row: row, column: count - 1)
        case "H", "f": moveTo(row: (originMode ? top : 0) + number(0, 1) - 1, column: number(1, 1) - 1, origin: true)
        case "d": moveTo(row: (originMode ? top : 0) + count - 1, column: column, origin: true)
        case "J": eraseInDisplay(selector)
        case "K":
            pendingWrap = false
            switch selector {
            case 0: erase(row: row, from: column, to: columns - 1)
            case 1: erase(row: row, from: 0, to: column)
            case 2: erase(row: row, from: 0, to: columns - 1)
            default: break
            }
        case "X":
            pendingWrap = false
            erase(row: row, from: column, to: column + count - 1)
        case "@", "P": shiftCells(final == "@" ? count : -count)
        case "L", "M":
            guard row >= top && row <= bottom else { return }
            if final == "L" { scrollDown(count, from: row) } else { scrollUp(count, from: row, deleting: true) }
            column = 0
            pendingWrap = false
        case "S": scrollUp(count)
        case "T": scrollDown(count)
        case "r":
            let first = number(0, 1) - 1, last = min(number(1, rows), rows) - 1
            guard first < last else { return }
            (top, bottom) = (first, last)
            moveTo(row: originMode ? top : 0, column: 0, origin: true)
        case "s": saveCursor()
        case "u": restoreCursor()
        default: break
        }
    }

    mutating func privateModes(_ modes: [Int], on: Bool) {
        for mode in modes {
            switch mode {
            case 6:
                originMode = on
                moveTo(row: on ? top : 0, column: 0, origin: true)
            case 7: autowrap = on
            case 25: cursorVisible = on
            case 47, 1047:
                if !on && mode == 1047 && isAlternateScreen {
                    for any in 0 ..< rows { erase(row: any, from: 0, to: columns - 1) }
                }
                switchScreen(alternate: on)
            case 1049:
                if on {
                    saveCursor()
                    switchScreen(alternate: true)
                    for any in 0 ..< rows { erase(row: any, from: 0, to: columns - 1) }
                } else {
                    switchScreen(alternate: false)
                    restoreCursor()
                }
            default: break
            }
        }
    }
}
