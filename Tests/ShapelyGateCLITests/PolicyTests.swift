// PolicyTests.swift — the system file's defaults and floors against user files and
// flags, the lockout store, and the audit line. Uses temporary folders only: never the
// real /etc or home.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
import ShapelyGateScreen

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct PolicyTests {
    let folder = temporaryFolder()
    var system: String { folder + "/shapelygate.conf" }
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder + "/config", "HOME": folder] }

    /// The settings for `arguments` under the test's own policy file.
    func settle(_ arguments: [String], environment: [String: String], systemConfig: String,
                systemConfigOwner: uid_t) throws(GateError) -> (Options, Policy) {
        let settings = try Settings.resolve(arguments, files: .init(system: systemConfig, systemOwner: systemConfigOwner, user: 1000),
                                            environment: environment)
        return (settings.options, settings.policy)
    }

    func userFile(_ text: String) {
        mkdir(folder + "/config", 0o700)
        mkdir(folder + "/config/shapelygate", 0o700)
        writeFile(folder + "/config/shapelygate/config", text)
    }

    @Test func floorsHoldAgainstFlagsAndUserFiles() throws {
        writeFile(system, "# policy\nmin-rounds = 2\nmax-attempts = 1\nmin-kinds = 6\nmin-cooldown = 30\nmax-timeout = 20\n")
        userFile("attempts = 5\nrounds = 1\ntimeout = 60\n")
        let (options, _) = try settle(["--attempts", "9", "--kinds", "2", "--no-timeout", "--cooldown", "0"],
                                          environment: environment, systemConfig: system, systemConfigOwner: getuid())
        #expect(options.configuration.rounds == 2)
        #expect(options.configuration.maximumFailedAttempts == 1)
        #expect(options.configuration.kinds.count == 6)
        #expect(options.configuration.maximumTimeAllowed == 20)
        #expect(options.configuration.supportsTimeOut)
        #expect(options.cooldown == 30)
    }

    @Test func flagsWinOverFilesWithinTheFloors() throws {
        writeFile(system, "timeout = 30\nattempts = 3\nlang = es\n")
        userFile("timeout = 15\n")
        let (options, _) = try settle(["-a", "4"], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        #expect(options.configuration.maximumTimeAllowed == 15)
        #expect(options.configuration.maximumFailedAttempts == 4)
        #expect(options.language == "es")
    }

    /// The words board asked for in the environment beats the files; a flag beats it; any
    /// other value is no request.
    @Test func theEnvironmentCanAskForTheWordsBoard() throws {
        writeFile(system, "board = picture\n")
        userFile("board = picture\n")
        var asking = environment
        for (arguments, variable, expected) in [([], "words", BoardStyle.words), (["--board", "picture"], "words", .picture),
                                               ([], "Words", .picture), ([], "", .picture)] {
            asking["SHAPELYGATE_BOARD"] = variable
            let (options, _) = try settle(arguments, environment: asking, systemConfig: system, systemConfigOwner: getuid())
            #expect(options.board == expected, "\(arguments) SHAPELYGATE_BOARD=\(variable)")
        }
        // The variable only ever asks for words: it never takes them from a file.
        for (systemBoard, userBoard) in [("words", "picture"), ("picture", "words")] {
            writeFile(system, "board = \(systemBoard)\n")
            userFile("board = \(userBoard)\n")
            for variable in ["picture", "Words", "pictures"] {
                asking["SHAPELYGATE_BOARD"] = variable
                let (options, _) = try settle([], environment: asking, systemConfig: system, systemConfigOwner: getuid())
                #expect(options.board == BoardStyle(rawValue: userBoard), "\(systemBoard)/\(userBoard) \(variable)")
            }
        }
    }

    @Test func strictIsAtMostOneInAHundredWhereverItStands() throws {
        for arguments in [["--strict", "--attempts", "9"], ["--attempts", "9", "--strict"]] {
            let (options, _) = try settle(arguments, environment: environment, systemConfig: system, systemConfigOwner: getuid())
            #expect(GateOdds(configuration: options.configuration).probability <= 0.01)
            #expect(options.cooldown >= 60)
        }
    }

    @Test func maxGraceIsTheSystemFilesAloneAndChecked() throws {
        writeFile(system, "max-grace = 120\n")
        let (_, policy) = try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        #expect(policy.maxGrace == 120)
        writeFile(system, "max-grace = 86401\n")
        #expect(throws: GateError.configuration(system + ":1: invalid max-grace '86401': expected a whole number 0-86400")) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
        writeFile(system, "")
        userFile("max-grace = 60\n")
        #expect(throws: GateError.configuration(folder + "/config/shapelygate/config:1: 'max-grace' may be set only in the system file")) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
    }

    @Test func filesWithCRLFLineEndingsReadTheSame() throws {
        writeFile(system, "timeout = 25\r\n\r\nmin-rounds = 2\r\nbogus\r\n")
        #expect(throws: GateError.configuration(system + ":4: expected 'key = value'")) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
        writeFile(system, "timeout = 25\r\n\r\nmin-rounds = 2\r\n")
        let (options, _) = try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        #expect(options.configuration.maximumTimeAllowed == 25)
        #expect(options.configuration.rounds == 2)
    }

    @Test(arguments: [0o664, 0o646, 0o666] as [mode_t])
    func aSystemFileOthersCanWriteIsRefusedNotIgnored(_ mode: mode_t) {
        // Ignoring it would drop every floor: refusing keeps the gate shut.
        writeFile(system, "max-attempts = 1\n", mode: mode)
        #expect(throws: GateError.configuration("\(system): refused: group or others can write it; run 'chmod go-w \(system)'")) {
            try settle(["-a", "5"], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
        #expect(CLI.run(["-a", "5"], files: .init(system: system, systemOwner: getuid(), user: 1000), environment: environment, output: quiet) == .usage)
    }

    @Test func aSystemFileOwnedBySomeoneElseIsRefused() {
        writeFile(system, "max-attempts = 1\n")
        let other = getuid() + 1
        #expect(throws: GateError.configuration("\(system): refused: it belongs to uid \(getuid()), not to uid \(other); run 'chown \(other) \(system)'")) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: other)
        }
    }

    @Test func aSystemFileThatIsAFIFOIsRefusedAtOnce() {
        #expect(mkfifo(system, 0o600) == 0)
        #expect(throws: GateError.configuration("\(system): not a regular file")) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
    }

    @Test func aRelativeStringsPathIsTakenFromTheFilesFolder() throws {
        userFile("strings = ../strings.plist\n")
        let (options, _) = try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        #expect(options.stringsPath == folder + "/config/shapelygate/../strings.plist")
    }

    @Test(arguments: [
        ("bogus = 1\n", "shapelygate.conf:1: unknown key 'bogus'"),
        ("\n\nattempts = many\n", "shapelygate.conf:3: invalid attempts 'many': expected a whole number 1-99"),
        ("max-attempts\n", "shapelygate.conf:1: expected 'key = value'"),
        ("syslog = maybe\n", "shapelygate.conf:1: invalid syslog 'maybe': expected yes or no"),
        ("log-file = relative.log\n", "shapelygate.conf:1: log-file needs a full path, starting with /"),
    ])
    func aBrokenSystemFileIsAnErrorNamingFileAndLine(_ text: String, _ message: String) {
        writeFile(system, text)
        #expect(throws: GateError.configuration(folder + "/" + message)) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
        #expect(CLI.run([], files: .init(system: system, systemOwner: getuid(), user: 1000), environment: environment, output: quiet) == .usage)
    }

    @Test func usersCannotSetFloorsOrLogging() {
        userFile("max-attempts = 99\n")
        #expect(throws: GateError.configuration(folder + "/config/shapelygate/config:1: 'max-attempts' may be set only in the system file")) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
    }

    @Test func anUnreadableSystemFileIsAnError() {
        mkdir(system, 0o755)
        #expect(throws: GateError.configuration("\(system): is a directory")) {
            try settle([], environment: environment, systemConfig: system, systemConfigOwner: getuid())
        }
    }

    @Test func theLogLineNamesUserTerminalOutcomeAndCommand() {
        let path = folder + "/audit.log"
        var policy = Policy()
        policy.logFile = path
        let log = AuditLog(policy: policy, user: "ann", terminal: "/dev/pts/9", command: ["apt", "upgrade"])
        log.record(.denied(.timeExpired), warn: { _ in })
        log.record(.passed(.board), warn: { _ in })
        let text = readText(path)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("user=ann tty=/dev/pts/9 outcome=denied reason=time-expired command='apt upgrade'") == true)
        #expect(lines.last?.contains("outcome=passed") == true)
        // A log that cannot be written brings one warning and nothing else: no folder is
        // made for it, and the log that could be written is left as it was.
        policy.logFile = folder + "/missing/audit.log"
        var warnings: [String] = []
        AuditLog(policy: policy, user: "ann", terminal: "x", command: []).record(.passed(.board)) { warnings.append($0) }
        #expect(warnings == ["shapelygate: cannot write log-file \(folder)/missing/audit.log: No such file or directory\n"])
        #expect(access(folder + "/missing", F_OK) != 0)
        #expect(readText(path) == text)
    }
}

/// What the store holds in `folder`, read the way the gate reads it.
func storedState(_ folder: String) -> StoredState {
    let store = StateStore(folder: folder)
    switch store.withLock({ store.read(in: $0) }) {
    case .success(let state): return state
    case .failure(let failure): return .unreadable("\(failure)")
    }
}

@Suite(.serialized) struct StateStoreTests {
    @Test func lockedAfterDenialOpenAfterPass() {
        let folder = temporaryFolder()
        let store = StateStore(folder: folder + "/shapelygate")
        let lockout = Lockout(cooldown: 60, store: store)
        let strings = GateStrings(language: "en")
        #expect(lockout.check(strings) == .open)
        _ = lockout.record(passed: false)
        guard case .denied(let message) = lockout.check(strings) else { Issue.record("not locked"); return }
        #expect(message.hasPrefix("locked after a denial: try again in "))
        _ = lockout.record(passed: false)
        guard case .state(let state) = storedState(folder + "/shapelygate") else { Issue.record("no state"); return }
        #expect(state.denials == 2 && state.duration == 120)
        _ = lockout.record(passed: true)
        #expect(storedState(folder + "/shapelygate") == StoredState.none)
    }

    @Test func aDamagedStateLocksForOneCooldownAndSaysHowToClearIt() {
        let folder = temporaryFolder()
        mkdir(folder + "/shapelygate", 0o700)
        writeFile(folder + "/shapelygate/lockout", "not a state\n")
        let lockout = Lockout(cooldown: 45, store: StateStore(folder: folder + "/shapelygate"))
        #expect(lockout.check(GateStrings(language: "en"))
                == .denied("\(folder)/shapelygate/lockout was damaged: locked for 45 s; remove it to clear the lockout"))
        guard case .state(let state) = storedState(folder + "/shapelygate") else { Issue.record("not rewritten"); return }
        #expect(state.duration == 45)
    }

    @Test func concurrentDenialsAreAllCounted() async {
        let folder = temporaryFolder()
        let store = StateStore(folder: folder + "/shapelygate")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = Lockout(cooldown: 1, store: store).record(passed: false) }
            }
        }
        guard case .state(let state) = storedState(folder + "/shapelygate") else { Issue.record("no state"); return }
        #expect(state.denials == 20)
    }
}
