// SudoTicket.swift — whether sudo keeps a time stamp for a terminal: the records of
// /run/sudo/ts/<user> as sudoers_timestamp(5) describes them (version 2: version, size,
// type and flags as 16-bit numbers, the user to authenticate as, the session id, the
// session's start time, the time stamp, then the terminal's device number).
//
// Contract:
// - Only a file of root's that group and others cannot write is read; anything else,
//   or a record this reader does not know, reads as no time stamp (the stricter answer).
// - `enabled` when a record of the global type, or of the terminal type for this
//   device, is not disabled (`sudo -k` disables, `sudo -K` removes the file).

import ShapelyGateSystem

package enum SudoTicket {
    package enum State: Equatable { case enabled, none }

    package static let folder = "/run/sudo/ts"
    package static let global: UInt16 = 1, terminal: UInt16 = 2, disabled: UInt16 = 1

    package static func state(user: String, device: UInt64) -> State {
        guard !user.isEmpty, !user.contains("/"), user != "." && user != ".." else { return .none }
        guard let (fd, info) = try? FileDescriptor.openRegularFile(folder + "/" + user, flags: [.readOnly, .noFollow]) else { return .none }
        defer { fd.close() }
        guard info.owner == 0, info.mode & 0o022 == 0, let bytes = try? fd.readAll(path: user, limit: 1 << 20) else {
            return .none
        }
        return state(records: bytes, device: device)
    }

    /// The records' answer for the terminal `device`.
    package static func state(records bytes: [UInt8], device: UInt64) -> State {
        var offset = 0
        while offset + 8 <= bytes.count {
            let version = number16(bytes, offset), size = Int(number16(bytes, offset + 2))
            let type = number16(bytes, offset + 4), flags = number16(bytes, offset + 6)
            guard size >= 8, offset + size <= bytes.count else { return .none }
            if version == 2, size >= 56, flags & disabled == 0 {
                if type == global { return .enabled }
                if type == terminal, number64(bytes, offset + 48) == device { return .enabled }
            }
            offset += size
        }
        return .none
    }

    private static func number16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func number64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
}
