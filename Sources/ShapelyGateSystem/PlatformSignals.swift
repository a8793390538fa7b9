// PlatformSignals.swift — the signal calls that differ between systems. Which signals
// the gate blocks, waits for and re-raises is decided in the command line's Signals.swift;
// this file only answers the questions each system answers differently.
//
// Contract:
// - `systemEndingSignals` are the signals, beyond POSIX's, that end a process without
//   meaning a crash on this system (Linux: PWR, IO, STKFLT; elsewhere none).
// - `waitForSignal(among:within:)` takes one pending or arriving signal of the set
//   (which the caller has blocked) within the time given, or returns nil: sigtimedwait
//   where it exists; on Darwin, which has none, a look at what is pending, then a sleep.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// The kernel's count of signals: 1..<signalLimit are the signal numbers.
    package static let signalLimit: Int32 = 65

    /// Signals, beyond POSIX's, that end a process without meaning a crash.
    /// The name of a signal only this system has (Linux: SIGPWR, SIGIO, SIGSTKFLT), or nil.
    package static func systemSignalName(_ number: Int32) -> String? {
        #if os(Linux)
        switch number {
        case SIGPWR: return "SIGPWR"
        case SIGIO: return "SIGIO"
        case SIGSTKFLT: return "SIGSTKFLT"
        default: return nil
        }
        #else
        return nil
        #endif
    }

    package static var systemEndingSignals: [Int32] {
        #if os(Linux)
        return [SIGPWR, SIGIO, SIGSTKFLT]
        #else
        return []
        #endif
    }

    /// Whether `number`'s disposition is "ignore" (as `nohup` leaves SIGHUP).
    package static func isIgnored(_ number: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(number, nil, &action) == 0 else { return false }
        #if canImport(Darwin)
        let handler = action.__sigaction_u.__sa_handler
        #else
        let handler = action.__sigaction_handler.sa_handler
        #endif
        return handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false  // SIG_IGN is 1
    }

    /// One of `numbers` (blocked by the caller) that is pending or arrives within
    /// `seconds`, taken; or nil.
    package static func waitForSignal(among numbers: [Int32], within seconds: Double) -> Int32? {
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        #if canImport(Darwin)
        var pending = sigset_t()
        sigpending(&pending)
        if let number = numbers.first(where: { sigismember(&pending, $0) == 1 }) {
            var one = sigset_t()
            sigemptyset(&one)
            sigaddset(&one, number)
            var taken: Int32 = 0
            sigwait(&one, &taken)
            return taken
        }
        nanosleep(&timeout, nil)
        return nil
        #else
        var waitFor = sigset_t()
        sigemptyset(&waitFor)
        for number in numbers { sigaddset(&waitFor, number) }
        let number = sigtimedwait(&waitFor, nil, &timeout)
        return number > 0 ? number : nil
        #endif
    }
}
