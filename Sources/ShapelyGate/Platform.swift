// Platform.swift — the one place that chooses the C library and wraps the few calls
// that differ between Glibc, Musl and Darwin. Visible to the package's own modules
// (`package`), not to users of the library.

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("shapelygate needs a POSIX C library")
#endif

package enum Platform {
    /// The text of an errno value, e.g. "No such file or directory".
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Reads a whole regular file, refusing anything larger than `limit` bytes so that a
    /// path to a device or a huge file cannot exhaust memory.
    package static func readFile(_ path: String, limit: Int = 1 << 20) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw FileReadError(path: path, reason: describe(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw FileReadError(path: path, reason: describe(errno: errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileReadError(path: path, reason: "is a directory") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: describe(errno: errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw FileReadError(path: path, reason: "larger than \(limit) bytes", tooLarge: true)
            }
        }
        return bytes
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

package struct FileReadError: Error, Equatable {
    package let path: String
    package let reason: String
    /// The file was read but exceeds the limit (as opposed to not being readable).
    package var tooLarge = false
}

extension Platform {
    /// The process environment as a dictionary (the first definition of a name wins).
    package static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                let name = String(pair[..<equals])
                if result[name] == nil { result[name] = String(pair[pair.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// Monotonic seconds: unaffected by changes to the wall clock.
    package static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

extension Platform {
    /// Writes every byte, retrying after EINTR and short writes; gives up quietly on any
    /// other error (a closed or hung-up descriptor, a full disk).
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    package static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        close(descriptor)
    }

    /// Text on standard error, ignoring failures.
    package static func printError(_ text: String) {
        writeAll(2, Array(text.utf8))
    }

    /// Text on standard output, ignoring failures.
    package static func printOutput(_ text: String) {
        writeAll(1, Array(text.utf8))
    }
}
