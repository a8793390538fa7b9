// SudoJudgementApproval.swift — the judge asking an approver (approval= parent, either or
// both; SudoJudgement.swift has the rules): the request opened and recorded, the
// approvers told, the board run beside it or before it, and the answer recorded with
// the approver's name.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

extension SudoJudgement {
    package func askApprovers(_ facts: SudoFacts, shown: String, terminal: Int32, gate: (options: Options, policy: Policy),
                      records: SudoRecords, uid: UserID, gid: GroupID, account: PasswordEntry,
                      log: inout AuditLog) -> SudoDecision {
        let approval = self.approval
        let asking = { (seconds: Int?, log: inout AuditLog) -> Result<ApprovalDesk, SudoDecision> in
            self.openRequest(account: account, uid: uid, terminal: facts.terminalPath ?? "none", shown: shown,
                             approval: approval, seconds: seconds, log: &log)
        }
        if approval.mode == .either {
            // The request waits while the board is up: the first answer decides.
            var desk: ApprovalDesk?, answer: ApprovalAnswer?, refusal: SudoDecision?
            defer { desk?.close() }
            var requestLog = log
            let board = judgeOnTheBoard(facts, shown: shown, terminal: terminal, gate: gate, records: records, uid: uid,
                                        gid: gid, account: account, grace: nil, log: &log, beforeGate: {
                                            switch asking(nil, &requestLog) {
                                            case .success(let opened): desk = opened
                                            case .failure(let refused): refusal = refused
                                            }
                                            return refusal == nil
                                        }, interject: {
                                            answer = desk?.serve()
                                            return answer
                                        })
            log.request = requestLog.request
            if let refusal { return refusal }
            if let answer { return decide(answer, log: &log) }
            return board
        }
        if approval.mode == .both {
            // A pass at the board first; only then is anyone asked.
            let board = judgeOnTheBoard(facts, shown: shown, terminal: terminal, gate: gate, records: records, uid: uid,
                                        gid: gid, account: account, grace: nil, log: &log, recordsPass: false)
            guard board.result == 1 else { return board }
        }
        let desk: ApprovalDesk
        switch asking(approval.timeout, &log) {
        case .success(let opened): desk = opened
        case .failure(let refusal): return refusal
        }
        defer { desk.close() }
        return waitForAnswer(desk, terminal: terminal, facts: facts, seconds: approval.timeout, log: &log)
    }

    /// The person waits at the terminal for an approver's answer, or withdraws.
    private func waitForAnswer(_ desk: ApprovalDesk, terminal: Int32, facts: SudoFacts, seconds: Int,
                               log: inout AuditLog) -> SudoDecision {
        let display = Display.detect(environment: facts.submitEnvironment.filter { $0.key == "TERM" }, noColor: true)
        let ending = ApprovalWait(terminal: terminal, desk: desk, seconds: seconds,
                                  movesCursor: display.cursorControl).run()
        switch ending {
        case .answered(let given): return decide(given, log: &log)
        case .timedOut:
            note(log, .denied(.notApproved))
            return .denied("no approver answered within \(ApprovalClient.duration(seconds)), the command was not run")
        case .withdrawn:
            note(log, .denied(.withdrawn))
            return .denied("the request was withdrawn, the command was not run")
        case .interrupted, .hungUp:
            note(log, .denied(ending == .hungUp ? .hangup : .interrupted))
            return .denied("the request was interrupted, the command was not run")
        }
    }

    /// A request made and its desk open: recorded, and the approvers told (with the time
    /// they have, when the request has a deadline of its own).
    private func openRequest(account: PasswordEntry, uid: UserID, terminal: String, shown: String, approval: ApprovalSettings,
                             seconds: Int?, log: inout AuditLog) -> Result<ApprovalDesk, SudoDecision> {
        var generator = SystemRandomNumberGenerator()
        let request = ApprovalRequest(id: ApprovalRequest.newID(using: &generator), requester: account.name, requesterUID: uid,
                                      terminal: terminal, shown: shown)
        switch ApprovalDesk.open(for: request, approvers: approval.approvers) {
        case .success(let desk):
            log.request = request.id
            note(log, .requested)
            let notice = ApproverNotice(request: request, approvers: approval.approvers, seconds: seconds)
            _ = notice.tellTerminals()
            if let program = approval.notify, let problem = notice.runNotify(program) { warn(problem) }
            return .success(desk)
        case .failure(let refusal):
            note(log, .failed(.noRequest))
            return .failure(.denied(refusal.message + "; the command was not run"))
        }
    }

    /// An approver's answer, recorded with the approver's name.
    private func decide(_ answer: ApprovalAnswer, log: inout AuditLog) -> SudoDecision {
        switch answer {
        case .approved(let approver):
            log.approver = approver
            note(log, .passed(.approved))
            warn("approved by \(approver)")
            return .approved
        case .denied(let approver):
            log.approver = approver
            note(log, .denied(.deniedByApprover))
            return .denied("\(approver) said no, the command was not run")
        }
    }
}
