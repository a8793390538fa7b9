// DecisionTests.swift — the one judgement every door shares, driven through a door of the
// test's own: what each approval mode asks, what is recorded, how the lockout counts
// boards and puts the count back when no board was shown. Records and requests live in
// the test's temporary folder.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGatePolicy

#if canImport(Glibc)
import Glibc
#endif

/// A door whose board and wait answer as the test says, and which keeps what it was told.
struct ScriptedDoor: JudgingDoor {
    var boards: [BoardResult]
    var waits: [ApprovalWait.Ending] = []
    var boardsRun = 0
    var waited: [String] = []
    let notes = NoteBook()

    mutating func board(interject: @escaping () -> Bool) -> BoardResult {
        boardsRun += 1
        return boards.removeFirst()
    }

    func announce(_ desk: ApprovalDesk) -> Bool { true }

    mutating func wait(for desk: ApprovalDesk, seconds: Int) -> ApprovalWait.Ending {
        waited.append(desk.request.shown)
        return waits.removeFirst()
    }

    func refusal(_ text: String) -> String { text + " (refused)" }
    func warn(_ text: String) { notes.warnings.append(text) }
    func note(_ log: AuditLog, _ outcome: GateOutcome, progress: AuditProgress) { notes.outcomes.append(outcome) }
}

final class NoteBook: @unchecked Sendable {
    var outcomes: [GateOutcome] = []
    var warnings: [String] = []
}

@Suite struct DecisionTests {
    let folder = temporaryFolder()
    static let passed = BoardResult(audit: .passed(.board), message: nil)
    static let wrong = BoardResult(audit: .denied(.tooManyAttempts), message: "not approved")

    func decision(_ mode: ApprovalMode, cooldown: Int = 0) -> Decision {
        var decision = Decision(approval: ApprovalSettings(mode: mode, approvers: Approvers(users: ["0"]), timeout: 7),
                                cooldown: cooldown, records: PersonRecords(uid: 4321, folder: folder + "/records"),
                                requester: "kid", requesterUID: 4321, terminal: "/dev/pts/9", shown: "apt upgrade")
        decision.deskFolder = folder + "/requests"
        return decision
    }

    var log: AuditLog { AuditLog(policy: Policy(), user: "kid", terminal: "/dev/pts/9", command: ["apt"], mode: "test") }

    init() { mkdir(folder + "/records", 0o700) }

    @Test func theBoardAloneDecidesUnderBoard() {
        var door = ScriptedDoor(boards: [Self.passed])
        var log = self.log
        let judged = decision(.board).decide(through: &door, log: &log)
        #expect(judged.passed && door.boardsRun == 1 && door.waited.isEmpty)
        #expect(door.notes.outcomes == [.passed(.board)])
    }

    @Test func aWrongAnswerLocksTheNextTryBeforeAnyBoard() {
        var door = ScriptedDoor(boards: [Self.wrong])
        var log = self.log
        let first = decision(.board, cooldown: 60).decide(through: &door, log: &log)
        #expect(!first.passed && first.message == "not approved")
        var again = ScriptedDoor(boards: [Self.passed])
        let second = decision(.board, cooldown: 60).decide(through: &again, log: &log)
        #expect(second.audit == .locked(untrustedRecord: false) && again.boardsRun == 0)
        #expect(second.message?.hasPrefix("locked after a wrong answer; try again in ") == true)
    }

    @Test func underBothAFailedBoardAsksNoApprover() {
        var door = ScriptedDoor(boards: [Self.wrong])
        var log = self.log
        let judged = decision(.both).decide(through: &door, log: &log)
        #expect(!judged.passed && door.waited.isEmpty)
        #expect(door.notes.outcomes == [.denied(.tooManyAttempts)])
    }

    @Test func underBothAPassIsHalfAndTheApproversSilenceDenies() {
        var door = ScriptedDoor(boards: [Self.passed], waits: [.timedOut])
        var log = self.log
        let judged = decision(.both).decide(through: &door, log: &log)
        #expect(!judged.passed && door.waited == ["apt upgrade"])
        #expect(judged.message == "no approver answered within 7 s (refused)")
        // The board's pass is not recorded: the answer is.
        #expect(door.notes.outcomes == [.requested, .denied(.notApproved)])
    }

    @Test func underParentALockoutFromABoardNeitherShutsNorCounts() {
        var failed = ScriptedDoor(boards: [Self.wrong])
        var log = self.log
        _ = decision(.board, cooldown: 60).decide(through: &failed, log: &log)
        var asking = ScriptedDoor(boards: [], waits: [.answered(.approved(by: "mum", window: 0))])
        #expect(decision(.parent, cooldown: 60).decide(through: &asking, log: &log).passed)
        var again = ScriptedDoor(boards: [Self.passed])
        #expect(decision(.board, cooldown: 60).decide(through: &again, log: &log).audit == .locked(untrustedRecord: false))
    }

    @Test func underParentOnlyAnApproversYesPassesAndNoBoardIsShown() {
        var door = ScriptedDoor(boards: [], waits: [.answered(.approved(by: "mum", window: 0))])
        var log = self.log
        let judged = decision(.parent).decide(through: &door, log: &log)
        #expect(judged.passed && door.boardsRun == 0)
        #expect(door.notes.outcomes == [.requested, .passed(.approved)] && door.notes.warnings == ["approved by mum"])
        var refused = ScriptedDoor(boards: [], waits: [.answered(.denied(by: "mum"))])
        #expect(decision(.parent).decide(through: &refused, log: &log).message == "mum said no (refused)")
    }

    @Test func afterANoOrNoAnswerTheNextRequestWaitsAndDisturbsNoOne() {
        var log = self.log
        var refused = ScriptedDoor(boards: [], waits: [.answered(.denied(by: "mum"))])
        _ = decision(.parent).decide(through: &refused, log: &log)
        var again = ScriptedDoor(boards: [Self.passed], waits: [.answered(.approved(by: "mum", window: 0))])
        let judged = decision(.either).decide(through: &again, log: &log)
        #expect(judged.audit == .denied(.requestCooldown) && again.waited.isEmpty && again.boardsRun == 0)
        #expect(judged.message?.contains("you may ask again in 60 s") == true, "\(judged.message ?? "")")
        #expect(again.notes.outcomes == [.denied(.requestCooldown)])
        // The board alone asks no one: it is not held back.
        var board = ScriptedDoor(boards: [Self.passed])
        #expect(decision(.board).decide(through: &board, log: &log).passed)
    }

    @Test func aWithdrawnRequestHoldsNoNextOneBack() {
        var log = self.log
        var withdrawn = ScriptedDoor(boards: [], waits: [.withdrawn])
        _ = decision(.parent).decide(through: &withdrawn, log: &log)
        var again = ScriptedDoor(boards: [], waits: [.timedOut])
        #expect(decision(.parent).decide(through: &again, log: &log).audit == .denied(.notApproved))
        var third = ScriptedDoor(boards: [], waits: [.answered(.approved(by: "mum", window: 0))])
        #expect(decision(.parent).decide(through: &third, log: &log).audit == .denied(.requestCooldown), "no answer holds back")
    }

    @Test func aWindowAnApproverGrantedLetsTheSameCommandThroughAndNoOther() {
        var log = self.log
        var asked = ScriptedDoor(boards: [], waits: [.answered(.approved(by: "mum", window: 600))])
        #expect(decision(.parent).decide(through: &asked, log: &log).passed)
        var again = ScriptedDoor(boards: [], waits: [])
        let through = decision(.parent).decide(through: &again, log: &log)
        #expect(through.audit == .passed(.approvedWindow) && again.waited.isEmpty && log.approver == "mum")
        var other = decision(.parent)
        other.windowKey = "apt remove everything"
        var asking = ScriptedDoor(boards: [], waits: [.withdrawn])
        #expect(other.decide(through: &asking, log: &log).audit == .denied(.withdrawn) && asking.waited.count == 1)
    }

    @Test func aRevocationEndsTheWindowsItNames() {
        let window = ApprovalWindow(key: "k", until: 100, granted: 1_000, request: "ABCDEFGH", approver: "mum")
        #expect(Revocations.revokes("all 1000\n", window))
        #expect(!Revocations.revokes("all 999\n", window))
        #expect(Revocations.revokes("XYZXYZXY\nABCDEFGH\n", window))
        #expect(!Revocations.revokes("ABCDEFG\n", window))
        #expect(ApprovalWindow(window.text) == window)
        #expect(ApprovalRequest.duration("600") == 600 && ApprovalRequest.duration("10m") == 600)
        #expect(ApprovalRequest.duration("1h") == 3600 && ApprovalRequest.duration("24h") == 86400)
        for bad in ["0", "05m", "+5", "25h", "1d", "", "m", "1.5h"] { #expect(ApprovalRequest.duration(bad) == nil, "\(bad)") }
    }

    @Test func aRequestThatCannotBeMadeShowsNoBoardAndCountsNothing() {
        writeFile(folder + "/requests", "not a folder")
        var door = ScriptedDoor(boards: [])
        var log = self.log
        let judged = decision(.either, cooldown: 60).decide(through: &door, log: &log)
        #expect(judged.audit == .failed(.noRequest) && judged.counted == nil && door.boardsRun == 0)
        #expect(door.notes.outcomes == [.failed(.noRequest)])
        // Nothing was counted: the next try is not locked.
        var next = ScriptedDoor(boards: [Self.passed])
        #expect(decision(.board, cooldown: 60).decide(through: &next, log: &log).passed)
    }
}

/// A person has at most two requests waiting at once: a crowd of doors cannot take every
/// place, and another person still asks.
@Suite struct DeskPerPersonTests {
    @Test func aThirdRequestOfOnePersonIsRefusedAndAnothersIsNot() throws {
        let folder = temporaryFolder() + "/requests"
        let request = { (uid: UInt32, id: String) in
            ApprovalRequest(id: id, requester: "kid", requesterUID: uid, terminal: "/dev/pts/9", shown: "apt upgrade")
        }
        let approvers = Approvers(users: ["0"])
        let first = try ApprovalDesk.open(for: request(4321, "ABCDEFGH"), approvers: approvers, folder: folder).get()
        let second = try ApprovalDesk.open(for: request(4321, "ABCDEFGJ"), approvers: approvers, folder: folder).get()
        let third = ApprovalDesk.open(for: request(4321, "ABCDEFGK"), approvers: approvers, folder: folder)
        guard case .failure(let refusal) = third else { Issue.record("a third request was taken"); return }
        #expect(refusal.message == "2 requests of kid's are waiting already: answer or withdraw one first")
        let other = ApprovalDesk.open(for: request(4322, "ABCDEFGM"), approvers: approvers, folder: folder)
        #expect((try? other.get()) != nil, "another person's request")
        first.close()
        let again = ApprovalDesk.open(for: request(4321, "ABCDEFGN"), approvers: approvers, folder: folder)
        #expect((try? again.get()) != nil, "a place freed is a place")
        second.close()
        try? other.get().close()
        try? again.get().close()
    }
}
