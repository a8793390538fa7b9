// PamPkexecTests.swift — pkexec with the module in polkit's stack (the test's own
// /etc/pam.d/polkit-1, PamHarness): a system bus of the test's own (dbus-daemon on
// /run/dbus in the namespace's tmpfs), polkitd started on it, and pkexec run by the
// child on a pseudo-terminal from a shell for which the child's own pkttyagent is
// registered (pkexec's subject is its parent), so polkit's helper runs the stack for
// that agent and the board is asked through it. mum is the administrator polkit asks
// for (a member of sudo in the run's /etc); the board is asked first, of the child.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let pkexecUnavailable: String? = pamUnavailable ?? (tools("pkexec", "pkttyagent", "dbus-daemon") && exists("/usr/lib/polkit-1/polkitd")
    ? nil : "needs pkexec, pkttyagent, dbus-daemon and /usr/lib/polkit-1/polkitd (pkexec, polkitd, dbus-daemon)")

@Suite("pkexec with the PAM module", .serialized, .enabled(if: pkexecUnavailable == nil, "\(pkexecUnavailable ?? "")"))
struct PamPkexecTests {
    func pkexec(_ options: String) throws -> (PamSpace, PtyProcess) {
        let space = try #require(PamSpace(services: ["polkit-1": stack("person=caller users=kid seed=1 timeout=60 " + options)]))
        let kid = space.folder + "/kid"
        let pty = space.run("""
            usermod -aG sudo mum
            mkdir -m 0700 '\(kid)' && mkfifo '\(kid)/ready' && chown -R 2001 '\(kid)'
            mkdir -p /run/dbus
            dbus-daemon --system --fork --nopidfile --print-pid=3 3>'\(space.folder)/dbus.pid'
            trap 'kill $(cat '\''\(space.folder)/dbus.pid'\'' '\''\(kid)/agent.pid'\'') $polkitd 2>/dev/null' EXIT HUP TERM
            /usr/lib/polkit-1/polkitd --no-debug >'\(space.folder)/polkitd.log' 2>&1 &
            polkitd=$!
            for i in $(seq 300); do
                dbus-send --system --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \\
                    string:org.freedesktop.PolicyKit1 2>/dev/null | grep -q true && break
                sleep 0.1
            done
            setpriv --reuid=2001 --regid=100 --init-groups sh -c '
                pkttyagent --process $$ --notify-fd 3 3>"$1/ready" &
                echo $! >"$1/agent.pid"
                cat "$1/ready"
                pkexec /bin/sh -c "echo shell-as-\\$(id -un)"' sh '\(kid)'
            echo status-$?
            """)
        return (space, pty)
    }

    @Test func theBoardComesBeforeTheAdministratorsPasswordAndARightTilePasses() throws {
        let (space, pty) = try pkexec("")
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)\n\(readText(space.folder + "/polkitd.log"))")
        #expect(pty.screenText.contains("To run: polkit-1 mum"), "\(pty.screenText)")
        pty.type("\(BoardOracle(seed: 1).right)\r")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("shell-as-root"))
        let record = space.records().first
        #expect(record?[field: "SHAPELYGATE_OUTCOME"] == "passed" && record?[field: "SHAPELYGATE_SERVICE"] == "polkit-1")
        #expect(record?[field: "SHAPELYGATE_USER"] == "kid")
    }

    @Test func aWrongTileIsDenied() throws {
        let (space, pty) = try pkexec("attempts=1")
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)\n\(readText(space.folder + "/polkitd.log"))")
        pty.type("\(BoardOracle(seed: 1).wrong)\r")
        #expect(pty.waitFor("status-127"), "\(pty.screenText)")
        #expect(!pty.screenText.contains("shell-as-root"))
        #expect(space.records().first?[field: "SHAPELYGATE_REASON"] == "too-many-attempts")
    }

    /// Under approval=parent the approver cannot see polkit's action: --pending says so,
    /// and shows what the door knows (the service, the account authenticated, the caller);
    /// a yes for a while is refused, since it would cover any action.
    @Test func theApproverIsToldTheActionCannotBeSeen() throws {
        let (space, pty) = try pkexec("approval=parent approvers=mum")
        #expect(pty.waitFor("They answer with: shapelygate --approve "), "\(pty.screenText)\n\(readText(space.folder + "/polkitd.log"))")
        let text = pty.screenText
        let id = try #require(text.ranges(of: "--approve ").last.map { String(text[$0.upperBound...].prefix(8)) })
        let pending = space.run("setpriv --reuid=2002 --regid=100 --init-groups \(Gates.installed) --pending\necho status-$?")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains("\(id)  kid  ") && pending.screenText.contains(
            "polkit-1: authenticate as mum, asked by kid (uid 2001); the action cannot be seen (polkit does not tell the PAM stack)"),
                "\(pending.screenText)")
        // A yes that would last covers any action polkit asks in that time: refused, and
        // the request still waits.
        let lasting = space.run("setpriv --reuid=2002 --regid=100 --init-groups \(Gates.installed) --approve \(id) --for 1h\necho status-$?")
        #expect(lasting.waitFor("status-"), "\(lasting.screenText)")
        #expect(lasting.screenText.contains("may be approved only once, not --for a while") && !lasting.screenText.contains("status-0"),
                "\(lasting.screenText)")
        #expect(!pty.screenText.contains("shell-as-root") && !pty.screenText.contains("status-"))
        let no = space.run("setpriv --reuid=2002 --regid=100 --init-groups \(Gates.installed) --deny \(id)\necho status-$?")
        #expect(no.waitFor("status-0"), "\(no.screenText)")
        #expect(pty.waitFor("status-"), "\(pty.screenText)")
        #expect(!pty.screenText.contains("shell-as-root"))
    }
}
