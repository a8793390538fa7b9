// PamDoasTests.swift — the real doas(1) with the module in its stack (the test's own
// /etc/pam.d/doas and /etc/doas.conf), run by the child's account: doas does not tell
// the PAM stack which command it runs, so under approval=parent an approver is told so,
// and a yes that would last is refused (it would let every command through).

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let doasUnavailable: String? = pamUnavailable ?? (tool("doas") == nil ? "needs doas (doas)" : nil)

@Suite("doas with the PAM module", .serialized, .enabled(if: doasUnavailable == nil, "\(doasUnavailable ?? "")"))
struct PamDoasTests {
    /// mum, answering from a run of her own in the namespace.
    func approver(_ space: PamSpace, _ words: String) -> PtyProcess {
        space.run("setpriv --reuid=2002 --regid=100 --init-groups \(Gates.installed) \(words)\necho status-$?")
    }

    @Test func theCommandCannotBeSeenSoAYesLastsOneRun() throws {
        let space = try #require(PamSpace(services: ["doas": stack("person=caller users=kid approval=parent approvers=mum")]))
        let pty = space.run("""
            echo 'permit kid as root' >/etc/doas.conf && chmod 0400 /etc/doas.conf
            setpriv --reuid=2001 --regid=100 --init-groups doas /bin/sh -c 'echo shell-as-$(id -un)'
            echo status-$?
            """)
        #expect(pty.waitFor("They answer with: shapelygate --approve "), "\(pty.screenText)")
        let text = pty.screenText
        let id = try #require(text.ranges(of: "--approve ").last.map { String(text[$0.upperBound...].prefix(8)) })
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains("\(id)  kid  ") && pending.screenText.contains(
            "doas: run a command as another user, asked by kid (uid 2001); the command cannot be seen (doas does not tell the PAM stack)"),
                "\(pending.screenText)")
        let lasting = approver(space, "--approve \(id) --for 1h")
        #expect(lasting.waitFor("status-"), "\(lasting.screenText)")
        #expect(lasting.screenText.contains("may be approved only once, not --for a while") && !lasting.screenText.contains("status-0"),
                "\(lasting.screenText)")
        #expect(!pty.screenText.contains("shell-as-root") && !pty.screenText.contains("status-"))
        let yes = approver(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shell-as-root"))
    }
}
