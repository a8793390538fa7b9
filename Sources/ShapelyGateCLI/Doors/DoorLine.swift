// DoorLine.swift — one door's answer and how the answers are printed: `DOOR  STATE  WHY`
// lines in aligned columns, or a JSON array for scripts.
//
// Contract:
// - Every text is made visible (Visible.screen) before it is printed: a file's or a
//   program's words never carry a control character to the terminal.
// - The text form pads DOOR and STATE to the widest of each; WHY is one line, or, for a
//   terminal `width` columns wide, wrapped under its own column.
// - The JSON form is an array of {"door","state","why"} objects, one per line, each
//   string escaped: `"`, `\`, every character below U+0020 and U+2028/U+2029.
// - The status: 1 when any line is open, 0 otherwise (`warn` lines do not count).

import ShapelyGatePolicy
import ShapelyGateScreen

package struct DoorLine: Equatable, Sendable {
    package enum State: String, Equatable, Sendable {
        /// A shapelygate line gates the person there.
        case guarded
        /// The person can become root there with no board and no parent's yes.
        case open
        /// The door is absent or does not let the person in.
        case closed
        /// Worth a look; not counted in the status.
        case warn
    }

    package var door: String
    package var state: State
    package var why: String

    package init(_ door: String, _ state: State, _ why: String) {
        self.door = door
        self.state = state
        self.why = why
    }

    package static func open(_ door: String, _ why: String) -> DoorLine { DoorLine(door, .open, why) }
    package static func closed(_ door: String, _ why: String) -> DoorLine { DoorLine(door, .closed, why) }
    package static func guarded(_ door: String, _ why: String) -> DoorLine { DoorLine(door, .guarded, why) }
}

package enum DoorReport {
    /// The lines as a person reads them: three aligned columns.
    package static func text(_ lines: [DoorLine], width: Int? = nil) -> String {
        let doors = lines.map { Visible.screen($0.door) }
        let doorWidth = doors.map { DisplayWidth.of($0) }.max() ?? 0
        let stateWidth = lines.map { $0.state.rawValue.count }.max() ?? 0
        var out = ""
        for (line, door) in zip(lines, doors) {
            out += door + String(repeating: " ", count: doorWidth - DisplayWidth.of(door) + 2)
            out += line.state.rawValue + String(repeating: " ", count: stateWidth - line.state.rawValue.count + 2)
            let why = Visible.screen(line.why), indent = doorWidth + stateWidth + 4
            guard let width, width - indent >= 24 else {
                out += why + "\n"
                continue
            }
            out += TextLayout.wrap(why, width: width - indent).joined(separator: "\n" + String(repeating: " ", count: indent)) + "\n"
        }
        return out
    }

    /// The lines as a JSON array.
    package static func json(_ lines: [DoorLine]) -> String {
        let objects = lines.map { line in
            "{\"door\":\(string(Visible.screen(line.door))),\"state\":\(string(line.state.rawValue)),"
                + "\"why\":\(string(Visible.screen(line.why)))}"
        }
        return "[" + objects.joined(separator: ",\n ") + "]\n"
    }

    /// A JSON string literal.
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}", "\u{2029}": out += "\\u" + hex(scalar.value)
            default:
                if scalar.value < 0x20 { out += "\\u" + hex(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// 1 when a door is open, else 0.
    package static func status(_ lines: [DoorLine]) -> ExitStatus {
        lines.contains { $0.state == .open } ? .denied : .passed
    }
}
