// Platform.swift — the one place that chooses the C library and wraps the calls that
// differ between Glibc, Musl and Darwin. Every `#if os` or `#if canImport` of the
// product is in this module (each file here imports the C library itself; none passes
// it on); the modules above import none and read the same on every system: what they
// need of it is here, typed (FileDescriptor, FileFacts, SystemTypes, ProcessCalls).
// The command line depends on this module, and the screen module for the C library's
// sin and cos alone; the engine has no I/O and does not see the C library at all.
//
// Contract:
// - Every file is opened without following a FIFO's or device's lead: O_NONBLOCK (an
//   open on a FIFO never waits for a writer), O_NOCTTY, O_CLOEXEC, and the descriptor
//   is `fstat`ed and refused unless it is a regular file. What is checked is what is read.
// - Reads are bounded: a file larger than its limit is an error, never a huge allocation.
// - Writes retry after EINTR and short writes and give up quietly on anything else.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("shapelygate needs a POSIX C library")
#endif
import CShapelyGateGuard

package enum Platform {
    /// The text of an errno value, e.g. "No such file or directory".
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Opens `path` (relative to the folder `directory` when it is given) as a regular
    /// file: never blocks on a FIFO, never a device or folder. The caller closes the
    /// descriptor.
    package static func openRegularFile(_ path: String, in directory: Int32 = AT_FDCWD, flags: Int32 = O_RDONLY,
                                        mode: mode_t = 0) throws(FileReadError) -> (descriptor: Int32, info: stat)
    {
        let fd = openat(directory, path, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode)
        if fd < 0 { throw FileReadError(path: path, reason: describe(errno: errno), code: errno) }
        var info = stat()
        if fstat(fd, &info) != 0 {
            let code = errno
            close(fd)
            throw FileReadError(path: path, reason: describe(errno: code), code: code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file"
            throw FileReadError(path: path, reason: what, code: 0)
        }
        return (fd, info)
    }

    /// Reads the rest of `descriptor`, refusing more than `limit` bytes.
    package static func readAll(_ descriptor: Int32, path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: describe(errno: errno), code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw FileReadError(path: path, reason: "larger than \(limit) bytes", code: 0, tooLarge: true)
            }
        }
    }

    /// Reads a whole regular file of at most `limit` bytes.
    package static func readFile(_ path: String, limit: Int = 1 << 20) throws(FileReadError) -> [UInt8] {
        let (fd, _) = try openRegularFile(path)
        defer { close(fd) }
        return try readAll(fd, path: path, limit: limit)
    }

    /// Whether `path` names a directory (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` exists at all.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}

extension Platform {
    /// The process environment as a dictionary (the first definition of a name wins).
    package static func environment() -> [String: String] {
        var result: [String: String] = [:]
        #if canImport(Darwin)
        guard var entry = _NSGetEnviron()?.pointee else { return result }
        #else
        var entry = environ
        #endif
        // Split at the first `=` byte, decoding each side once (invalid UTF-8 repaired,
        // as String(cString:) does): no walk over characters, which costs at startup.
        while let pointer = entry.pointee {
            entry += 1
            guard let equals = strchr(pointer, 0x3D) else { continue }
            let nameLength = pointer.distance(to: equals)
            let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: nameLength), as: UTF8.self)
            if result[name] != nil { continue }
            let value = equals + 1
            result[name] = String(decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self)
        }
        return result
    }

    /// Monotonic seconds: unaffected by changes to the wall clock.
    package static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Seconds on a clock that never goes back and, on Linux, counts time asleep
    /// (CLOCK_BOOTTIME); elsewhere the monotonic clock.
    package static func bootClockSeconds() -> Double {
        var now = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_BOOTTIME, &now)
        #else
        clock_gettime(CLOCK_MONOTONIC, &now)
        #endif
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Names this boot of the machine, so a boot-clock reading is compared only with
    /// readings from the same boot: Linux's random boot id, Darwin's boot time.
    package static func bootIdentity() -> String {
        #if canImport(Darwin)
        var boot = timeval()
        var size = MemoryLayout<timeval>.size
        var name: [Int32] = [CTL_KERN, KERN_BOOTTIME]
        guard sysctl(&name, 2, &boot, &size, nil, 0) == 0 else { return "unknown" }
        return "boot-\(boot.tv_sec)-\(boot.tv_usec)"
        #else
        guard let bytes = try? readFile("/proc/sys/kernel/random/boot_id", limit: 64) else { return "unknown" }
        return String(decoding: bytes.filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self)
        #endif
    }

    /// Makes the process non-dumpable (Linux's PR_SET_DUMPABLE 0), first thing: the
    /// user's other processes can then neither trace it nor read its memory or
    /// descriptors through /proc. Installed mode 0711, exec already did this; this is
    /// the second layer, for a gate that was installed readable.
    package static func refuseTracing() {
        _ = sg_guard_refuse_tracing()
    }

    /// Turns core dumps off for this process (before it re-raises SIGQUIT on itself).
    package static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        #else
        _ = setrlimit(RLIMIT_CORE, &limit)
        #endif
    }
}

extension Platform {
    /// Writes every byte, retrying after EINTR and short writes; gives up on any other
    /// error (a closed or hung-up descriptor, a full disk): whether every byte went,
    /// SystemError.last saying why not.
    @discardableResult
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                if count == 0 { errno = EIO }
                return false
            }
        }
        return true
    }

    package static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        close(descriptor)
    }

    /// Writes every byte it can, but never waits more than `patience` seconds for a
    /// descriptor that takes nothing (a terminal whose output is stopped by Ctrl-S or
    /// Scroll Lock, a stalled link): what it cannot write then is dropped. Works on
    /// blocking and non-blocking descriptors alike, without changing their flags.
    package static func writePatiently(_ descriptor: Int32, _ bytes: [UInt8], patience: Double = 1) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 && flags & O_NONBLOCK != 0 {
            writeWithoutBlocking(descriptor, bytes, patience: patience)
            return
        }
        var offset = 0
        while offset < bytes.count {
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let waited = poll(&ready, 1, Int32(patience * 1000))
            if waited < 0 && errno == EINTR { continue }
            guard waited > 0, ready.revents & Int16(POLLOUT) != 0 else { return }
            // A small piece at a time, so a blocking descriptor with a little room
            // never blocks for the rest.
            let count = bytes[offset..<min(bytes.count, offset + 512)].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
                continue
            } else {
                return
            }
        }
    }

    /// `writePatiently` on a non-blocking descriptor: all it takes at once, and a wait
    /// for room only when it takes nothing.
    private static func writeWithoutBlocking(_ descriptor: Int32, _ bytes: [UInt8], patience: Double) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
                continue
            }
            guard count < 0 else { return }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { return }
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            var waited: Int32
            repeat { waited = poll(&ready, 1, Int32(patience * 1000)) } while waited < 0 && errno == EINTR
            guard waited > 0, ready.revents & Int16(POLLOUT) != 0 else { return }
        }
    }

    /// The facility of the audit records, in the syslog line and the journal record
    /// alike: authpriv (10), where sshd, sudo and su log, kept from the world-readable
    /// files the auth facility reaches on some systems.
    package static let auditFacility = LOG_AUTHPRIV

    /// Sends one line to the system log (facility `auditFacility`) without ever waiting: on Linux
    /// a datagram to /dev/log on a non-blocking socket of its own, in the format the C
    /// library uses, dropped if the logger is not reading; elsewhere syslog(3). Returns
    /// whether it was sent.
    @discardableResult
    package static func sendToSystemLog(_ line: String, priority: Int32, ident: String,
                                        socketPath: String = "/dev/log") -> Bool {
        #if os(Linux)
        let fd = datagramSocket()
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard var address = unixAddress(socketPath) else { return false }
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var stamp = [CChar](repeating: 0, count: 32)
        let length = strftime(&stamp, stamp.count, "%b %e %H:%M:%S", &parts)
        let when = String(decoding: stamp.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let message = Array("<\(auditFacility | priority)>\(when) \(ident)[\(getpid())]: \(line)".utf8)
        return send(message, socket: fd, to: &address) == message.count
        #else
        line.withCString { text in
            ident.withCString { name in
                openlog(name, LOG_PID, auditFacility)
                withVaList([text]) { vsyslog(priority, "%s", $0) }
                closelog()
            }
        }
        return true
        #endif
    }

    /// Text on standard error, ignoring failures and never hanging on a stopped terminal.
    package static func printError(_ text: String) {
        writePatiently(2, Array(text.utf8))
    }

    /// Text on standard output, ignoring failures.
    package static func printOutput(_ text: String) {
        writeAll(1, Array(text.utf8))
    }
}
