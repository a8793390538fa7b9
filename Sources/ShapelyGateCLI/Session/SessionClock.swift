// SessionClock.swift — the one clock of a session. The challenge's deadline, the
// countdown on screen and the timers that enforce them all read the same clock, so
// they cannot disagree; tests hand in a clock they move by hand.
//
// Contract:
// - `now()` is monotonic seconds: a change of the wall clock never moves a deadline.
// - A timer fires on the session's queue no earlier than the moment it was scheduled
//   for, as `now()` reads it (the system clock re-arms a timer that fires early).
// - Waiting costs no CPU: the system clock's timers are DispatchSourceTimers, not polls.

import Dispatch
import ShapelyGateSystem

protocol SessionClock: AnyObject, Sendable {
    func now() -> Double
    func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any SessionTimer
}

protocol SessionTimer: AnyObject {
    /// Fires once at `deadline` (in the clock's seconds); replaces any earlier schedule.
    func schedule(at deadline: Double)
    func cancel()
}

/// CLOCK_MONOTONIC, with DispatchSourceTimers for deadlines.
final class MonotonicClock: SessionClock {
    init() {}

    func now() -> Double { Platform.monotonicSeconds() }

    func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any SessionTimer {
        DispatchDeadlineTimer(clock: self, queue: queue, handler: handler)
    }
}

/// A DispatchSourceTimer that fires at a deadline of the monotonic clock.
final class DispatchDeadlineTimer: SessionTimer, @unchecked Sendable {
    private let clock: MonotonicClock
    private let source: any DispatchSourceTimer
    private var deadline: Double?
    private var cancelled = false

    init(clock: MonotonicClock, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        self.clock = clock
        source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        source.setEventHandler { [unowned self] in
            guard let deadline = self.deadline, !self.cancelled else { return }
            // Dispatch counts on its own clock: if it fires a hair early, wait the rest.
            if clock.now() < deadline {
                self.arm(deadline)
            } else {
                self.deadline = nil
                handler()
            }
        }
        source.resume()
    }

    func schedule(at deadline: Double) {
        self.deadline = deadline
        arm(deadline)
    }

    private func arm(_ deadline: Double) {
        let left = max(0, deadline - clock.now())
        source.schedule(deadline: .now() + .nanoseconds(Int(left * 1e9)), leeway: .milliseconds(1))
    }

    func cancel() {
        cancelled = true
        deadline = nil
        source.cancel()
    }

    deinit { source.cancel() }
}
