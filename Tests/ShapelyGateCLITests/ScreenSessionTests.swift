// ScreenSessionTests.swift — a screen too small for the board, in the session: the
// sizes that fit are named, the countdown runs and is shown, entries are no answers,
// the board comes as soon as there is room (what was typed before it is gone), and
// time that runs out before any board was shown ends as `tooSmall`.

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

@Suite struct ScreenSessionTests {
    @Test func aBoardThatCannotFitIsNeverShownAndTheCountdownRunsMeanwhile() {
        let gate = SessionHarness(configuration: GateConfiguration(numberOfEachShape: 9, kinds: GateConfiguration.kinds(count: 9)),
                                  size: TerminalSize(columns: 40, rows: 12))
        #expect(gate.outcome.value == nil)
        #expect(gate.terminal.written.contains("The board needs a larger"))
        #expect(gate.terminal.written.contains("Time left: 00:10"))
        gate.clock.advance(by: 1)
        #expect(gate.terminal.written.contains("Time left: 00:09"))
        // An entry while nothing can be seen is no answer.
        gate.terminal.type("1\r")
        gate.settle()
        #expect(gate.outcome.value == nil)
        gate.clock.advance(by: 10)
        guard case .denied(.tooSmall(let needed)) = gate.outcome.value else { Issue.record("not denied"); return }
        #expect(needed.rows > 12)
        #expect(!gate.terminal.written.contains("1 "))
    }

    @Test func aBoardTooLargeAtTheStartComesAsSoonAsTheScreenIsLargeEnough() {
        let gate = SessionHarness(size: TerminalSize(columns: 30, rows: 8))
        #expect(gate.terminal.written.contains("The board needs a larger"))
        #expect(gate.outcome.value == nil)
        // Typed before the board could be seen: gone when it appears.
        gate.terminal.type("\(gate.right)")
        gate.settle()
        gate.resize(to: TerminalSize(columns: 80, rows: 24))
        #expect(gate.terminal.written.contains("choose 1-8"))
        gate.terminal.type("\r")
        gate.settle()
        #expect(gate.outcome.value == nil)
        gate.terminal.type("\(gate.right)\r")
        gate.settle()
        #expect(gate.outcome.value == .passed(.board))
    }
}
