// PamLoginTests.swift — the real login(1) with the module in its stack (the test's own
// /etc/pam.d/login, PamHarness), started by root on a pseudo-terminal of its own
// (script(1), so login's hang-up of its terminal reaches no one else): the board is in
// login's conversation for the account logged in to, and only a right tile starts its shell.
// /var/log is a tmpfs of the namespace, so the machine's wtmp and lastlog are never written.

import ShapelyGate
import TestSupport
import Testing

let loginUnavailable: String? = pamUnavailable
    ?? (tools("login", "script") ? nil : "needs login and script (login, bsdutils)")

@Suite("login with the PAM module", .serialized, .enabled(if: loginUnavailable == nil, "\(loginUnavailable ?? "")"))
struct PamLoginTests {
    func login(_ options: String) throws -> (PamSpace, PtyProcess) {
        let space = try #require(PamSpace(services: ["login": stack("person=login users=kid seed=1 timeout=60 " + options)]))
        let pty = space.run("""
            mount -t tmpfs -o mode=0755 tmpfs /var/log
            script -qec 'login kid' /dev/null
            echo status-$?
            """)
        return (space, pty)
    }

    @Test func theBoardIsForTheAccountLoggedInToAndARightTileStartsItsShell() throws {
        let (space, pty) = try login("")
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)")
        #expect(pty.screenText.contains("To run: login: log in as kid"), "\(pty.screenText)")
        let answered = pty.screen.count
        pty.type("\(BoardOracle(seed: 1).right)\r")
        // kid's shell asks (whatever the machine's /home holds): what was typed before it is dropped.
        #expect(pty.waitFor("$ ", after: answered), "\(pty.screenText)")
        pty.type("echo shell-as-$(id -un); exit\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shell-as-kid"))
        let record = space.records().first
        #expect(record?[field: "SHAPELYGATE_OUTCOME"] == "passed")
        #expect(record?[field: "SHAPELYGATE_SERVICE"] == "login")
        #expect(record?[field: "SHAPELYGATE_USER"] == "kid")
    }

    @Test func aWrongTileIsLoginIncorrectAndNoShell() throws {
        let (space, pty) = try login("attempts=1")
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)")
        pty.type("\(BoardOracle(seed: 1).wrong)\r")
        #expect(pty.waitFor("Login incorrect"), "\(pty.screenText)")
        #expect(pty.screenText.contains("Too many attempts: The wrong shape was chosen too many times."), "\(pty.screenText)")
        // login asks for a name again: the wrong tile started nothing.
        #expect(pty.waitFor("login: "), "\(pty.screenText)")
        #expect(space.records().first?[field: "SHAPELYGATE_REASON"] == "too-many-attempts")
    }
}
