// StateStore.swift — the per-user lockout file, `$XDG_STATE_HOME/shapelygate/lockout`
// (default `~/.local/state/shapelygate/lockout`).
//
// Contract:
// - Every read-modify-write happens under an exclusive flock on `lockout.lock` beside
//   it, so several gates at once never lose a denial.
// - Writes are atomic: a temporary file in the same folder, flushed, then renamed over.
// - `read` tells apart "no state" (open), a state, a damaged file, and a file that
//   cannot be read at all; `CLI.Lockout` treats the last two as locked.
// - `CLI.Lockout` is the one user of the store: it checks before the challenge and
//   records the outcome after it, each under the lock.

import ShapelyGate
import ShapelyGateSystem

enum StoredState: Equatable {
    case none
    case state(LockoutState)
    case damaged
    case unreadable(String)
}

struct StateStore {
    let folder: String
    var file: String { folder + "/lockout" }

    init?(environment: [String: String]) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            folder = state + "/shapelygate"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.local/state/shapelygate"
        } else {
            return nil
        }
    }

    init(folder: String) { self.folder = folder }

    /// Runs `body` with the folder created and the lock held. Returns nil (with the
    /// reason) if the folder or the lock cannot be had.
    func withLock<T>(_ body: () -> T) -> Result<T, GateError> {
        var path = ""
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                return .failure(.denied("cannot create \(path): \(Platform.describe(errno: errno))"))
            }
        }
        let lock = open(folder + "/lockout.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { return .failure(.denied("cannot open \(folder)/lockout.lock: \(Platform.describe(errno: errno))")) }
        defer { _ = Platform.closeDescriptor(lock) }
        while flock(lock, LOCK_EX) != 0 {
            if errno != EINTR { return .failure(.denied("cannot lock \(folder)/lockout.lock: \(Platform.describe(errno: errno))")) }
        }
        return .success(body())
    }

    func read() -> StoredState {
        do {
            let bytes = try Platform.readFile(file, limit: 4096)
            guard let text = String(validating: bytes, as: UTF8.self), let state = LockoutState.parse(text) else {
                return .damaged
            }
            return .state(state)
        } catch {
            if !Platform.exists(file) { return .none }
            return error.tooLarge ? .damaged : .unreadable(error.reason)
        }
    }

    /// Replaces the state atomically; nil state removes it. Returns an error text on failure.
    func write(_ state: LockoutState?) -> String? {
        guard let state else {
            if unlink(file) != 0 && errno != ENOENT { return "cannot remove \(file): \(Platform.describe(errno: errno))" }
            return nil
        }
        var template = Array((file + ".XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return "cannot write in \(folder): \(Platform.describe(errno: errno))" }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Platform.writeAll(fd, Array(state.serialized.utf8))
        let synced = fsync(fd) == 0
        _ = Platform.closeDescriptor(fd)
        guard synced, rename(temporary, file) == 0 else {
            let reason = Platform.describe(errno: errno)
            unlink(temporary)
            return "cannot write \(file): \(reason)"
        }
        return nil
    }

    static func clocks() -> Clocks {
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        var boot = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_BOOTTIME, &boot)
        #else
        clock_gettime(CLOCK_MONOTONIC, &boot)
        #endif
        let bootID = (try? Platform.readFile("/proc/sys/kernel/random/boot_id", limit: 64))
            .map { String(decoding: $0, as: UTF8.self).filter { !$0.isWhitespace } } ?? "unknown"
        return Clocks(wall: Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9,
                      boot: Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9, bootID: bootID)
    }
}

extension CLI {
    /// The lockout for one run: checked before the challenge, updated after it.
    struct Lockout {
        let cooldown: Int
        let store: StateStore?

        init(cooldown: Int, environment: [String: String]) {
            self.cooldown = cooldown
            store = cooldown > 0 ? StateStore(environment: environment) : nil
        }

        /// The error to deny with while locked, or nil when the gate may open.
        func check(_ strings: GateStrings) -> GateError? {
            guard cooldown > 0 else { return nil }
            guard let store else { return .denied("a cooldown is set but neither XDG_STATE_HOME nor HOME names a folder for its state") }
            let clocks = StateStore.clocks()
            let result: Result<GateError?, GateError> = store.withLock {
                switch store.read() {
                case .none:
                    return nil
                case .unreadable(let reason):
                    return .denied("cannot read \(store.file): \(reason); fix or remove it to open the gate")
                case .damaged:
                    _ = store.write(.damaged(cooldown: Double(cooldown), at: clocks))
                    return .denied("\(store.file) was damaged: locked for \(cooldown) s; remove it to clear the lockout")
                case .state(let state):
                    let left = state.remaining(at: clocks)
                    guard left > 0 else { return nil }
                    return .denied(strings.text(.locked, ["seconds": String(Int(left.rounded(.up)))]))
                }
            }
            switch result {
            case .success(let refusal): return refusal
            case .failure(let error): return error
            }
        }

        /// Clears the state after a pass; lengthens the lockout after a denial.
        func record(passed: Bool) {
            guard cooldown > 0, let store else { return }
            let clocks = StateStore.clocks()
            let result: Result<String?, GateError> = store.withLock {
                if passed { return store.write(nil) }
                var previous: LockoutState?
                if case .state(let state) = store.read() { previous = state }
                return store.write(.afterDenial(previous, cooldown: Double(cooldown), at: clocks))
            }
            switch result {
            case .success(nil): break
            case .success(let problem?): Platform.printError("shapelygate: \(problem)\n")
            case .failure(let error): Platform.printError("shapelygate: \(error.message)\n")
            }
        }
    }
}
