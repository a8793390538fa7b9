// PasswordEntry.swift — what /etc/passwd says about one uid, read directly: a fully
// static binary cannot use getpwuid (it needs the C library's shared NSS modules).
//
// Contract:
// - Only /etc/passwd is read (bounded, as a regular file); an account it does not
//   hold, or a file that cannot be read, is nil. Nothing comes from the environment.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package struct PasswordEntry: Equatable {
    package let name: String
    package let home: String

    /// The entry for `uid` in the text of a password file, or nil. The file is split on
    /// its bytes, not its characters: every run of the gate reads it before the board.
    package static func find(uid: uid_t, in text: String) -> PasswordEntry? {
        let wanted = Array(String(uid).utf8)
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 6, omittingEmptySubsequences: false)
            if fields.count > 5, fields[2].elementsEqual(wanted) {
                return PasswordEntry(name: String(decoding: fields[0], as: UTF8.self), home: String(decoding: fields[5], as: UTF8.self))
            }
        }
        return nil
    }

    /// The entry for `uid` in /etc/passwd, or nil.
    package static func lookUp(uid: uid_t) -> PasswordEntry? {
        guard let bytes = try? Platform.readFile("/etc/passwd", limit: 16 << 20) else { return nil }
        return find(uid: uid, in: String(decoding: bytes, as: UTF8.self))
    }
}
