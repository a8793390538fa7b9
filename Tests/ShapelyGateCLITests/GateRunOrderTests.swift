// GateRunOrderTests.swift — GateRun's contract, in its own process, through the seams it
// takes (GateWorld): a terminal, a clock, signals and a lockout of the test's own that
// log what is done to them, so the order of the lockout, the session and the record is
// read from one list of events, with no pseudo-terminal.

import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
@testable import ShapelyGateScreen

/// One list of what happened, in order, shared by the fakes.
final class EventLog: @unchecked Sendable {
    private(set) var events: [String] = []
    private let lock = DispatchQueue(label: "events")
    func add(_ event: String) { lock.sync { events.append(event) } }
    func index(of event: String) -> Int? { lock.sync { events.firstIndex(of: event) } }
}

/// A terminal that answers with what the test scripted as soon as the session reads.
final class ScriptedTerminal: ControllingTerminal, @unchecked Sendable {
    let log: EventLog
    var script: [TerminalInput]
    var written = ""
    let size = TerminalSize(columns: 80, rows: 24)
    let isForeground = true
    let isHungUp = false
    let editingKeys = LineEditor.Keys()
    let name = "/dev/pts/77"

    init(log: EventLog, script: [TerminalInput]) {
        self.log = log
        self.script = script
    }

    func prepare(editing: Bool, discardTypeAhead: Bool) {}
    func lend() {}
    func discardInput() { log.add("terminal discarded") }
    func write(_ text: String) { written += text }
    func startReading(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) {
        log.add("terminal read")
        for _ in script { queue.async(execute: handler) }
    }
    func readAvailable() -> TerminalInput { script.isEmpty ? .nothing : script.removeFirst() }
    func stopReading(then done: @escaping @Sendable () -> Void) { done() }
    func guardAgainstFatalSignals(leaving: String) {}
    func restore() { log.add("terminal restored") }
    func close() { log.add("terminal closed") }
}

/// A lockout that answers as told and logs each use.
struct LoggedLockout: LockoutKeeper {
    let log: EventLog
    var check = Lockout.Check.open
    var record = Lockout.Record()

    func check(_ strings: GateStrings) -> Lockout.Check {
        log.add("lockout checked")
        return check
    }

    func record(passed: Bool) -> Lockout.Record {
        log.add("lockout recorded \(passed ? "pass" : "denial")")
        return record
    }
}

@Suite struct GateRunOrderTests {
    static let seed: UInt64 = 9
    let log = EventLog()

    func world(terminal: ScriptedTerminal?, lockout: LoggedLockout) -> GateWorld {
        let log = self.log
        return GateWorld(openTerminal: { log.add("terminal opened"); return terminal }, clock: FakeClock(),
                         signals: { FakeSignals() }, lockout: { _, _ in lockout }, userName: { "ann" })
    }

    func run(_ arguments: [String], terminal: ScriptedTerminal?, lockout: LoggedLockout) throws -> Ending {
        let settings = try Settings.resolve(["--seed", String(Self.seed), "--cooldown", "30", "--no-timeout"] + arguments,
                                            files: .init(system: "/nonexistent/shapelygate.conf", systemOwner: 0, user: 1000),
                                            environment: ["TERM": "dumb", "LANG": "C"])
        return try GateRun(settings: settings, world: world(terminal: terminal, lockout: lockout)).run()
    }

    func outcome(_ ending: Ending) -> GateOutcome? {
        if case .gate(let outcome, _, _) = ending.kind { return outcome }
        return nil
    }

    @Test func aLockedOutPersonWithoutATerminalIsToldTheyAreLockedOut() throws {
        let ending = try run([], terminal: nil, lockout: LoggedLockout(log: log, check: .denied("locked for 30 s")))
        #expect(outcome(ending) == .locked(untrustedRecord: false))
        guard case .gate(_, let message, _) = ending.kind else { return }
        #expect(message == "locked for 30 s")
        #expect(log.events == ["terminal opened", "lockout checked"])
    }

    @Test func anAnswerIsRecordedAfterTheSessionWithTheTerminalBackAndClosedLast() throws {
        let terminal = ScriptedTerminal(log: log, script: [.endOfInput])
        let ending = try run([], terminal: terminal, lockout: LoggedLockout(log: log))
        #expect(outcome(ending) == .denied(.endOfInput))
        #expect(ending.record?.log.terminal == "/dev/pts/77")
        // Type-ahead goes when the board appears and when the gate ends.
        #expect(log.events == ["terminal opened", "lockout checked", "terminal discarded", "terminal read", "terminal discarded",
                               "terminal restored", "lockout recorded denial", "terminal closed"])
    }

    @Test func aPassIsHandedOverWithTheTerminalStillOpen() throws {
        let right = BoardOracle(seed: Self.seed, GateConfiguration(supportsTimeOut: false)).right
        let terminal = ScriptedTerminal(log: log, script: [.bytes(Array("\(right)\n".utf8))])
        let ending = try run([], terminal: terminal, lockout: LoggedLockout(log: log))
        #expect(outcome(ending) == .passed(.board))
        #expect(ending.handOver != nil)
        #expect(log.index(of: "lockout recorded pass") != nil)
        #expect(log.index(of: "terminal closed") == nil, "the ending drops the type-ahead, then closes it")
    }

    @Test func aPassWhoseRecordIsInterruptedIsNoPass() throws {
        let right = BoardOracle(seed: Self.seed, GateConfiguration(supportsTimeOut: false)).right
        let terminal = ScriptedTerminal(log: log, script: [.bytes(Array("\(right)\n".utf8))])
        let lockout = LoggedLockout(log: log, record: Lockout.Record(interruption: Interruption(SIGTERM)))
        let ending = try run([], terminal: terminal, lockout: lockout)
        #expect(outcome(ending) == .interrupted(Interruption(SIGTERM)))
        #expect(ending.handOver == nil)
        #expect(ending.finish(Output(standard: { _ in }, error: { _ in }, warning: { _ in })) == .killedBy(signal: SIGTERM))
    }

    @Test func tooLongToShowIsRefusedBeforeTheLockoutIsAsked() throws {
        let ending = try run(["--", "echo", String(repeating: "x", count: Renderer.longestGuarded + 1)], terminal: nil, lockout: LoggedLockout(log: log))
        #expect(outcome(ending) == .denied(.tooLong))
        #expect(log.index(of: "lockout checked") == nil)
    }
}
