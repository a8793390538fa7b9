// StateStore.swift — the per-user lockout file, `$XDG_STATE_HOME/shapelygate/lockout`
// (default `~/.local/state/shapelygate/lockout`); root's is always in root's own home
// from the password database (`/var/lib/shapelygate` when it names none).
//
// Contract:
// - The folder is given (Settings.stateFolder chooses it, once, from the environment):
//   root never takes its folder from HOME or XDG_STATE_HOME, so run with a user's
//   environment (`sudo -E`, molly-guard) it does not write in that user's home.
// - A missing folder on the way is created (0700) only inside a folder the effective
//   user owns: the gate never makes anything in a home, or any folder, of another.
// - The folder is reached from `/` one component at a time, each opened relative to the
//   one before with O_NOFOLLOW; a symbolic link on the way is followed only if root or
//   the effective user owns it, and the folder itself must be a real directory owned by
//   the effective user and not writable by group or others; anything else is refused
//   with what to fix. Every later open, rename and unlink is relative to
//   that descriptor with O_NOFOLLOW, as sudo treats its timestamp folder: root run with
//   a user's HOME can never be steered by that user's links into writing elsewhere.
// - Every read-modify-write happens under an exclusive flock on `lockout.lock`. The
//   lock is waited for a bounded time, watching for ending signals; a lock held longer
//   is a denial that says so, never a hang.
// - Writes are atomic: a new file in the same folder, written whole, flushed, then
//   renamed over; a short write fails. A failure for lack of space (ENOSPC, EDQUOT) says
//   which folder's file system is full (`problem`), not which record to remove.
// - `read` tells apart "no state", a state, a damaged file, and a file that cannot be
//   read at all; `Lockout` treats the last two as locked.

import ShapelyGate
import ShapelyGateSystem

package struct StateStore {
    package let folder: String
    package var file: String { folder + "/lockout" }
    /// How long to wait for another gate's lock before denying.
    package var lockPatience = 5.0

    package init(folder: String) { self.folder = folder }

    /// Runs `body` with the checked folder's descriptor and the lock held.
    package func withLock<T>(_ body: (FileDescriptor) -> T) -> Result<T, StoreFailure> {
        let directory: FileDescriptor
        switch openFolder() {
        case .success(let descriptor): directory = descriptor
        case .failure(let failure): return .failure(failure)
        }
        defer { directory.close() }
        let lock: FileDescriptor
        do {
            lock = try directory.openRegularFile("lockout.lock", flags: [.readWrite, .create, .noFollow], mode: 0o600).0
        } catch {
            return .failure(.refused(Self.problem(error.code, writing: "\(folder)/lockout.lock", in: folder)
                                     ?? "cannot open \(folder)/lockout.lock: \(error.reason)"))
        }
        defer { lock.close() }
        let deadline = Platform.monotonicSeconds() + lockPatience
        while !lock.tryLock() {
            let code = SystemError.last
            guard code == SystemError.wouldBlock || code == SystemError.interrupted else {
                return .failure(.refused("cannot lock \(folder)/lockout.lock: \(Platform.describe(errno: code))"))
            }
            if let number = Signals.pendingEnding(within: 0.05) { return .failure(.interrupted(Interruption(number))) }
            if Platform.monotonicSeconds() > deadline {
                return .failure(.refused("\(folder)/lockout.lock is held by another process: denied"))
            }
        }
        return .success(body(directory))
    }

    /// Walks to the folder from `/` one component at a time, each opened relative to
    /// the one before and created (0700) when missing; then checks the folder itself.
    private func openFolder() -> Result<FileDescriptor, StoreFailure> {
        let parts = folder.split(separator: "/").map(String.init)
        guard var directory = FileDescriptor.openFolder("/", followingLinks: true) else {
            return .failure(.refused("cannot open /: \(Platform.describe(errno: SystemError.last))"))
        }
        var path = ""
        for (index, part) in parts.enumerated() {
            path += "/" + part
            let last = index == parts.count - 1
            let next = step(into: part, of: directory, path: path, last: last)
            directory.close()
            switch next {
            case .success(let descriptor): directory = descriptor
            case .failure(let failure): return .failure(failure)
            }
        }
        return check(directory)
    }

    /// Opens (creating if needed) the folder `part` inside `parent`. A symbolic link
    /// on the way is followed only when root or the user running the gate owns it (a
    /// system's /home link, the user's own ~/.local); another user's link, or any link
    /// as the last component, is refused.
    private func step(into part: String, of parent: FileDescriptor, path: String, last: Bool) -> Result<FileDescriptor, StoreFailure> {
        var next = parent.openFolder(part)
        if next == nil && SystemError.last == SystemError.noEntry {
            let owner = parent.facts
            if owner == nil || owner?.owner != Platform.effectiveUser {
                let above = path.split(separator: "/").dropLast().joined(separator: "/")
                return .failure(.refused("cannot create \(path): /\(above) belongs to uid \(owner?.owner ?? 0), not to uid \(Platform.effectiveUser); the gate creates its state only in folders of its user's own"))
            }
            if !parent.makeFolder(part, mode: 0o700) && SystemError.last != SystemError.exists {
                let code = SystemError.last
                return .failure(.refused(Self.problem(code, writing: path, in: path) ?? "cannot create \(path): \(Platform.describe(errno: code))"))
            }
            next = parent.openFolder(part)
        }
        if let next { return .success(next) }
        let code = SystemError.last
        let link = parent.linkFacts(part).flatMap { $0.isSymbolicLink ? $0 : nil }
        let isLink = link != nil, linkOwner = link?.owner ?? 0
        if isLink && last {
            return .failure(.refused("\(folder) is not a real folder (a symbolic link?): remove it so the gate can make its own"))
        }
        if isLink && (linkOwner == 0 || linkOwner == Platform.effectiveUser) {
            if let followed = parent.openFolder(part, followingLinks: true) { return .success(followed) }
            return .failure(.refused("cannot open \(path): \(Platform.describe(errno: SystemError.last))"))
        }
        if isLink {
            return .failure(.refused("\(path) is a symbolic link that belongs to uid \(linkOwner): the gate will not follow it; set XDG_STATE_HOME to a folder of your own"))
        }
        if code == SystemError.notFolder {
            return .failure(.refused("cannot create \(folder): \(path) is not a folder"))
        }
        return .failure(.refused("cannot open \(path): \(Platform.describe(errno: code))"))
    }

    /// The folder must belong to the user running the gate and be closed to others.
    private func check(_ directory: FileDescriptor) -> Result<FileDescriptor, StoreFailure> {
        let info = directory.facts
        let owner = Platform.effectiveUser
        // A folder fstat cannot look at counts as uid 0.
        let uid = info?.owner ?? 0
        if info == nil || uid != owner || info!.mode & 0o022 != 0 {
            directory.close()
            if uid != owner {
                let advice = owner == 0 ? "root must remove it" : "run the gate with your own HOME, or remove the folder"
                return .failure(.refused("\(folder) belongs to uid \(uid), not to uid \(owner): \(advice)"))
            }
            return .failure(.refused("\(folder) can be written by others: run 'chmod go-w \(folder)'"))
        }
        return .success(directory)
    }

    package func read(in directory: FileDescriptor) -> StoredState {
        switch readText("lockout", in: directory) {
        case .success(nil): return .none
        case .success(let text?): return LockoutState.parse(text).map { .state($0) } ?? .damaged
        case .failure(.damaged): return .damaged
        case .failure(.unreadable(let reason)): return .unreadable(reason)
        }
    }

    /// Why a record could not be had: unreadable (not a file of the store's user alone,
    /// a link, an I/O error) or damaged (too long, not text).
    package enum RecordProblem: Error, Equatable {
        case unreadable(String)
        case damaged
    }

    /// The record `name` in the folder: nil when there is none. It must be a regular file
    /// of the store's user (the effective user) that group and others cannot write.
    package func readText(_ name: String, in directory: FileDescriptor) -> Result<String?, RecordProblem> {
        let fd: FileDescriptor
        let info: FileFacts
        do {
            (fd, info) = try directory.openRegularFile(name, flags: [.readOnly, .noFollow])
        } catch {
            if error.code == SystemError.noEntry { return .success(nil) }
            return .failure(.unreadable(error.code == SystemError.symbolicLinkLoop ? "it is a symbolic link" : error.reason))
        }
        defer { fd.close() }
        let owner = Platform.effectiveUser
        if info.owner != owner {
            return .failure(.unreadable("it belongs to uid \(info.owner), not to \(owner == 0 ? "root" : "uid \(owner)")"))
        }
        if info.mode & 0o022 != 0 { return .failure(.unreadable("group or others can write it")) }
        if info.links != 1 { return .failure(.unreadable("it has another name (a hard link)")) }
        do {
            let bytes = try fd.readAll(path: folder + "/" + name, limit: 4096)
            guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.damaged) }
            return .success(text)
        } catch {
            return .failure(error.tooLarge ? .damaged : .unreadable(error.reason))
        }
    }

    /// Replaces the state atomically; nil removes it. Returns an error text on failure.
    package func write(_ state: LockoutState?, in directory: FileDescriptor) -> String? {
        writeText(state?.serialized, "lockout", in: directory)
    }

    /// Replaces the record `name` atomically (0600); nil removes it. An error text on failure.
    package func writeText(_ text: String?, _ name: String, in directory: FileDescriptor) -> String? {
        guard let text else {
            if !directory.remove(name) && SystemError.last != SystemError.noEntry {
                return "cannot remove \(folder)/\(name): \(Platform.describe(errno: SystemError.last))"
            }
            return nil
        }
        let temporary = "\(name).new-\(Platform.processID)-\(UInt32.random(in: 0...UInt32.max))"
        guard let fd = directory.createNewFile(temporary, mode: 0o600) else {
            let code = SystemError.last
            return Self.problem(code, writing: "\(folder)/\(name)", in: folder) ?? "cannot write in \(folder): \(Platform.describe(errno: code))"
        }
        // A short write (a full file system) is a failure: never a cut record renamed in.
        var written = fd.writeAll(Array(text.utf8)) && fd.sync()
        var code = SystemError.last
        fd.close()
        if written {
            written = directory.rename(temporary, to: name)
            code = SystemError.last
        }
        guard written else {
            directory.remove(temporary)
            return Self.problem(code, writing: "\(folder)/\(name)", in: folder)
                ?? "cannot write \(folder)/\(name): \(Platform.describe(errno: code))"
        }
        return nil
    }

    /// What a failure to write `path` says when the file system is full (no space, no
    /// inodes, the quota): which folder's file system, so no one is told to remove a
    /// record that is not to blame; nil for any other failure.
    package static func problem(_ code: Int32, writing path: String, in folder: String) -> String? {
        SystemError.isFull(code) ? "\(fullPrefix)\(folder) is full: cannot write \(path)" : nil
    }

    /// How every full file system's problem begins (`isFull` reads it back).
    static let fullPrefix = "the file system holding "

    /// Whether `problem` is a full file system's.
    package static func isFull(_ problem: String) -> Bool { problem.hasPrefix(fullPrefix) }

    package static func clocks() -> Clocks {
        Clocks(wall: Platform.wallClockSeconds(),
                      boot: Platform.bootClockSeconds(), bootID: Platform.bootIdentity())
    }
}
