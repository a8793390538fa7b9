// PamDoor.swift — the PAM judge as a door of the shared decision (Decision.swift): its
// board is the words board asked through the application's conversation (PamBoard), its
// wait for an approver a message and a hold on that conversation, its refusals said as
// they are (the application adds its own "Authentication failure").
//
// Contract:
// - The conversation says what is asked, who may approve, how they answer and how long
//   it waits, then holds until an answer, the deadline, the conversation's end or an
//   ending signal.
// - Under either, an approver's answer given while the prompt waits decides at once
//   (recorded then); the module, still in the application's prompt, learns it when the
//   person next presses Enter. That is the one place a PAM door differs from sudo.
// - Warnings go to the judge's standard error, which the door points at /dev/null:
//   never to the person's conversation (the audit record says what happened).

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateSystem

struct PamDoor: JudgingDoor {
    var conversation: PamConversation
    let board: PamBoard

    mutating func board(interject: @escaping () -> Bool) -> BoardResult {
        conversation.interject = interject
        defer { conversation.interject = { false } }
        let outcome = board.run(&conversation)
        return BoardResult(audit: outcome.audit, message: outcome.message, progress: outcome.progress)
    }

    mutating func announce(_ desk: ApprovalDesk) -> Bool {
        let said = ApprovalWait.whatIsAsked(desk) + ["The first answer decides, theirs or the board's."]
        return conversation.say(said.joined(separator: "\n")) == .said
    }

    mutating func wait(for desk: ApprovalDesk, seconds: Int) -> ApprovalWait.Ending {
        let said = ApprovalWait.whatIsAsked(desk) + ["Waiting up to \(ApproverNotice.duration(seconds)); Ctrl-C withdraws the request."]
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
        if let answer { return .answered(answer) }
        switch reply {
        case .timedOut: return .timedOut
        case .interrupted: return .interrupted
        default: return .withdrawn
        }
    }

    func refusal(_ text: String) -> String { text }

    func warn(_ text: String) { Platform.printError("shapelygate: \(text)\n") }

    func note(_ log: AuditLog, _ outcome: GateOutcome, progress: AuditProgress) {
        PamJudgement.note(log, outcome, progress: progress)
    }
}
