// Journal.swift — journald's native protocol, spoken by the gate itself (no libsystemd):
// one record is one datagram of fields to /run/systemd/journal/socket.
//
// Contract:
// - `journalDatagram` writes each field as `NAME=value\n`, or, when the value holds a
//   newline, another control byte or bytes that are not UTF-8, in the binary form:
//   `NAME\n`, the value's length as 64-bit little-endian, the bytes, `\n`.
// - `sendToJournal` never waits: a non-blocking socket of its own, MSG_DONTWAIT. A
//   record too large for one datagram goes, as systemd's own client sends it, in a
//   sealed memory file whose descriptor is the datagram's only content.
// - It returns false when the record did not reach journald (no socket, a full queue,
//   any error); the caller then falls back to the syslog line. Nothing here can delay
//   or change the gate's outcome.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// Where journald listens for native records.
    package static let journalSocket = "/run/systemd/journal/socket"

    /// The bytes of one record, in the native protocol.
    package static func journalDatagram(_ fields: [JournalField]) -> [UInt8] {
        var out: [UInt8] = []
        for field in fields {
            out += Array(field.name.utf8)
            if needsBinaryForm(field.value) {
                out.append(0x0A)
                var length = UInt64(field.value.count).littleEndian
                withUnsafeBytes(of: &length) { out += $0 }
            } else {
                out.append(UInt8(ascii: "="))
            }
            out += field.value
            out.append(0x0A)
        }
        return out
    }

    private static func needsBinaryForm(_ value: [UInt8]) -> Bool {
        value.contains { $0 < 0x20 || $0 == 0x7F } || String(validating: value, as: UTF8.self) == nil
    }

    /// Sends one record to journald without waiting; whether journald took it.
    @discardableResult
    package static func sendToJournal(_ fields: [JournalField], socketPath: String = journalSocket) -> Bool {
        #if os(Linux)
        let fd = datagramSocket()
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard var address = unixAddress(socketPath) else { return false }
        let datagram = journalDatagram(fields)
        let sent = send(datagram, socket: fd, to: &address)
        if sent == datagram.count { return true }
        guard sent < 0, errno == EMSGSIZE || errno == ENOBUFS else { return false }
        return sendInMemoryFile(datagram, socket: fd, address: &address)
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// A datagram socket of the process's own that never blocks and is not inherited.
    static func datagramSocket() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    }

    /// `bytes` as one datagram to `address`, without waiting; what sendto(2) returned.
    static func send(_ bytes: [UInt8], socket fd: Int32, to address: inout sockaddr_un) -> Int {
        withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT), target,
                                                socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
    }

    static func unixAddress(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }

    /// The record in a sealed memory file, its descriptor passed with SCM_RIGHTS.
    private static func sendInMemoryFile(_ datagram: [UInt8], socket fd: Int32, address: inout sockaddr_un) -> Bool {
        let memory = shapelygate_memfd_create("shapelygate-journal", 0x1 | 0x2)  // MFD_CLOEXEC | MFD_ALLOW_SEALING
        guard memory >= 0 else { return false }
        defer { close(memory) }
        writeAll(memory, datagram)
        // F_ADD_SEALS (1033): F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE.
        guard lseek(memory, 0, SEEK_END) == off_t(datagram.count), fcntl(memory, 1033, Int32(0x1 | 0x2 | 0x4 | 0x8)) == 0 else {
            return false
        }
        // A cmsghdr (length, level, type) followed by one descriptor, padded to 8 bytes.
        let headerSize = MemoryLayout<cmsghdr>.size
        var control = [UInt8](repeating: 0, count: headerSize + 8)
        control.withUnsafeMutableBytes { raw in
            var header = cmsghdr()
            header.cmsg_len = headerSize + 4
            header.cmsg_level = SOL_SOCKET
            header.cmsg_type = Int32(SCM_RIGHTS)
            raw.storeBytes(of: header, as: cmsghdr.self)
            raw.storeBytes(of: memory, toByteOffset: headerSize, as: Int32.self)
        }
        let sent = withUnsafeMutablePointer(to: &address) { target in
            control.withUnsafeMutableBytes { controlBytes in
                var message = msghdr()
                message.msg_name = UnsafeMutableRawPointer(target)
                message.msg_namelen = socklen_t(MemoryLayout<sockaddr_un>.size)
                message.msg_control = controlBytes.baseAddress
                message.msg_controllen = controlBytes.count
                return sendmsg(fd, &message, Int32(MSG_DONTWAIT))
            }
        }
        return sent >= 0
    }
    #endif
}

#if os(Linux)
/// memfd_create(2), which the C library has (glibc 2.27, musl 1.1.20) but its Swift
/// module does not show.
@_silgen_name("memfd_create")
private func shapelygate_memfd_create(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
#endif
