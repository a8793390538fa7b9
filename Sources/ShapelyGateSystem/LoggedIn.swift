// LoggedIn.swift — who is logged in on which terminal, from utmp, as who(1) and
// write(1) find them.
//
// Contract:
// - /run/utmp (or the file given) is read as a regular file, bounded; only records of
//   a user process (type 7) count, each as its user name and its terminal's line
//   (`pts/3`), both cut at their first NUL; a line with `/` or `..` in it is left out,
//   so a path outside /dev is never formed.
// - glibc's record layout on Linux: 384 bytes, the type at 0, the line at 8 (32
//   bytes), the user at 44 (32 bytes). Elsewhere nothing is logged in.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    package static func loggedIn(utmp path: String = "/run/utmp") -> [(user: String, line: String)] {
        #if os(Linux)
        guard let bytes = try? readFile(path, limit: 8 << 20) else { return [] }
        let size = 384
        var found: [(user: String, line: String)] = []
        var offset = 0
        while offset + size <= bytes.count {
            let type = Int16(bytes[offset]) | Int16(bytes[offset + 1]) << 8
            let text = { (start: Int, length: Int) -> String in
                String(decoding: bytes[(offset + start)..<(offset + start + length)].prefix { $0 != 0 }, as: UTF8.self)
            }
            let line = text(8, 32), user = text(44, 32)
            if type == 7, !user.isEmpty, !line.isEmpty, !line.contains("/") || line.hasPrefix("pts/"),
               !line.contains(".."), line.split(separator: "/").count <= 2 {
                found.append((user, line))
            }
            offset += size
        }
        return found
        #else
        return []
        #endif
    }

    /// Writes `text` to the terminal at `path` when it is a character device owned by
    /// `owner` that its group may write (mesg y), without waiting, following no link.
    package static func writeToTerminal(_ path: String, owner: uid_t, _ text: String) -> Bool {
        // Looked at before it is opened: opening some devices does something.
        var node = stat()
        guard lstat(path, &node) == 0, node.st_mode & S_IFMT == S_IFCHR, node.st_uid == owner else { return false }
        let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFCHR, info.st_uid == owner, info.st_mode & S_IWGRP != 0 else {
            return false
        }
        writePatiently(fd, Array(text.utf8), patience: 0.2)
        return true
    }
}
