// ExitStatus.swift — how shapelygate ends, documented once here and in the same words
// in `--help`, the README and the man page:
//
//   0    passed: a person chose the right shape in time (or an informational action ran)
//   1    denied: wrong shape too many times, time expired, no terminal, end of input,
//        locked out after an earlier denial
//   2    usage or configuration error: bad option, bad value, unreadable or malformed
//        strings or configuration file
//   126  the command was found but could not be run
//   127  the command was not found
//   by the signal that interrupted it (SIGINT, SIGTERM, SIGHUP, SIGQUIT and the other
//   ending signals of Signals.swift; in login mode these are denials instead): the shell
//        sees the same death as if the signal's default action had run (e.g. 130)
//
// With a command, a pass hands the process over to the command: its status is its own.

import ShapelyGate
import ShapelyGateSystem

public enum ExitStatus: Equatable, Sendable {
    case passed
    case denied
    case usage
    case commandNotExecutable
    case commandNotFound
    case killedBy(signal: Int32)

    public var code: Int32 {
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
        exit(code)
    }

    /// The table `--help` prints.
    static let helpTable = """
        Exit status:
          0    passed
          1    denied: wrong shape too often, time expired, no terminal, end of input, locked out
          2    usage or configuration error
          126  the command was found but could not be run
          127  the command was not found
          128+N  killed by signal N (the gate re-raises SIGINT, SIGTERM, SIGHUP, SIGQUIT, ...)
        """
}
