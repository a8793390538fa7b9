// TemporaryFolders.swift — the temporary folders the tests made, removed when the test
// process exits.
//
// Contract:
// - `register` may be called from any thread. The first call installs an `atexit`
//   handler; at a normal exit of the process that registered them, each folder is
//   removed with everything in it. A crash or a signal leaves them behind.
// - Removal never follows a symbolic link: everything below a registered folder is
//   opened relative to its parent with O_NOFOLLOW and removed with unlinkat, so a link
//   a test (or the gate) left inside points at nothing that gets deleted.
// - Folders a test made unreadable are opened up (owner rwx) so they can be emptied.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class TemporaryFolders: @unchecked Sendable {
    static let shared = TemporaryFolders()

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var folders: [String] = []
    private let owner = getpid()

    private init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        atexit { TemporaryFolders.shared.removeAll() }
    }

    func register(_ path: String) {
        pthread_mutex_lock(lock)
        folders.append(path)
        pthread_mutex_unlock(lock)
    }

    /// Removes every registered folder; only in the process that made them (a forked
    /// child that exits must not take them away from its parent).
    func removeAll() {
        pthread_mutex_lock(lock)
        let paths = folders
        folders = []
        pthread_mutex_unlock(lock)
        guard getpid() == owner else { return }
        for path in paths { Self.removeTree(path) }
    }

    /// Removes `path` and, if it is a folder, everything in it.
    static func removeTree(_ path: String) {
        let parent = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        remove(Array(String(path.drop { $0 == "/" }).utf8CString), in: parent)
    }

    /// Removes `name` (a relative path, NUL-terminated) inside the folder open as `parent`.
    private static func remove(_ name: [CChar], in parent: Int32) {
        if unlinkat(parent, name, 0) == 0 || errno == ENOENT { return }
        var folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder < 0 && errno == EACCES {
            _ = fchmodat(parent, name, 0o700, 0)
            folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard folder >= 0 else { return }
        // The folder may be readable but not writable or searchable by its owner.
        _ = fchmod(folder, 0o700)
        for entry in entries(of: folder) { remove(entry, in: folder) }
        close(folder)
        _ = unlinkat(parent, name, AT_REMOVEDIR)
    }

    /// The names in the folder open as `folder`, as stored (NUL-terminated bytes, which
    /// need not be UTF-8), read through a descriptor of its own.
    private static func entries(of folder: Int32) -> [[CChar]] {
        let own = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard own >= 0, let stream = fdopendir(own) else { return [] }
        defer { closedir(stream) }
        var names: [[CChar]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
            }
            if name != [46, 0] && name != [46, 46, 0] { names.append(name) }
        }
        return names
    }
}
