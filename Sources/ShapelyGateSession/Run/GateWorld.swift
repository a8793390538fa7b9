// GateWorld.swift — what a gate run reaches outside itself: the controlling terminal,
// the clock, the signals, the lockout's store and the name of the person. `system` is
// the real world; tests hand GateRun their own, and so test its order without a
// pseudo-terminal.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateSystem

/// What the run needs of the terminal beyond what the session does.
package protocol ControllingTerminal: GateTerminal {
    /// The device's own name (/dev/pts/3), for the audit record.
    var name: String { get }
    /// Arms the fatal-signal handler that puts the settings back and writes `leaving`.
    func guardAgainstFatalSignals(leaving: String)
    /// The settings found at open, back again; the descriptors stay open.
    func restore()
    /// Restores, then closes.
    func close()
}

/// The lockout as the run uses it: checked before a board, recorded after an answer.
package protocol LockoutKeeper {
    func check(_ strings: GateStrings) -> Lockout.Check
    func record(passed: Bool) -> Lockout.Record
}

extension Terminal: ControllingTerminal {}
extension Lockout: LockoutKeeper {}

package struct GateWorld {
    /// The controlling terminal, opened; nil when there is none.
    package var openTerminal: () -> (any ControllingTerminal)?
    package var clock: any SessionClock
    package var signals: () -> any SessionSignals
    /// The lockout for a cooldown of that many seconds, kept in that folder.
    package var lockout: (_ cooldown: Int, _ folder: String?) -> any LockoutKeeper
    /// The person at the gate, for the audit record.
    package var userName: () -> String

    package static var system: GateWorld {
        GateWorld(
        openTerminal: { Terminal.openControlling() },
        clock: MonotonicClock(),
        signals: { ProcessSignals() },
        lockout: { cooldown, folder in Lockout(cooldown: cooldown, store: folder.map(StateStore.init(folder:))) },
        userName: { AuditLog.realUserName() })
    }
}
