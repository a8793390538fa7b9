// DispatchDeadlineTimer.swift — a timer at a deadline of the monotonic clock, made of a
// DispatchSourceTimer.
//
// Contract:
// - It fires on its queue no earlier than the deadline as `MonotonicClock.now()` reads
//   it: Dispatch counts on a clock of its own, so a timer that fires early is armed
//   again for the rest.
// - A new schedule replaces the old one; after `cancel` it never fires.

import Dispatch
import ShapelyGatePolicy

/// A DispatchSourceTimer that fires at a deadline of the monotonic clock.
package final class DispatchDeadlineTimer: SessionTimer, @unchecked Sendable {
    private let clock: MonotonicClock
    private let source: any DispatchSourceTimer
    private var deadline: Double?
    private var cancelled = false

    package init(clock: MonotonicClock, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
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

    package func schedule(at deadline: Double) {
        self.deadline = deadline
        arm(deadline)
    }

    private func arm(_ deadline: Double) {
        let left = max(0, deadline - clock.now())
        source.schedule(deadline: .now() + .nanoseconds(Int(left * 1e9)), leeway: .milliseconds(1))
    }

    package func cancel() {
        cancelled = true
        deadline = nil
        source.cancel()
    }

    deinit { source.cancel() }
}
