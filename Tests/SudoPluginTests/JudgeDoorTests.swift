// JudgeDoorTests.swift — what a parent approves is what runs, and the judge trusts only
// its own door, with the real sudo (SudoHarness.swift, PolicyNamespace.swift) and with a
// judge started by hand: every variable sudo hands the command is on the board however
// the person asked for it; a judge not started by a door, or by a door of another
// protocol, refuses before it shows or records anything; a judge killed at the board
// leaves the terminal as it was.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The judge, started by this process on a socket pair of its own (as a door starts it),
/// or, with `input`, on that descriptor instead; `environment` is its whole environment.
/// Sends `message` (entries already ended) and returns the judge's answer, its status
/// and what it wrote on standard error. `detached` puts a shell between this process and
/// the judge, which it leaves behind: the judge's parent is then not the socket's maker.
func startJudgeByHand(_ flag: String, message: [UInt8], environment: [String] = [], pipeInput: Bool = false,
                      detached: Bool = false) -> (answer: [UInt8], status: Int32, errors: String) {
    var ends: [Int32] = [-1, -1]
    if pipeInput { _ = pipe(&ends) } else { _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) }
    let errors = temporaryFile("")
    defer { unlink(errors) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let judgeEnd = pipeInput ? ends[0] : ends[1], ours = pipeInput ? ends[1] : ends[0]
    posix_spawn_file_actions_adddup2(&actions, judgeEnd, 0)
    posix_spawn_file_actions_adddup2(&actions, judgeEnd, 1)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, ours)
    // Detached: a shell in between, so the judge's parent is not the socket's maker.
    let argv = detached ? ["/bin/sh", "-c", "exec 3<&0; '\(tool("env") ?? "/usr/bin/env")' -i \"$0\" \"$1\" <&3 3<&- & exit 0", gatePath, flag]
        : [gatePath, flag]
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup($0) } + [nil]
    defer { (cArguments + cEnvironment).forEach { free($0) } }
    // This process's threads block signals; the judge starts with none blocked, as a door starts it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    // The message is in the link before the judge starts (it is small): a judge that
    // refuses and ends at once cannot make this process write to a closed link (SIGPIPE).
    _ = message.withUnsafeBytes { write(ours, $0.baseAddress, $0.count) }
    if !pipeInput { shutdown(ours, Int32(SHUT_WR)) }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
    close(judgeEnd)
    if pipeInput { close(ours) }
    guard spawned == 0 else { return ([], -1, "no spawn") }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !pipeInput {
        let count = buffer.withUnsafeMutableBytes { read(ours, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        answer += buffer[0..<count]
    }
    if !pipeInput { close(ours) }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (answer, (status >> 8) & 0xff, readText(errors))
}

/// Entries as the protocol writes them: a kind byte, the text, a NUL; and the empty entry.
func entries(_ list: [(Character, String)]) -> [UInt8] {
    list.flatMap { Array(String($0.0).utf8) + Array($0.1.utf8) + [0] } + [0]
}

let judgeByHandUnavailable: String? = runningAsRoot ? (exists(gatePath) ? nil : "needs the built gate (\(gatePath))")
    : "needs root: the judge runs only as root"

@Suite("A judge started by hand", .serialized, .enabled(if: judgeByHandUnavailable == nil, "\(judgeByHandUnavailable ?? "")"))
struct JudgeByHandTests {
    let opening = entries([("p", "2"), ("V", "1.15"), ("P", "/usr/bin/shapelygate"), ("O", "users=nobody")])

    @Test(arguments: ["--sudo-judge", "--pam-judge"])
    func aJudgeOnAPipeIsRefusedBeforeItReadsAnything(flag: String) {
        let run = startJudgeByHand(flag, message: opening, pipeInput: true)
        #expect(run.status == 2)
        #expect(run.errors.contains("shapelygate: \(flag) is started by") && run.errors.contains("standard input is not a socket"),
                "\(run.errors)")
    }

    @Test(arguments: ["--sudo-judge", "--pam-judge"])
    func aJudgeWithAnEnvironmentIsRefused(flag: String) {
        let run = startJudgeByHand(flag, message: opening, environment: ["SUDO_USER=kid"])
        #expect(run.status == 2 && run.answer.isEmpty)
        #expect(run.errors.contains("its environment is not the empty one"), "\(run.errors)")
    }

    @Test func aSocketThatIsNotTheParentsIsRefused() {
        let run = startJudgeByHand("--sudo-judge", message: opening, detached: true)
        #expect(run.answer.isEmpty, "the judge answered a stranger's socket")
        #expect(run.errors.contains("the socket on standard input is not its parent's"), "\(run.errors)")
    }

    @Test(arguments: ["--sudo-judge", "--pam-judge"])
    func aDoorOfAnotherProtocolIsRefusedNamingBothVersions(flag: String) {
        let run = startJudgeByHand(flag, message: entries([("p", "7"), ("P", "/usr/bin/shapelygate")]))
        let answer = String(decoding: run.answer, as: UTF8.self)
        #expect(answer.hasPrefix("D-1\0") || answer.contains("\0D-1\0"), "\(answer.debugDescription)")
        #expect(answer.contains("the door speaks protocol 7 and this program protocol 2"), "\(answer.debugDescription)")
        #expect(run.status == 2)
        // The doors before the protocol had a number: no version first.
        let old = startJudgeByHand(flag, message: entries([("V", "1"), ("P", "/usr/bin/shapelygate")]))
        #expect(String(decoding: old.answer, as: UTF8.self).contains("older protocol (1) and this program protocol 2"))
    }
}

@Suite("sudo: what runs is what is shown, and the judge trusts only its door", .serialized,
       .enabled(if: sudoUnavailable == nil && tool("bash") != nil, "\(sudoUnavailable ?? "needs bash")"))
struct JudgeDoorTests {
    /// Every way a person's variable reaches the command: sudo's prefixes of
    /// --preserve-env, -E, a VAR= word, and an env_keep line in sudoers.
    @Test(arguments: [
        (["--preserve-e=APT_CONFIG"], ""),
        (["--preserve-en=APT_CONFIG"], ""),
        (["--preserve-env=APT_CONFIG"], ""),
        (["-E"], ""),
        (["APT_CONFIG=/tmp/x/apt.conf"], ""),
        ([], "Defaults env_keep += \"APT_CONFIG\""),
    ])
    func aVariableThePersonPassesIsOnTheBoard(options: [String], sudoers: String) {
        let touch = tool("touch") ?? "/usr/bin/touch"
        let run = SudoRun(options: gated(), sudoArguments: options + [touch, temporaryFolder() + "/ran"],
                          exports: ["APT_CONFIG": "/tmp/x/apt.conf"], sudoersLines: sudoers)
        #expect(run.pty.waitFor("choose 1-8"), "\(run.pty.screenText)")
        let seen = seenAsOneLine(run.pty)
        #expect(seen.contains("APT_CONFIG=/tmp/x/apt.conf"), "\(seen)")
        #expect(seen.contains("(keeps LANG TERM)"), "\(seen)")
        run.pty.type("\u{3}")
        #expect(run.pty.finish() == .exited(1))
    }

    /// Values that lead somewhere else for the command than for the judge, or that a
    /// VAR= word lets past sudo's own check: each spelt out.
    @Test(arguments: ["PATH=/proc/self/cwd:/usr/bin:/bin", "TZ=/tmp/x/zone", "LANGUAGE=../../../tmp/x"])
    func aValueThatCouldBeThePersonsIsSpeltOut(word: String) {
        let touch = tool("touch") ?? "/usr/bin/touch"
        let run = SudoRun(options: gated(), sudoArguments: [word, touch, temporaryFolder() + "/ran"])
        #expect(run.pty.waitFor("choose 1-8"), "\(run.pty.screenText)")
        #expect(seenAsOneLine(run.pty).contains("To run: \(word) \(touch)"), "\(seenAsOneLine(run.pty))")
        run.pty.type("\u{3}")
        #expect(run.pty.finish() == .exited(1))
    }

    /// A person the line does not gate runs as long a command as sudo itself takes: the
    /// door's messages hold any command line Linux starts a program with.
    @Test func aLongCommandOfSomeoneNotGatedRuns() {
        let words = (0..<9).map { _ in String(repeating: "x", count: 120_000) }
        let run = SudoRun(options: "users=nobody path=\(Gates.installed)", sudoArguments: ["/bin/true"] + words)
        #expect(run.pty.finish() == .exited(0), "\(run.pty.screenText.prefix(300))")
    }

    /// A rule that leaves the program itself ungated: the child runs the judge through
    /// sudo, by hand, with made-up facts on a pipe and on the terminal. Refused, and no
    /// record says sudo-plugin.
    @Test func theChildCannotDriveAJudgeThroughAnUngatedRule() throws {
        try #require(account("nobody") != nil)
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n", pluginOptions: "users=nobody commands=/usr/bin/apt path=\(Gates.installed)",
                                                 users: ["nobody"]))
        let forged = "p2\\0V1.15\\0Ousers=nobody\\0Uuser=nobody\\0\\0"
        let pty = space.run("""
            setpriv --reuid=nobody --regid=65534 --clear-groups sh -c "printf '\(forged)' | sudo \(Gates.installed) --sudo-judge; echo status-\\$?"
            setpriv --reuid=nobody --regid=65534 --clear-groups sudo \(Gates.installed) --pam-judge </dev/tty; echo status2-$?
            """)
        #expect(pty.waitFor("status2-"), "\(pty.screenText)")
        #expect(pty.waitFor("status-2") && pty.waitFor("status2-2"), "\(pty.screenText)")
        #expect(oneLine(pty.screenText).contains("shapelygate: --sudo-judge is started by the sudo plugin only"), "\(pty.screenText)")
        #expect(oneLine(pty.screenText).contains("shapelygate: --pam-judge is started by the PAM module only"))
        #expect(!pty.screenText.contains("Parental Gate"))
        #expect(space.records().isEmpty, "a record of a forged judge")
    }

    /// The judge killed at the board: sudo's door puts the terminal's settings back and
    /// leaves the board's screen, and says the command was not run.
    @Test func aJudgeKilledAtTheBoardLeavesTheTerminalAsItWas() throws {
        let run = SudoRun(options: gated())
        #expect(run.pty.waitFor("choose 1-8"))
        #expect(!sameTerminalSettings(terminalSettings(run), freshTerminalSettings), "the gate's own settings")
        let judge = try #require(judgeProcess(inSession: run.pty.pid))
        kill(judge, SIGKILL)
        #expect(run.pty.finish() == .exited(1))
        #expect(!run.ran)
        #expect(oneLine(run.pty.screenText).contains("shapelygate: the judge ended without a decision, the command was not run"))
        #expect(sameTerminalSettings(terminalSettings(run), freshTerminalSettings), "terminal left changed")
        #expect(leftTheAlternateScreen(run.pty.screenText), "left on the alternate screen")
    }
}

/// The judge (`--sudo-judge`) in session `session`.
func judgeProcess(inSession session: pid_t) -> pid_t? {
    guard let folder = opendir("/proc") else { return nil }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
        let text = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        guard let pid = Int32(text), readText("/proc/\(pid)/cmdline").contains("--sudo-judge") else { continue }
        let stat = readText("/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")") else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 3, Int32(fields[3]) == session { return pid }
    }
    return nil
}
