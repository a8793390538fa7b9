// SignalNameTests.swift — an ending signal is recorded by its name (SHAPELYGATE_REASON,
// the audit line), on this system's own signals too.

import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
import ShapelyGateSystem

@Suite struct SignalNameTests {
    @Test func everyEndingSignalIsRecordedByItsName() {
        for number in Signals.ending + [Signals.suspend] + Signals.terminalStops {
            #expect(Signals.name(number).hasPrefix("SIG"), "signal \(number)")
        }
        #expect(Signals.name(SignalNumber.terminate) == "SIGTERM")
    }
}
