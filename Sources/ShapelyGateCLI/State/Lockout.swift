// Lockout.swift — the cooldown for one run: checked before the challenge, recorded
// after it, each under the state store's lock. The rules (doubling, two clocks,
// clamping) are the engine's `LockoutState`; this is where they meet the file.
//
// Contract:
// - With no cooldown nothing is read or written.
// - Fail closed: a state that cannot be read, a folder that is not safe, or a lock that
//   cannot be had denies; a damaged state locks for one cooldown.
// - An ending signal while waiting for the lock ends the gate by that signal.

import ShapelyGate
import ShapelyGateSystem

struct Lockout {
    let cooldown: Int
    let store: StateStore?

    init(cooldown: Int, environment: [String: String]) {
        self.cooldown = cooldown
        store = cooldown > 0 ? StateStore(environment: environment) : nil
    }

    init(cooldown: Int, store: StateStore?) {
        self.cooldown = cooldown
        self.store = store
    }

    /// The error to deny with while locked, or nil when the gate may open.
    func check(_ strings: GateStrings) -> GateError? {
        guard cooldown > 0 else { return nil }
        guard let store else {
            return .denied("a cooldown is set but neither XDG_STATE_HOME nor HOME names a folder for its state")
        }
        let clocks = StateStore.clocks()
        let result: Result<GateError?, StoreFailure> = store.withLock { directory in
            switch store.read(in: directory) {
            case .none:
                return nil
            case .unreadable(let reason):
                return .denied("cannot read \(store.file): \(reason); fix or remove it to open the gate")
            case .damaged:
                _ = store.write(.damaged(cooldown: Double(cooldown), at: clocks), in: directory)
                return .denied("\(store.file) was damaged: locked for \(cooldown) s; remove it to clear the lockout")
            case .state(let state):
                let left = state.remaining(at: clocks)
                guard left > 0 else { return nil }
                return .denied(strings.text(.locked, ["seconds": String(Int(left.rounded(.up)))]))
            }
        }
        switch result {
        case .success(let refusal): return refusal
        case .failure(.refused(let reason)): return .denied(reason)
        case .failure(.signal(let number)): return .signal(number)
        }
    }

    /// Clears the state after a pass; lengthens the lockout after a denial. Returns an
    /// ending signal that arrived while waiting for the lock.
    func record(passed: Bool) -> Int32? {
        guard cooldown > 0, let store else { return nil }
        let clocks = StateStore.clocks()
        let result: Result<String?, StoreFailure> = store.withLock { directory in
            if passed { return store.write(nil, in: directory) }
            var previous: LockoutState?
            if case .state(let state) = store.read(in: directory) { previous = state }
            return store.write(.afterDenial(previous, cooldown: Double(cooldown), at: clocks), in: directory)
        }
        switch result {
        case .success(nil): return nil
        case .success(let problem?): Platform.printError("shapelygate: \(Visible.screen(problem))\n")
        case .failure(.refused(let reason)): Platform.printError("shapelygate: \(Visible.screen(reason))\n")
        case .failure(.signal(let number)): return number
        }
        return nil
    }
}
