// UnixSocket.swift — stream sockets on a path, for requests between people: the sudo
// judge listens on one while it waits for an approver; `shapelygate --approve` and its
// kin connect. Who is on the other end is what the kernel says (SO_PEERCRED), never
// what the other end writes.
//
// Contract:
// - Every socket is close-on-exec. A listening socket never blocks (accept returns nil
//   when no one is waiting); an accepted or connected one waits at most the time given
//   for each read and write (SO_RCVTIMEO, SO_SNDTIMEO), so a peer that stops talking
//   cannot hold either side.
// - Lines are read byte by byte up to a limit and a newline; a longer line, or none
//   before the peer stops, is nil.
// - Linux only (SO_PEERCRED); elsewhere every call fails.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// The folder at `path` itself (never through a link), for reading, or -1.
    package static func openFolder(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// pipe(2): `ends` read end first.
    package static func makePipe(_ ends: inout [Int32]) -> Bool {
        pipe(&ends) == 0
    }

    package static func listeningSocket(at path: String, mode: mode_t) -> Int32? {
        #if os(Linux)
        guard let address = unixAddress(path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return nil }
        guard at(address, { bind(fd, $0, $1) }) == 0, chmod(path, mode) == 0, listen(fd, 128) == 0 else {
            close(fd)
            return nil
        }
        return fd
        #else
        return nil
        #endif
    }

    /// A connection to the socket at `path`, or nil with errno (ECONNREFUSED: no one listens).
    package static func connectedSocket(to path: String, patience: Double) -> Int32? {
        #if os(Linux)
        guard let address = unixAddress(path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        // Before connect: a listener whose queue is full makes connect wait, at most this long.
        setPatience(fd, patience)
        guard at(address, { connect(fd, $0, $1) }) == 0 else {
            let code = errno
            close(fd)
            errno = code
            return nil
        }
        return fd
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// `call` (bind or connect) with `address` as the C library takes it.
    private static func at(_ address: sockaddr_un, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
    #endif

    /// The next waiting connection, or nil.
    package static func acceptConnection(_ listener: Int32, patience: Double) -> Int32? {
        #if os(Linux)
        // The judge is single-threaded: nothing can exec between accept and FD_CLOEXEC.
        let fd = accept(listener, nil, nil)
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        setPatience(fd, patience)
        return fd
        #else
        return nil
        #endif
    }

    /// The user ID of the process at the other end, as the kernel recorded it at connect.
    package static func peerUser(_ fd: Int32) -> uid_t? {
        #if os(Linux)
        peer(fd)?.uid
        #else
        return nil
        #endif
    }

    /// The process at the other end and its user, as the kernel recorded them at connect.
    package static func peer(_ fd: Int32) -> (pid: pid_t, uid: uid_t)? {
        #if os(Linux)
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }, which Glibc shows only with
        // _GNU_SOURCE; SO_PEERCRED is 21 on POWER, 17 elsewhere.
        #if arch(powerpc64) || arch(powerpc64le)
        let option: Int32 = 21
        #else
        let option: Int32 = 17
        #endif
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, option, &credentials, &length) == 0,
              length == socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size), credentials.pid > 0 else { return nil }
        return (credentials.pid, credentials.uid)
        #else
        return nil
        #endif
    }

    private static func setPatience(_ fd: Int32, _ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// All of `bytes` to a socket, never raising SIGPIPE; whether all went.
    package static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        #if os(Linux)
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { SwiftGlibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
        #else
        return false
        #endif
    }

    /// One line (without its newline), at most `limit` bytes, within `seconds` in all;
    /// nil when none came whole in time.
    package static func readLine(_ fd: Int32, limit: Int, within seconds: Double = 1) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        let deadline = monotonicSeconds() + seconds
        while line.count <= limit && monotonicSeconds() < deadline {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    /// Who a process answers for: its login user (the audit loginuid, kept across su
    /// and sudo; nil when never set) and the real users of it and every process above it.
    package static func ancestry(of pid: pid_t) -> (loginUser: uid_t?, realUsers: [uid_t]) {
        #if os(Linux)
        let login = (try? readFile("/proc/\(pid)/loginuid", limit: 64)).flatMap { UInt32(String(decoding: $0, as: UTF8.self)) }
        var users: [uid_t] = []
        var current = pid
        while current > 1, users.count < 64, let status = try? readFile("/proc/\(current)/status", limit: 1 << 16) {
            var parent: pid_t = 0
            for line in String(decoding: status, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
                if fields.first == "Uid:", fields.count > 1, let uid = uid_t(fields[1]) { users.append(uid) }
                if fields.first == "PPid:", fields.count > 1, let number = pid_t(fields[1]) { parent = number }
            }
            current = parent
        }
        return (login == UInt32.max ? nil : login, users)
        #else
        return (nil, [])
        #endif
    }

    /// Everything the peer writes until it closes, at most `limit` bytes.
    package static func readToEnd(_ fd: Int32, limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return Array(bytes.prefix(limit))
    }
}
