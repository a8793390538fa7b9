// SessionTests.swift — the session's rules with a fake terminal and a clock moved by
// hand: the deadline, the live countdown, re-deals, type-ahead, end of input, a
// hangup, signals, resizing and a screen too small. Fast and without a pty.

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

@Suite(.serialized) struct SessionTests {
    @Test func theRightTilePassesAndTypeAheadWasDiscarded() {
        let gate = SessionHarness()
        #expect(gate.terminal.prepared == [true])
        #expect(gate.terminal.discards >= 1)
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed(.board))
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
        // No more time to ask for: no hint comes to change the screen.
        let gate = SessionHarness(extensions: 0)
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
        #expect(gate.terminal.written.contains("Last try."))
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed(.board))
    }

    /// WCAG 2.2.1's "extend": `+` then Enter adds the round's time again, at most as many
    /// times as allowed, and the last ten seconds say how.
    @Test func plusThenEnterAddsTheRoundsTimeAgainAsManyTimesAsAllowed() {
        let gate = SessionHarness(extensions: 2)
        gate.clock.advance(by: 4)
        #expect(!gate.terminal.written.contains("More time:"), "before the last warning")
        gate.clock.advance(by: 1)
        #expect(gate.terminal.written.contains("More time: type + then Enter."))
        gate.terminal.type("+\r")
        gate.settle()
        #expect(gate.terminal.written.contains("10 more seconds."))
        gate.clock.advance(by: 11.9)
        #expect(gate.outcome.value == nil, "the time added was not given")
        gate.terminal.type("+\r")
        gate.settle()
        gate.terminal.type(" + \r")
        gate.settle()
        #expect(gate.terminal.written.contains("No more time can be added."))
        gate.clock.advance(by: 13.2)
        gate.settle()
        #expect(gate.outcome.value == .denied(.timeExpired))
    }

    @Test func noTimeIsAddedWhereNoneIsAllowed() {
        let gate = SessionHarness(extensions: 0)
        gate.clock.advance(by: 8)
        #expect(!gate.terminal.written.contains("More time:"))
        gate.terminal.type("+\r")
        gate.settle()
        #expect(gate.terminal.written.contains("No more time can be added."))
        gate.clock.advance(by: 2)
        gate.settle()
        #expect(gate.outcome.value == .denied(.timeExpired))
    }

    @Test func theWordsBoardSaysHowWithItsLastSpokenTime() {
        let gate = SessionHarness(words: true)
        let deadline = gate.session.challenge.deadline ?? 0
        gate.clock.advance(by: deadline - gate.clock.now() - 5)
        gate.settle()
        let said = gate.terminal.written
        #expect(said.contains("Seconds left: 5.") && said.contains("More time: type + then Enter.\n"), "\(said.suffix(200))")
    }

    @Test func aHintChangesNothingButTheMessage() {
        let gate = SessionHarness()
        gate.terminal.type("x\r")
        gate.settle()
        #expect(gate.terminal.written.contains("Type a number from 1 to 8, then Enter."))
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed(.board))
    }

    @Test(arguments: [(TerminalInput.bytes([0x04]), GateOutcome.denied(.endOfInput)), (.endOfInput, .denied(.endOfInput)), (.hangup, .denied(.hangup))])
    func endOfInputAndHangupsDeny(_ input: TerminalInput, _ expected: GateOutcome) {
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

    /// A closed terminal sends SIGHUP and ends the read: whichever comes first, it is a
    /// hangup. A SIGHUP sent while the terminal is still there is a signal like any other.
    @Test func aHangUpSignalFromAClosedTerminalIsAHangup() {
        let closed = SessionHarness()
        closed.terminal.isHungUp = true
        closed.signals.send(SIGHUP)
        closed.settle()
        #expect(closed.outcome.value == .denied(.hangup))
        let open = SessionHarness()
        open.signals.send(SIGHUP)
        open.settle()
        #expect(open.outcome.value == .interrupted(Interruption(SIGHUP)))
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
        #expect(gate.outcome.value == .passed(.board))
    }

    @Test func plainTerminalsReadCanonicalLines() {
        let gate = SessionHarness(cursor: false)
        #expect(gate.terminal.prepared == [false])
        #expect(gate.terminal.written.contains("Time left: 00:10\n"))
        gate.terminal.type("\(gate.right)\n")
        gate.settle()
        #expect(gate.outcome.value == .passed(.board))
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
