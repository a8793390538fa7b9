// Session.swift — one gate on one terminal: shows the challenge, reads answers, and
// enforces the countdown with a DispatchSourceTimer.
//
// Contract:
// - Everything happens on one serial queue: terminal input, the timer, the signals. The
//   challenge is touched nowhere else, so there are no races between an answer and the
//   deadline; the challenge itself refuses an answer that arrives at or after it.
// - `run()` blocks the calling thread until the outcome is known and returns it; it
//   never restores the terminal or exits: the caller does that at one place.
// - The timer is armed for the round's deadline from the same monotonic clock the
//   challenge uses; if it fires a hair early it is re-armed for the rest.
// - At expiry, input typed but not submitted is discarded so it never reaches the shell.
// - Whenever a new board is dealt, input typed before it appeared is discarded.
// - Waiting costs no CPU: there is no polling and no per-second redraw.

import Dispatch
import ShapelyGate
import ShapelyGateSystem

public enum SessionOutcome: Equatable, Sendable {
    case passed
    case denied(DenialReason)
    case endOfInput
    /// The terminal was closed.
    case hangup
    case signal(Int32)

    /// The reason an audit line gives for a denial.
    var reason: String? {
        switch self {
        case .passed: return nil
        case .denied(.tooManyAttempts): return "too-many-attempts"
        case .denied(.timeExpired): return "time-expired"
        case .endOfInput: return "end-of-input"
        case .hangup: return "hangup"
        case .signal(let number): return Signals.name(number)
        }
    }
}

public final class Session: @unchecked Sendable {
    private let terminal: Terminal
    private let renderer: Renderer
    private let clock: @Sendable () -> Double
    private let configuration: GateConfiguration
    private let generator: GateRandom
    /// Whether Ctrl-Z denies (login mode) instead of suspending the gate.
    private let suspendDenies: Bool
    /// Left when the input source's cancel handler has run: only then may the
    /// terminal's descriptors be closed.
    private let inputClosed = DispatchGroup()
    /// Made when the first prompt is shown: the countdown starts there.
    private var challenge: Challenge<GateRandom>!
    private let queue = DispatchQueue(label: "shapelygate.session")
    private let done = DispatchSemaphore(value: 0)
    private var outcome: SessionOutcome?
    private var sources: [any DispatchSourceProtocol] = []
    private var timer: (any DispatchSourceTimer)?
    private var pending: [UInt8] = []
    private var overlong = false

    /// The longest entry kept; anything longer is not a tile number anyway.
    private static let entryLimit = 64

    public init(terminal: Terminal, renderer: Renderer, configuration: GateConfiguration,
                generator: GateRandom, clock: @escaping @Sendable () -> Double, suspendDenies: Bool = false) {
        self.suspendDenies = suspendDenies
        self.terminal = terminal
        self.renderer = renderer
        self.clock = clock
        self.configuration = configuration
        self.generator = generator
    }

    public func run() -> SessionOutcome {
        queue.async { self.start() }
        done.wait()
        inputClosed.wait()
        return outcome ?? .endOfInput
    }

    private func start() {
        terminal.prepare(discardTypeAhead: true)
        challenge = Challenge(configuration: configuration, generator: generator, now: clock())
        for number in Signals.ending + [Signals.suspend] + Signals.redraw {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [unowned self] in self.handle(signal: number) }
            source.resume()
            sources.append(source)
        }
        let input = DispatchSource.makeReadSource(fileDescriptor: terminal.inputDescriptor, queue: queue)
        input.setEventHandler { [unowned self] in self.readInput() }
        inputClosed.enter()
        input.setCancelHandler { [inputClosed] in inputClosed.leave() }
        input.resume()
        sources.append(input)
        if configuration.supportsTimeOut {
            let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
            timer.setEventHandler { [unowned self] in self.timerFired() }
            self.timer = timer
            armTimer()
            timer.resume()
            sources.append(timer)
        }
        showBoard()
    }

    private func armTimer() {
        guard let timer, let left = challenge.timeUntilDeadline(at: clock()) else { return }
        let nanoseconds = Int(max(0, left) * 1e9)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), leeway: .milliseconds(1))
    }

    private func timerFired() {
        guard outcome == nil else { return }
        if challenge.expireIfDue(at: clock()) {
            // The person may be mid-line: start the message on a fresh one.
            expire(prefix: "\n")
        } else {
            armTimer()
        }
    }

    /// Time is up: what was typed and not entered is thrown away, never reaching the shell.
    private func expire(prefix: String) {
        terminal.discardInput()
        terminal.write(prefix + renderer.denial(.timeExpired))
        finish(.denied(.timeExpired))
    }

    private func showBoard() {
        terminal.write(renderer.board(challenge.board, target: challenge.target,
                                      round: challenge.round, rounds: challenge.configuration.rounds))
        showPrompt()
    }

    private func showPrompt() {
        terminal.write(renderer.prompt(target: challenge.target, tileCount: challenge.board.tiles.count,
                                       secondsLeft: challenge.secondsLeft(at: clock())))
    }

    private func readInput() {
        guard outcome == nil else { return }
        let bytes: [UInt8]
        switch terminal.readAvailable() {
        case .nothing: return
        case .endOfInput:
            terminal.write("\n")
            finish(.endOfInput)
            return
        case .hangup:
            finish(.hangup)
            return
        case .bytes(let read): bytes = read
        }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                let entry = overlong ? nil : AnswerParser.tileNumber(from: pending)
                pending.removeAll(keepingCapacity: true)
                overlong = false
                // After a new board, the rest of what was read was typed before it
                // appeared and does not count.
                if answer(entry) != .prompted { return }
            } else if pending.count < Self.entryLimit {
                pending.append(byte)
            } else {
                overlong = true
            }
        }
    }

    private enum AfterAnswer { case redrawn, prompted, closed }

    private func answer(_ tileNumber: Int?) -> AfterAnswer {
        switch challenge.answer(tileNumber: tileNumber, at: clock()) {
        case .notATile:
            terminal.write(renderer.notATile(tileCount: challenge.board.tiles.count))
            showPrompt()
            return .prompted
        case .wrongShape(let chosen, let attemptsLeft):
            terminal.discardInput()
            terminal.write(renderer.wrongShape(chosen, attemptsLeft: attemptsLeft))
            showBoard()
            return .redrawn
        case .roundWon:
            terminal.discardInput()
            armTimer()
            showBoard()
            return .redrawn
        case .passed:
            terminal.write(renderer.passed())
            finish(.passed)
        case .tooManyAttempts(let chosen):
            terminal.write(renderer.wrongShape(chosen, attemptsLeft: 0))
            terminal.write(renderer.denial(.tooManyAttempts))
            finish(.denied(.tooManyAttempts))
        case .timeExpired:
            expire(prefix: "")
        case .closed:
            break
        }
        return .closed
    }

    private func handle(signal number: Int32) {
        guard outcome == nil else { return }
        if number == Signals.suspend && !suspendDenies {
            // As sudo's tgetpass: the terminal goes back to the person's settings while
            // the gate is stopped; SIGCONT brings the gate's settings and a redraw.
            terminal.write("\n")
            terminal.lend()
            Signals.stopSelf()
            return
        }
        if Signals.redraw.contains(number) {
            // Back from a stop (or resized): the shell may have changed the settings.
            if number == SIGCONT { terminal.prepare(discardTypeAhead: false) }
            terminal.write("\n")
            showPrompt()
            return
        }
        terminal.discardInput()
        terminal.write("\n")
        finish(.signal(number))
    }

    private func finish(_ result: SessionOutcome) {
        guard outcome == nil else { return }
        outcome = result
        for source in sources { source.cancel() }
        sources.removeAll()
        timer = nil
        done.signal()
    }
}
