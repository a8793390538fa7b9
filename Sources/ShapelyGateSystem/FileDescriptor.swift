// FileDescriptor.swift — an open descriptor that closes itself, as swift-system's
// FileDescriptor does: the modules above hold one of these, never a bare number to
// close by hand. A folder's descriptor also does the *at calls relative to it.
//
// Contract:
// - The descriptor is closed once: by `close()`, or when the last reference goes.
// - Every open here adds O_CLOEXEC; a regular file's open adds O_NONBLOCK and O_NOCTTY
//   and is refused unless fstat of the opened descriptor says it is a regular file
//   (Platform.openRegularFile): what is checked is what is read.
// - Calls relative to a folder never follow a symbolic link unless told to
//   (`followingLinks`), and a file made here is made with O_EXCL: never an existing one.
// - A call that fails leaves errno (SystemError.last) as the C library set it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// close(2), under a name the type's own `close()` does not hide.
private func closeNumber(_ number: Int32) -> Int32 { close(number) }

package final class FileDescriptor {
    /// The number, for a call of this module or of the C helpers (CShapelyGateGuard).
    package let rawValue: Int32
    private var isOpen = true

    /// Takes over `rawValue`, which this object now closes.
    package init(owning rawValue: Int32) { self.rawValue = rawValue }

    deinit { if isOpen { _ = closeNumber(rawValue) } }

    /// Closes the descriptor now (once; later calls do nothing).
    package func close() {
        guard isOpen else { return }
        isOpen = false
        _ = closeNumber(rawValue)
    }

    /// What fstat(2) says of the open file, or nil.
    package var facts: FileFacts? {
        var info = stat()
        return fstat(rawValue, &info) == 0 ? FileFacts(info) : nil
    }

    /// The rest of the file, refusing more than `limit` bytes (Platform.readAll).
    package func readAll(path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        try Platform.readAll(rawValue, path: path, limit: limit)
    }

    /// One write(2) of all of `bytes`: whether it took them all.
    package func writeOnce(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(rawValue, $0.baseAddress, $0.count) } == bytes.count
    }

    /// Every byte, retrying after EINTR and short writes (Platform.writeAll).
    @discardableResult
    package func writeAll(_ bytes: [UInt8]) -> Bool { Platform.writeAll(rawValue, bytes) }

    /// fsync(2): whether the file reached the disk.
    package func sync() -> Bool { fsync(rawValue) == 0 }

    /// An exclusive flock(2) taken without waiting: whether it is held. When not,
    /// SystemError.last says why (wouldBlock: another holds it).
    package func tryLock() -> Bool { flock(rawValue, LOCK_EX | LOCK_NB) == 0 }

    /// Marks the descriptor close-on-exec (FD_CLOEXEC).
    package func closeOnExec() { _ = Platform.markCloseOnExec(rawValue) }

    /// A folder by its path: `followingLinks` false refuses a symbolic link as the last
    /// component (O_NOFOLLOW).
    package static func openFolder(_ path: String, followingLinks: Bool) -> FileDescriptor? {
        let number = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        return number >= 0 ? FileDescriptor(owning: number) : nil
    }

    /// A regular file by its path (Platform.openRegularFile), with its facts.
    package static func openRegularFile(_ path: String, flags: OpenFlags = .readOnly,
                                        mode: FileMode = 0) throws(FileReadError) -> (FileDescriptor, FileFacts) {
        let (number, info) = try Platform.openRegularFile(path, flags: flags.rawValue, mode: mode)
        return (FileDescriptor(owning: number), FileFacts(info))
    }
}

/// Calls relative to a folder's descriptor.
extension FileDescriptor {
    /// The folder `name` inside this one.
    package func openFolder(_ name: String, followingLinks: Bool = false) -> FileDescriptor? {
        let number = openat(rawValue, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        return number >= 0 ? FileDescriptor(owning: number) : nil
    }

    /// The regular file `name` inside this folder (Platform.openRegularFile), with its facts.
    package func openRegularFile(_ name: String, flags: OpenFlags = .readOnly,
                                 mode: FileMode = 0) throws(FileReadError) -> (FileDescriptor, FileFacts) {
        let (number, info) = try Platform.openRegularFile(name, in: rawValue, flags: flags.rawValue, mode: mode)
        return (FileDescriptor(owning: number), FileFacts(info))
    }

    /// A new file `name` for writing, which must not exist yet (O_EXCL, O_NOFOLLOW).
    package func createNewFile(_ name: String, mode: FileMode) -> FileDescriptor? {
        let number = openat(rawValue, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        return number >= 0 ? FileDescriptor(owning: number) : nil
    }

    /// mkdirat(2): whether the folder `name` was made.
    package func makeFolder(_ name: String, mode: FileMode) -> Bool { mkdirat(rawValue, name, mode) == 0 }

    /// What fstatat(2) says of `name` itself, never of where a link leads.
    package func linkFacts(_ name: String) -> FileFacts? {
        var info = stat()
        return fstatat(rawValue, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? FileFacts(info) : nil
    }

    /// unlinkat(2): whether `name` was removed.
    @discardableResult
    package func remove(_ name: String) -> Bool { unlinkat(rawValue, name, 0) == 0 }

    /// renameat(2) within this folder: whether `name` now names what `from` did.
    package func rename(_ from: String, to name: String) -> Bool { renameat(rawValue, from, rawValue, name) == 0 }
}
