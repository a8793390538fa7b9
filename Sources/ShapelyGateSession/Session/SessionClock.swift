// SessionClock.swift — the one clock of a session. The challenge's deadline, the
// countdown on screen and the timers that enforce them all read the same clock, so
// they cannot disagree; tests hand in a clock they move by hand.
//
// Contract:
// - `now()` is monotonic seconds: a change of the wall clock never moves a deadline.
// - A timer fires on the session's queue no earlier than the moment it was scheduled
//   for, as `now()` reads it (the system clock re-arms a timer that fires early).
// - Waiting costs no CPU: the system clock's timers are DispatchSourceTimers, not polls
//   (MonotonicClock.swift, DispatchDeadlineTimer.swift).

import Dispatch
import ShapelyGatePolicy

package protocol SessionClock: AnyObject, Sendable {
    func now() -> Double
    func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any SessionTimer
}
