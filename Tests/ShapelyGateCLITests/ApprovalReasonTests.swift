// ApprovalReasonTests.swift — the person's reason for a request: made visible and cut to
// its length on a character's boundary, given once, listed with the request and told to
// the approvers in a second notice.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy

@Suite struct ApprovalReasonTests {
    let request = ApprovalRequest(id: "ABCDEFGH", requester: "kid", requesterUID: 4321, terminal: "/dev/pts/9",
                                  shown: "apt upgrade")

    /// On the approver's terminal a reason keeps to one row: a reason padded to wrap so its
    /// tail stands at the left like a request's line is cut instead.
    @Test func aListedReasonTakesOneRowOfTheApproversTerminal() {
        let fake = String(repeating: "x", count: 88) + "QK4TZP7M  kid  /dev/pts/1  2 s ago  /usr/bin/apt install cowsay"
        let row = ApprovalClient.reasonLine(fake, width: 100)
        #expect(row.hasPrefix("    reason: xxx") && row.hasSuffix("…\n") && row.count == 101 && !row.contains("QK4TZP7M"))
        #expect(ApprovalClient.reasonLine("homework", width: 100) == "    reason: homework\n")
        // Into a file or a pipe nothing wraps: the whole reason.
        #expect(ApprovalClient.reasonLine(fake, width: nil) == "    reason: \(fake)\n")
    }

    @Test func aReasonIsVisibleTextOnOneLine() {
        #expect(ApprovalRequest.reason(Array("  homework\u{1B}[2J\u{7}\tnow\n".utf8)) == "homework\\x1b[2J\\x07 now")
        #expect(ApprovalRequest.reason(Array("a\u{202E}b".utf8)) == "a\\u202eb")
        #expect(ApprovalRequest.reason([0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
        #expect(ApprovalRequest.reason(Array("a\(String(repeating: " ", count: 400))b".utf8)) == "a<400 blanks>b")
    }

    @Test func aReasonOfBlanksIsNone() {
        #expect(ApprovalRequest.reason([]) == nil)
        #expect(ApprovalRequest.reason(Array(" \t \n".utf8)) == nil)
    }

    @Test func aLongReasonIsCutOnACharactersBoundary() throws {
        let wide = try #require(ApprovalRequest.reason(Array(String(repeating: "é", count: 150).utf8)))
        #expect(wide.utf8.count == 200 && wide == String(repeating: "é", count: 100))
        let odd = try #require(ApprovalRequest.reason(Array(("a" + String(repeating: "é", count: 150)).utf8)))
        #expect(odd.utf8.count == 199 && odd == "a" + String(repeating: "é", count: 99))
        // A control byte's written-out form counts as it is shown.
        let controls = try #require(ApprovalRequest.reason([UInt8](repeating: 0x07, count: 100)))
        #expect(controls == String(repeating: "\\x07", count: 50))
    }

    @Test func theReasonIsGivenOnceListedAndHeard() throws {
        let desk = try ApprovalDesk.open(for: request, approvers: Approvers(users: ["0"]), folder: temporaryFolder() + "/requests").get()
        defer { desk.close() }
        let heard = NoteBook()
        desk.heard = { heard.warnings.append($0) }
        #expect(!desk.give(reason: Array("   ".utf8)), "blanks are no reason")
        #expect(desk.give(reason: Array("for school\u{1B}]0;x\u{7}".utf8)))
        #expect(!desk.give(reason: Array("again and again".utf8)), "a reason is given once")
        #expect(heard.warnings == ["for school\\x1b]0;x\\x07"])
        #expect(request.pendingLine(waited: 4, reason: desk.reason)
                    == "request\tABCDEFGH\tkid\t/dev/pts/9\t4\tapt upgrade\tfor school\\x1b]0;x\\x07\n")
        #expect(request.pendingLine(waited: 4) == "request\tABCDEFGH\tkid\t/dev/pts/9\t4\tapt upgrade\n")
    }

    @Test func theSecondNoticeNamesTheRequestAndTheReason() {
        let notice = ApproverNotice(request: request, approvers: Approvers(users: ["0"]), seconds: 300)
        #expect(notice.reasonMessage("for school") == "\r\nshapelygate: kid's reason for request ABCDEFGH: for school\r\n")
    }
}
