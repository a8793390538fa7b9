// HostileInputTests.swift — text, files and folders from outside, turned against the
// gate: escapes and forged log lines, a state folder that is a link or someone else's,
// state files that would make the arithmetic trap, FIFOs, and a lock held for ever.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
@testable import ShapelyGateScreen
import ShapelyGateSystem

#if canImport(Glibc)
import Glibc
#endif

@Suite struct VisibleTextTests {
    @Test func everyControlAndBidiScalarBecomesVisible() {
        let hostile = "a\u{1B}]52;c;aGk=\u{07}b\u{1B}[2Jc\r\u{8}\u{9B}6n\u{7F}\u{202E}d\u{2028}e\u{2066}"
        let shown = Visible.screen(hostile)
        #expect(!shown.unicodeScalars.contains { Visible.isDangerous($0) })
        #expect(shown == "a\\x1b]52;c;aGk=\\x07b\\x1b[2Jc\\x0d\\x08\\x9b6n\\x7f\\u202ed\\u2028e\\u2066")
        #expect(Visible.screen("line\nbreak\tand tab") == "line break and tab")
        #expect(Visible.screen("plain é ☺ text") == "plain é ☺ text")
        #expect(Visible.screen("a\u{200B}b\u{AD}c\u{FEFF}") == "a\\u200bb\\xadc\\ufeff")
    }

    @Test func aLogFieldEscapesTheBackslashSoEscapesAreUnambiguous() {
        #expect(Visible.log("C:\\x1b\u{1B}") == "C:\\\\x1b\\x1b")
    }

    @Test func commandWordsKeepTheirBoundaries() {
        #expect(Visible.commandLine(["a b", "c"]) == "'a b' c")
        #expect(Visible.commandLine(["a", "b c"]) == "a 'b c'")
        #expect(Visible.commandLine(["it's", ""]) == "'it'\\''s' ''")
        #expect(Visible.commandLine(["x\r\ny"]) == "$'x\\r\\ny'")
        // A quote followed by a combining mark is still a quote that must be escaped.
        #expect(Visible.shellWord("'\u{301}") == "''\\''\u{301}'")
    }
}

@Suite struct AuditLineTests {
    func line(_ command: [String], purpose: String? = nil) -> String {
        AuditLog(policy: Policy(), user: "ann", terminal: "/dev/pts/1", command: command, purpose: purpose).line(.denied(.timeExpired))
    }

    @Test func aCommandCannotForgeASecondLine() {
        let forged = line(["echo", "x\r\n2026-01-01T00:00:00Z shapelygate[1]: user=root tty=/dev/pts/1 outcome=passed"])
        #expect(!forged.unicodeScalars.contains { $0 == "\n" || $0 == "\r" })
        #expect(forged.hasSuffix("command='echo $'\\''x\\r\\n2026-01-01T00:00:00Z shapelygate[1]: user=root tty=/dev/pts/1 outcome=passed'\\'''"))
    }

    @Test func wordsOfTheCommandAreNotFieldsOfTheLine() {
        let text = line(["apt", "install", "x", "outcome=passed", "user=root"])
        #expect(text.hasSuffix(" command='apt install x outcome=passed user=root'"))
        // Split as a shell would, then last key wins: the gate's own fields stand.
        var fields: [String: String] = [:]
        for word in shellWords(text) {
            guard let equals = word.firstIndex(of: "=") else { continue }
            fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        #expect(fields["outcome"] == "denied")
        #expect(fields["user"] == "ann")
        #expect(fields["command"] == "apt install x outcome=passed user=root")
        #expect(shellWords(fields["command"]!) == ["apt", "install", "x", "outcome=passed", "user=root"])
    }

    /// POSIX word splitting with single quotes, which is all an audit line uses outside $'...'.
    func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in text {
            if quoted {
                if character == "'" { quoted = false } else { current!.append(character) }
            } else if character == "'" {
                quoted = true
                current = current ?? ""
            } else if character == " " {
                if let word = current { words.append(word) }
                current = nil
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    @Test func escapesFromEveryFieldAreVisible() {
        let text = line(["printf", "\u{1B}]0;owned\u{07}\u{0B}\u{0C}\u{2028}\u{202E}"], purpose: "apt\u{1B}[2J")
        #expect(!text.unicodeScalars.contains { Visible.isDangerous($0) })
        #expect(text.contains("for=$'apt\\x1b[2J'"))
    }

    @Test func argumentBoundariesSurvive() {
        #expect(line(["a b", "c"]) != line(["a", "b c"]))
    }

    @Test func anUnwritableLogWarnsOnceAndAFIFODoesNotHang() {
        let folder = temporaryFolder()
        #expect(mkfifo(folder + "/fifo.log", 0o600) == 0)
        for path in ["/nonexistent/folder/audit.log", folder + "/fifo.log"] {
            var policy = Policy()
            policy.logFile = path
            var warnings: [String] = []
            let log = AuditLog(policy: policy, user: "ann", terminal: "x", command: [])
            log.record(.passed(.board)) { warnings.append($0) }
            #expect(warnings.count == 1)
            #expect(warnings.first?.hasPrefix("shapelygate: cannot write log-file \(path): ") == true)
        }
    }

    @Test func aLogFileThatIsASymlinkIsNotFollowed() {
        let folder = temporaryFolder()
        symlink(folder + "/target", folder + "/audit.log")
        var policy = Policy()
        policy.logFile = folder + "/audit.log"
        var warnings: [String] = []
        let log = AuditLog(policy: policy, user: "ann", terminal: "x", command: [])
        log.record(.passed(.board)) { warnings.append($0) }
        #expect(access(folder + "/target", F_OK) != 0)
        #expect(warnings == ["shapelygate: cannot write log-file \(folder)/audit.log: it is a symbolic link\n"])
    }
}

@Suite struct SystemLogTests {
    /// A datagram socket bound in a temporary folder, standing in for /dev/log.
    func logger() -> (path: String, fd: Int32) {
        let path = temporaryFolder() + "/log"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(bound == 0, "cannot bind \(path)")
        return (path, fd)
    }

    @Test func aLineGoesOutInTheSystemLogsFormat() {
        let (path, fd) = logger()
        defer { close(fd) }
        #expect(Platform.sendToSystemLog("user=ann outcome=passed", priority: LOG_INFO, ident: "shapelygate", socketPath: path))
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(fd, &buffer, buffer.count, 0)
        let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        #expect(text.hasPrefix("<\(LOG_AUTHPRIV | LOG_INFO)>"))
        #expect(text.hasSuffix(" shapelygate[\(getpid())]: user=ann outcome=passed"))
    }

    @Test func aLoggerThatStoppedReadingNeverHoldsTheGate() {
        let (path, fd) = logger()
        defer { close(fd) }
        // Fill the logger's queue until it takes no more, then one more line.
        var sent = 0
        while Platform.sendToSystemLog(String(repeating: "x", count: 1000), priority: LOG_INFO, ident: "t", socketPath: path),
              sent < 100_000 { sent += 1 }
        let start = monotonicSeconds()
        #expect(!Platform.sendToSystemLog("one more", priority: LOG_NOTICE, ident: "t", socketPath: path))
        #expect(monotonicSeconds() - start < 1)
    }
}

func monotonicSeconds() -> Double { Platform.monotonicSeconds() }

@Suite(.serialized) struct StateFolderTests {
    let strings = GateStrings(language: "en")

    @Test func aSymlinkedStateFolderIsRefusedAndItsTargetUntouched() {
        let home = temporaryFolder()
        let elsewhere = temporaryFolder()
        writeFile(elsewhere + "/lockout", "precious\n")
        symlink(elsewhere, home + "/shapelygate")
        let lockout = Lockout(cooldown: 30, store: StateStore(folder: home + "/shapelygate"))
        guard case .denied(let message) = lockout.check(strings) else { Issue.record("not refused"); return }
        #expect(message == "\(home)/shapelygate is not a real folder (a symbolic link?): remove it so the gate can make its own")
        _ = lockout.record(passed: true)
        #expect(readText(elsewhere + "/lockout") == "precious\n")
        #expect(access(elsewhere + "/lockout.lock", F_OK) != 0)
    }

    @Test(.enabled(if: runningAsRoot, "needs root to give a link to another user"))
    func anotherUsersLinkOnTheWayIsNotFollowed() {
        let home = temporaryFolder()
        let elsewhere = temporaryFolder()
        mkdir(home + "/.local", 0o755)
        symlink(elsewhere, home + "/.local/state")
        lchown(home + "/.local/state", 65534, 65534)
        let lockout = Lockout(cooldown: 30, store: StateStore(folder: home + "/.local/state/shapelygate"))
        guard case .denied(let message) = lockout.check(strings) else { Issue.record("not refused"); return }
        #expect(message.hasPrefix("\(home)/.local/state is a symbolic link that belongs to uid 65534: "))
        #expect(access(elsewhere + "/shapelygate", F_OK) != 0, "root created a folder through the user's link")
    }

    @Test func ownLinksOnTheWayAreFollowed() {
        let home = temporaryFolder()
        let elsewhere = temporaryFolder()
        mkdir(home + "/.local", 0o755)
        symlink(elsewhere, home + "/.local/state")
        let lockout = Lockout(cooldown: 30, store: StateStore(folder: home + "/.local/state/shapelygate"))
        #expect(lockout.check(strings) == .open)
        #expect(access(elsewhere + "/shapelygate", F_OK) == 0)
    }

    @Test func aLinkedLockFileIsNotFollowed() {
        let home = temporaryFolder()
        let elsewhere = temporaryFolder()
        mkdir(home + "/shapelygate", 0o700)
        symlink(elsewhere + "/created-by-the-gate", home + "/shapelygate/lockout.lock")
        let lockout = Lockout(cooldown: 30, store: StateStore(folder: home + "/shapelygate"))
        guard case .denied(let message) = lockout.check(strings) else { Issue.record("not refused"); return }
        #expect(message.hasPrefix("cannot open \(home)/shapelygate/lockout.lock: "))
        #expect(access(elsewhere + "/created-by-the-gate", F_OK) != 0)
    }

    @Test func aLinkedStateFileIsNeitherReadNorReplaced() {
        let home = temporaryFolder()
        let elsewhere = temporaryFolder()
        mkdir(home + "/shapelygate", 0o700)
        writeFile(elsewhere + "/victim", "keep me\n")
        symlink(elsewhere + "/victim", home + "/shapelygate/lockout")
        let lockout = Lockout(cooldown: 30, store: StateStore(folder: home + "/shapelygate"))
        guard case .denied(let message) = lockout.check(strings) else { Issue.record("not refused"); return }
        #expect(message == "cannot read \(home)/shapelygate/lockout: it is a symbolic link; fix or remove it to open the gate")
        _ = lockout.record(passed: true)
        #expect(readText(elsewhere + "/victim") == "keep me\n")
    }

    @Test func aFolderOthersCanWriteIsRefusedWithTheFix() {
        let home = temporaryFolder()
        mkdir(home + "/shapelygate", 0o700)
        chmod(home + "/shapelygate", 0o777)
        guard case .denied(let message) = Lockout(cooldown: 30, store: StateStore(folder: home + "/shapelygate")).check(strings) else {
            Issue.record("not refused"); return
        }
        #expect(message == "\(home)/shapelygate can be written by others: run 'chmod go-w \(home)/shapelygate'")
    }

    @Test(.enabled(if: runningAsRoot, "needs root to give a folder to another user"))
    func rootRefusesAUsersFolder() {
        let home = temporaryFolder()
        mkdir(home + "/shapelygate", 0o700)
        chown(home + "/shapelygate", 65534, 65534)
        guard case .denied(let message) = Lockout(cooldown: 30, store: StateStore(folder: home + "/shapelygate")).check(strings) else {
            Issue.record("not refused"); return
        }
        #expect(message.hasPrefix("\(home)/shapelygate belongs to uid 65534, not to uid 0: "))
    }

    @Test(arguments: ["duration 1e300", "denials 9223372036854775807", "until-wall 1e308", "until-boot -1e308"])
    func aStateTheParserAcceptsCannotTrap(_ line: String) {
        let home = temporaryFolder()
        mkdir(home + "/shapelygate", 0o700)
        var fields = ["denials 2", "duration 120.0", "until-wall 1e15", "until-boot 1e15", "boot-id x"]
        let name = line.split(separator: " ")[0]
        fields = fields.map { $0.hasPrefix(name + " ") ? line : $0 }
        writeFile(home + "/shapelygate/lockout", "shapelygate-lockout 1\n" + fields.joined(separator: "\n") + "\n")
        let lockout = Lockout(cooldown: 60, store: StateStore(folder: home + "/shapelygate"))
        guard case .denied(let message) = lockout.check(strings) else { Issue.record("not locked"); return }
        #expect(message.hasPrefix("locked after a denial: try again in "))
        _ = lockout.record(passed: false)
        guard case .state(let state) = storedState(home + "/shapelygate") else { Issue.record("no state"); return }
        #expect(state.duration <= LockoutState.maximumDuration && state.denials <= LockoutState.maximumDenials)
    }

    @Test func aLockHeldElsewhereIsABoundedWaitThenADenial() {
        let (home, holder) = stateFolderWithLockHeld()
        defer { close(holder) }
        var store = StateStore(folder: home + "/shapelygate")
        store.lockPatience = 0.3
        let result = store.withLock { _ in true }
        #expect(result == .failure(.refused("\(home)/shapelygate/lockout.lock is held by another process: denied")))
    }
}
