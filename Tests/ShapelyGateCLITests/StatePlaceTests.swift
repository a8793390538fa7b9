// StatePlaceTests.swift — where the lockout state lives, and where the gate may create
// it: root's in its own home whatever the environment says, a user's from
// XDG_STATE_HOME or HOME, and never a folder made inside a folder of another user.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
import ShapelyGateSystem

#if canImport(Glibc)
import Glibc
#endif

@Suite struct StatePlaceTests {
    let usersEnvironment = ["HOME": "/home/kid", "XDG_STATE_HOME": "/home/kid/.local/state"]

    @Test func rootsStateIsInRootsOwnHomeWhateverTheEnvironmentSays() {
        #expect(Settings.stateFolder(environment: usersEnvironment, user: 0, passwordHome: "/root")
                == "/root/.local/state/shapelygate")
        #expect(Settings.stateFolder(environment: [:], user: 0, passwordHome: "/root") == "/root/.local/state/shapelygate")
    }

    @Test(arguments: [nil, "", "/", "//", "relative/home"])
    func rootWithoutAHomeOfItsOwnUsesVarLib(_ home: String?) {
        #expect(Settings.stateFolder(environment: usersEnvironment, user: 0, passwordHome: home) == "/var/lib/shapelygate")
    }

    @Test func aUsersStateFollowsXDGStateHomeThenHome() {
        #expect(Settings.stateFolder(environment: usersEnvironment, user: 1000, passwordHome: nil)
                == "/home/kid/.local/state/shapelygate")
        #expect(Settings.stateFolder(environment: ["HOME": "/home/kid"], user: 1000, passwordHome: nil)
                == "/home/kid/.local/state/shapelygate")
        #expect(Settings.stateFolder(environment: ["XDG_STATE_HOME": "/s"], user: 1000, passwordHome: "/ignored") == "/s/shapelygate")
        #expect(Settings.stateFolder(environment: ["HOME": "relative"], user: 1000, passwordHome: nil) == nil)
    }

    @Test func theHomeComesFromThePasswordFileLine() {
        let text = "root:x:0:0:root:/root:/bin/bash\nkid:x:1000:1000:Kid,,,:/home/kid:/bin/sh\nbad:x:7\n"
        #expect(PasswordEntry.find(uid: 0, in: text).map { [$0.name, $0.home] } == ["root", "/root"])
        #expect(PasswordEntry.find(uid: 1000, in: text)?.home == "/home/kid")
        #expect(PasswordEntry.find(uid: 7, in: text) == nil)
        #expect(PasswordEntry.find(uid: 100, in: text) == nil)
    }

    @Test(.enabled(if: runningAsRoot, "needs root to give a folder to another user"))
    func nothingIsCreatedInAHomeOfAnotherUser() {
        let home = temporaryFolder() + "/home"
        mkdir(home, 0o755)
        chown(home, 65534, 65534)
        let lockout = Lockout(cooldown: 30, store: StateStore(folder: home + "/.local/state/shapelygate"))
        guard case .denied(let message) = lockout.check(GateStrings(language: "en")) else { Issue.record("not refused"); return }
        #expect(message.hasPrefix("cannot create \(home)/.local: \(home) belongs to uid 65534, not to uid 0; "), "\(message)")
        _ = lockout.record(passed: false)
        #expect(access(home + "/.local", F_OK) != 0, "root created a folder in another user's home")
    }
}
