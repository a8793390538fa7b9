// MonotonicClock.swift — the system's clock for a session: CLOCK_MONOTONIC seconds, so
// a change of the wall clock never moves a deadline, and DispatchDeadlineTimers, so
// waiting costs no CPU.

import Dispatch
import ShapelyGateSystem

/// CLOCK_MONOTONIC, with DispatchSourceTimers for deadlines.
final class MonotonicClock: SessionClock {
    init() {}

    func now() -> Double { Platform.monotonicSeconds() }

    func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any SessionTimer {
        DispatchDeadlineTimer(clock: self, queue: queue, handler: handler)
    }
}
