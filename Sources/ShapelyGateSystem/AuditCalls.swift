// AuditCalls.swift — what `shapelygate --doors` asks of the system besides files it reads
// whole: the shadow file, a file's capabilities, and a walk over a tree that never
// follows a link or leaves its file system.
//
// Contract:
// - The shadow file is read as every file is (a regular file, bounded); its failure says
//   why (a person who is not root cannot read it).
// - `hasCapabilities` asks for the `security.capability` attribute of the path itself
//   (a link is not followed): true when the file carries one.
// - `walk` visits every entry under `root` depth first with lstat(2), never following a
//   link and never entering a folder of another device than `root`'s; it visits at most
//   `limit` entries. What it cannot look at is handed to `unreadable`, never skipped in
//   silence: a folder it cannot list, an entry lstat(2) cannot reach (a path longer
//   than the system takes), a name that is not UTF-8 (shown with U+FFFD: the path
//   cannot be named back), and the rest of the tree once `limit` is reached.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CShapelyGateGuard

extension SystemAccounts {
    /// The text of /etc/shadow, or why it cannot be read.
    package static func shadowFile() throws(FileReadError) -> String {
        String(decoding: try Platform.readFile("/etc/shadow", limit: 16 << 20), as: UTF8.self)
    }
}

extension Platform {
    /// Whether the file at `path` (not followed) has file capabilities.
    package static func hasCapabilities(_ path: String) -> Bool {
        sg_guard_has_capabilities(path) != 0
    }

    /// Every entry under `root` (not `root` itself), each with what lstat(2) said.
    package static func walk(_ root: String, limit: Int = 2_000_000, unreadable: (String) -> Void = { _ in },
                             visit: (String, FileFacts) -> Void) {
        guard let top = facts(of: root, followingLinks: false), top.isDirectory else { return }
        var pending = [root], visited = 0
        while let folder = pending.popLast() {
            guard let directory = opendir(folder) else {
                unreadable(folder)
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                let name = String(decoding: bytes, as: UTF8.self)
                guard name != "." && name != ".." else { continue }
                let path = (folder == "/" ? "" : folder) + "/" + name
                guard visited < limit else {
                    unreadable(folder + ": more than \(limit) entries, the rest not looked at")
                    return
                }
                guard String(validating: bytes, as: UTF8.self) != nil else {
                    unreadable(path + ": its name is not UTF-8")
                    continue
                }
                var info = stat()
                guard lstat(path, &info) == 0 else {
                    if errno != ENOENT { unreadable(path + ": " + String(cString: strerror(errno)).lowercased()) }
                    continue
                }
                visited += 1
                let found = FileFacts(info)
                visit(path, found)
                if found.isDirectory && UInt64(info.st_dev) == top.device { pending.append(path) }
            }
        }
    }
}
