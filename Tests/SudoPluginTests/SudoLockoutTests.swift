// SudoLockoutTests.swift — the plugin's own lockout after a denial, with the real sudo in a
// private mount namespace (PolicyNamespace.swift): root's record in /run/shapelygate/<uid>
// holds the cooldown whatever the user does to the gate's state in their home; a pass
// clears it; a record the user could have made is reported and denies; without a
// cooldown nothing is written.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("sudo's lockout after a denial", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct SudoLockoutTests {
    let oracle = BoardOracle(seed: 2)

    func space(_ options: String, policy: String = "", users: String = "root", others: [String] = []) throws -> PolicyNamespace {
        try #require(PolicyNamespace(policy: policy, pluginOptions: "users=\(users) path=\(Gates.installed) seed=2 timeout=60 attempts=1 \(options)",
                                     users: others))
    }

    /// Root's record for root, as the namespace's /run/shapelygate/0/lockout.
    func record(in space: PolicyNamespace) -> String? {
        exists(space.folder + "/grace/0/lockout") ? readText(space.folder + "/grace/0/lockout") : nil
    }

    /// The board `strict` deals with seed 2: 3 rounds of 8 kinds.
    let strictOracle: BoardOracle = {
        var configuration = GateConfiguration()
        configuration.rounds = 3
        configuration.kinds = GateConfiguration.kinds(count: 8)
        configuration.maximumFailedAttempts = 1
        return BoardOracle(seed: 2, configuration)
    }()

    /// Gives a wrong answer to the board that appears after `offset`; false when none did.
    func deny(_ pty: PtyProcess, after offset: Int = 0, strict: Bool = false) -> Bool {
        guard pty.waitFor(strict ? "Round 1 of 3" : "choose 1-8", after: offset) else { return false }
        pty.type("\((strict ? strictOracle : oracle).wrong)\r")
        return true
    }

    @Test func aDenialLocksOutWhateverTheUsersOwnStateSays() throws {
        for (options, policy) in [("cooldown=60", ""), ("strict", ""), ("", "min-cooldown = 60\n")] {
            let space = try space(options, policy: policy)
            let first = space.run("sudo touch '\(space.folder)/one'")
            #expect(deny(first, strict: options == "strict"))
            #expect(first.finish() == .exited(1))
            #expect(record(in: space)?.contains("\ndenials 1\n") == true)
            // The gate's own cooldown lives in the user's home, which the user may empty.
            let second = space.run("rm -rf /root/.local; HOME=/nonexistent sudo touch '\(space.folder)/two'")
            #expect(second.finish() == .exited(1))
            #expect(second.screenText.contains("shapelygate: locked after a wrong answer; try again in "))
            #expect(!second.screenText.contains("choose 1-8"))
            #expect(!exists(space.folder + "/one") && !exists(space.folder + "/two"))
            #expect(record(in: space)?.contains("\ndenials 1\n") == true)
        }
    }

    @Test func aPassClearsTheCount() throws {
        let space = try space("cooldown=60")
        let pty = space.run("sudo touch '\(space.folder)/one'; echo passed-$?; sudo touch '\(space.folder)/two'")
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\(oracle.right)\r")
        #expect(deny(pty, after: after("passed-0", in: pty)))
        #expect(pty.finish() == .exited(1))
        #expect(exists(space.folder + "/one") && !exists(space.folder + "/two"))
        #expect(record(in: space)?.contains("\ndenials 1\n") == true)
        let again = space.run("sudo touch '\(space.folder)/two'")
        #expect(again.finish() == .exited(1))
        #expect(again.screenText.contains("shapelygate: locked after a wrong answer; try again in "))
    }

    @Test func aRecordTheUserCouldHaveMadeIsReportedAndDenies() throws {
        let (uid, gid) = try #require(account("nobody"))
        let space = try space("cooldown=60", users: "nobody", others: ["nobody"])
        let asNobody = "setpriv --reuid=\(uid) --regid=\(gid) --init-groups sudo"
        let folder = "/run/shapelygate/\(uid)"
        let pty = space.run("""
            mkdir -m 0700 \(folder); echo 'boot=none denials=0 until=0' > \(folder)/lockout; chown \(uid) \(folder)/lockout
            \(asNobody) touch '\(space.folder)/one'; echo first-$?
            rm \(folder)/lockout; ln -s /etc/hostname \(folder)/lockout
            \(asNobody) touch '\(space.folder)/two'; echo second-$?
            """)
        #expect(pty.waitFor("second-1"))
        #expect(pty.finish() == .exited(0))
        let text = pty.screenText
        #expect(text.contains("first-1"))
        #expect(text.contains("shapelygate: not trusting the lockout record \(folder)/lockout: it belongs to uid \(uid), not to root"))
        #expect(text.contains("shapelygate: not trusting the lockout record \(folder)/lockout: it is a symbolic link"))
        #expect(text.contains("shapelygate: the lockout record \(folder)/lockout cannot be trusted until root removes it, the command was not run"))
        #expect(!text.contains("choose 1-8"))
        #expect(!exists(space.folder + "/one") && !exists(space.folder + "/two"))
    }

    @Test func withoutACooldownNothingIsWritten() throws {
        let space = try space("")
        let pty = space.run("sudo touch '\(space.folder)/one'; echo denied-$?; sudo touch '\(space.folder)/two'")
        #expect(deny(pty))
        #expect(pty.waitFor("choose 1-8", after: after("denied-1", in: pty)))
        pty.type("\(oracle.right)\r")
        #expect(pty.finish() == .exited(0))
        #expect(exists(space.folder + "/two"))
        #expect(!exists(space.folder + "/grace/0/lockout"))
    }
}
