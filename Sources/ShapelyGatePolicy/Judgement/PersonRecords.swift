// PersonRecords.swift — root's records about one person under sudo, in
// /run/shapelygate/<uid> (StateStore: reached from / without following another's link,
// root's alone, every change under its lock): the lockout after a denial and the grace
// window after a pass. The rules are the engine's (LockoutState) and the gate's
// (Lockout); only their place is the judge's.
//
// Contract (lockout):
// - With a cooldown in force, a gate about to start is first counted as a denial, so
//   killing it counts; a pass clears the count, any other ending locks from its end.
//   A record that cannot be trusted (not root's alone, a link, damaged) denies and is
//   reported; root removes it.
// Contract (grace):
// - A record per terminal (tty-<device>) names the terminal session (its id, the
//   leader's start time, this boot) and the moment of the pass on the boot clock. It
//   is valid while 0 <= now - pass <= the window. A new terminal, login, setsid or
//   boot does not match; only a pass at the board writes one, and a denial, an error
//   or `sudo -k command` removes it.
// - When sudo kept a time stamp for this terminal at the pass (a rule with a
//   password), the window also ends when that time stamp is disabled or removed
//   (`sudo -k`, `sudo -K`; sudoers_timestamp(5)). A NOPASSWD rule keeps none, and then
//   `sudo -k` and `sudo -K` alone tell the judge nothing (the man page says so).
// - Nothing here approves on a failure: every problem means a board.

import ShapelyGate
import ShapelyGateSystem

package struct PersonRecords {
    package let store: StateStore
    package let clocks: () -> Clocks
    package let boot: () -> Double

    package init(uid: UserID, folder: String = "/run/shapelygate",
         clocks: @escaping () -> Clocks = StateStore.clocks, boot: @escaping () -> Double = Platform.bootClockSeconds) {
        store = StateStore(folder: "\(folder)/\(uid)")
        self.clocks = clocks
        self.boot = boot
    }

    // MARK: Lockout

    package enum LockoutCheck: Equatable {
        /// Open, and this run counted; `before` is the record it replaced (for `restore`).
        case open(before: LockoutState?)
        case locked(seconds: Int)
        case untrusted(String)
        /// The record could not be written: its file system is full (said as it is).
        case full(String)
    }

    /// Before a gate: shut, untrusted, or open. With a cooldown the run is counted as a
    /// denial until it is settled; with none (a door whose own line sets no cooldown)
    /// nothing is counted, but a lockout another door left still shuts it: the record is
    /// the person's, whichever door wrote it.
    package func check(cooldown: Int) -> LockoutCheck {
        let now = clocks()
        let result: Result<LockoutCheck, StoreFailure> = store.withLock { directory in
            var previous: LockoutState?
            switch store.read(in: directory) {
            case .none: break
            case .state(let state):
                let left = state.remaining(at: now)
                if left > 0 { return .locked(seconds: Int(left.rounded(.up))) }
                previous = state
            case .damaged:
                return .untrusted("\(store.file): not a lockout record")
            case .unreadable(let reason):
                return .untrusted("\(store.file): \(reason)")
            }
            if cooldown > 0, let problem = store.write(.afterDenial(previous, cooldown: Double(cooldown), at: now), in: directory) {
                return .untrusted(problem)
            }
            return .open(before: previous)
        }
        switch result {
        case .success(.untrusted(let reason)) where StateStore.isFull(reason): return .full(reason)
        case .success(let check): return check
        case .failure(.refused(let reason)) where StateStore.isFull(reason): return .full(reason)
        case .failure(.refused(let reason)): return .untrusted(reason)
        case .failure(.interrupted): return .untrusted("interrupted while waiting for \(store.folder)/lockout.lock")
        }
    }

    /// A run counted by `check` that showed no board after all: the record as it was.
    package func restore(_ before: LockoutState?) {
        _ = store.withLock { directory in store.write(before, in: directory) }
    }

    /// After the counted gate ended: a pass clears the count, a denial locks from now.
    package func settleGate(passed: Bool, cooldown: Int) {
        let now = clocks()
        _ = store.withLock { directory -> String? in
            if passed { return store.write(nil, in: directory) }
            guard case .state(var state) = store.read(in: directory) else { return nil }
            state.denials -= 1
            return store.write(.afterDenial(state.denials > 0 ? state : nil, cooldown: Double(cooldown), at: now), in: directory)
        }
    }

    // MARK: Grace

    /// What names this terminal session in a record.
    package struct SessionKey: Equatable {
        package let device: UInt64
        package let text: String
        package init(device: UInt64, text: String) {
            self.device = device
            self.text = text
        }
    }

    package static func recordName(_ key: SessionKey) -> String { "tty-\(key.device)" }

    /// Whether a pass on this terminal session within `window` seconds lets this run
    /// through; a record or folder that cannot be trusted is ignored, and said.
    package func graceCovers(_ key: SessionKey, window: Int, ticket: SudoTicket.State) -> (covers: Bool, problem: String?) {
        guard window > 0 else { return (false, nil) }
        let now = boot()
        let name = Self.recordName(key)
        let found: Result<Result<String?, StateStore.RecordProblem>, StoreFailure> = store.withLock { directory in
            store.readText(name, in: directory)
        }
        let text: String
        switch found {
        case .success(.success(let read?)): text = read
        case .success(.success(nil)): return (false, nil)
        case .success(.failure(.unreadable(let reason))): return (false, "\(store.folder)/\(name): \(reason)")
        case .success(.failure(.damaged)): return (false, "\(store.folder)/\(name): not a grace record")
        case .failure(.refused(let reason)): return (false, reason)
        case .failure(.interrupted): return (false, nil)
        }
        guard let record = GraceRecord(text), record.session == key.text else { return (false, nil) }
        if record.ticketKept && ticket != .enabled { return (false, nil) }
        return (now >= record.passedAt && now - record.passedAt <= Double(window), nil)
    }

    // MARK: Requests

    /// The record of requests from `origin` ("" here; a remote login's host's hash): a
    /// stranger's ssh attempts in a person's name hold back none of that person's own.
    static func requestRecord(_ origin: String) -> String { origin.isEmpty ? "request" : "request-" + origin }

    /// Seconds until this person may ask an approver again, or nil: now. A record that
    /// cannot be read holds no one back (an approver still decides every request).
    package func requestShut(origin: String = "") -> Int? {
        let found: Result<Result<String?, StateStore.RecordProblem>, StoreFailure> = store.withLock { directory in
            store.readText(Self.requestRecord(origin), in: directory)
        }
        guard case .success(.success(let text?)) = found, text.hasPrefix("until="),
              let until = Double(text.dropFirst(6).prefix { $0 != "\n" }) else { return nil }
        let left = until - boot()
        return left > 0 ? Int(left.rounded(.up)) : nil
    }

    /// After a no, or a request no one answered: no new request for `seconds`.
    package func shutRequests(for seconds: Int, origin: String = "") {
        guard seconds > 0 else { return }
        _ = store.withLock { directory -> String? in
            store.writeText("until=\(boot() + Double(seconds))\n", Self.requestRecord(origin), in: directory)
        }
    }

    /// After a gated run was decided: a pass at the board starts a window, anything else ends it.
    package func settleGrace(_ key: SessionKey, passedAtBoard: Bool, ticket: SudoTicket.State) {
        _ = store.withLock { directory -> String? in
            let text = passedAtBoard ? GraceRecord(session: key.text, passedAt: boot(), ticketKept: ticket == .enabled).text : nil
            return store.writeText(text, Self.recordName(key), in: directory)
        }
    }
}

/// One grace record's text: `session=… start=… boot=… at=SECONDS ticket=yes|no`.
package struct GraceRecord: Equatable {
    package let session: String
    package let passedAt: Double
    package let ticketKept: Bool

    package init(session: String, passedAt: Double, ticketKept: Bool) {
        self.session = session
        self.passedAt = passedAt
        self.ticketKept = ticketKept
    }

    package init?(_ text: String) {
        guard text.hasSuffix("\n"), let at = text.ranges(of: " at=").last else { return nil }
        let tail = text[at.upperBound...].dropLast().split(separator: " ")
        guard tail.count == 2, let seconds = Double(tail[0]), seconds.isFinite,
              tail[1] == "ticket=yes" || tail[1] == "ticket=no" else { return nil }
        session = String(text[..<at.lowerBound])
        passedAt = seconds
        ticketKept = tail[1] == "ticket=yes"
    }

    package var text: String { "\(session) at=\(passedAt) ticket=\(ticketKept ? "yes" : "no")\n" }
}
