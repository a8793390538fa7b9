// GateError.swift — the one error type of the command line. Each case carries a
// message for a person and the exit status it ends with; `Ending` prints it as
// `shapelygate: message` on stderr, with every control character made visible (a
// message may quote a path, a key or a value from outside).

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package enum GateError: Error, Equatable {
    /// A bad option or value: exit 2 with a hint to --help.
    case usage(String)
    /// A file that cannot be used: exit 2.
    case configuration(String)
    /// The gate cannot ask a person: exit 1.
    case denied(String)
    /// The wrapped command is missing: exit 127.
    case commandNotFound(String)
    /// The wrapped command cannot be run: exit 126.
    case commandNotExecutable(String)

    package var message: String {
        switch self {
        case .usage(let text), .configuration(let text), .denied(let text),
            .commandNotFound(let text), .commandNotExecutable(let text):
            return text
        }
    }

    package var status: ExitStatus {
        switch self {
        case .usage, .configuration: return .usage
        case .denied: return .denied
        case .commandNotFound: return .commandNotFound
        case .commandNotExecutable: return .commandNotExecutable
        }
    }

    /// The lines printed on stderr.
    package var report: String {
        var text = "shapelygate: \(Visible.screen(message))\n"
        if case .usage = self { text += "Try 'shapelygate --help' for more information.\n" }
        return text
    }
}

extension GateError {
    package init(_ error: GateStringsError) {
        self = .configuration("\(error.path): \(error.reason)")
    }
}
