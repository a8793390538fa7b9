// SessionTimer.swift — a timer of the session's clock (SessionClock.swift): one
// deadline at a time, in the clock's seconds, firing once on the session's queue no
// earlier than that deadline as the clock reads it.

import ShapelyGatePolicy

package protocol SessionTimer: AnyObject {
    /// Fires once at `deadline` (in the clock's seconds); replaces any earlier schedule.
    func schedule(at deadline: Double)
    func cancel()
}
