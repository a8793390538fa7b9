// Interruption.swift — an ending signal (Ctrl-C, a hangup, SIGTERM, ...) that ended
// the gate, wherever it arrived: in the session, or while the lockout waited for its
// lock. It is the one value that carries such a signal to the gate's `Ending`.

import ShapelyGate

package struct Interruption: Equatable, Sendable {
    package let signal: Int32

    package init(_ signal: Int32) { self.signal = signal }

    /// The signal's name, as the audit log gives it (e.g. `SIGINT`).
    package var name: String { Signals.name(signal) }

    /// "interrupted (Ctrl-C): denied", in the person's language.
    package func message(_ strings: GateStrings) -> String {
        let way: String
        switch signal {
        case Signals.interrupt: way = strings.text(.signalInterrupt)
        case Signals.quit: way = strings.text(.signalQuit)
        case Signals.suspend: way = strings.text(.signalSuspend)
        case Signals.hangUp: way = strings.text(.signalHangup)
        case Signals.terminate: way = strings.text(.signalTerminate)
        default: way = name
        }
        return strings.text(.interrupted, ["signal": way])
    }
}
