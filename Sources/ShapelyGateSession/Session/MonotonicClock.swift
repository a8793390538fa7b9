// MonotonicClock.swift — the system's clock for a session: CLOCK_MONOTONIC seconds, so
// a change of the wall clock never moves a deadline, and DispatchDeadlineTimers, so
// waiting costs no CPU.

import Dispatch
import ShapelyGatePolicy
import ShapelyGateSystem

/// CLOCK_MONOTONIC, with DispatchSourceTimers for deadlines.
package final class MonotonicClock: SessionClock {
    package init() {}

    package func now() -> Double { Platform.monotonicSeconds() }

    package func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any SessionTimer {
        DispatchDeadlineTimer(clock: self, queue: queue, handler: handler)
    }
}
