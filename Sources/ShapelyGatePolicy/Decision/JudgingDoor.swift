// JudgingDoor.swift — what the shared decision (Decision.swift) asks of a door: its board
// and its wait for an approver, each in the door's own medium (a terminal under sudo, the
// application's conversation under PAM), and where its records and warnings go.
//
// Contract:
// - `board` runs the challenge once; `interject` is asked while it runs and ends it when
//   it says yes (an approver answered first).
// - `announce` tells the person, before the board, that a request waits beside it (under
//   approval=either); false: the person left.
// - `wait` shows what is asked and holds until an answer, the deadline, the person's
//   leaving or an ending signal.
// - `refusal` words a denial as the door's host says it (sudo: "…, the command was not
//   run"); `warn` says a line where the door's person sees warnings; `note` writes the
//   audit record.

package protocol JudgingDoor {
    mutating func board(interject: @escaping () -> Bool) -> BoardResult
    mutating func announce(_ desk: ApprovalDesk) -> Bool
    mutating func wait(for desk: ApprovalDesk, seconds: Int) -> ApprovalWait.Ending
    func refusal(_ text: String) -> String
    func warn(_ text: String)
    func note(_ log: AuditLog, _ outcome: GateOutcome, progress: AuditProgress)
}

/// One run of a door's board.
package struct BoardResult: Equatable, Sendable {
    /// What the audit record says, and with it whether the person passed.
    package var audit: GateOutcome
    /// What the person is told at the end, when anything.
    package var message: String?
    package var progress = AuditProgress()
    /// The board could not be run at all (an error, not a denial).
    package var failed = false
    /// An approver answered while the board was up, and the board was ended.
    package var interjected = false

    package init(audit: GateOutcome, message: String?, progress: AuditProgress = AuditProgress(), failed: Bool = false,
                 interjected: Bool = false) {
        self.audit = audit
        self.message = message
        self.progress = progress
        self.failed = failed
        self.interjected = interjected
    }

    package var passed: Bool { audit.isPass && !failed }
}

/// What the shared decision decided.
package struct Judged: Equatable, Sendable {
    package var audit: GateOutcome
    package var message: String?
    /// An error, not a denial (the door's host may say so differently).
    package var failed = false
    /// What the lockout counts: a pass (true) or a denial (false) at a board, or nothing
    /// (nil: no board was shown, and the count is put back as it was).
    package var counted: Bool?

    package init(_ audit: GateOutcome, _ message: String?, failed: Bool = false, counted: Bool? = nil) {
        self.audit = audit
        self.message = message
        self.failed = failed
        self.counted = counted
    }

    package init(_ board: BoardResult) {
        self.init(board.audit, board.message, failed: board.failed, counted: board.passed)
    }

    package var passed: Bool { audit.isPass && !failed }
}
