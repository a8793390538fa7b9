// SessionSignals.swift — where a session's signals come from: the process's own, through
// dispatch signal sources (ProcessSignals.swift), or a test's hand, as the clock comes from SessionClock.
//
// Contract:
// - `listen` calls `handler` on `queue` with each signal of `numbers` that arrives, from
//   then until `stop`; the session asks once, after its first screen, so signals that
//   arrive before wait blocked and pending in the process (Signals.swift).
// - After `stop` no handler runs again.

import Dispatch
import ShapelyGatePolicy

package protocol SessionSignals: AnyObject {
    func listen(to numbers: [Int32], on queue: DispatchQueue, _ handler: @escaping @Sendable (Int32) -> Void)
    func stop()
}
