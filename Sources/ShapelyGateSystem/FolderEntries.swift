// FolderEntries.swift — a folder's entry names, and this program's own file: the two
// lookups of the file system the approval client and the sudo judge make by name.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// The names in `path` (without `.` and `..`); none when it cannot be read.
    package static func folderEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// This program's own file by its path now (the link /proc/self/exe resolved), or nil.
    package static func ownProgramPath() -> String? { resolvedPath("/proc/self/exe") }

    /// This program's own file, opened read-only and close-on-exec through
    /// /proc/self/exe (the file the kernel runs, whatever its path is now); -1 on failure.
    package static func openOwnProgram() -> Int32 {
        open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
    }
}
