// InputWatch.swift — tells a queue when a descriptor (the terminal) may have input,
// the same way on every system: a Dispatch read source on Linux; on Darwin, whose
// kqueue does not take a terminal, a poll loop on a thread of its own.
//
// Contract:
// - The handler runs on the queue given, never in parallel with itself; it reads what
//   is there itself (the watch reads nothing).
// - `stop(then:)` is called once; `done` runs once nothing will touch the descriptor
//   any more, so the caller may then close it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

package final class InputWatch: @unchecked Sendable {
    #if canImport(Darwin)
    private let polling: PollLoop
    #else
    private let source: any DispatchSourceRead
    #endif

    package init(descriptor: Int32, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        #if canImport(Darwin)
        polling = PollLoop(descriptor: descriptor, queue: queue, handler: handler)
        #else
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler(handler: handler)
        source.resume()
        #endif
    }

    package func stop(then done: @escaping @Sendable () -> Void) {
        #if canImport(Darwin)
        polling.stop(then: done)
        #else
        source.setCancelHandler(handler: done)
        source.cancel()
        #endif
    }
}

/// A poll loop on a thread of its own, for systems whose kqueue cannot watch a terminal:
/// it wakes at most every 100 ms to see whether it was stopped, and hands readiness to
/// the session's queue.
final class PollLoop: @unchecked Sendable {
    private let descriptor: Int32
    private let stopped = DispatchSemaphore(value: 0)
    private var stopping = false
    private let lock = DispatchQueue(label: "shapelygate.poll")

    init(descriptor: Int32, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        self.descriptor = descriptor
        DispatchQueue.global().async { [self] in
            while !lock.sync(execute: { stopping }) {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, 100) > 0 {
                    // Wait for the session to read before polling again.
                    queue.sync(execute: handler)
                }
            }
            stopped.signal()
        }
    }

    func stop(then done: @escaping @Sendable () -> Void) {
        lock.sync { stopping = true }
        DispatchQueue.global().async { [self] in
            stopped.wait()
            done()
        }
    }
}
