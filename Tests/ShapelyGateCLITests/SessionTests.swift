// SessionTests.swift — the session's rules with a fake terminal and a clock moved by
// hand: the deadline, the live countdown, re-deals, type-ahead, end of input, a
// hangup, signals, resizing and a screen too small. Fast and without a pty.

import Dispatch
import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateScreen

#if canImport(Glibc)
import Glibc
#endif

/// A terminal that records what the gate writes and is typed at by the test.
final class FakeTerminal: GateTerminal, @unchecked Sendable {
    var written = ""
    var size = TerminalSize(columns: 80, rows: 24)
    var editingKeys = LineEditor.Keys()
    var isForeground = true
    private(set) var discards = 0
    private(set) var prepared: [Bool] = []
    private var pending: [TerminalInput] = []
    /// The session's queue, known once the session has started reading.
    private(set) var queue: DispatchQueue?
    /// Signalled when the session starts reading: it has begun.
    let reading = DispatchSemaphore(value: 0)
    private var handler: (@Sendable () -> Void)?

    func prepare(editing: Bool, discardTypeAhead: Bool) { prepared.append(editing) }
    func lend() {}
    func discardInput() {
        discards += 1
        pending.removeAll()
    }
    func write(_ text: String) { written += text }
    func startReading(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) {
        self.queue = queue
        self.handler = handler
        reading.signal()
    }
    func readAvailable() -> TerminalInput { pending.isEmpty ? .nothing : pending.removeFirst() }
    func stopReading(then done: @escaping @Sendable () -> Void) { done() }

    /// Input arriving as one read.
    func arrive(_ input: TerminalInput) {
        queue?.async { [self] in
            pending.append(input)
            handler?()
        }
    }

    func type(_ text: String) { arrive(.bytes(Array(text.utf8))) }
}

/// A clock that moves only when the test says so.
final class FakeClock: SessionClock, @unchecked Sendable {
    private(set) var time = 1000.0
    private var timers: [FakeTimer] = []

    func now() -> Double { time }

    func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any SessionTimer {
        let timer = FakeTimer(handler: handler)
        timer.queue = queue
        timers.append(timer)
        return timer
    }

    /// Moves time forward in small steps, firing each timer that comes due, in order.
    func advance(by seconds: Double) {
        let end = time + seconds
        while true {
            let due = timers.compactMap { timer in timer.deadline.map { (timer, $0) } }.filter { $0.1 <= end }.min { $0.1 < $1.1 }
            guard let (timer, deadline) = due else { break }
            time = max(time, deadline)
            timer.deadline = nil
            timer.queue?.sync { timer.handler() }
        }
        time = end
    }
}

final class FakeTimer: SessionTimer, @unchecked Sendable {
    var deadline: Double?
    var queue: DispatchQueue?
    let handler: @Sendable () -> Void
    init(handler: @escaping @Sendable () -> Void) { self.handler = handler }
    func schedule(at deadline: Double) { self.deadline = deadline }
    func cancel() { deadline = nil }
}

/// Signals the test sends by hand, as the process's would arrive: on the session's
/// queue, and only those the session listens to, until it stops.
final class FakeSignals: SessionSignals, @unchecked Sendable {
    private var listening: (numbers: [Int32], queue: DispatchQueue, handler: @Sendable (Int32) -> Void)?

    func listen(to numbers: [Int32], on queue: DispatchQueue, _ handler: @escaping @Sendable (Int32) -> Void) {
        listening = (numbers, queue, handler)
    }

    func stop() { listening = nil }

    func send(_ number: Int32) {
        guard let listening, listening.numbers.contains(number) else { return }
        listening.queue.async { listening.handler(number) }
    }
}

final class Outcome: @unchecked Sendable { var value: SessionOutcome? }

struct SessionHarness {
    let terminal = FakeTerminal()
    let clock = FakeClock()
    let signals = FakeSignals()
    let session: Session
    let outcome = Outcome()
    /// The same deal as the session's, to know the right and wrong tiles.
    var board: BoardOracle

    init(seed: UInt64 = 5, configuration: GateConfiguration = GateConfiguration(), cursor: Bool = true,
         login: Bool = false, size: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
        terminal.size = size
        let display = Display(charset: .blocks, colorMode: .plain, cursorControl: cursor)
        session = Session(terminal: terminal, renderer: Renderer(strings: GateStrings(language: "en"), display: display),
                          configuration: configuration, generator: GateRandom(seed: seed), clock: clock,
                          signals: signals, loginMode: login)
        board = BoardOracle(seed: seed, configuration)
        let outcome = self.outcome
        session.start { outcome.value = $0 }
        if terminal.reading.wait(timeout: .now() + 10) != .success { Issue.record("the session never started") }
        settle()
    }

    /// Waits until the session's queue has done everything handed to it so far. Typing,
    /// the fake signals and the fake clock all hand their work to that one serial queue from the
    /// test's thread, and the session hands nothing on elsewhere, so a barrier queued
    /// behind them has run only when they have: what has not happened by then never will.
    func settle() {
        terminal.queue?.sync {}
    }

    /// The window changes to `size`, and stays so until the session redraws after a resize.
    func resize(to size: TerminalSize) {
        terminal.size = size
        signals.send(SIGWINCH)
        settle()
        clock.advance(by: Session.resizeSettle)
    }

    var right: Int { board.right }
    var wrong: Int { board.wrong }
    mutating func play(_ tile: Int) { board.play(tile) }
    /// Whole screens drawn so far (each starts by erasing the display).
    func screens() -> Int {
        let marker = Array("\u{1B}[2J".utf8), bytes = Array(terminal.written.utf8)
        guard bytes.count >= marker.count else { return 0 }
        return (0...(bytes.count - marker.count)).filter { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }.count
    }
}

@Suite(.serialized) struct SessionTests {
    @Test func theRightTilePassesAndTypeAheadWasDiscarded() {
        let gate = SessionHarness()
        #expect(gate.terminal.prepared == [true])
        #expect(gate.terminal.discards >= 1)
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed)
        #expect(gate.terminal.written.hasSuffix("Passed.\n"))
    }

    @Test func theDeadlineDeniesOnTheSessionsOwnClock() {
        let gate = SessionHarness()
        gate.clock.advance(by: 9.9)
        #expect(gate.outcome.value == nil)
        gate.clock.advance(by: 0.1)
        gate.settle()
        #expect(gate.outcome.value == .denied(.timeExpired))
        #expect(gate.terminal.written.contains("Time is up: "))
    }

    @Test func theCountdownTicksAndKeepsWhatWasTyped() {
        let gate = SessionHarness()
        gate.terminal.type("3")
        gate.settle()
        let before = gate.screens()
        gate.clock.advance(by: 1)
        #expect(gate.terminal.written.contains("Time left: 00:09\u{1B}[K"))
        #expect(gate.terminal.written.hasSuffix("H3"))
        gate.clock.advance(by: 6)
        #expect(gate.terminal.written.contains("Time left: 00:03"))
        #expect(gate.screens() == before, "a tick redrew the whole board")
        #expect(gate.outcome.value == nil)
    }

    @Test func aWrongTileRedealsAndWhatFollowedInTheSameReadDoesNotCount() {
        var gate = SessionHarness()
        let wrong = gate.wrong
        gate.play(wrong)
        let before = gate.screens()
        // The right answer for the old board, typed before the new one appeared.
        gate.terminal.type("\(wrong)\r\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == nil)
        #expect(gate.screens() == before + 1)
        #expect(gate.terminal.written.contains("Wrong answers left: 1."))
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed)
    }

    @Test func aHintChangesNothingButTheMessage() {
        let gate = SessionHarness()
        gate.terminal.type("x\r")
        gate.settle()
        #expect(gate.terminal.written.contains("Type a number from 1 to 8, then Enter."))
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed)
    }

    @Test(arguments: [(TerminalInput.bytes([0x04]), SessionOutcome.endOfInput), (.endOfInput, .endOfInput), (.hangup, .hangup)])
    func endOfInputAndHangupsDeny(_ input: TerminalInput, _ expected: SessionOutcome) {
        let gate = SessionHarness()
        gate.terminal.arrive(input)
        gate.settle()
        #expect(gate.outcome.value == expected)
    }

    @Test func endingSignalsEndTheGateAndLoginModeDeniesSuspend() {
        let gate = SessionHarness()
        gate.signals.send(SIGINT)
        gate.settle()
        #expect(gate.outcome.value == .interrupted(Interruption(SIGINT)))
        let login = SessionHarness(login: true)
        login.signals.send(SIGTSTP)
        login.settle()
        #expect(login.outcome.value == .interrupted(Interruption(SIGTSTP)))
    }

    @Test func aResizeRedrawsOnceAfterItSettlesKeepingTheAnswer() {
        let gate = SessionHarness()
        gate.terminal.type("4")
        gate.settle()
        let before = gate.screens()
        gate.terminal.size = TerminalSize(columns: 120, rows: 40)
        for _ in 0..<3 { gate.signals.send(SIGWINCH) }
        gate.settle()
        #expect(gate.screens() == before)
        gate.clock.advance(by: Session.resizeSettle)
        #expect(gate.screens() == before + 1)
        #expect(gate.terminal.written.hasSuffix("4\u{1B}[K"))
    }

    @Test func aResizeTooSmallHidesTheBoardAndTakesNoAnswer() {
        let gate = SessionHarness()
        gate.resize(to: TerminalSize(columns: 30, rows: 8))
        #expect(gate.terminal.written.contains("The board needs a larger"))
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == nil)
        gate.clock.advance(by: 1)
        gate.resize(to: TerminalSize(columns: 80, rows: 24))
        // The countdown went on ticking while the board was hidden.
        gate.clock.advance(by: 1)
        #expect(gate.terminal.written.contains("Time left: 00:08"))
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed)
    }

    @Test func plainTerminalsReadCanonicalLines() {
        let gate = SessionHarness(cursor: false)
        #expect(gate.terminal.prepared == [false])
        #expect(gate.terminal.written.contains("Time left: 00:10\n"))
        gate.terminal.type("\(gate.right)\n")
        gate.settle()
        #expect(gate.outcome.value == .passed)
        #expect(!gate.terminal.written.contains("\u{1B}"))
    }

    @Test func continuedInTheBackgroundItDrawsNothingUntilTheForeground() {
        let gate = SessionHarness()
        let before = gate.screens()
        gate.terminal.isForeground = false
        gate.signals.send(SIGCONT)
        gate.clock.advance(by: 1)
        gate.settle()
        #expect(gate.screens() == before)
        #expect(!gate.terminal.written.contains("Time left: 00:09"), "a tick drew behind another group")
        #expect(gate.terminal.prepared.count == 1)
        // Found in front at the next tick, as after SIGCONT: its settings, then the board.
        gate.terminal.isForeground = true
        gate.clock.advance(by: 1)
        #expect(gate.screens() == before + 1)
        #expect(gate.terminal.prepared.count == 2)
        gate.signals.send(SIGCONT)
        gate.settle()
        #expect(gate.screens() == before + 2)
        #expect(gate.terminal.prepared.count == 3)
    }
}
