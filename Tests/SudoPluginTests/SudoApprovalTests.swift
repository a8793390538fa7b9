// SudoApprovalTests.swift — the real sudo, in a private mount namespace, loading the
// built plugin from the build folder with path= at a copy of the built gate in a folder
// of root's (Gates.installed), on a pseudo-terminal.
// Each test checks what the person sees and whether the command really ran (it would
// leave a file behind). `users=root` gates root, who runs these tests.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The gate's options for a test; a seed makes the board known to the test.
func gated(_ extra: String = "", seed: UInt64 = 1) -> String {
    "users=root path=\(Gates.installed) seed=\(seed) timeout=60 \(extra)"
}

@Suite("sudo with the approval plugin", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct SudoApprovalTests {
    @Test func theRightTileRunsTheCommand() {
        let oracle = BoardOracle(seed: 1)
        let run = SudoRun(options: gated(seed: 1))
        #expect(run.pty.waitFor("choose 1-8"))
        #expect(run.pty.screenText.contains("To run: \(tool("touch") ?? "/usr/bin/touch") \(run.marker)"))
        run.pty.type("\(oracle.right)\r")
        #expect(run.pty.finish() == .exited(0))
        #expect(run.ran)
        #expect(run.pty.screenText.contains("Passed."))
        #expect(!run.pty.screenText.contains("shapelygate: "))
    }

    /// A person with a screen reader asks for the words board in their environment; the
    /// system's board= option does not keep the pictures from them.
    /// Read aloud, the words board is a knowledge test a child who cannot read passes:
    /// under sudo only the Plugin line (or the system policy) chooses it.
    @Test func theBoardIsTheLinesNotTheUsersEnvironments() {
        let pictures = SudoRun(options: gated("board=picture", seed: 3), exports: ["SHAPELYGATE_BOARD": "words"])
        #expect(pictures.pty.waitFor("choose 1-8"))
        #expect(!pictures.pty.screenText.contains("Tiles:") && pictures.pty.screenText.contains("\u{1B}[?1049h"),
                "\(pictures.pty.screenText)")
        pictures.pty.type("\u{3}")
        #expect(pictures.pty.finish() == .exited(1))
        let oracle = BoardOracle(seed: 3)
        let words = SudoRun(options: gated("board=words", seed: 3))
        #expect(words.pty.waitFor("choose 1-8"))
        #expect(words.pty.screenText.contains("Tiles:") && !words.pty.screenText.contains("\u{1B}[?1049h"), "\(words.pty.screenText)")
        words.pty.type("\(oracle.right)\r")
        #expect(words.pty.finish() == .exited(0))
        #expect(words.ran)
    }

    @Test func theGateRunsAsTheInvokingUserNotRoot() throws {
        let (uid, gid) = try #require(account("nobody"))
        let oracle = BoardOracle(seed: 5)
        let run = SudoRun(options: "users=nobody path=\(Gates.installed) seed=5 timeout=60", user: "nobody")
        #expect(run.pty.waitFor("choose 1-8"))
        #expect(credentials(of: "shapelygate", inSession: run.pty.pid)
            == ["Uid:\t\(uid)\t\(uid)\t\(uid)\t\(uid)", "Gid:\t\(gid)\t\(gid)\t\(gid)\t\(gid)"])
        run.pty.type("\(oracle.right)\r")
        #expect(run.pty.finish() == .exited(0))
        #expect(run.ran)
    }

    @Test func ctrlCReachesTheGateOnly() {
        let run = SudoRun(options: gated())
        #expect(run.pty.waitFor("choose 1-8"))
        run.pty.type("\u{3}")
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        // sudo itself was not interrupted: it ends on the plugin's denial, not on SIGINT.
        #expect(run.pty.screenText.contains("shapelygate: the gate was interrupted, the command was not run"))
    }

    @Test func ctrlZStopsSudoTooAndBothContinue() {
        let oracle = BoardOracle(seed: 6)
        let run = SudoRun(options: gated(seed: 6))
        #expect(run.pty.waitFor("choose 1-8"))
        run.pty.type("\u{1a}")
        // sudo leads the session here: stopped, it is what a shell would see as the job.
        #expect(waitUntil { processState(run.pty.pid) == "T" })
        let mark = run.pty.screen.count
        kill(-run.pty.pid, SIGCONT)  // what the shell's fg does: the whole process group
        #expect(waitUntil { processState(run.pty.pid) == "S" })
        #expect(run.pty.waitFor("choose 1-8", after: mark))
        run.pty.type("\(oracle.right)\r")
        #expect(run.pty.finish() == .exited(0))
        #expect(run.ran)
    }

    @Test func aWrongTileTwiceDoesNotRunIt() {
        twoWrongTilesDeny(SudoRun(options: gated(seed: 3)), seed: 3)
    }

    /// What a gated user could write in a file of their own to let any guess through.
    static let looseningConfig = "attempts = 99\nno-timeout = yes\n"

    @Test(arguments: [false, true])
    func theUsersOwnConfigurationDoesNotGiveMoreAttempts(exportsConfigHome: Bool) {
        // No attempts= in the Plugin line: the gate's own default of two must hold.
        twoWrongTilesDeny(SudoRun(options: gated(seed: 3), userConfig: Self.looseningConfig,
                                  exportsConfigHome: exportsConfigHome), seed: 3)
    }

    @Test(arguments: [false, true])
    func theUsersOwnConfigurationDoesNotLiftTheTimeLimit(exportsConfigHome: Bool) {
        // No timeout= in the Plugin line: the gate's default limit, with its countdown.
        let run = SudoRun(options: "users=root path=\(Gates.installed) seed=1", userConfig: Self.looseningConfig,
                          exportsConfigHome: exportsConfigHome)
        #expect(run.pty.waitFor("choose 1-8"))
        #expect(run.pty.waitFor("Time left"))
        run.pty.type("\u{3}")
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
    }

    @Test func theCommandLineIsShownWithoutControlCharacters() {
        let touch = tool("touch") ?? "/usr/bin/touch"
        let run = SudoRun(options: gated(), sudoArguments: [touch, "-c", "/nonexistent/a\u{1b}[31mb", "it's"])
        #expect(run.pty.waitFor("choose 1-8"))
        #expect(run.pty.screenText.contains("To run: \(touch) -c $'/nonexistent/a\\x1b[31mb' 'it'\\''s'"))
        #expect(!run.pty.screenText.contains("\u{1b}[31mb"))
        run.pty.type("\u{3}")
        #expect(run.pty.finish() == .exited(1))
        #expect(run.pty.screenText.contains("shapelygate: the gate was interrupted, the command was not run"))
    }

    @Test func runningOutOfTimeDoesNotRunIt() {
        let run = SudoRun(options: "users=root path=\(Gates.installed) timeout=1")
        #expect(run.pty.waitFor("Parental Gate"))
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(run.pty.screenText.contains("shapelygate: not approved, the command was not run"))
    }

    @Test func withoutATerminalItIsDeniedWithAReason() {
        let run = SudoRun(options: gated(), terminal: false)
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(run.pty.errorText.contains("shapelygate: a terminal is required to approve this command"))
        #expect(!run.pty.errorText.contains("Parental Gate"))
    }

    @Test func sudoDashNIsDeniedWithAReason() {
        let run = SudoRun(options: gated(), sudoArguments: ["-n", tool("touch") ?? "/usr/bin/touch", temporaryFolder() + "/x"])
        #expect(run.pty.finish() == .exited(1))
        #expect(run.pty.screenText.contains("shapelygate: a person must approve this command, and sudo -n asks no one"))
        #expect(!run.pty.screenText.contains("Parental Gate"))
    }

    @Test func sudoInTheBackgroundIsDeniedWithAReason() {
        let run = SudoRun(options: gated(), background: true)
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(run.pty.screenText.contains("shapelygate: sudo must be in the foreground to ask for approval"))
        #expect(!run.pty.screenText.contains("Parental Gate"))
    }

    @Test func anUngatedUserRunsWithoutABoard() {
        let run = SudoRun(options: "users=nobody groups=nogroup path=\(Gates.installed)")
        #expect(run.pty.finish() == .exited(0))
        #expect(run.ran)
        #expect(!run.pty.screenText.contains("Parental Gate"))
    }

    @Test func anUngatedCommandRunsWithoutABoard() {
        let run = SudoRun(options: "users=root commands=/usr/sbin/reboot,/nonexistent/folder/ path=\(Gates.installed)")
        #expect(run.pty.finish() == .exited(0))
        #expect(run.ran)
        #expect(!run.pty.screenText.contains("Parental Gate"))
    }

    @Test func aCommandInAListedFolderIsGated() {
        // touch is in /usr/bin; /bin is the same folder on merged-/usr systems, and the
        // plugin resolves folders, so either spelling gates it.
        for folder in ["/usr/bin", "/bin/"] {
            let run = SudoRun(options: gated("commands=/usr/sbin/reboot,\(folder)"))
            #expect(run.pty.waitFor("choose 1-8"), "commands=\(folder)")
            run.pty.type("\u{3}")
            #expect(run.pty.finish() != .exited(0))
            #expect(!run.ran)
        }
    }

    @Test func aGroupMemberIsGated() {
        let run = SudoRun(options: "groups=nogroup,root path=\(Gates.installed) timeout=1")
        #expect(run.pty.waitFor("Parental Gate"))
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
    }

    @Test(arguments: [
        ("users=root timout=5 path=\(Gates.installed)", "shapelygate: unknown option 'timout' in the sudo.conf Plugin line"),
        ("users=root timeout=0 path=\(Gates.installed)", "shapelygate: invalid timeout=0: expected a whole number 1-3600"),
        ("path=bin/shapelygate", "shapelygate: option path= needs a full path, starting with /"),
        ("users=no-such-user-here path=\(Gates.installed)", "shapelygate: option users= names an unknown user 'no-such-user-here'"),
    ])
    func aBadOptionStopsSudoWithThePluginsMessage(options: String, message: String) {
        let run = SudoRun(options: options)
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(run.pty.screenText.contains(message))
        #expect(!run.pty.screenText.contains("Parental Gate"))
    }

    /// Without path= the door opens /usr/bin/shapelygate: missing here, sudo stops with
    /// the walk's message; installed (the .deb), whatever it is, nothing runs unasked.
    @Test func withoutPathTheDoorOpensTheInstalledProgram() {
        let run = SudoRun(options: "users=root timeout=1")
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        if !exists("/usr/bin/shapelygate") {
            #expect(run.pty.screenText.contains("shapelygate: option path=/usr/bin/shapelygate: no such file"))
            #expect(!run.pty.screenText.contains("Parental Gate"))
        }
    }

    @Test func sudoDashVShowsThePluginsVersionWhichIsTheGates() {
        let source = readText(packageRoot + "/Sources/ShapelyGatePolicy/Version.swift")
        let marker = source.firstRange(of: "static let number = \"")
        let version = marker.map { source[$0.upperBound...].prefix { $0 != "\"" } } ?? "?"
        let run = SudoRun(options: gated(), sudoArguments: ["-V"])
        #expect(run.pty.finish() == .exited(0))
        #expect(run.pty.screenText.contains("shapelygate approval plugin version \(version)\r\n"), "\(run.pty.screenText)")
    }

    @Test func aGateThatIsNotRootsOwnIsRefused() {
        let folder = temporaryFolder()
        defer { unlink(folder + "/gate"); rmdir(folder) }
        writeFile(folder + "/gate", "#!/bin/sh\nexit 0\n", mode: 0o777)
        let run = SudoRun(options: "users=root path=\(folder)/gate")
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        // mkdtemp's folders are in /tmp, which anyone can write.
        #expect(run.pty.screenText.contains("shapelygate: the gate \(folder)/gate lies in /tmp, which must be a folder owned by root and writable by root only"))
    }
}

/// Two wrong tiles on the board `seed` deals: denied, and the command never runs.
func twoWrongTilesDeny(_ run: SudoRun, seed: UInt64, leavesNo marker: String? = nil) {
    var oracle = BoardOracle(seed: seed)
    #expect(run.pty.waitFor("choose 1-8"))
    let wrong = oracle.wrong
    oracle.play(wrong)
    let mark = run.pty.screen.count
    run.pty.type("\(wrong)\r")
    #expect(run.pty.waitFor("Last try.", after: mark))
    run.pty.type("\(oracle.wrong)\r")
    #expect(run.pty.finish() == .exited(1))
    #expect(!run.ran)
    if let marker { #expect(!exists(marker)) }
    #expect(run.pty.screenText.contains("shapelygate: not approved, the command was not run"))
}
