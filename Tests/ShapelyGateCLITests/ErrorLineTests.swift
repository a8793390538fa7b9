// ErrorLineTests.swift — a message on standard error is wrapped at words to the
// terminal's width, and left as it is when standard error is not a terminal.

import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

@Suite struct ErrorLineTests {
    @Test func errorMessagesWrapAtWordsOnATerminalOnly() {
        let text = "shapelygate: locked after a denial: try again in 60 s\n"
        #expect(ErrorLine.wrapped(text, columns: 40) == "shapelygate: locked after a denial: try\nagain in 60 s\n")
        #expect(ErrorLine.wrapped(text, columns: nil) == text)
    }
}
