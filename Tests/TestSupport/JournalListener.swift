// JournalListener.swift — stands in for journald in tests: a datagram socket bound in a
// temporary folder that takes records in the native protocol, whether they come in the
// datagram itself or in a memory file passed with SCM_RIGHTS, and splits them into fields.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class JournalListener {
    public let path: String
    private let fd: Int32

    /// A socket at `path`, or nil if it cannot be made (`path` too long, no permission).
    public init?(path: String) {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard fd >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (index, byte) in bytes.enumerated() { raw[index] = byte } }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { close(fd); return nil }
        chmod(path, 0o666)
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// The fields of the next record, waiting up to `timeout` seconds; nil when none came.
    public func receive(timeout: Double = 10) -> [(name: String, value: [UInt8])]? {
        receiveBytes(timeout: timeout).flatMap(Self.parse)
    }

    /// The bytes of the next record, from the datagram or the file it passed.
    public func receiveBytes(timeout: Double = 10) -> [UInt8]? {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var data = [UInt8](repeating: 0, count: 1 << 20)
        var control = [UInt8](repeating: 0, count: 64)
        var message = msghdr()
        let count = data.withUnsafeMutableBytes { dataBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: dataBytes.baseAddress, iov_len: dataBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    return recvmsg(fd, &message, 0)
                }
            }
        }
        guard count >= 0, message.msg_flags & Int32(MSG_TRUNC) == 0 else { return nil }
        if message.msg_controllen > 0 {
            let passed = control.withUnsafeBytes { $0.load(fromByteOffset: MemoryLayout<cmsghdr>.size, as: Int32.self) }
            defer { close(passed) }
            return Self.readAll(passed)
        }
        return Array(data.prefix(count))
    }

    /// Everything in the file behind `descriptor`, from its start.
    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let count = pread(descriptor, &chunk, chunk.count, offset)
            if count <= 0 { return out }
            out += chunk.prefix(count)
            offset += off_t(count)
        }
    }

    /// Splits a record into its fields: `NAME=value\n`, or `NAME\n` + 64-bit little-endian
    /// length + bytes + `\n`. Nil when the record is malformed.
    public static func parse(_ bytes: [UInt8]) -> [(name: String, value: [UInt8])]? {
        var fields: [(name: String, value: [UInt8])] = []
        var index = 0
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(where: { $0 == 0x3D || $0 == 0x0A }) else { return nil }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            if bytes[end] == 0x3D {
                guard let lineEnd = bytes[(end + 1)...].firstIndex(of: 0x0A) else { return nil }
                fields.append((name, Array(bytes[(end + 1)..<lineEnd])))
                index = lineEnd + 1
            } else {
                guard end + 9 <= bytes.count else { return nil }
                var length = 0
                for shift in 0..<8 { length |= Int(bytes[end + 1 + shift]) << (8 * shift) }
                let start = end + 9
                guard start + length < bytes.count, bytes[start + length] == 0x0A else { return nil }
                fields.append((name, Array(bytes[start..<(start + length)])))
                index = start + length + 1
            }
        }
        return fields
    }
}

extension Array where Element == (name: String, value: [UInt8]) {
    /// The value of the field `name`, as text (invalid UTF-8 repaired), or nil.
    public subscript(field name: String) -> String? {
        first { $0.name == name }.map { String(decoding: $0.value, as: UTF8.self) }
    }

    /// The exact bytes of the field `name`, or nil.
    public subscript(bytes name: String) -> [UInt8]? {
        first { $0.name == name }?.value
    }
}
