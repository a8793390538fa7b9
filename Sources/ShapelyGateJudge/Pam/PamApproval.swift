// PamApproval.swift — `approval=` at a PAM door, as under sudo (SudoJudgement.swift has
// the rules): board — the board decides; parent — only an approver's yes; both — a pass
// at the board, then an approver's yes; either — the board is asked while the request
// waits, and the first answer decides.
//
// Contract:
// - The conversation says what is asked, who may approve, how they answer and how long
//   it waits, then holds until an answer, the deadline, the conversation's end or an
//   ending signal. Nothing but an approver's `approve` for this request's id approves.
// - Under either, an approver's answer given while the prompt waits decides at once
//   (recorded then); the module, still in the application's prompt, learns it when the
//   person next presses Enter. That is the one place a PAM door differs from sudo.
// - Each outcome is one audit record (`requested` when the request is made, then the
//   answer), as under sudo.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct PamApproval {
    package let judgement: PamJudgement
    package let person: AccountPerson
    package typealias Outcome = PamBoard.Outcome

    package func run(_ conversation: inout PamConversation, log: inout AuditLog) -> Outcome {
        let approval = judgement.approval
        switch approval.mode {
        case .board, .both:
            let board = judgement.board.run(&conversation)
            // Under approval=both a pass at the board is half of one: the approver's answer is the record.
            if approval.mode == .board || !board.passed {
                PamJudgement.note(log, board.audit, progress: board.progress)
                return board
            }
            return askApprover(&conversation, log: &log, seconds: approval.timeout)
        case .parent:
            return askApprover(&conversation, log: &log, seconds: approval.timeout)
        case .either:
            return either(&conversation, log: &log)
        }
    }

    private func askApprover(_ conversation: inout PamConversation, log: inout AuditLog, seconds: Int) -> Outcome {
        let desk: ApprovalDesk
        switch open(&log, seconds: seconds) {
        case .desk(let opened): desk = opened
        case .refused(let refusal): return refusal
        }
        defer { desk.close() }
        let said = ApprovalWait.whatIsAsked(desk) + ["Waiting up to \(ApprovalClient.duration(seconds))."]
        var answer: ApprovalAnswer?
        var reply = conversation.say(said.joined(separator: "\n"))
        if reply == .said {
            conversation.interject = {
                answer = desk.serve()
                return answer != nil
            }
            reply = conversation.hold(until: conversation.clock() + Double(seconds))
            conversation.interject = { false }
        }
        if let answer { return decide(answer, log: &log) }
        switch reply {
        case .timedOut:
            PamJudgement.note(log, .denied(.notApproved))
            return Outcome(audit: .denied(.notApproved), message: "no approver answered within \(ApprovalClient.duration(seconds))")
        case .interrupted:
            PamJudgement.note(log, .denied(.interrupted))
            return Outcome(audit: .denied(.interrupted), message: "the request was interrupted")
        default:
            PamJudgement.note(log, .denied(.withdrawn))
            return Outcome(audit: .denied(.withdrawn), message: "the request was withdrawn")
        }
    }

    private func either(_ conversation: inout PamConversation, log: inout AuditLog) -> Outcome {
        var requestLog = log
        let desk: ApprovalDesk
        switch open(&requestLog, seconds: nil) {
        case .desk(let opened): desk = opened
        case .refused(let refusal): return refusal
        }
        defer { desk.close() }
        log.request = requestLog.request
        let said = ApprovalWait.whatIsAsked(desk) + ["The first answer decides, theirs or the board's."]
        guard conversation.say(said.joined(separator: "\n")) == .said else {
            PamJudgement.note(log, .denied(.withdrawn))
            return Outcome(audit: .denied(.withdrawn), message: "the request was withdrawn")
        }
        var answer: ApprovalAnswer?
        conversation.interject = {
            answer = desk.serve()
            return answer != nil
        }
        let board = judgement.board.run(&conversation)
        conversation.interject = { false }
        if let answer { return decide(answer, log: &log) }
        PamJudgement.note(log, board.audit, progress: board.progress)
        return board
    }

    private enum Opened {
        case desk(ApprovalDesk)
        case refused(Outcome)
    }

    /// A request made and its desk open: recorded, and the approvers told.
    private func open(_ log: inout AuditLog, seconds: Int?) -> Opened {
        var generator = SystemRandomNumberGenerator()
        let approval = judgement.approval
        let request = ApprovalRequest(id: ApprovalRequest.newID(using: &generator), requester: person.name,
                                      requesterUID: person.uid, terminal: log.terminal, shown: judgement.guarding)
        switch ApprovalDesk.open(for: request, approvers: approval.approvers) {
        case .success(let desk):
            log.request = request.id
            PamJudgement.note(log, .requested)
            let notice = ApproverNotice(request: request, approvers: approval.approvers, seconds: seconds)
            _ = notice.tellTerminals()
            if let program = approval.notify { _ = notice.runNotify(program) }
            return .desk(desk)
        case .failure(let refusal):
            PamJudgement.note(log, .failed(.noRequest))
            return .refused(Outcome(audit: .failed(.noRequest), message: refusal.message))
        }
    }

    /// An approver's answer, recorded with the approver's name.
    private func decide(_ answer: ApprovalAnswer, log: inout AuditLog) -> Outcome {
        switch answer {
        case .approved(let approver):
            log.approver = approver
            PamJudgement.note(log, .passed(.approved))
            return Outcome(audit: .passed(.approved), message: nil)
        case .denied(let approver):
            log.approver = approver
            PamJudgement.note(log, .denied(.deniedByApprover))
            return Outcome(audit: .denied(.deniedByApprover), message: "\(approver) said no")
        }
    }
}
