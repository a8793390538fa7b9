// TerminalSizeTests.swift — the test harness's window: the size a program is started
// with, resizing it while it runs, and the terminal model that shows what a person sees.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Terminal size and screen", .serialized, .ownPolicy)
struct TerminalSizeTests {
    @Test(.enabled(if: tools("sh", "stty", "sleep"), "needs sh, stty and sleep"))
    func theSizeReachesTheProgramAndResizingSignalsIt() {
        let script = "trap 'stty size' WINCH; stty size; echo ready; i=0; "
            + "while [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done"
        let shell = GateProcess(["-c", script], size: (30, 100), executable: tool("sh")!)
        #expect(shell.waitFor("ready"))
        #expect(shell.windowSize == (30, 100))
        #expect(shell.terminalScreen.lines.prefix(2) == ["30 100", "ready"])
        shell.resize(rows: 20, columns: 40)
        #expect(shell.windowSize == (20, 40))
        #expect(shell.waitForScreen { $0.contains("20 40") })
        let shown = shell.terminalScreen
        #expect(shown.rows == 20 && shown.columns == 40)
        #expect(shown.lines.prefix(3) == ["30 100", "ready", "20 40"])
        kill(shell.pid, SIGTERM)
        #expect(shell.finish() == .signaled(SIGTERM))
    }

    @Test func theGateIsSeenOnASmallWindowAndSurvivesAResize() {
        let oracle = BoardOracle(seed: 41)
        let gate = GateProcess(["--seed", "41"], size: (20, 40))
        #expect(gate.waitForScreen { $0.contains("drop the \(oracle.targetName): choose 1-8") })
        #expect(gate.terminalScreen.columns == 40)
        gate.resize(rows: 30, columns: 100)
        gate.pump(0.2)
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        let shown = gate.terminalScreen
        #expect(shown.rows == 30 && shown.columns == 100)
        #expect(shown.contains("Passed."))
        // The model read the same bytes a fresh one would, apart from the size change.
        var fresh = TerminalScreen(rows: 20, columns: 40)
        fresh.feed(gate.screen)
        #expect(fresh.contains("Passed."))
    }
}
