// ProcessCalls.swift — the process's own facts and the calls on processes, paths and
// clocks the modules above make: who runs the gate, its process group, a signal to
// another process, the signal mask, a path's facts, the wall clock's time.
//
// Contract:
// - Each call is the C library's, unchanged: what it returns and how it fails (errno,
//   SystemError.last) are the C library's.
// - The signal mask calls act on the calling thread only (pthread_sigmask); the numbers
//   they take are chosen above (Signals.swift).
// - `withCStrings` hands C copies of the words, each NUL-terminated and the list ended by
//   a null pointer, and frees them when the body returns.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// exit(3) and raise(3), under names Platform's own do not hide.
private func exitProcess(_ status: Int32) -> Never { exit(status) }
private func raiseSignal(_ number: Int32) -> Int32 { raise(number) }

extension Platform {
    package static var processID: ProcessID { getpid() }
    package static var parentProcessID: ProcessID { getppid() }
    package static var processGroup: ProcessID { getpgrp() }
    package static var realUser: UserID { getuid() }
    package static var effectiveUser: UserID { geteuid() }

    /// setpgid(2): puts `process` (0: this one) in `group` (0: its own).
    @discardableResult
    package static func setProcessGroup(_ process: ProcessID, _ group: ProcessID) -> Bool { setpgid(process, group) == 0 }

    /// kill(2): whether the signal was sent.
    @discardableResult
    package static func send(signal number: Int32, to process: ProcessID) -> Bool { kill(process, number) == 0 }

    /// What stat(2) (`followingLinks`) or lstat(2) says of `path`, or nil.
    package static func facts(of path: String, followingLinks: Bool) -> FileFacts? {
        var info = stat()
        return (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 ? FileFacts(info) : nil
    }

    /// What fstat(2) says of the open descriptor `number`, or nil.
    package static func facts(ofDescriptor number: Int32) -> FileFacts? {
        var info = stat()
        return fstat(number, &info) == 0 ? FileFacts(info) : nil
    }

    /// Marks the descriptor `number` close-on-exec (FD_CLOEXEC): false when it is not open.
    package static func markCloseOnExec(_ number: Int32) -> Bool { fcntl(number, F_SETFD, FD_CLOEXEC) == 0 }

    /// realpath(3): `path` with every link and `.`/`..` resolved, or nil.
    package static func resolvedPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// mkdir(2): whether the folder was made.
    package static func makeFolder(_ path: String, mode: FileMode) -> Bool { mkdir(path, mode) == 0 }

    /// unlink(2): whether `path` was removed.
    @discardableResult
    package static func remove(_ path: String) -> Bool { unlink(path) == 0 }

    /// Seconds since the epoch on the wall clock (CLOCK_REALTIME).
    package static func wallClockSeconds() -> Double {
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        return Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9
    }

    /// Now, in UTC, formatted by strftime(3) (e.g. "%Y-%m-%dT%H:%M:%SZ").
    package static func utcTime(_ format: String) -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `body` with C copies of `words` (strdup), the list ended by a null pointer.
    package static func withCStrings<T>(_ words: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let copies = words.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return body(copies)
    }

    /// The length of a C string (strlen).
    package static func length(of text: UnsafePointer<CChar>) -> Int { strlen(text) }

    /// Ends the process with `status` (exit(3)).
    package static func exit(status: Int32) -> Never { exitProcess(status) }
}

/// The calling thread's signal mask and the signals' dispositions.
extension Platform {
    /// A saved signal mask, to put back later.
    package struct SignalMask: @unchecked Sendable {
        fileprivate var set = sigset_t()
        package init() {}
    }

    private static func signalSet(_ numbers: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// Blocks `numbers` in the calling thread (threads created later inherit it).
    package static func block(signals numbers: [Int32]) {
        var set = signalSet(numbers)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Unblocks `numbers` in the calling thread.
    package static func unblock(signals numbers: [Int32]) {
        var set = signalSet(numbers)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The calling thread's mask as it is now.
    package static func currentSignalMask() -> SignalMask {
        var mask = SignalMask()
        pthread_sigmask(SIG_BLOCK, nil, &mask.set)
        return mask
    }

    /// Puts `mask` back as the calling thread's mask.
    package static func setSignalMask(_ mask: SignalMask) {
        var set = mask.set
        pthread_sigmask(SIG_SETMASK, &set, nil)
    }

    /// `number`'s disposition: ignored, or the default.
    package static func setDisposition(of number: Int32, ignored: Bool) {
        signal(number, ignored ? SIG_IGN : SIG_DFL)
    }

    /// raise(3): `number` on the calling thread.
    package static func raise(signal number: Int32) { _ = raiseSignal(number) }
}
