// ApprovalTests.swift — asking a parent: a child's gated sudo waits for a yes from an
// approver's own account. Real sudo in the mount-namespace harness (PolicyNamespace),
// with accounts made inside each run's own /etc (kid, mum, stranger: never the
// machine's), the child and the approver each on a pseudo-terminal of their own; the
// requests' folder is shared between the runs, as it is between two terminals.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Asking a parent under sudo", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct ApprovalTests {
    static let kid = 2001, mum = 2002, stranger = 2003

    /// Accounts for each run, in that run's own /etc.
    static let accounts = """
        groupadd -g 2010 parents
        useradd -M -N -g users -u 2001 kid; useradd -M -N -g users -G parents -u 2002 mum; useradd -M -N -g users -u 2003 stranger
        """

    func space(_ options: String = "approval=parent approvers=mum", policy: String = "syslog = yes\n") throws -> PolicyNamespace {
        try #require(PolicyNamespace(policy: policy, pluginOptions: "users=kid path=\(Gates.installed) seed=1 timeout=60 \(options)",
                                     users: ["kid"]))
    }

    func asUser(_ uid: Int, _ command: String) -> String {
        "setpriv --reuid=\(uid) --regid=100 --init-groups \(command)"
    }

    /// The child's run: a gated sudo touching `name` in the namespace's folder.
    func child(_ space: PolicyNamespace, _ name: String = "ran", before: String = "") -> PtyProcess {
        space.run(Self.accounts + "\n" + before + "\n" + asUser(Self.kid, "sudo /usr/bin/touch '\(space.folder)/\(name)'")
                  + "\necho status-$?")
    }

    /// The approver's run of `arguments` as `uid`, with its status after it.
    func approver(_ space: PolicyNamespace, _ arguments: String, as uid: Int = mum) -> PtyProcess {
        // The namespace's own copy: another account may not reach the build folder.
        space.run(Self.accounts + "\n" + asUser(uid, "\(Gates.installed) \(arguments)") + "\necho status-$?")
    }

    /// The id the child's screen names, once it is there.
    func requestID(_ pty: PtyProcess) -> String? {
        guard pty.waitFor("They answer with: shapelygate --approve ") else { return nil }
        let text = pty.screenText
        guard let range = text.ranges(of: "--approve ").last else { return nil }
        return String(text[range.upperBound...].prefix(8))
    }

    func records(_ space: PolicyNamespace) -> [String] {
        space.records().map { fields in
            ["SHAPELYGATE_OUTCOME", "SHAPELYGATE_REASON", "SHAPELYGATE_USER", "SHAPELYGATE_APPROVER"]
                .map { fields[field: $0] ?? "-" }.joined(separator: "/")
        }
    }

    @Test func theApproverSeesTheRequestAndItsYesRunsTheCommandOnce() throws {
        let space = try space()
        let kid = child(space)
        let id = try #require(requestID(kid))
        #expect(oneLine(kid.screenText).contains("To run: /usr/bin/touch \(space.folder)/ran"))
        #expect(kid.screenText.contains("Who may approve: mum\r\n"))
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains("\(id)  kid  \(space.terminal(ofRun: 1))  "), "\(pending.screenText)")
        #expect(pending.screenText.contains(" ago  /usr/bin/touch \(space.folder)/ran"))
        #expect(!exists(space.folder + "/ran"))
        let yes = approver(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        #expect(yes.screenText.contains("approved \(id): kid on \(space.terminal(ofRun: 1)): /usr/bin/touch \(space.folder)/ran"))
        #expect(kid.waitFor("status-0"), "\(kid.screenText)")
        #expect(kid.screenText.contains("shapelygate: approved by mum"))
        #expect(exists(space.folder + "/ran"))
        // The same id again: the request is gone.
        let replay = approver(space, "--approve \(id)")
        #expect(replay.waitFor("status-1"))
        #expect(replay.screenText.contains("shapelygate: no request \(id) that you may answer"))
        #expect(records(space) == ["requested/-/kid/-", "passed/approved/kid/mum"])
    }

    @Test func aNoIsTheChildsToSeeWithWhoSaidIt() throws {
        let space = try space()
        let kid = child(space)
        let id = try #require(requestID(kid))
        let no = approver(space, "--deny \(id)")
        #expect(no.waitFor("status-0"))
        #expect(kid.waitFor("status-1"))
        #expect(kid.screenText.contains("shapelygate: mum said no, the command was not run"))
        #expect(!exists(space.folder + "/ran"))
        #expect(records(space) == ["requested/-/kid/-", "denied/denied-by-approver/kid/mum"])
    }

    /// After a no, the child's next request within request-cooldown is refused at once:
    /// no request, no notice, no approver disturbed.
    @Test func askingAgainRightAfterANoDisturbsNoOne() throws {
        let space = try space()
        let kid = child(space)
        let id = try #require(requestID(kid))
        #expect(approver(space, "--deny \(id)").waitFor("status-0"))
        #expect(kid.waitFor("status-1"))
        let again = child(space, "again")
        #expect(again.waitFor("status-1"), "\(again.screenText)")
        #expect(oneLine(again.screenText).contains("shapelygate: an approver said no or did not answer a moment ago; you may ask again in "),
                "\(again.screenText)")
        #expect(!again.screenText.contains("Asking for approval"))
        #expect(records(space) == ["requested/-/kid/-", "denied/denied-by-approver/kid/mum", "denied/request-cooldown/kid/-"])
    }

    /// `--approve ID --for 10m`: the same command runs again unasked; another asks; once
    /// mum revokes, the same command asks again. Mum's home is one of the test's own.
    @Test func aYesThatLastsCoversTheSameCommandUntilRevoked() throws {
        let space = try space("approval=parent approvers=mum approval-timeout=1 request-cooldown=0")
        let home = space.folder + "/mumhome"
        mkdir(home, 0o755)
        chown(home, uid_t(Self.mum), 100)
        let moveHome = "usermod -d '\(home)' mum"
        let mum = { (arguments: String) in
            space.run(Self.accounts + "\n" + moveHome + "\n" + self.asUser(Self.mum, "\(Gates.installed) \(arguments)") + "\necho status-$?")
        }
        let kid = child(space, before: moveHome)
        let id = try #require(requestID(kid))
        let yes = mum("--approve \(id) --for 10m")
        #expect(yes.waitFor("status-0"))
        #expect(yes.screenText.contains("approved \(id) for 10 min 0 s"), "\(yes.screenText)")
        #expect(kid.waitFor("status-0"))
        let again = child(space, before: moveHome)
        #expect(again.waitFor("status-0"), "\(again.screenText)")
        #expect(!again.screenText.contains("Asking for approval"), "the same command asked again")
        let other = child(space, "other", before: moveHome)
        #expect(other.waitFor("status-1"), "\(other.screenText)")
        #expect(other.screenText.contains("Asking for approval") && !exists(space.folder + "/other"))
        #expect(mum("--revoke").waitFor("status-0"))
        let revoked = child(space, before: moveHome)
        #expect(revoked.waitFor("status-1"), "\(revoked.screenText)")
        #expect(revoked.screenText.contains("Asking for approval"))
        #expect(records(space) == ["requested/-/kid/-", "passed/approved/kid/mum", "passed/approved-window/kid/mum",
                                   "requested/-/kid/-", "denied/not-approved/kid/-", "requested/-/kid/-",
                                   "denied/not-approved/kid/-"])
    }

    /// The child's crowd at the desk does not keep mum out: four processes of the
    /// child's, 64 threads each, connect in a loop (blocking, so each waits in the
    /// kernel's line for the desk's queue, ahead of mum) and hold a few connections open,
    /// silent, for 8 s: far past the desk's old backlog (16) and old pace (8 a look), under
    /// which mum's one connect timed out and read as "no request". Mum's --pending, started
    /// once the queue is full and done before the crowd ends, and her --deny wait their
    /// turn ("busy, trying again"): the request is listed and the no lands.
    @Test(.enabled(if: tool("python3") != nil, "needs python3, to be the child's crowd"))
    func aCrowdAtTheDeskDoesNotKeepTheApproverOut() throws {
        let space = try space()
        let kid = child(space)
        let id = try #require(requestID(kid))
        let crowd = space.folder + "/crowd.py"
        mkdir(space.folder + "/crowd", 0o777)
        chmod(space.folder + "/crowd", 0o777)
        let full = space.folder + "/crowd/full"
        writeFile(crowd, """
            import os, socket, struct, sys, threading, time
            folder, full = "/run/shapelygate-requests", sys.argv[1]
            paths = [folder + "/" + name for name in os.listdir(folder) if name.isdigit()]
            def knock(end, counts):
                held = []
                while time.time() < end:
                    for path in paths:
                        # Blocking: a full queue puts the thread in line, ahead of mum.
                        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                        wait = max(0.1, end - time.time())
                        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, struct.pack("ll", int(wait), int(wait % 1 * 1e6)))
                        try:
                            s.connect(path)
                        except OSError:
                            s.close()
                            continue
                        held.append(s)
                        counts[0] += 1
                        if len(held) > 2:
                            held.pop(0).close()
                for s in held:
                    s.close()
            def run():
                end = time.time() + 8
                counts = [0]
                threads = [threading.Thread(target=knock, args=(end, counts)) for _ in range(64)]
                for t in threads: t.start()
                for t in threads: t.join()
                print("crowd", os.getpid(), "connected", counts[0])
            children = []
            for _ in range(4):
                pid = os.fork()
                if pid == 0:
                    run()
                    os._exit(0)
                children.append(pid)
            # Full strength: the desk's queue has turned connections away for a moment.
            probe_end = time.time() + 5
            while time.time() < probe_end:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.setblocking(False)
                try:
                    s.connect(paths[0])
                except BlockingIOError:
                    open(full, "w").close()
                    break
                except OSError:
                    pass
                finally:
                    s.close()
            for pid in children: os.waitpid(pid, 0)
            open(sys.argv[2], "w").close()

            """, mode: 0o644)
        let knocking = space.run(Self.accounts + "\n" + asUser(Self.kid, "python3 '\(crowd)' '\(full)' '\(space.folder)/crowd/done'") + "\necho crowd-done")
        #expect(waitUntil { exists(full) }, "the crowd never filled the desk's queue: \(knocking.screenText)")
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0", timeout: 30), "\(pending.screenText)")
        #expect(pending.screenText.contains("\(id)  kid  "), "the request was not listed: \(pending.screenText)")
        #expect(!exists(space.folder + "/crowd/done"), "the crowd ended before mum had looked")
        let no = approver(space, "--deny \(id)")
        #expect(no.waitFor("status-0", timeout: 30), "\(no.screenText)")
        #expect(!no.screenText.contains("no request"), "\(no.screenText)")
        #expect(kid.waitFor("status-1"))
        #expect(kid.screenText.contains("shapelygate: mum said no, the command was not run"))
        #expect(knocking.waitFor("crowd-done", timeout: 30), "\(knocking.screenText)")
    }

    @Test func noAnswerInTimeIsADenial() throws {
        let space = try space("approval=parent approvers=mum approval-timeout=1")
        let kid = child(space)
        #expect(kid.waitFor("status-1"))
        #expect(kid.screenText.contains("shapelygate: no approver answered within 1 s, the command was not run"))
        #expect(records(space) == ["requested/-/kid/-", "denied/not-approved/kid/-"])
    }

    @Test func ctrlCWithdrawsTheRequestAndItsIdAnswersNothing() throws {
        let space = try space()
        let kid = child(space)
        let id = try #require(requestID(kid))
        kid.type("\u{3}")
        #expect(kid.waitFor("status-1"))
        #expect(kid.screenText.contains("shapelygate: the request was withdrawn, the command was not run"))
        let late = approver(space, "--approve \(id)")
        #expect(late.waitFor("status-1"))
        #expect(!exists(space.folder + "/ran"))
        #expect(records(space) == ["requested/-/kid/-", "denied/withdrawn/kid/-"])
    }

    @Test func someoneNotListedAndTheChildItselfCanNeitherSeeNorAnswer() throws {
        let space = try space("approval=parent approvers=mum,kid")
        let kid = child(space)
        let id = try #require(requestID(kid))
        for uid in [Self.stranger, Self.kid] {
            let pending = approver(space, "--pending", as: uid)
            #expect(pending.waitFor("status-0"))
            #expect(!pending.screenText.contains(id))
            let yes = approver(space, "--approve \(id)", as: uid)
            #expect(yes.waitFor("status-1"))
            #expect(yes.screenText.contains("shapelygate: no request \(id) that you may answer"))
        }
        #expect(!exists(space.folder + "/ran"))
        kid.type("\u{3}")
        #expect(kid.waitFor("status-1"))
    }

    @Test func theChildsOwnSudoAsTheApproverIsTheChildsAndApprovesNothing() throws {
        // shapelygate itself is not gated here, so the child may run it as mum, or as root.
        let space = try space("approval=parent approvers=mum commands=/usr/bin/touch")
        let kid = child(space)
        let id = try #require(requestID(kid))
        for target in ["-u mum", ""] {
            let borrowed = space.run(Self.accounts + "\n" + asUser(Self.kid, "sudo \(target) \(Gates.installed) --approve \(id)")
                                     + "\necho status-$?")
            #expect(borrowed.waitFor("status-1"), "\(borrowed.screenText)")
            #expect(borrowed.screenText.contains("shapelygate: no request \(id) that you may answer"))
        }
        #expect(!exists(space.folder + "/ran"))
        kid.type("\u{3}")
        #expect(kid.waitFor("status-1"))
    }

    @Test(.enabled(if: tool("python3") != nil, "needs python3"))
    func aYesTheApproversProgramGaveUpOnIsNeverActedOn() throws {
        let space = try space()
        let kid = child(space)
        let id = try #require(requestID(kid))
        // Says yes and leaves without waiting for the request to be named back.
        let script = "import socket; s = socket.socket(socket.AF_UNIX); s.connect('/run/shapelygate-requests/0'); "
            + "s.sendall(b'approve \(id)\\n'); s.close()"
        let quitter = space.run(Self.accounts + "\n" + asUser(Self.mum, "python3 -c \"\(script)\"") + "\necho status-$?")
        #expect(quitter.waitFor("status-0"), "\(quitter.screenText)")
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains(id), "the request is still waiting")
        #expect(!exists(space.folder + "/ran"))
        kid.type("\u{3}")
        #expect(kid.waitFor("status-1"))
        #expect(!exists(space.folder + "/ran"))
    }

    @Test(.enabled(if: tool("flock") != nil, "needs flock"))
    func aChildHoldingTheRequestsFolderHoldsUpNoOne() throws {
        let space = try space()
        // The child's lock is held before sudo starts: the child says so by a file.
        let held = space.folder + "/held"
        let hold = asUser(Self.kid, "flock -x /run/shapelygate-requests sh -c 'echo > \(held); exec sleep 30'")
            + " & until [ -e '\(held)' ]; do sleep 0.01; done"
        chmod(space.folder, 0o777)
        defer { chmod(space.folder, 0o755) }
        let kid = child(space, before: hold)
        #expect(try #require(requestID(kid)).count == 8)
        kid.type("\u{3}")
        #expect(kid.waitFor("status-1"))
    }

    /// A variable the child hands root by a prefix of --preserve-env is in what the
    /// approver reads, with its value: what mum approves is what runs.
    @Test func aPreservedVariableIsInWhatTheApproverReads() throws {
        let space = try space()
        let kid = space.run(Self.accounts + "\n" + asUser(Self.kid, "env APT_CONFIG=/tmp/x/apt.conf sudo --preserve-e=APT_CONFIG "
                                                         + "/usr/bin/touch '\(space.folder)/ran'") + "\necho status-$?")
        let id = try #require(requestID(kid))
        let shown = "APT_CONFIG=/tmp/x/apt.conf /usr/bin/touch \(space.folder)/ran"
        #expect(oneLine(kid.screenText).contains("To run: \(shown)"), "\(kid.screenText)")
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains(" ago  \(shown)"), "\(pending.screenText)")
        let no = approver(space, "--deny \(id)")
        #expect(no.waitFor("status-0"), "\(no.screenText)")
        #expect(kid.waitFor("status-1"))
        #expect(!exists(space.folder + "/ran"))
    }

    /// A word with a control character reads the same on the board, in --pending and in
    /// the answer: written out once, never escaped again on the way.
    @Test func aWrittenOutWordReadsTheSameToTheChildAndToTheApprover() throws {
        let space = try space()
        let kid = child(space, "x\u{1b}]0;y\u{7}")
        let id = try #require(requestID(kid))
        let shown = "/usr/bin/touch $'\(space.folder)/x\\x1b]0;y\\x07'"
        #expect(oneLine(kid.screenText).contains("To run: \(shown)"), "\(kid.screenText)")
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains(" ago  \(shown)"), "\(pending.screenText)")
        let yes = approver(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"), "\(yes.screenText)")
        #expect(yes.screenText.contains("approved \(id): kid on \(space.terminal(ofRun: 1)): \(shown)"), "\(yes.screenText)")
        #expect(kid.waitFor("status-0"))
    }

    @Test func aGroupOfApproversAndTwoRequestsToldApart() throws {
        let space = try space("approval=parent approvers=%parents")
        let first = child(space, "one")
        let firstID = try #require(requestID(first))
        let second = child(space, "two")
        let secondID = try #require(requestID(second))
        #expect(firstID != secondID)
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        #expect(pending.screenText.contains(firstID) && pending.screenText.contains(secondID))
        let yes = approver(space, "--approve \(secondID)")
        #expect(yes.waitFor("status-0"))
        #expect(second.waitFor("status-0"))
        #expect(exists(space.folder + "/two") && !exists(space.folder + "/one"))
        first.type("\u{3}")
        #expect(first.waitFor("status-1"))
        #expect(!exists(space.folder + "/one"))
    }

    @Test func eitherTheBoardOrAnApproverWhicheverComesFirst() throws {
        let space = try space("approval=either approvers=mum")
        let kid = child(space)
        #expect(kid.waitFor("choose 1-8"))
        let pending = approver(space, "--pending")
        #expect(pending.waitFor("status-0"))
        let line = pending.screenText.split(separator: "\n").first { $0.contains("  kid  ") }
        let id = String(try #require(line).prefix(8))
        let yes = approver(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"))
        #expect(kid.waitFor("status-0"))
        #expect(leftTheAlternateScreen(kid.screenText))
        #expect(exists(space.folder + "/ran"))
    }

    @Test func aChildLockedOutIsAskedNothingAndNoOneIsTold() throws {
        let space = try space("approval=either approvers=mum cooldown=60")
        let first = child(space)
        #expect(first.waitFor("choose 1-8"))
        first.type("\u{3}")
        #expect(first.waitFor("status-1"))
        let second = child(space, "two")
        #expect(second.waitFor("status-1"))
        #expect(second.screenText.contains("shapelygate: locked after a wrong answer; try again in "))
        #expect(records(space) == ["requested/-/kid/-", "denied/SIGINT/kid/-", "locked/-/kid/-"])
    }

    @Test func bothTheBoardThenAnApprover() throws {
        let space = try space("approval=both approvers=mum")
        let kid = child(space)
        #expect(kid.waitFor("choose 1-8"))
        // No one is asked before the board is passed: nothing to list, nothing to answer.
        let early = approver(space, "--pending")
        #expect(early.waitFor("status-0"))
        #expect(!early.screenText.contains("  kid  "))
        kid.type("\(BoardOracle(seed: 1).right)\r")
        let id = try #require(requestID(kid))
        #expect(!exists(space.folder + "/ran"))
        let yes = approver(space, "--approve \(id)")
        #expect(yes.waitFor("status-0"))
        #expect(kid.waitFor("status-0"))
        #expect(exists(space.folder + "/ran"))
        #expect(records(space) == ["requested/-/kid/-", "passed/approved/kid/mum"])
    }

    @Test func notifyRunsWithoutPrivilegesWithTheRequestInItsEnvironment() throws {
        let space = try space("approval=parent approvers=mum notify=/mnt/notify")
        let told = space.folder + "/told"
        mkdir(told, 0o777)
        chmod(told, 0o777)
        let script = "printf '#!/bin/sh\\nenv > \(told)/env; id -u >> \(told)/env\\n' > /mnt/notify; chmod 0755 /mnt/notify"
        let kid = child(space, before: script)
        let id = try #require(requestID(kid))
        #expect(waitUntil { readText(told + "/env").contains("\n65534\n") }, "\(readText(told + "/env"))")
        let environment = readText(told + "/env").split(separator: "\n")
        #expect(environment.contains("SHAPELYGATE_REQUEST=\(id)"))
        #expect(environment.contains("SHAPELYGATE_USER=kid"))
        #expect(environment.contains("SHAPELYGATE_COMMAND=/usr/bin/touch \(space.folder)/ran (keeps LANG TERM)"))
        #expect(environment.contains("SHAPELYGATE_APPROVERS=mum"))
        #expect(environment.contains("SHAPELYGATE_TIMEOUT=300"))
        kid.type("\u{3}")
        #expect(kid.waitFor("status-1"))
        #expect(!exists(space.folder + "/ran"))
    }

    @Test func anUnknownApproverStopsSudoWithItsName() throws {
        let space = try space("approval=parent approvers=nobody-here")
        let kid = child(space)
        #expect(kid.waitFor("status-1"))
        #expect(kid.screenText.contains("shapelygate: option approvers= names an unknown user 'nobody-here'"))
        let check = space.run(Self.accounts + "\n'\(gatePath)' --check-sudo-conf; echo status-$?")
        #expect(check.waitFor("status-2"))
        #expect(oneLine(check.screenText).contains("approvers= names an unknown user 'nobody-here'"))
    }
}
