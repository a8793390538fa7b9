// JudgeCalls.swift — the calls the doors' judges make on their link, their pipes and
// their gate child: reads that retry after EINTR, a wait for input, a child's state
// without waiting, the controlling terminal.
//
// Contract:
// - Each read retries after EINTR and stops at anything else; what it returns is what
//   was read (nil or fewer bytes on an error or the end).
// - `childState` never waits (WNOHANG, WUNTRACED): it reports a stop as well as an end.
// - A failure leaves errno (SystemError.last) as the C library set it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// Whether the process was started with no environment at all.
    package static var environmentIsEmpty: Bool {
        #if canImport(Darwin)
        return _NSGetEnviron()?.pointee?.pointee == nil
        #else
        return environ.pointee == nil
        #endif
    }

    /// Some bytes from `descriptor`, at most `most`; nil at the end or on an error.
    package static func readSome(_ descriptor: Int32, atMost most: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: most)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// What is there to read now on `descriptor`, made non-blocking first, at most `limit` bytes.
    package static func readWaiting(_ descriptor: Int32, limit: Int) -> [UInt8] {
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: limit)
        var total = 0
        while total < buffer.count {
            let count = buffer[total...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return Array(buffer[0..<total])
    }

    /// One read(2) of exactly the bytes of `value`: whether all came.
    package static func readWhole<T>(_ descriptor: Int32, into value: inout T) -> Bool {
        withUnsafeMutableBytes(of: &value) { read(descriptor, $0.baseAddress, $0.count) } == MemoryLayout<T>.size
    }

    /// poll(2) for input on `descriptor` for at most `seconds`: above 0 when there is
    /// some, 0 when the time ran out, below 0 on an error (SystemError.last says which).
    package static func waitForInput(_ descriptor: Int32, within seconds: Double) -> Int32 {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, Int32(seconds * 1000))
    }

    /// The state of `child` without waiting: its pid and wait status when it stopped or
    /// ended, 0 when nothing changed, below 0 on an error.
    package static func childState(_ child: ProcessID) -> (result: ProcessID, status: Int32) {
        var status: Int32 = 0
        let result = waitpid(child, &status, WNOHANG | WUNTRACED)
        return (result, status)
    }

    /// The controlling terminal, /dev/tty, for reading and writing (never made the
    /// controlling terminal of another, close-on-exec), or -1.
    package static func openControllingTerminal() -> Int32 {
        open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    }
}
