// CapturedOutput.swift — an `Output` for tests that run the command line in their own
// process: it keeps what would have gone to standard output and standard error.

import Synchronization
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

final class CapturedOutput: Sendable {
    private let said = Mutex((standard: "", error: ""))

    var standard: String { said.withLock { $0.standard } }
    /// Errors and warnings, in the order they came.
    var error: String { said.withLock { $0.error } }

    var output: Output {
        Output(standard: { text in self.said.withLock { $0.standard += text } },
               error: { text in self.said.withLock { $0.error += text } },
               warning: { text in self.said.withLock { $0.error += text } })
    }
}

/// Output nobody reads.
let quiet = Output(standard: { _ in }, error: { _ in }, warning: { _ in })
