// SessionFakes.swift — what the session tests drive the session with: a terminal that
// records what is written and is typed at by hand, a clock and a timer moved by hand,
// a signal feed the test sends on, and the harness that starts a session on them and
// waits for its queue to drain.

import Dispatch
import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
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
    var isHungUp = false
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

final class Outcome: @unchecked Sendable { var value: GateOutcome? }

struct SessionHarness {
    let terminal = FakeTerminal()
    let clock = FakeClock()
    let signals = FakeSignals()
    let session: Session
    let outcome = Outcome()
    /// The same deal as the session's, to know the right and wrong tiles.
    var board: BoardOracle

    init(seed: UInt64 = 5, configuration: GateConfiguration = GateConfiguration(), cursor: Bool = true,
         login: Bool = false, size: TerminalSize = TerminalSize(columns: 80, rows: 24), extensions: Int = 10,
         words: Bool = false) {
        terminal.size = size
        let display = Display(charset: .blocks, colorMode: .plain, cursorControl: cursor)
        session = Session(terminal: terminal,
                          renderer: Renderer(strings: GateStrings(language: "en"), display: display, board: words ? .words : .picture),
                          configuration: configuration, generator: GateRandom(seed: seed), clock: clock,
                          signals: signals, loginMode: login)
        session.extensions = extensions
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
