// ProcessSignals.swift — the process's own signals for a session (SessionSignals.swift):
// one dispatch signal source for each signal listened to, all cancelled by `stop`.

import Dispatch
import ShapelyGatePolicy

/// The process's signals, one dispatch signal source each.
package final class ProcessSignals: SessionSignals {
    private var sources: [any DispatchSourceSignal] = []

    package init() {}

    package func listen(to numbers: [Int32], on queue: DispatchQueue, _ handler: @escaping @Sendable (Int32) -> Void) {
        for number in numbers {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    package func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }
}
