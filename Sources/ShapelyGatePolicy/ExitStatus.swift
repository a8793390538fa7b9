// ExitStatus.swift — how shapelygate ends. `documented` is the one wording of the
// exit-status table: `--help` prints it, and a test holds the README's table and the
// man page's EXIT STATUS list to it word for word.
//
// With a command, a pass hands the process over to the command: its status is its own.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

public enum ExitStatus: Equatable, Sendable {
    case passed
    case denied
    case usage
    case commandNotExecutable
    case commandNotFound
    case killedBy(signal: Int32)

    package var code: Int32 {
        switch self {
        case .passed: return 0
        case .denied: return 1
        case .usage: return 2
        case .commandNotExecutable: return 126
        case .commandNotFound: return 127
        case .killedBy(let signal): return 128 + signal
        }
    }

    /// Ends the process with this status; a signal status dies by that signal
    /// (`Signals.die`), so the parent sees the same death as the signal's default.
    public func terminate() -> Never {
        if case .killedBy(let number) = self { Signals.die(by: number) }
        Platform.exit(status: code)
    }

    /// Every status and what it means, in the words of the README and the man page.
    package static let documented: [(status: String, meaning: String)] = [
        ("0", "passed: a person chose the right shape in time, or an informational option ran"),
        ("1", "denied: the wrong shape too many times, the time expired, no terminal, end of input, "
            + "or locked out after an earlier denial"),
        ("2", "usage or configuration error: a bad option or value, an unreadable or malformed strings "
            + "or configuration file"),
        ("126", "the command was found but cannot be run"),
        ("127", "the command was not found"),
        ("128+N", "killed by signal N: the gate re-raises SIGINT, SIGTERM, SIGHUP, SIGQUIT and its other "
            + "ending signals (in login mode these are denials, status 1)"),
    ]

    /// The table `--help` prints, each meaning wrapped under its own column.
    package static var helpTable: String {
        let rows = documented.map { row in
            TextLayout.wrap(row.meaning, width: 70).enumerated().map { index, line in
                let left = index == 0 ? "  " + row.status : ""
                return left + String(repeating: " ", count: 9 - left.count) + line
            }.joined(separator: "\n")
        }
        return (["Exit status:"] + rows).joined(separator: "\n")
    }
}
