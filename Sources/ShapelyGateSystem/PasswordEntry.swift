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

    /// The entry for `uid` in the text of a password file, or nil.
    package static func find(uid: uid_t, in text: String) -> PasswordEntry? {
        let wanted = String(uid)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 5, fields[2] == wanted {
                return PasswordEntry(name: String(fields[0]), home: String(fields[5]))
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
