// PamApprovalTests.swift — asking a parent at a PAM door: pamtester logs in to the
// child's account (person=login) with approval=parent, the conversation says who was
// asked and how they answer, and waits; mum answers from a run of her own, as under
// sudo (ApprovalTests), and only her yes authenticates.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Asking a parent at a PAM door", .serialized, .enabled(if: pamtesterUnavailable == nil, "\(pamtesterUnavailable ?? "")"))
struct PamApprovalTests {
    func request(_ options: String) throws -> (PamSpace, PtyProcess, String) {
        let space = try #require(PamSpace(services: ["gate-test": stack("person=login users=kid approvers=mum seed=1 " + options)]))
        let pty = space.run("pamtester -I rhost=phone.home.example -I tty=/dev/pts/7 gate-test kid authenticate\necho status-$?")
        #expect(pty.waitFor("They answer with: shapelygate --approve "), "\(pty.screenText)")
        #expect(pty.screenText.contains("Who may approve: mum"))
        let text = pty.screenText
        let id = text.ranges(of: "--approve ").last.map { String(text[$0.upperBound...].prefix(8)) } ?? "?"
        return (space, pty, id)
    }

    func answer(_ space: PamSpace, _ words: String) -> PtyProcess {
        space.run("setpriv --reuid=2002 --regid=100 --init-groups \(Gates.installed) \(words)\necho status-$?")
    }

    @Test func theParentsYesAuthenticates() throws {
        let (space, pty, id) = try request("approval=parent")
        #expect(pty.screenText.contains("Waiting up to 5 min 0 s; Ctrl-C withdraws the request."))
        let pending = answer(space, "--pending")
        #expect(pending.waitFor("status-0"))
        // The approver sees the door's terminal and where a remote login comes from.
        #expect(pending.screenText.contains("\(id)  kid  /dev/pts/7 from phone.home.example  "), "\(pending.screenText)")
        let yes = answer(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("successfully authenticated"))
        let records = space.records().map { "\($0[field: "SHAPELYGATE_OUTCOME"] ?? "-")/\($0[field: "SHAPELYGATE_APPROVER"] ?? "-")" }
        #expect(records == ["requested/-", "passed/mum"])
    }

    @Test func theParentsNoFails() throws {
        let (space, pty, id) = try request("approval=parent")
        let no = answer(space, "--deny \(id)")
        #expect(no.waitFor("status-0"), "\(no.screenText)")
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shapelygate: mum said no"))
    }

    @Test func underEitherTheParentsYesDecidesAtTheNextEnter() throws {
        let (space, pty, id) = try request("approval=either timeout=60")
        #expect(pty.waitFor("choose 1-8"))
        let yes = answer(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        // A wrong tile typed after the yes: the approver's answer has already decided.
        #expect(space.space.journal.receive(timeout: 5)?[field: "SHAPELYGATE_OUTCOME"] == "requested")
        #expect(space.space.journal.receive(timeout: 5)?[field: "SHAPELYGATE_APPROVER"] == "mum")
        pty.type("\(BoardOracle(seed: 1).wrong)\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
    }
}
