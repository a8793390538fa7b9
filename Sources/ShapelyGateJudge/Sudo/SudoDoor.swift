// SudoDoor.swift — the sudo judge as a door of the shared decision (Decision.swift): its
// board is the gate run as the person on their terminal (SudoGateRun), its wait for an
// approver the waiting screen on that terminal (ApprovalWait), its refusals sudo's
// ("…, the command was not run"), its warnings sudo's error output.
//
// Contract:
// - A pass at the board opens the terminal session's grace window when one is in force
//   (approval=board only: no grace is given to the other modes).

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

struct SudoDoor: JudgingDoor {
    let judgement: SudoJudgement
    let facts: SudoFacts
    let shown: String
    let terminal: Int32
    let account: PasswordEntry
    let uid: UserID
    let gid: GroupID
    let rounds: Int
    let grace: SudoJudgement.Grace?

    func board(interject: @escaping () -> Bool) -> BoardResult {
        var run = SudoGateRun(facts: facts, plugin: judgement.options, account: account, uid: uid, gid: gid, shown: shown)
        judgement.restore(run.leaveAfterDeath)
        run.rounds = rounds
        let outcome = run.start(on: terminal, interject: interject)
        let passed = outcome.decision.result == 1
        if let grace, passed, !outcome.interjected {
            grace.records.settleGrace(grace.key, passedAtBoard: true, ticket: grace.ticket)
        }
        return BoardResult(audit: outcome.audit, message: outcome.decision.message, progress: outcome.progress,
                           failed: outcome.decision.result < 0, interjected: outcome.interjected)
    }

    func announce(_ desk: ApprovalDesk) -> Bool { true }

    func wait(for desk: ApprovalDesk, seconds: Int) -> ApprovalWait.Ending {
        let display = Display.detect(environment: facts.submitEnvironment.filter { $0.key == "TERM" }, noColor: true)
        return ApprovalWait(terminal: terminal, desk: desk, seconds: seconds, movesCursor: display.cursorControl).run()
    }

    func refusal(_ text: String) -> String { text + ", the command was not run" }

    func warn(_ text: String) { judgement.warn(text) }

    func note(_ log: AuditLog, _ outcome: GateOutcome, progress: AuditProgress) {
        judgement.note(log, outcome, progress: progress)
    }
}
