// PamSuTests.swift — the real su(1) with the module in its stack (the test's own
// /etc/pam.d/su, PamHarness), run by the child's account on a pseudo-terminal: su's
// own conversation shows the words board, and only a right answer gives the shell.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let suUnavailable: String? = pamUnavailable ?? (tool("su") == nil ? "needs su" : nil)

@Suite("su with the PAM module", .serialized, .enabled(if: suUnavailable == nil, "\(suUnavailable ?? "")"))
struct PamSuTests {
    func su(_ options: String) throws -> (PamSpace, PtyProcess) {
        let space = try #require(PamSpace(services: ["su": stack("person=caller users=kid seed=1 timeout=60 " + options)]))
        let pty = space.run("setpriv --reuid=2001 --regid=100 --init-groups su -c 'echo shell-as-$(id -un)' root\necho status-$?")
        return (space, pty)
    }

    @Test func theBoardIsOnSusTerminalAndTheRightTileGivesTheShell() throws {
        let (space, pty) = try su("")
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)")
        #expect(pty.screenText.contains("To run: su root"))
        // The compact board: the tiles of one shape on one line, the first tile's first.
        #expect(pty.screenText.contains("\r\n1, ") || pty.screenText.contains("\r\n1: "), "\(pty.screenText)")
        pty.type("\(BoardOracle(seed: 1).right)\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shell-as-root"))
        let records = space.records()
        #expect(records.count == 1)
        #expect(records.first?[field: "SHAPELYGATE_OUTCOME"] == "passed")
        #expect(records.first?[field: "SHAPELYGATE_USER"] == "kid")
        #expect(records.first?[field: "SHAPELYGATE_SERVICE"] == "su")
        #expect(records.first?[field: "SHAPELYGATE_TTY"] == space.space.terminal(ofRun: 1))
    }

    @Test func aWrongTileGivesNoShellAndLocksTheChildOut() throws {
        let (space, pty) = try su("attempts=1 cooldown=60")
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\(BoardOracle(seed: 1).wrong)\r")
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(!pty.screenText.contains("shell-as-root"))
        #expect(pty.screenText.contains("Authentication failure"))
        #expect(space.records().first?[field: "SHAPELYGATE_REASON"] == "too-many-attempts")
        // The lockout is root's record for the child, as under sudo: su again is refused at once.
        let again = space.run("setpriv --reuid=2001 --regid=100 --init-groups su -c 'echo shell-as-$(id -un)' root\necho status-$?")
        #expect(again.waitFor("status-1"), "\(again.screenText)")
        #expect(!again.screenText.contains("choose 1-"))
        #expect(again.screenText.contains("locked after a wrong answer"))
    }
}
