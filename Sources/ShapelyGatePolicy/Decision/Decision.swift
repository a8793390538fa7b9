// Decision.swift — the one judgement every door shares, written once: the lockout, then,
// by `approval=`, the board, an approver's answer or both, and an audit record for each
// outcome. A door (JudgingDoor) runs its board and its wait in its own medium; what is
// decided, recorded and counted is decided here.
//
// Contract:
// - The lockout counts boards: where a board may be shown (board, both, either) it is
//   checked, and the try counted, before anyone is asked; a pass at the board clears it,
//   any other ending counts as a denial, and under either an approver's yes that ends
//   the board counts as a pass, a no as a denial. A request that could not be made
//   showed no board: the count is put back as it was. Under parent no board is shown:
//   nothing is checked or counted.
// - approval=board: the board decides. parent: only an approver's yes. both: a pass at
//   the board, then an approver's yes (the board's pass is not recorded: the answer is).
//   either: the request waits while the board is up; the first answer decides.
// - An approver's yes may last (`--approve ID --for DURATION`, capped by
//   max-approval-window): the same command (windowKey) runs again unasked until it ends
//   or the approver revokes it (ApprovalWindows.swift), each run recorded as
//   `approved-window` with the approver's name; any other command still asks.
// - After an approver's no, or a request no one answered, the same person's next request
//   within `request-cooldown` seconds is refused at once, before any board or request:
//   no approver is disturbed again.
// - Nothing but an approver's `approve` for this request's id approves (ApprovalDesk).

import ShapelyGate
import ShapelyGateSystem

package struct Decision {
    package let approval: ApprovalSettings
    package let cooldown: Int
    package let records: PersonRecords
    /// Who asks, on which terminal, for what: the request an approver sees.
    package let requester: String
    package let requesterUID: UserID
    package let terminal: String
    package let shown: String
    /// Where requests wait for an approver (a test's own folder may stand in).
    package var deskFolder = ApprovalDesk.folder
    /// What an approver's lasting yes covers: what the board shows, and what the door
    /// adds that the board does not (sudo: the folder the command runs in).
    package var windowKey: String
    /// Where the request comes from when that is not the person's own machine: a remote
    /// login's host, hashed (""). Request limits count per person and origin.
    package var origin = ""
    /// Whether an approver's yes may last a window: not where what runs cannot be seen.
    package var lastingYes = true

    package init(approval: ApprovalSettings, cooldown: Int, records: PersonRecords, requester: String, requesterUID: UserID,
                 terminal: String, shown: String) {
        self.approval = approval
        self.cooldown = cooldown
        self.records = records
        self.requester = requester
        self.requesterUID = requesterUID
        self.terminal = terminal
        self.shown = shown
        windowKey = shown
    }

    package func decide(through door: inout some JudgingDoor, log: inout AuditLog) -> Judged {
        // An approver's yes that lasts, for this very command, not revoked: no one is asked.
        if approval.mode.asksApprover, let window = records.window(for: windowKey), !Revocations.revoke(window) {
            log.approver = window.approver
            log.request = window.request
            door.note(log, .passed(.approvedWindow), progress: AuditProgress())
            return Judged(.passed(.approvedWindow), nil)
        }
        if approval.mode.asksApprover, let left = records.requestShut(origin: origin) {
            // A no, or no answer, a moment ago: no one is asked again yet, and no board shown.
            door.note(log, .denied(.requestCooldown), progress: AuditProgress())
            return Judged(.denied(.requestCooldown),
                          door.refusal("an approver said no or did not answer a moment ago; you may ask again in \(left) s"))
        }
        guard approval.mode != .parent else { return askApprover(through: &door, log: &log) }
        var before: LockoutState?
        switch records.check(cooldown: cooldown) {
        case .open(let previous): before = previous
        case .locked(let seconds):
            door.note(log, .locked(untrustedRecord: false), progress: AuditProgress())
            return Judged(.locked(untrustedRecord: false), "locked after a wrong answer; try again in \(seconds) s")
        case .full(let reason):
            // No record can be kept, so no board is counted: a denial that says what is full.
            door.note(log, .failed(.error), progress: AuditProgress())
            return Judged(.failed(.error), door.refusal(reason), failed: true)
        case .untrusted(let reason):
            door.note(log, .locked(untrustedRecord: true), progress: AuditProgress())
            door.warn("not trusting the lockout record " + reason)
            return Judged(.locked(untrustedRecord: true),
                          door.refusal("the lockout record \(records.store.file) cannot be trusted until root removes it"))
        }
        let judged = ask(through: &door, log: &log)
        if cooldown > 0 {
            if let counted = judged.counted { records.settleGate(passed: counted, cooldown: cooldown) } else { records.restore(before) }
        }
        return judged
    }

    private func ask(through door: inout some JudgingDoor, log: inout AuditLog) -> Judged {
        switch approval.mode {
        case .board, .both:
            let board = door.board(interject: { false })
            // Under approval=both a pass at the board is half of one: the approver's answer is the record.
            if approval.mode == .board || !board.passed {
                door.note(log, board.audit, progress: board.progress)
                return Judged(board)
            }
            var judged = askApprover(through: &door, log: &log)
            judged.counted = true
            return judged
        case .parent:
            return askApprover(through: &door, log: &log)
        case .either:
            return either(through: &door, log: &log)
        }
    }

    private func askApprover(through door: inout some JudgingDoor, log: inout AuditLog) -> Judged {
        let desk: ApprovalDesk
        switch open(door, log: &log, seconds: approval.timeout) {
        case .success(let opened): desk = opened
        case .failure(let refused): return refused
        }
        defer { desk.close() }
        let seconds = approval.timeout
        switch door.wait(for: desk, seconds: seconds) {
        case .answered(let answer): return decide(answer, door, log: &log)
        case .timedOut:
            records.shutRequests(for: approval.requestCooldown, origin: origin)
            door.note(log, .denied(.notApproved), progress: AuditProgress())
            return Judged(.denied(.notApproved), door.refusal("no approver answered within \(ApproverNotice.duration(seconds))"))
        case .withdrawn:
            door.note(log, .denied(.withdrawn), progress: AuditProgress())
            return Judged(.denied(.withdrawn), door.refusal("the request was withdrawn"))
        case .interrupted, .hungUp:
            door.note(log, .denied(.interrupted), progress: AuditProgress())
            return Judged(.denied(.interrupted), door.refusal("the request was interrupted"))
        }
    }

    /// The request waits while the board is up: the first answer decides.
    private func either(through door: inout some JudgingDoor, log: inout AuditLog) -> Judged {
        var requestLog = log
        let desk: ApprovalDesk
        switch open(door, log: &requestLog, seconds: nil) {
        case .success(let opened): desk = opened
        case .failure(let refused): return refused
        }
        defer { desk.close() }
        log.request = requestLog.request
        guard door.announce(desk) else {
            door.note(log, .denied(.withdrawn), progress: AuditProgress())
            return Judged(.denied(.withdrawn), door.refusal("the request was withdrawn"))
        }
        var answer: ApprovalAnswer?
        let board = door.board(interject: {
            answer = desk.serve()
            return answer != nil
        })
        if let answer {
            var judged = decide(answer, door, log: &log)
            judged.counted = judged.passed
            return judged
        }
        door.note(log, board.audit, progress: board.progress)
        return Judged(board)
    }

    /// A request made and its desk open: recorded, and the approvers told (with the time
    /// they have, when the request has a deadline of its own).
    private func open(_ door: some JudgingDoor, log: inout AuditLog, seconds: Int?) -> Result<ApprovalDesk, Judged> {
        var generator = SystemRandomNumberGenerator()
        var request = ApprovalRequest(id: ApprovalRequest.newID(using: &generator), requester: requester,
                                      requesterUID: requesterUID, terminal: terminal, shown: shown)
        request.onlyOnce = !lastingYes
        switch ApprovalDesk.open(for: request, approvers: approval.approvers, folder: deskFolder, origin: origin) {
        case .success(let desk):
            log.request = request.id
            door.note(log, .requested, progress: AuditProgress())
            let notice = ApproverNotice(request: request, approvers: approval.approvers, seconds: seconds)
            _ = notice.tellTerminals()
            if let program = approval.notify, let problem = notice.runNotify(program) { door.warn(problem) }
            desk.heard = { reason in
                _ = notice.tellTerminals(notice.reasonMessage(reason))
                if let program = approval.notify, let problem = notice.runNotify(program, reason: reason) { door.warn(problem) }
            }
            return .success(desk)
        case .failure(let refusal):
            door.note(log, .failed(.noRequest), progress: AuditProgress())
            return .failure(Judged(.failed(.noRequest), door.refusal(refusal.message)))
        }
    }

    /// An approver's answer, recorded with the approver's name.
    private func decide(_ answer: ApprovalAnswer, _ door: some JudgingDoor, log: inout AuditLog) -> Judged {
        switch answer {
        case .approved(let approver, let window):
            if window > 0, lastingYes, let request = log.request {
                records.grantWindow(for: windowKey, seconds: min(window, approval.maxWindow), request: request, approver: approver)
            }
            log.approver = approver
            door.note(log, .passed(.approved), progress: AuditProgress())
            door.warn("approved by \(approver)")
            return Judged(.passed(.approved), nil)
        case .denied(let approver):
            records.shutRequests(for: approval.requestCooldown, origin: origin)
            log.approver = approver
            door.note(log, .denied(.deniedByApprover), progress: AuditProgress())
            return Judged(.denied(.deniedByApprover), door.refusal("\(approver) said no"))
        }
    }
}
