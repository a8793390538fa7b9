// SudoHoldsTests.swift — the plugin against the person it gates: another process of
// theirs tracing the gate, a program that merely exits 0, a gate they could swap or
// read, job control from their shell, a gate killed under sudo, a command line too
// long to show. Real sudo in the mount-namespace harness (SudoHarness.swift).

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The settings a new pseudo-terminal starts with: what every run's terminal had
/// before sudo started, and must have again after it.
let freshTerminalSettings: termios = {
    let (master, _) = openPseudoTerminal()
    defer { close(master) }
    var settings = termios()
    tcgetattr(master, &settings)
    return settings
}()

/// The settings of the run's terminal now (on Linux a pseudo-terminal's master reports
/// its slave's).
func terminalSettings(_ run: SudoRun) -> termios {
    var settings = termios()
    tcgetattr(run.pty.master, &settings)
    return settings
}

func sameTerminalSettings(_ a: termios, _ b: termios) -> Bool {
    a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
}

/// Whether the output, after its last switch to the alternate screen, switches back.
func leftTheAlternateScreen(_ text: String) -> Bool {
    guard let entered = text.ranges(of: "\u{1B}[?1049h").last else { return true }
    return text[entered.upperBound...].contains("\u{1B}[?1049l")
}

/// What `argv` prints, run as `user` (setpriv), without a terminal.
func runAs(_ user: String, _ argv: [String]) -> String {
    guard let (uid, gid) = account(user) else { return "no account \(user)" }
    let run = startProcess([tool("setpriv")!, "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups"] + argv, terminal: false)
    run.finish(timeout: 20)
    return run.errorText
}

let stracePresent = tool("strace") != nil

@Suite("sudo with the approval plugin holds against the gated user", .serialized,
       .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct SudoHoldsTests {
    @Test(.enabled(if: stracePresent, "needs strace"))
    func anotherProcessOfTheUserCannotTraceOrReachTheGate() throws {
        let oracle = BoardOracle(seed: 5)
        let run = SudoRun(options: "users=nobody path=\(Gates.installed) seed=5 timeout=60", user: "nobody")
        #expect(run.pty.waitFor("choose 1-8"))
        let gate = try #require(processID(of: "shapelygate", inSession: run.pty.pid))
        let traced = runAs("nobody", [tool("timeout")!, "-s", "INT", "5", tool("strace")!, "-e", "trace=none", "-p", "\(gate)"])
        #expect(traced.contains("Operation not permitted") && !traced.contains("attached"), "\(traced)")
        let listed = runAs("nobody", [tool("ls")!, "/proc/\(gate)/fd/"])
        #expect(listed.contains("Permission denied"), "\(listed)")
        let memory = runAs("nobody", [tool("head")!, "-c", "1", "/proc/\(gate)/mem"])
        #expect(memory.contains("Permission denied"), "\(memory)")
        run.pty.type("\(oracle.right)\r")
        #expect(run.pty.finish() == .exited(0))
        #expect(run.ran)
    }

    @Test func aProgramThatIsNotTheJudgeApprovesNothing() {
        let run = SudoRun(options: "users=root path=\(Gates.alwaysTrue)")
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(run.pty.screenText.contains("shapelygate: \(Gates.alwaysTrue) --sudo-judge gave no answer; path= must name the shapelygate program"))
    }

    @Test(arguments: [
        (Gates.inOpenFolder, "the gate \(Gates.inOpenFolder) lies in /mnt/open, which must be a folder owned by root and writable by root only"),
        (Gates.behindUsersLink, "the gate \(Gates.behindUsersLink) lies in /mnt/nobody, which must be a folder owned by root and writable by root only"),
        (Gates.readable, "the gate \(Gates.readable) must be a file owned by root, mode 0711: not readable or writable by group or others"),
        (Gates.script, "the gate \(Gates.script) is a script; path= must name the shapelygate program itself"),
        ("/mnt/none", "option path=/mnt/none: no such file"),
    ])
    func aGateTheUserCouldSwapOrReadIsRefused(path: String, message: String) {
        let run = SudoRun(options: "users=root path=\(path)")
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(run.pty.screenText.contains("shapelygate: \(message)"), "\(run.pty.screenText)")
        #expect(!run.pty.screenText.contains("Parental Gate"))
    }

    @Test func aLinkInRootsFoldersIsFollowed() {
        // /mnt/shapelygate reached through a link root made, in a folder of root's.
        let run = SudoRun(options: "users=root path=/mnt/../mnt/shapelygate timeout=1")
        #expect(run.pty.waitFor("Parental Gate"))
        #expect(run.pty.finish() == .exited(1))
        #expect(run.pty.screenText.contains("shapelygate: not approved, the command was not run"))
    }

    @Test(arguments: ["SIGKILL", "SIGRTMIN+3", "SIGSEGV", "SIGABRT"])
    func aGateKilledUnderSudoLeavesTheTerminalAsItWas(signalName: String) throws {
        let number: Int32 = switch signalName {
        case "SIGKILL": SIGKILL
        case "SIGSEGV": SIGSEGV
        case "SIGABRT": SIGABRT
        default: __libc_current_sigrtmin() + 3
        }
        let run = SudoRun(options: gated())
        #expect(run.pty.waitFor("choose 1-8"))
        #expect(!sameTerminalSettings(terminalSettings(run), freshTerminalSettings), "the gate's own settings")
        let gate = try #require(processID(of: "shapelygate", inSession: run.pty.pid))
        kill(gate, number)
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(run.pty.screenText.contains("shapelygate: the gate was interrupted, the command was not run"))
        #expect(sameTerminalSettings(terminalSettings(run), freshTerminalSettings), "terminal left changed")
        #expect(leftTheAlternateScreen(run.pty.screenText))
    }

    @Test func aCommandLineTooLongForAnyScreenIsDeniedNotCut() {
        let touch = tool("touch") ?? "/usr/bin/touch"
        let long = "/nonexistent/" + String(repeating: "a", count: 16_100)
        let run = SudoRun(options: gated(), sudoArguments: [touch, long])
        #expect(run.pty.finish() == .exited(1))
        #expect(run.pty.screenText.contains("shapelygate: what a pass would allow is too long to show on a screen ("
                                            + "\(touch.count + 1 + long.count + " (keeps LANG TERM)".count) characters, 16000 at most): denied"))
        #expect(!run.pty.screenText.contains("Parental Gate"))
        #expect(!run.ran)
    }

    @Test func aLongCommandLineThatFitsIsShownWhole() {
        let touch = tool("touch") ?? "/usr/bin/touch"
        let last = "/tmp/" + String(repeating: "b", count: 600) + "/HIDDEN"
        let run = SudoRun(options: gated(), sudoArguments: [touch, last])
        #expect(run.pty.waitFor("choose 1-8"))
        #expect(run.pty.screenText.contains("HIDDEN"))
        run.pty.type("\u{3}")
        #expect(run.pty.finish() == .exited(1))
    }

    /// A session that began before the child was put in the gated group still meets the
    /// board: sudo reports the session's groups, /etc/group says who is in it today.
    @Test func aChildPutInTheGroupSinceTheSessionBeganIsGated() throws {
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n",
                                                 pluginOptions: "groups=kids path=\(Gates.installed) seed=1 timeout=60", users: ["kid"]))
        let pty = space.run("""
            groupadd -g 2011 kids
            useradd -M -N -g users -G kids -u 2001 kid
            setpriv --reuid=2001 --regid=100 --groups=100 sudo /usr/bin/touch '\(space.folder)/ran'
            echo status-$?
            """)
        #expect(pty.waitFor("choose 1-8"), "\(pty.screenText)")
        pty.type("\u{3}")
        #expect(pty.waitFor("status-1"), "\(pty.screenText)")
        #expect(!exists(space.folder + "/ran"))
    }
}

/// Job control from the person's own shell: an interactive bash on the run's terminal.
@Suite("sudo with the approval plugin under a job-control shell", .serialized,
       .enabled(if: sudoUnavailable == nil && tool("bash") != nil, "\(sudoUnavailable ?? "needs bash")"))
struct SudoJobControlTests {
    /// Types `command` and waits for the `$ ` prompt after it; false if it never came.
    @discardableResult
    func shell(_ run: SudoRun, _ command: String, until expected: String = "$ ") -> Bool {
        let mark = run.pty.screen.count
        run.pty.type(command + "\r")
        return run.pty.waitFor(expected, after: mark)
    }

    /// The shell's terminal settings, as `stty -g` prints them (the line ends in
    /// `=42.`, which the typed command does not hold).
    func settings(_ run: SudoRun) -> String {
        let mark = run.pty.screen.count
        run.pty.type("echo settings=$(stty -g)=$((6*7)).\r")
        run.pty.waitFor("=42.", after: mark)
        let text = String(decoding: run.pty.screen.dropFirst(mark), as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("settings=") && $0.hasSuffix("=42.") }
        return lines.last.map(String.init) ?? "none"
    }

    /// Starts a gated sudo from the shell and stops it with Ctrl-Z.
    func startAndSuspend(_ run: SudoRun) -> String {
        #expect(run.pty.waitFor("$ "))
        let before = settings(run)
        #expect(before != "none")
        #expect(shell(run, "sudo touch \(run.marker)", until: "choose 1-8"))
        run.pty.type("\u{1a}")
        #expect(run.pty.waitFor("Stopped", after: run.pty.screen.count - 200))
        return before
    }

    /// The shell still reads and runs commands, with the settings it had.
    func shellIsUnharmed(_ run: SudoRun, settingsBefore: String) {
        #expect(shell(run, "echo alive-$((40+2))", until: "alive-42"))
        #expect(settings(run) == settingsBefore)
        #expect(processState(run.pty.pid) != nil, "the shell ended")
    }

    @Test func ctrlZThenBgLeavesTheShellAliveAndFgStillAsks() {
        let oracle = BoardOracle(seed: 7)
        let run = SudoRun(options: gated(seed: 7), shell: true)
        let before = startAndSuspend(run)
        #expect(shell(run, "bg"))
        shellIsUnharmed(run, settingsBefore: before)
        #expect(!run.ran)
        #expect(shell(run, "fg", until: "choose 1-8"))
        let mark = run.pty.screen.count
        run.pty.type("\(oracle.right)\r")
        #expect(run.pty.waitFor("$ ", after: mark))
        #expect(run.ran)
        shellIsUnharmed(run, settingsBefore: before)
    }

    @Test func ctrlZThenKillLeavesTheShellAliveAndRunsNothing() {
        let run = SudoRun(options: gated(seed: 7), shell: true)
        let before = startAndSuspend(run)
        #expect(shell(run, "kill %1"))
        #expect(shell(run, "wait; jobs; echo jobs-done", until: "jobs-done\r\n"))
        shellIsUnharmed(run, settingsBefore: before)
        #expect(!run.ran)
        #expect(waitUntil { processID(of: "shapelygate", inSession: run.pty.pid) == nil }, "the gate outlived sudo")
    }
}

/// `shapelygate --check-sudo-conf`, run where sudo would read the line: a good line is
/// `ok`, a typo is named with its line, a judge that is not this program is refused.
@Suite("Checking sudo.conf before saving it", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct SudoConfCheckTests {
    @Test func aGoodLineIsOkAndSudoWouldGate() throws {
        let space = try #require(PolicyNamespace(policy: "", pluginOptions: "users=root path=\(Gates.installed) timeout=20"))
        let pty = space.run("'\(gatePath)' --check-sudo-conf; echo status-$?")
        #expect(pty.waitFor("status-0"), "\(pty.screenText)")
        #expect(pty.screenText.contains("/etc/sudo.conf:2: ok"))
    }

    @Test(arguments: [
        ("users=root path=\(Gates.installed) timout=20", "/etc/sudo.conf:2: unknown option 'timout' in the sudo.conf Plugin line"),
        ("users=root path=\(Gates.alwaysTrue)", "/etc/sudo.conf:2: path=\(Gates.alwaysTrue) does not answer --version as shapelygate"),
        ("users=root path=\(Gates.readable)", "/etc/sudo.conf:2: the gate \(Gates.readable) must be a file owned by root, mode 0711"),
        ("users=root", "/etc/sudo.conf:2: option path=/usr/bin/shapelygate: no such file"),
    ])
    func eachProblemIsNamedWithItsLineAndTheStatusIsTwo(options: String, message: String) throws {
        if options == "users=root" && exists("/usr/bin/shapelygate") { return }
        let space = try #require(PolicyNamespace(policy: "", pluginOptions: options))
        let pty = space.run("'\(gatePath)' --check-sudo-conf /etc/sudo.conf; echo status-$?")
        #expect(pty.waitFor("status-2"), "\(pty.screenText)")
        #expect(oneLine(pty.screenText).contains("shapelygate: " + message), "\(pty.screenText)")
        #expect(!pty.screenText.contains(": ok"))
    }

    /// `--check` with no file reads the policy file, sudo.conf's line and every PAM stack
    /// naming the module, as the doors will, in a world of the test's own.
    @Test func theCheckReadsEveryDoorAsItsHostWill() throws {
        let space = try #require(PolicyNamespace(policy: "rounds = 2\n", pluginOptions: "users=root path=\(Gates.installed) strict"))
        let stack = [
            "auth requisite \(pamModulePath) person=caller path=\(Gates.installed) strict",
            "auth sufficient \(pamModulePath) person=caller path=\(Gates.installed) kinds=2 strict",
            "auth required \(pamModulePath) path=\(Gates.installed) timout=5",
        ].joined(separator: "\n")
        // The machine's own stacks are covered: only the test's is read.
        let plant = "mount -t tmpfs tmpfs /etc/pam.d\nprintf '%s\\n' '\(stack)'"
        let pty = space.run(plant + " > /etc/pam.d/gated\n'\(gatePath)' --check; echo status-$?")
        #expect(pty.waitFor("status-2"), "\(pty.screenText)")
        let screen = oneLine(pty.screenText)
        for said in ["/etc/shapelygate.conf: ok", "/etc/sudo.conf:2: ok", "/etc/pam.d/gated:1: ok",
                     "shapelygate: /etc/pam.d/gated:2: sufficient: a pass on the board would authenticate alone",
                     "shapelygate: /etc/pam.d/gated:2: kinds=2 becomes 8: strict wins",
                     "shapelygate: /etc/pam.d/gated:3: unknown option 'timout' in the PAM line; did you mean 'timeout'?"] {
            #expect(screen.contains(said), "\(said) in \(pty.screenText)")
        }
        // Each run has its own /etc overlay: the stack is planted again, with its good line only.
        let good = space.run(plant + " | head -1 > /etc/pam.d/gated\n'\(gatePath)' --check; echo status-$?")
        #expect(good.waitFor("status-0"), "\(good.screenText)")
        #expect(!oneLine(good.screenText).contains("shapelygate: /etc"), "\(good.screenText)")
    }

    @Test func aBrokenPolicyIsNamed() throws {
        let space = try #require(PolicyNamespace(policy: "min-rounds = lots\n", pluginOptions: "users=root path=\(Gates.installed)"))
        let pty = space.run("'\(gatePath)' --check-sudo-conf; echo status-$?")
        #expect(pty.waitFor("status-2"), "\(pty.screenText)")
        #expect(oneLine(pty.screenText).contains("shapelygate: /etc/sudo.conf:2: /etc/shapelygate.conf:1: invalid min-rounds 'lots': expected a whole number"))
    }
}
