// Session.swift — one gate on one terminal: shows the challenge, reads answers, and
// enforces the countdown with a timer of the session's clock.
//
// Contract:
// - Everything happens on one serial queue: terminal input, the timers, the signals.
//   The challenge is touched nowhere else, so an answer and the deadline never race;
//   the challenge itself refuses an answer that arrives at or after the deadline.
// - The challenge, the countdown on screen and the timers read one injected clock; the
//   signals come from an injected feed (SessionSignals), the process's own by default.
// - `run()` blocks until the outcome is known and returns it once the terminal's input
//   is no longer watched; it never restores the terminal or exits: the caller does that.
// - Type-ahead is discarded whenever a board appears; at the end, input typed and not
//   entered is discarded so it never reaches the shell.
// - On a terminal that moves its cursor the gate edits the answer line itself, shows
//   one board at a time, rewrites the countdown every second (the last three stand
//   out) and redraws once after a resize settles, keeping what was typed; when it ends
//   the board goes and one closing line stays. Otherwise every screen is appended and
//   the time left is shown at each prompt.
// - A board that cannot fit the screen is never shown. At the start as after a resize,
//   the gate says which sizes would fit, the countdown runs on (shown and ticking), and
//   the board comes as soon as the screen is large enough; only the deadline denies.
//   Time that runs out before any board was shown ends as `tooSmall`.
// - Ctrl-Z lends the terminal back and stops the gate (or, in login mode, denies);
//   SIGCONT takes the gate's settings up again and redraws. Waiting costs no CPU.
// - Behind another process group the gate shows nothing (Terminal), while the countdown
//   and the deadline run on; found in front again, at SIGCONT or at the next tick, it
//   takes its settings up again and redraws.

import Dispatch
import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSystem

package final class Session: @unchecked Sendable {
    package let terminal: any GateTerminal
    package let renderer: Renderer
    package let clock: any SessionClock
    package var challenge: Challenge
    /// Login mode: Ctrl-Z denies instead of suspending the gate.
    private let loginMode: Bool
    private let signals: any SessionSignals
    private let queue = DispatchQueue(label: "shapelygate.session")
    package var outcome: GateOutcome?
    private var finished: (@Sendable (GateOutcome) -> Void)?
    private var timers: [any SessionTimer] = []
    private var deadlineTimer: (any SessionTimer)?
    package var tickTimer: (any SessionTimer)?
    private var resizeTimer: (any SessionTimer)?
    package var editor: LineEditor
    /// What is on screen now (cursor mode); nil while the screen is too small.
    package var frame: Frame?
    /// What the screen lacks while the board does not fit; nil while it does.
    package var needed: NeededSizes?
    /// Whether a board has been on screen at all.
    package var boardShown = false
    package var message: ScreenMessage?
    /// How many times the person may ask for more time (`+` then Enter).
    package var extensions = 0
    /// A canonical line being read (plain mode).
    package var pending: [UInt8] = []
    /// What the words board has echoed of the answer line (SessionInput.echoWords).
    package var echoed = ""
    /// Whether another process group held the terminal at the last look.
    private var away = false

    /// How long a resize must be still before the board is redrawn.
    package static let resizeSettle = 0.15

    package init(terminal: any GateTerminal, renderer: Renderer, configuration: GateConfiguration, generator: GateRandom,
         clock: any SessionClock, signals: any SessionSignals = ProcessSignals(), loginMode: Bool = false) {
        self.terminal = terminal
        self.renderer = renderer
        self.clock = clock
        self.loginMode = loginMode
        self.signals = signals
        editor = LineEditor(keys: terminal.editingKeys)
        challenge = Challenge(configuration: configuration, generator: generator, now: clock.now())
    }

    package var cursorMode: Bool { renderer.display.cursorControl }
    /// Whether the gate edits the answer line itself (non-canonical): on a terminal that
    /// moves the cursor, and on the words board, where the time is spoken in the middle
    /// of an answer and the prompt must then show what was typed.
    package var editsLine: Bool { cursorMode || renderer.speaksWords }

    /// Runs the gate to its outcome, blocking the calling thread.
    package func run() -> GateOutcome {
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        // The start runs as the queue's work but on this thread, which would only wait:
        // the first board does not wait for a thread to be made and scheduled.
        queue.sync { [self] in
            finished = { outcome in
                box.value = outcome
                done.signal()
            }
            begin()
        }
        done.wait()
        return box.value ?? .denied(.endOfInput)
    }

    /// Starts the gate; `finished` runs once, off the queue's work, when it has ended.
    package func start(then finished: @escaping @Sendable (GateOutcome) -> Void) {
        queue.async { [self] in
            self.finished = finished
            begin()
        }
    }

    private func begin() {
        away = !terminal.isForeground
        terminal.prepare(editing: editsLine, discardTypeAhead: true)
        if cursorMode { terminal.write(Painter.enter) }
        // The countdown starts with the first screen, the board or what it needs. That
        // screen comes before everything else is set up: until their sources read them,
        // the gate's signals stay blocked and pending, and input waits in the terminal.
        challenge.startCountdown(at: clock.now())
        showBoard()
        guard outcome == nil else { return }
        signals.listen(to: Signals.ending + [Signals.suspend] + Signals.terminalStops + Signals.redraw, on: queue) {
            [unowned self] number in self.handle(signal: number)
        }
        terminal.startReading(on: queue) { [unowned self] in self.readInput() }
        if cursorMode { resizeTimer = makeTimer { [unowned self] in self.draw() } }
        if challenge.deadline != nil {
            deadlineTimer = makeTimer { [unowned self] in self.deadlinePassed() }
            if cursorMode || renderer.speaksWords { tickTimer = makeTimer { [unowned self] in self.tick() } }
            armTimers()
        }
    }

    private func makeTimer(_ handler: @escaping @Sendable () -> Void) -> any SessionTimer {
        let timer = clock.makeTimer(on: queue, handler)
        timers.append(timer)
        return timer
    }

    package func armTimers() {
        guard let deadline = challenge.deadline else { return }
        deadlineTimer?.schedule(at: deadline)
        scheduleTick()
    }

    /// The next moment the whole seconds shown change.
    private func scheduleTick() {
        if renderer.speaksWords { return scheduleSpokenTime() }
        guard let tickTimer, let deadline = challenge.deadline, let left = challenge.secondsLeft(at: clock.now()), left > 1 else { return }
        tickTimer.schedule(at: deadline - Double(left - 1))
    }

    private func deadlinePassed() {
        guard outcome == nil else { return }
        guard challenge.expireIfDue(at: clock.now()) else { return armTimers() }
        if !boardShown, let needed { finish(.denied(.tooSmall(needed.preferred))) } else { finish(.denied(.timeExpired)) }
    }

    private func tick() {
        guard outcome == nil else { return }
        if away || !terminal.isForeground {
            resume()
            return scheduleTick()
        }
        if renderer.speaksWords { return speakTimeLeft() }
        if let left = challenge.secondsLeft(at: clock.now()), announcesMoreTime(left), cursorMode {
            message = .moreTimeHint
            draw()
            return scheduleTick()
        }
        if let frame, let left = challenge.secondsLeft(at: clock.now()) {
            terminal.write(Painter.countdown(frame, text: renderer.countdown(seconds: left, width: terminal.size.columns),
                                             answer: editor.visible, columns: terminal.size.columns))
        } else if let needed {
            showNeeded(needed)
        }
        scheduleTick()
    }

    // MARK: Signals and the end

    private func handle(signal number: Int32) {
        guard outcome == nil else { return }
        switch number {
        case Signals.resize:
            // Appended lines are not redrawn; a plain screen still waiting for room is.
            if cursorMode { resizeTimer?.schedule(at: clock.now() + Self.resizeSettle) } else if needed != nil { showBoard() }
        case Signals.resume:
            // Back from a stop: the shell may have changed the settings and the screen.
            resume()
        case _ where (number == Signals.suspend && !loginMode) || Signals.terminalStops.contains(number):
            // As sudo's tgetpass: the person's own settings and screen while stopped.
            terminal.write(cursorMode ? Painter.leave : "\n")
            terminal.lend()
            Signals.stopSelf(by: number)
            // Continued, or never stopped (the kernel discards a stop in an orphaned
            // process group). SIGCONT, if it came, resumes once more, which is harmless.
            resume()
        case Signals.hangUp where terminal.isHungUp:
            // The terminal closed: its SIGHUP and the read's end of file are one event,
            // a hangup, whichever reaches the gate first.
            finish(.denied(.hangup))
        default:
            finish(.interrupted(Interruption(number)))
        }
    }

    /// The gate's settings and screen again, in the foreground only: continued in the
    /// background (`bg`) there is nothing to draw until `fg`, and reading there would
    /// stop it anyway.
    private func resume() {
        away = !terminal.isForeground
        guard !away else { return }
        terminal.prepare(editing: editsLine, discardTypeAhead: false)
        if cursorMode {
            terminal.write(Painter.enter)
            draw()
        } else if needed != nil {
            showBoard()
        } else {
            terminal.write("\n")
            showPrompt()
        }
    }

    package func finish(_ result: GateOutcome) {
        guard outcome == nil else { return }
        outcome = result
        for timer in timers { timer.cancel() }
        signals.stop()
        terminal.discardInput()
        let columns = terminal.size.columns
        if cursorMode {
            if result != .denied(.hangup) { terminal.write(Painter.leave + renderer.closing(result.closing, width: columns)) }
        } else if result != .denied(.hangup) {
            let closing = renderer.plainClosing(result.closing, width: columns)
            terminal.write((result.isPass ? "" : "\n") + closing)
        }
        let finished = self.finished
        // Only once the input is no longer watched may the caller close the terminal.
        terminal.stopReading { finished?(result) }
    }
}

/// The outcome handed from the session's queue to the thread waiting in `run()`.
private final class OutcomeBox: @unchecked Sendable {
    package var value: GateOutcome?
}
