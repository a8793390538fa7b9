// LineEditor.swift — the answer line, edited by the gate itself when the terminal is
// in non-canonical mode (so the gate can redraw the countdown and the board around
// what was typed, and keep it across a resize).
//
// Contract:
// - The erase, kill and word-erase keys are the person's own, taken from the terminal
//   settings saved at open (with DEL and BS always erasing); Enter (CR or LF) submits;
//   the end-of-file key on an empty line is end of input, elsewhere it is ignored.
// - Every other byte is kept as typed, up to `limit` bytes (so a NUL or an invalid
//   UTF-8 byte still spoils the entry, as it would on a canonical line) and shown as
//   `?` unless it is printable ASCII; anything past the limit marks the entry as
//   overlong, so it can never become a tile number. Whole escape sequences (arrow
//   keys, function keys) are dropped.
// - The editor decides nothing about tiles: it hands back what was submitted.

package struct LineEditor {
    /// The control characters that edit the line.
    package struct Keys: Equatable {
        package var erase: UInt8 = 0x7F
        package var kill: UInt8 = 0x15
        package var wordErase: UInt8 = 0x17
        package var endOfFile: UInt8 = 0x04

        package init() {}
    }

    package enum Event: Equatable {
        /// An entry was submitted; nil bytes when it was too long to be anything.
        case submitted([UInt8]?)
        case endOfInput
    }

    let keys: Keys
    package var limit = 64
    /// Submits the first `limit` bytes of an overlong entry instead of nothing (a free
    /// text cut to its length, never a tile number).
    package var keepsOverlong = false
    private(set) var text: [UInt8] = []
    private(set) var overlong = false
    private var escape: EscapeState = .none

    private enum EscapeState { case none, started, sequence }

    package init(keys: Keys = Keys(), limit: Int = 64) {
        self.keys = keys
        self.limit = limit
    }

    /// What is shown on the answer line.
    package var visible: String {
        String(text.map { (0x20...0x7E).contains($0) ? Character(Unicode.Scalar($0)) : "?" }) + (overlong ? "…" : "")
    }

    package mutating func clear() {
        text.removeAll(keepingCapacity: true)
        overlong = false
        escape = .none
    }

    /// Feeds typed bytes; returns the events they made, in order. The caller stops
    /// at the first event that changes the board and discards the rest.
    package mutating func feed(_ bytes: [UInt8]) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            switch escape {
            case .started:
                // Esc then a control byte (Enter, say): the Esc alone, and the byte counts.
                guard byte < 0x20 else {
                    escape = (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O")) ? .sequence : .none
                    continue
                }
                escape = .none
            case .sequence:
                // A control byte (Enter, say) ends a sequence that was never finished
                // and counts as typed: Esc, [ then digits cannot swallow the answer.
                guard byte < 0x20 else {
                    if (0x40...0x7E).contains(byte) { escape = .none }
                    continue
                }
                escape = .none
            case .none:
                break
            }
            switch byte {
            case 0x1B:
                escape = .started
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                events.append(.submitted(overlong && !keepsOverlong ? nil : text))
                clear()
            case keys.endOfFile:
                if text.isEmpty && !overlong { events.append(.endOfInput) }
            case keys.erase, 0x7F, 0x08:
                if overlong { overlong = false } else if !text.isEmpty { text.removeLast() }
            case keys.kill:
                clear()
            case keys.wordErase:
                overlong = false
                while text.last == UInt8(ascii: " ") { text.removeLast() }
                while let last = text.last, last != UInt8(ascii: " ") { text.removeLast() }
            default:
                if text.count < limit { text.append(byte) } else { overlong = true }
            }
        }
        return events
    }
}
