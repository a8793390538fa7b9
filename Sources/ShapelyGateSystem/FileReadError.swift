// FileReadError.swift — why a file could not be read (Platform.swift): its path, the
// reason in words, the errno behind it (0 when the gate itself refused the file) and
// whether it was only too large, so a caller can tell a missing file from a refused one.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package struct FileReadError: Error, Equatable {
    package let path: String
    package let reason: String
    /// The errno behind the failure, or 0 when it is the gate's own refusal.
    package var code: Int32 = 0
    /// The file was read but exceeds the limit (as opposed to not being readable).
    package var tooLarge = false

    package init(path: String, reason: String, code: Int32, tooLarge: Bool = false) {
        self.path = path
        self.reason = reason
        self.code = code
        self.tooLarge = tooLarge
    }

    /// The file is simply not there.
    package var isMissing: Bool { code == ENOENT || code == ENOTDIR }
}
