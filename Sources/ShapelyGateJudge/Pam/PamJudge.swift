// PamJudge.swift — `shapelygate --pam-judge`: every decision about one authentication at
// a PAM door (su, login, sshd, polkit), made once, as root, for the module that started
// it (CShapelyGatePam/pam_door.c).
//
//     facts ─▶ options and policy checked ─▶ person gated? ─▶ lockout ─▶ board / approver ─▶ D1 / D0
//
// Contract:
// - The judge reads nothing from its environment or any user's files: only the module's
//   messages, root's policy /etc/shapelygate.conf, the account files and root's records
//   (PersonRecords, in /run/shapelygate/<uid>). It runs only as root; run by anyone else it
//   refuses at once (status 2).
// - A bad module line, or a policy that does not read, is a failure (D-1, PAM_AUTH_ERR)
//   with one message to the person and one error record in the journal, whatever the
//   policy says of syslog: fail closed, and say why where the administrator looks.
// - A person the line's users= and groups= leave out is not gated (DI, PAM_IGNORE): the
//   rest of the stack decides. For the others, a pass (D1) is the board's `passed` or an
//   approver's yes, as approval= asks; everything else is a denial (D0) with a message.
// - Every gated authentication is an audit record (when the policy keeps them), with
//   SHAPELYGATE_MODE=pam and SHAPELYGATE_SERVICE naming the door; the lockout after a
//   denial is the sudo judge's, per person, so a child locked out at su is locked out
//   at sudo too, and at a door whose line sets no cooldown (PersonRecords.check).

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package enum PamJudge {
    package static func run() -> ExitStatus {
        guard JudgeLink.beginJudging("--pam-judge", startedBy: "the PAM module", holding: Signals.pamJudgeHeld) else {
            return .usage
        }
        var conversation = PamConversation()
        guard let opening = conversation.input.receive() else { return .denied }
        if let refusal = JudgeLink.refusal(of: opening) {
            conversation.decide(.failed, message: "shapelygate: " + refusal)
            return .usage
        }
        var facts = PamFacts()
        facts.read(opening)
        let judgement: PamJudgement
        do {
            judgement = try PamJudgement(facts: facts)
        } catch {
            recordMisconfiguration(error.message, facts: facts)
            conversation.decide(.failed, message: "shapelygate: " + Visible.screen(error.message))
            return .usage
        }
        let (decision, message) = judgement.decide(&conversation)
        conversation.decide(decision, message: message.map { "shapelygate: " + Visible.screen($0) })
        return decision == .pass ? .passed : .denied
    }

    /// One error record for the administrator, in the journal or else syslog (authpriv).
    package static func recordMisconfiguration(_ problem: String, facts: PamFacts,
                                       journalSocket: String = Platform.journalSocket, syslogSocket: String = "/dev/log") {
        let line = "pam_shapelygate: service \(facts.serviceName): \(Visible.log(problem)); every authentication there fails"
        let outcome = GateOutcome.failed(.configuration)
        let fields = [
            JournalField("MESSAGE", line),
            JournalField("PRIORITY", String(outcome.priority)),
            JournalField("SYSLOG_IDENTIFIER", "shapelygate"),
            JournalField("SYSLOG_FACILITY", "10"),
            JournalField("MESSAGE_ID", outcome.messageID),
            JournalField("SHAPELYGATE_OUTCOME", outcome.auditOutcome),
            JournalField("SHAPELYGATE_REASON", outcome.reason ?? "configuration"),
            JournalField("SHAPELYGATE_MODE", "pam"),
            JournalField("SHAPELYGATE_SERVICE", facts.serviceName),
        ]
        if !Platform.sendToJournal(fields, socketPath: journalSocket) {
            Platform.sendToSystemLog(line, priority: outcome.priority, ident: "shapelygate", socketPath: syslogSocket)
        }
    }
}
