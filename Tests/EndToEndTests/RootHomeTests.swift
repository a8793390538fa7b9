// RootHomeTests.swift — root's gate run with a user's environment (sudo -E,
// molly-guard) keeps its state in root's own home and creates nothing in the user's;
// and every run's policy is the test's own, whatever the machine's says.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Root's home and the tests' own policy", .serialized, .ownPolicy)
struct RootHomeTests {
    @Test(.enabled(if: runningAsRoot, "needs root to give a folder to another user"),
          arguments: [false, true])
    func rootWithAUsersHomeCreatesNothingThere(_ namesStateHome: Bool) {
        let user = temporaryFolder() + "/kid"
        mkdir(user, 0o755)
        chown(user, 1000, 1000)
        var environment = ["HOME": user]
        if namesStateHome { environment["XDG_STATE_HOME"] = user + "/.local/state" }
        let gate = GateProcess(["--cooldown", "60"], environment: environment)
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\u{04}")
        #expect(gate.finish() == .exited(1))
        let listing = shell("ls -A \(quoted(user))")
        #expect(listing.status == 0 && listing.output.isEmpty, "root created in the user's home: \(listing.output)")
        #expect(readText(stateFolder(in: gate.home) + "/lockout").hasPrefix("shapelygate-lockout 1\n"))
        let locked = GateProcess(["--cooldown", "60"], environment: environment, home: gate.home)
        #expect(locked.finish() == .exited(1))
        #expect(locked.errorText.hasPrefix("shapelygate: locked after a denial: try again in "))
    }

    /// `sudo -E shapelygate` (molly-guard): root's gate with a user's HOME and
    /// XDG_CONFIG_HOME, whose file would make typing 1, 2, 3… pass for certain.
    @Test(.enabled(if: runningAsRoot, "needs root to give a folder to another user"))
    func rootsGateReadsRootsOwnFileNotTheUsers() {
        let loosening = "kinds = 2\nattempts = 99\nno-timeout = yes\n"
        let user = temporaryFolder() + "/kid"
        for folder in [user, user + "/.config", user + "/.config/shapelygate"] { mkdir(folder, 0o755) }
        writeFile(user + "/.config/shapelygate/config", loosening)
        chown(user, 1000, 1000)
        let environment = ["HOME": user, "XDG_CONFIG_HOME": user + "/.config"]
        let gate = GateProcess(["--seed", "1"], environment: environment)
        #expect(gate.waitFor("choose 1-8"))
        #expect(gate.screenText.contains("Time left"))
        gate.type("\u{04}")
        #expect(gate.finish() == .exited(1))
        // Root's own file, in root's home from the password database, still applies.
        let home = temporaryFolder()
        for folder in [home + "/.config", home + "/.config/shapelygate"] { mkdir(folder, 0o700) }
        writeFile(home + "/.config/shapelygate/config", "kinds = 2\n")
        let rootsOwn = GateProcess(["--seed", "1"], environment: environment, home: home)
        #expect(rootsOwn.waitFor("choose 1-4"))
        rootsOwn.type("\u{04}")
        #expect(rootsOwn.finish() == .exited(1))
    }

    @Test func etcIsReadAsOutsideWithTheTestsPolicy() {
        var etc = stat()
        stat("/etc", &etc)
        let inside = shell("stat -c %a /etc && cat /etc/shapelygate.conf")
        #expect(inside.output == String(etc.st_mode & 0o7777, radix: 8) + "\n", "\(inside.output)")
    }

    @Test func theRunsPolicyIsTheTestsOwn() {
        let strict = GateProcess(["--seed", "1", "--no-timeout"], policy: "require-timeout = yes\n")
        #expect(strict.waitFor("Time left: 00:10"))
        strict.type("\u{04}")
        #expect(strict.finish() == .exited(1))
        let broken = GateProcess([], policy: "no-such-key = 1\n")
        #expect(broken.finish() == .exited(2))
        #expect(broken.errorText.hasPrefix("shapelygate: /etc/shapelygate.conf:1: "), "\(broken.errorText)")
        let plain = GateProcess(["--seed", "1", "--no-timeout"])
        #expect(plain.waitFor("choose 1-8"))
        #expect(!plain.screenText.contains("Time left"))
        plain.type("\u{04}")
        #expect(plain.finish() == .exited(1))
    }
}
