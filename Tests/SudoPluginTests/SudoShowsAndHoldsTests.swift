// SudoShowsAndHoldsTests.swift — fixes of known defects, each checked with the real sudo
// in the mount-namespace harness (SudoHarness.swift, PolicyNamespace.swift): the board
// shows all a pass approves (VAR=value, -u, -g, -D, -R, control bytes made visible);
// only the judge writes records that say sudo-plugin; `sudo -k` ends the grace window;
// sudo killed or stopped from outside, or the gate ended by Ctrl-C, leaves the terminal
// as a person can go on using it. Each test checks what the person sees and the status.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The screen a person sees now, as one line: each row's text without the spaces around
/// it, the rows joined by one space (the board wraps its text at spaces).
func seenAsOneLine(_ pty: PtyProcess) -> String {
    pty.terminalScreen.lines.map { line in String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        .filter { !$0.isEmpty }.joined(separator: " ")
}

/// The byte offset just past the last occurrence of `needle` in `bytes`, or nil.
func endOfLast(_ needle: String, in bytes: [UInt8]) -> Int? {
    let pattern = Array(needle.utf8)
    guard bytes.count >= pattern.count else { return nil }
    var index = bytes.count - pattern.count
    while index >= 0 {
        if Array(bytes[index..<(index + pattern.count)]) == pattern { return index + pattern.count }
        index -= 1
    }
    return nil
}

/// The gates (processes named shapelygate that are not the judge) alive in `session`;
/// a judge that has ended is a zombie until stopped sudo reaps it, with no command line.
func liveGates(inSession session: pid_t) -> [pid_t] {
    guard let folder = opendir("/proc") else { return [] }
    defer { closedir(folder) }
    var found: [pid_t] = []
    while let entry = readdir(folder) {
        let text = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        guard let pid = Int32(text) else { continue }
        let stat = readText("/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")"), stat.contains("(shapelygate)") else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 3, Int32(fields[3]) == session, fields[0] != "Z" else { continue }
        if readText("/proc/\(pid)/cmdline").contains("--sudo-judge") { continue }
        found.append(pid)
    }
    return found
}

let enterAlternateScreen = "\u{1B}[?1049h"
let leaveAlternateScreen = "\u{1B}[?1049l"
/// A cursor movement up, to a line's start above, or to a place on the screen.
nonisolated(unsafe) let cursorMove = try! Regex("\u{1B}\\[[0-9;]*[AFH]")

@Suite("sudo with the approval plugin: what the board shows, what holds", .serialized,
       .enabled(if: sudoUnavailable == nil && tool("bash") != nil, "\(sudoUnavailable ?? "needs bash")"))
struct SudoShowsAndHoldsTests {
    // MARK: 1. What a pass approves is all on the board

    /// Denies the board with Ctrl-C: sudo exits 1 with the gate's reason.
    func interrupt(_ run: SudoRun) {
        run.pty.type("\u{3}")
        #expect(run.pty.finish() == .exited(1))
        #expect(run.pty.screenText.contains("shapelygate: the gate was interrupted, the command was not run"))
    }

    @Test func anEnvironmentVariableOnSudosCommandLineIsOnTheBoard() {
        let touch = tool("touch") ?? "/usr/bin/touch"
        let marker = temporaryFolder() + "/ran"
        let run = SudoRun(options: gated(), sudoArguments: ["LD_PRELOAD=/nonexistent/evil.so", touch, marker])
        #expect(run.pty.waitFor("choose 1-8"))
        let seen = seenAsOneLine(run.pty)
        #expect(seen.contains("To run: LD_PRELOAD=/nonexistent/evil.so \(touch) \(marker)"), "\(seen)")
        interrupt(run)
        #expect(!exists(marker))
    }

    @Test(arguments: [
        (["-u", "nobody", "/usr/bin/id"], "To run: -u nobody /usr/bin/id"),
        (["-g", "nogroup", "/usr/bin/id"], "To run: -g nogroup /usr/bin/id"),
        // nogroup is nobody's own group: no change, so no -g.
        (["-u", "nobody", "-g", "nogroup", "/usr/bin/id", "-un"], "To run: -u nobody /usr/bin/id -un"),
        (["-R", "/", "/usr/bin/id"], "To run: -R / /usr/bin/id"),
        // LANG is kept by sudo's default list anyway: named, not spelt out.
        (["--preserve-env=LD_PRELOAD,LANG", "-P", "/usr/bin/id"], "To run: -P /usr/bin/id (keeps LANG TERM)"),
        // A VAR=value word anywhere among sudo's options, or after `--`.
        (["BASH_ENV=/nonexistent/x", "-u", "nobody", "A=1", "--", "/usr/bin/id"], "To run: -u nobody BASH_ENV=/nonexistent/x A=1 /usr/bin/id (keeps LANG TERM)"),
    ])
    func anotherUserGroupOrRootFolderIsOnTheBoard(arguments: [String], shown: String) throws {
        try #require(account("nobody") != nil)
        let run = SudoRun(options: gated(), sudoArguments: arguments, sudoersLines: "Defaults runchroot=*")
        #expect(run.pty.waitFor("choose 1-8"))
        let seen = seenAsOneLine(run.pty)
        #expect(seen.contains(shown), "\(seen)")
        interrupt(run)
        #expect(!run.pty.screenText.contains("uid="), "id ran")
    }

    @Test func anotherWorkingFolderIsOnTheBoard() {
        let run = SudoRun(options: gated(), shell: true, sudoersLines: "Defaults runcwd=*")
        #expect(run.pty.waitFor("$ "))
        var mark = run.pty.screen.count
        run.pty.type("cd / && sudo -D /tmp \(tool("touch") ?? "/usr/bin/touch") \(run.marker)\r")
        #expect(run.pty.waitFor("choose 1-8", after: mark))
        let seen = seenAsOneLine(run.pty)
        #expect(seen.contains("To run: -D /tmp \(tool("touch") ?? "/usr/bin/touch") \(run.marker)"), "\(seen)")
        mark = run.pty.screen.count
        run.pty.type("\u{3}")
        #expect(run.pty.waitFor("shapelygate: the gate was interrupted, the command was not run", after: mark))
        #expect(run.pty.waitFor("$ ", after: mark))
        mark = run.pty.screen.count
        run.pty.type("echo status=$?\r")
        #expect(run.pty.waitFor("status=1\r\n", after: mark))
        #expect(!run.ran)
        // The same folder as the person's is no change: no -D.
        mark = run.pty.screen.count
        run.pty.type("cd /tmp && sudo -D /tmp \(tool("touch") ?? "/usr/bin/touch") \(run.marker)\r")
        #expect(run.pty.waitFor("choose 1-8", after: mark))
        let same = seenAsOneLine(run.pty)
        #expect(same.contains("To run: \(tool("touch") ?? "/usr/bin/touch") \(run.marker)"), "\(same)")
        run.pty.type("\u{3}")
        #expect(run.pty.waitFor("$ ", after: mark))
        #expect(!run.ran)
    }

    /// sudoedit runs an editor of the person's choosing on copies, as the person; root
    /// writes the copies back. commands= that takes in sudoedit (by name, a folder above
    /// it, sudo itself) gates it, whatever the editor, and the board shows what root writes.
    @Test(arguments: ["/usr/bin/apt,/usr/bin/sudoedit", "/usr/sbin/,/usr/bin/", "/", "/usr/bin/sudo"])
    func sudoeditIsGatedByItsNameNotByTheEditorAndShowsTheFiles(commands: String) throws {
        let folder = temporaryFolder()
        let target = folder + "/target", editor = folder + "/editor"
        writeFile(target, "before\n")
        writeFile(editor, "#!/bin/sh\nfor f; do [ \"$f\" = -- ] || echo edited >\"$f\"; done\n", mode: 0o755)
        let run = SudoRun(options: gated("commands=\(commands)"), sudoArguments: ["-e", target],
                          exports: ["SUDO_EDITOR": editor])
        #expect(run.pty.waitFor("choose 1-8"), "\(run.pty.screenText)")
        let seen = seenAsOneLine(run.pty)
        #expect(seen.contains("To run: sudoedit \(target)"), "\(seen)")
        interrupt(run)
        #expect(readText(target) == "before\n")
    }

    // MARK: 2. Control bytes

    @Test func aNewlineInTheCommandIsShownAsBackslashN() {
        let marker = temporaryFolder() + "/ran"
        let run = SudoRun(options: gated(seed: 3), sudoArguments: ["/bin/sh", "-c", "true cowsay\nid > \(marker)"])
        #expect(run.pty.waitFor("choose 1-8"))
        let seen = seenAsOneLine(run.pty)
        #expect(seen.contains("To run: /bin/sh -c $'true cowsay\\nid > \(marker)'"), "\(seen)")
        #expect(!seen.contains("true cowsay id"), "the newline shown as a line break")
        twoWrongTilesDeny(run, seed: 3, leavesNo: marker)
        #expect(run.pty.screenText.contains("shapelygate: not approved, the command was not run"))
    }

    // MARK: 3. Nobody but the judge writes sudo records
    // (Which process sent a grace record is not checked: JournalListener does not take
    // the sender's credentials, SO_PASSCRED.)

    @Test func theGateRunByHandCannotSayItIsTheSudoPlugin() throws {
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n", pluginOptions: gated()))
        let oracle = BoardOracle(seed: 3)
        let pty = space.run("SHAPELYGATE_CALLER=sudo-plugin '\(gatePath)' --seed 3 --for 'x'")
        #expect(pty.waitFor("choose 1-8"))
        pty.type("\(oracle.right)\r")
        #expect(pty.finish() == .exited(0))
        #expect(pty.screenText.contains("Passed."))
        let records = space.records()
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record[field: "SHAPELYGATE_OUTCOME"] == "passed")
        #expect(record[field: "SHAPELYGATE_MODE"] == "predicate")
    }

    // MARK: 4. sudo -k ends the grace window

    @Test func sudoDashKCommandIsGatedAndEndsTheWindow() throws {
        let space = try #require(PolicyNamespace(policy: "syslog = yes\n",
                                                 pluginOptions: "users=root path=\(Gates.installed) seed=2 timeout=60 grace=600"))
        let oracle = BoardOracle(seed: 2)
        let folder = space.folder
        let pty = space.run("""
            sudo touch '\(folder)/one' && echo second-command && sudo -k touch '\(folder)/two' && echo third-command \
            && sudo touch '\(folder)/three'
            """)
        func pass(after offset: Int) -> Bool {
            guard pty.waitFor("choose 1-8", after: offset) else { return false }
            pty.type("\(oracle.right)\r")
            return true
        }
        #expect(pass(after: 0))
        #expect(pass(after: after("second-command", in: pty)), "sudo -k let through by grace")
        #expect(pass(after: after("third-command", in: pty)), "the window outlived sudo -k")
        #expect(pty.finish() == .exited(0))
        #expect(exists(folder + "/one") && exists(folder + "/two") && exists(folder + "/three"))
        let reasons = space.records().map { "\($0[field: "SHAPELYGATE_OUTCOME"] ?? "?")/\($0[field: "SHAPELYGATE_REASON"] ?? "board")" }
        #expect(reasons == ["passed/board", "passed/board", "passed/board"])
    }

    // MARK: 5. The terminal after sudo dies

    /// Types `command` into the run's shell and waits for `expected` after it.
    @discardableResult
    func type(_ run: SudoRun, _ command: String, until expected: String) -> Bool {
        let mark = run.pty.screen.count
        run.pty.type(command + "\r")
        return run.pty.waitFor(expected, after: mark)
    }

    /// Starts a gated sudo from the run's shell and waits for its board; sudo's pid.
    func sudoOnTheBoard(_ run: SudoRun) throws -> pid_t {
        #expect(run.pty.waitFor("$ "))
        #expect(type(run, "sudo \(tool("touch") ?? "/usr/bin/touch") \(run.marker)", until: "choose 1-8"))
        return try #require(processID(of: "sudo", inSession: run.pty.pid))
    }

    /// Waits until the output after the last switch to the alternate screen switches back.
    func waitToLeaveTheAlternateScreen(_ run: SudoRun) -> Bool {
        let entered = endOfLast(enterAlternateScreen, in: run.pty.screen) ?? 0
        return run.pty.waitFor(leaveAlternateScreen, after: entered, timeout: 10)
    }

    @Test func sudoKilledAtTheBoardGivesTheTerminalBack() throws {
        let run = SudoRun(options: gated(), shell: true)
        let sudo = try sudoOnTheBoard(run)
        let mark = run.pty.screen.count
        kill(sudo, SIGKILL)
        #expect(run.pty.waitFor("$ ", after: mark))
        #expect(waitToLeaveTheAlternateScreen(run))
        #expect(leftTheAlternateScreen(run.pty.screenText))
        #expect(waitUntil { liveGates(inSession: run.pty.pid).isEmpty }, "the gate outlived sudo")
        // What happened to the board is said; Enter gives a prompt on the main screen,
        // whether or not the shell wrote its first one on the gate's screen.
        #expect(run.pty.waitFor("shapelygate: sudo was stopped or ended at the board; nothing was approved"))
        #expect(type(run, "", until: "$ "))
        #expect(type(run, "echo status=$?", until: "status=137\r\n"))
        #expect(type(run, "echo alive-$((40+2))", until: "alive-42"))
        #expect(run.pty.terminalScreen.lines.contains { $0.hasPrefix("$ echo alive-") }, "\(run.pty.terminalScreen.text)")
        #expect(!run.ran)
    }

    @Test func sudoStoppedAtTheBoardGivesTheTerminalBackAndFgDenies() throws {
        let run = SudoRun(options: gated(), shell: true)
        let sudo = try sudoOnTheBoard(run)
        var mark = run.pty.screen.count
        kill(sudo, SIGSTOP)
        #expect(run.pty.waitFor("Stopped", after: mark))
        #expect(run.pty.waitFor("$ ", after: mark))
        #expect(waitToLeaveTheAlternateScreen(run))
        #expect(leftTheAlternateScreen(run.pty.screenText))
        #expect(waitUntil { liveGates(inSession: run.pty.pid).isEmpty }, "the gate outlived its terminal")
        // The shell's own notice may have gone with the gate's screen; the judge says what happened.
        #expect(run.pty.waitFor("shapelygate: sudo was stopped or ended at the board; nothing was approved"))
        mark = run.pty.screen.count
        run.pty.type("fg\r")
        #expect(run.pty.waitFor("shapelygate: the gate was interrupted, the command was not run", after: mark))
        #expect(run.pty.waitFor("$ ", after: mark))
        #expect(type(run, "echo status=$?", until: "status=1\r\n"))
        #expect(!run.ran)
    }

    @Test func afterCtrlCNothingMovesTheCursorBackOverTheClosingLines() throws {
        let run = SudoRun(options: gated())
        #expect(run.pty.waitFor("choose 1-8"))
        interrupt(run)
        #expect(!run.ran)
        let screen = run.pty.screen
        let entered = try #require(endOfLast(enterAlternateScreen, in: screen))
        let left = try #require(endOfLast(leaveAlternateScreen, in: screen))
        let between = String(decoding: screen[entered..<left], as: UTF8.self)
        #expect(between.ranges(of: leaveAlternateScreen).count == 1, "left the alternate screen more than once: \(between.debugDescription)")
        let closing = String(decoding: screen[left...], as: UTF8.self)
        #expect(!closing.contains("\u{1B}8") && !closing.contains("\u{1B}M") && closing.firstRange(of: cursorMove) == nil,
                "the cursor moves after the closing lines: \(closing.debugDescription)")
        #expect(closing.contains("Not run: \(tool("touch") ?? "/usr/bin/touch") \(run.marker) (keeps LANG TERM)\r\n"), "\(closing.debugDescription)")
    }
}
