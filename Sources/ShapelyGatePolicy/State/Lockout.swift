// Lockout.swift — the cooldown for one run: checked before the challenge, recorded
// after it, each under the state store's lock. The rules (doubling, two clocks,
// clamping) are the engine's `LockoutState`; this is where they meet the file.
//
// Contract:
// - With no cooldown nothing is read or written.
// - Fail closed: a state that cannot be read, a folder that is not safe, or a lock that
//   cannot be had denies; a damaged state locks for one cooldown.
// - An ending signal while waiting for the lock is handed back as an `Interruption`;
//   nothing here prints.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package struct Lockout {
    package let cooldown: Int
    package let store: StateStore?

    package init(cooldown: Int, store: StateStore?) {
        self.cooldown = cooldown
        self.store = store
    }

    /// What the check found: the gate may open, it is shut (and why), or an ending
    /// signal came while waiting for the lock.
    package enum Check: Equatable {
        case open
        case denied(String)
        case interrupted(Interruption)
    }

    /// What recording the run left: problems that changed nothing (the state could not
    /// be saved), or an ending signal that came while waiting for the lock.
    package struct Record {
        package var problems: [String] = []
        package var interruption: Interruption?
        package init(problems: [String] = [], interruption: Interruption? = nil) {
            self.problems = problems
            self.interruption = interruption
        }
    }

    package func check(_ strings: GateStrings) -> Check {
        guard cooldown > 0 else { return .open }
        guard let store else {
            return .denied("a cooldown is set but neither XDG_STATE_HOME nor HOME names a folder for its state")
        }
        let clocks = StateStore.clocks()
        let result: Result<Check, StoreFailure> = store.withLock { directory in
            switch store.read(in: directory) {
            case .none:
                return .open
            case .unreadable(let reason):
                return .denied("cannot read \(store.file): \(reason); fix or remove it to open the gate")
            case .damaged:
                _ = store.write(.damaged(cooldown: Double(cooldown), at: clocks), in: directory)
                return .denied("\(store.file) was damaged: locked for \(cooldown) s; remove it to clear the lockout")
            case .state(let state):
                let left = state.remaining(at: clocks)
                guard left > 0 else { return .open }
                return .denied(strings.text(.locked, ["seconds": String(Int(left.rounded(.up)))]))
            }
        }
        switch result {
        case .success(let check): return check
        case .failure(.refused(let reason)): return .denied(reason)
        case .failure(.interrupted(let interruption)): return .interrupted(interruption)
        }
    }

    /// Clears the state after a pass; lengthens the lockout after a denial.
    package func record(passed: Bool) -> Record {
        guard cooldown > 0, let store else { return Record() }
        let clocks = StateStore.clocks()
        let result: Result<String?, StoreFailure> = store.withLock { directory in
            if passed { return store.write(nil, in: directory) }
            var previous: LockoutState?
            if case .state(let state) = store.read(in: directory) { previous = state }
            return store.write(.afterDenial(previous, cooldown: Double(cooldown), at: clocks), in: directory)
        }
        switch result {
        case .success(nil): return Record()
        case .success(let problem?), .failure(.refused(let problem)):
            return Record(problems: ["shapelygate: \(Visible.screen(problem))\n"])
        case .failure(.interrupted(let interruption)): return Record(interruption: interruption)
        }
    }
}
