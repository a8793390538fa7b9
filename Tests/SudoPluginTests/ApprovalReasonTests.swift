// ApprovalReasonTests.swift — the reason a child types on sudo's waiting screen: the
// request is made at once, and the reason follows when Enter sends it, made visible, to
// mum's --pending and to the notify= program (run again with SHAPELYGATE_REASON); and a
// request whose sudo is gone is gone at once.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("A reason for a request under sudo", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct ApprovalReasonTests {
    let base = ApprovalTests()

    @Test func theReasonTypedWhileWaitingReachesThePendingListAndNotify() throws {
        let space = try base.space("approval=parent approvers=mum notify=/mnt/notify")
        let told = space.folder + "/told"
        mkdir(told, 0o777)
        chmod(told, 0o777)
        let script = "printf '#!/bin/sh\\nenv > \(told)/env.$$\\n' > /mnt/notify; chmod 0755 /mnt/notify"
        let kid = base.child(space, before: script)
        let id = try #require(base.requestID(kid))
        #expect(kid.screenText.contains("You may type a reason for them; Enter sends it."), "\(kid.screenText)")
        #expect(kid.waitFor("Reason: "))
        // The first notice is out before any reason: the request never waits for one.
        #expect(waitUntil { notifyRuns(told).contains { $0.contains("SHAPELYGATE_REASON=\n") } })
        // The person's own erase key edits; a control byte is written out.
        kid.type("for schoX\u{7F}ol\u{7}\r")
        #expect(kid.waitFor("Reason sent: for school\\x07"), "\(kid.screenText)")
        let pending = base.approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains("\(id)  kid  "), "\(pending.screenText)")
        #expect(pending.screenText.contains("\r\n    reason: for school\\x07\r\n"), "\(pending.screenText)")
        #expect(waitUntil { notifyRuns(told).contains { $0.contains("SHAPELYGATE_REASON=for school\\x07\n") } },
                "\(notifyRuns(told))")
        // A second line is no second reason.
        kid.type("again\r")
        kid.type("\u{3}")
        #expect(kid.waitFor("status-1"))
        #expect(notifyRuns(told).count == 2)
        #expect(!exists(space.folder + "/ran"))
    }

    /// sudo killed outright while the request waits: its judge (which the plugin starts
    /// with SIGHUP as its parent-death signal) withdraws the request at once, recorded
    /// interrupted; mum's --pending no longer lists it, and her yes runs nothing.
    @Test func sudoKilledTakesItsRequestAway() throws {
        let space = try base.space("approval=parent approvers=mum approval-timeout=600")
        let pidFile = space.folder + "/sudo.pid"
        let kid = space.run(ApprovalTests.accounts + "\n" + "sh -c 'echo $$ >\(pidFile); exec \"$@\"' sudo "
                            + base.asUser(ApprovalTests.kid, "sudo /usr/bin/touch '\(space.folder)/ran'") + "\necho status-$?")
        let id = try #require(base.requestID(kid))
        let sudo = try #require(pid_t(String(readText(pidFile).filter(\.isNumber))))
        #expect(kill(sudo, SIGKILL) == 0)
        var gone = false
        let deadline = monotonicNow() + 20
        while !gone && monotonicNow() < deadline {
            let pending = base.approver(space, "--pending")
            gone = pending.waitFor("status-0") && !pending.screenText.contains(id)
        }
        #expect(gone, "the request of a sudo killed is still listed")
        #expect(base.approver(space, "--approve \(id)").waitFor("status-1"))
        #expect(!exists(space.folder + "/ran"))
        #expect(base.records(space).contains("denied/interrupted/kid/-"), "\(base.records(space))")
    }

    /// The text of each run of the notify program.
    func notifyRuns(_ folder: String) -> [String] {
        guard let listing = opendir(folder) else { return [] }
        defer { closedir(listing) }
        var runs: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix("env.") { runs.append(readText(folder + "/" + name)) }
        }
        return runs
    }
}
