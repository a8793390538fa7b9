// PamDoor.swift — the PAM judge as a door of the shared decision (Decision.swift): its
// board is the words board asked through the application's conversation (PamBoard), its
// wait for an approver a message and a hold on that conversation, its refusals said as
// they are (the application adds its own "Authentication failure").
//
// Contract:
// - The conversation says what is asked, who may approve, how they answer and how long
//   it waits, then holds until an answer, the deadline, the conversation's end or an
//   ending signal. Where the application shows information only with a prompt (sshd),
//   the wait is a prompt instead: what is asked and the time left, then "Waiting for
//   mum: Enter looks again, or type a reason: ", asked again (with the time left) at
//   each Enter until an answer or the deadline; what is typed there is the person's
//   reason (ApprovalDesk.give).
// - A failed conversation or a module gone (the client disconnected) withdraws the
//   request at once.
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
    /// The wait is a prompt, looked at again at each Enter (sshd).
    var waitsAtPrompt = false

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
        let deadline = conversation.clock() + Double(seconds)
        if waitsAtPrompt { return waitAtPrompt(for: desk, until: deadline) }
        let said = ApprovalWait.whatIsAsked(desk) + ["Waiting up to \(ApproverNotice.duration(seconds)); Ctrl-C withdraws the request."]
        var answer: ApprovalAnswer?
        var reply = conversation.say(said.joined(separator: "\n"))
        if reply == .said {
            conversation.interject = {
                answer = desk.serve()
                return answer != nil
            }
            reply = conversation.hold(until: deadline)
            conversation.interject = { false }
        }
        if let answer { return .answered(answer) }
        return ending(reply)
    }

    /// The wait as a prompt (sshd shows information only with the next prompt): each
    /// answer looks again, and one that says something is the person's reason. An
    /// approver's answer or the deadline while the prompt waits decides at once; the
    /// module learns it at the next Enter.
    private mutating func waitAtPrompt(for desk: ApprovalDesk, until deadline: Double) -> ApprovalWait.Ending {
        var answer: ApprovalAnswer?
        conversation.interject = {
            answer = desk.serve()
            return answer != nil
        }
        defer { conversation.interject = { false } }
        var said = ApprovalWait.whatIsAsked(desk) + ["Ctrl-C withdraws the request."]
        while true {
            let left = Int((deadline - conversation.clock()).rounded(.up))
            said.append("Time left: \(ApproverNotice.duration(max(0, left)))")
            let prompt = "Waiting for \(desk.approvers.description): Enter looks again"
                + (desk.reason == nil ? ", or type a reason: " : ": ")
            let reply = conversation.ask(prompt, after: [said.joined(separator: "\n")], deadline: deadline)
            if let answer { return .answered(answer) }
            guard case .answer(let typed) = reply else { return ending(reply) }
            said = desk.give(reason: typed) ? ["Reason sent: \(desk.reason ?? "")"] : []
        }
    }

    private func ending(_ reply: PamConversation.Reply) -> ApprovalWait.Ending {
        switch reply {
        case .timedOut: return .timedOut
        case .interrupted: return .interrupted
        // The conversation failed or the module went (the client gone): the request goes too.
        default: return .withdrawn
        }
    }

    func refusal(_ text: String) -> String { text }

    func warn(_ text: String) { Platform.printError("shapelygate: \(text)\n") }

    func note(_ log: AuditLog, _ outcome: GateOutcome, progress: AuditProgress) {
        PamJudgement.note(log, outcome, progress: progress)
    }
}
