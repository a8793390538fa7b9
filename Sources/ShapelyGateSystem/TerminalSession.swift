// TerminalSession.swift — what names the terminal session a process runs in: its
// controlling terminal's device number, the session's id and its leader's start time.
//
// Contract:
// - The device is the kernel's (TIOCGDEV) in the C library's dev_t encoding, the
//   number stat(2) gives the terminal's own node (/dev/pts/N), not /dev/tty's.
// - The leader's start time is field 22 of /proc/<sid>/stat, counted after the command
//   name's closing parenthesis (a name may hold spaces and parentheses): a reused
//   process id does not match.
// - Linux only; elsewhere nil.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    package struct TerminalSession: Equatable {
        package let device: UInt64
        package let session: Int32
        package let leaderStart: UInt64
    }

    package static func terminalSession(_ descriptor: Int32) -> TerminalSession? {
        #if os(Linux)
        var device: UInt32 = 0
        guard ioctl(descriptor, UInt(0x8004_5432), &device) == 0 else { return nil }
        let major = UInt64((device & 0xF_FF00) >> 8), minor = UInt64((device & 0xFF) | ((device >> 12) & 0xF_FF00))
        let encoded = ((major & 0xFFF) << 8) | ((major & ~0xFFF) << 32) | (minor & 0xFF) | ((minor & ~0xFF) << 12)
        let session = getsid(0)
        guard session > 0, let bytes = try? readFile("/proc/\(session)/stat", limit: 4096),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        // fields[0] is field 3 (the state); starttime is field 22.
        guard fields.count > 19, let start = UInt64(String(decoding: fields[19], as: UTF8.self)) else { return nil }
        return TerminalSession(device: encoded, session: session, leaderStart: start)
        #else
        return nil
        #endif
    }
}
