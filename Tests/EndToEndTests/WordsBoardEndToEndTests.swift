// WordsBoardEndToEndTests.swift — the board for screen readers (`--board words`) as a
// person meets it, on a colour terminal that moves its cursor: nothing but printable
// text and line ends reaches the terminal, the tiles are read in order as words, the
// right tile passes, a wrong one is counted, the time is spoken at the prompt and once
// more at 5 s, and the system file cannot put the pictures back.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The words board on a pseudo-terminal", .serialized, .ownPolicy)
struct WordsBoardEndToEndTests {
    /// A person's colour terminal: the words board must still send plain text.
    static let colourTerminal = ["TERM": "xterm-256color", "NO_COLOR": "\u{0}"]

    /// Every byte is printable text (UTF-8 included) or a line end: no escape sequence,
    /// no other control character.
    static func isPlainText(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x0A || $0 == 0x0D }
    }

    /// Checks `gate`'s output is plain text, naming what it was when it is not.
    static func expectPlainText(_ gate: GateProcess, sourceLocation: SourceLocation = #_sourceLocation) {
        let plain = isPlainText(gate.screen)
        #expect(plain, "\(gate.screenText.debugDescription)", sourceLocation: sourceLocation)
    }

    /// The lines the tiles of `mirror`'s board should read, in order.
    static func tileLines(_ mirror: BoardOracle) -> [String] {
        let strings = GateStrings(language: "en")
        return mirror.challenge.board.tiles.enumerated().map { "\($0.offset + 1): " + strings.text(.words(for: $0.element.kind)) }
    }

    /// The seconds a person listening at 175 words a minute takes to hear `lines` (a word
    /// is a run of letters or digits; a symbol read out, such as `-`, a word too; a pause
    /// of 0.55 s after each line), added to the time to answer.
    static func secondsLeftAtThePrompt(hearing lines: [String], toAnswer seconds: Double) -> Int {
        let text = lines.joined(separator: " ")
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).count
        let symbols = text.filter { !$0.isLetter && !$0.isNumber && !$0.isWhitespace && !",.:;!?'".contains($0) }.count
        return Int((seconds + Double(words + symbols) * 60 / 175 + Double(lines.count) * 0.55).rounded(.up))
    }

    @Test func theRightTilePassesAndOnlyPlainLinesAreWritten() {
        let mirror = BoardOracle(seed: 5)
        let gate = GateProcess(["--board", "words", "--seed", "5"], environment: Self.colourTerminal)
        #expect(gate.waitFor("choose 1-8 "))
        let lines = gate.terminalScreen.allLines.map { $0.trimmingSuffix(" ") }
        let heard = ["Parental Gate", "Find a \(mirror.targetName) and type its number.",
                     "Type the number, then press Enter.", "Tiles:"]
            + Self.tileLines(mirror) + ["Seconds left: 0.", "drop the \(mirror.targetName): choose 1-8"]
        // The time to answer (10 s) starts once every line above has been heard.
        let left = Self.secondsLeftAtThePrompt(hearing: heard, toAnswer: 10)
        #expect(left > 20)
        let expected = Array(heard.dropLast(2)) + ["Seconds left: \(left).", "drop the \(mirror.targetName): choose 1-8"]
        #expect(Array(lines.drop { $0.isEmpty }.prefix(expected.count)) == expected)
        gate.type("\(mirror.right)\r")
        #expect(gate.finish() == .exited(0))
        #expect(gate.screenText.hasSuffix("Passed.\r\n"))
        Self.expectPlainText(gate)
    }

    @Test func aWrongTileIsCountedAndTheSecondDenies() {
        var mirror = BoardOracle(seed: 6)
        let gate = GateProcess(["--board", "words", "--seed", "6", "--attempts", "2"], environment: Self.colourTerminal)
        #expect(gate.waitFor("choose 1-8 "))
        let firstWrong = mirror.wrongKind.rawValue
        let offset = gate.screen.count
        gate.type("\(mirror.wrong)\r")
        mirror.play(mirror.wrong)
        #expect(gate.waitFor("No, a \(firstWrong). Last try.\r\n", after: offset))
        // A new board, read out again, then the prompt.
        #expect(gate.waitFor(Self.tileLines(mirror).joined(separator: "\r\n") + "\r\nSeconds left: ", after: offset))
        #expect(gate.waitFor("choose 1-8 ", after: offset))
        gate.type("\(mirror.wrong)\r")
        #expect(gate.finish() == .exited(1))
        #expect(gate.screenText.contains("0 tries left."))
        #expect(gate.screenText.contains("Too many attempts"))
        Self.expectPlainText(gate)
    }

    /// A time spoken while an answer is half typed: the prompt after it shows what was
    /// typed, and the answer is what the person typed and saw, never split in two.
    @Test func aSpokenTimeKeepsTheHalfTypedAnswerOnThePrompt() {
        let mirror = BoardOracle(seed: 4, {
            var configuration = GateConfiguration()
            configuration.kinds = GateConfiguration.kinds(count: 2)
            configuration.numberOfEachShape = 1
            return configuration
        }())
        let gate = GateProcess(["--board", "words", "--seed", "4", "--timeout", "7", "--kinds", "2", "--shapes-per-kind", "1"],
                               environment: Self.colourTerminal)
        #expect(gate.waitFor("choose 1-2 "))
        gate.type("1")
        let typed = gate.screen.count
        #expect(gate.waitFor("\r\nSeconds left: 5.\r\ndrop the \(mirror.targetName): choose 1-2 1", after: typed, timeout: 40),
                "\(gate.screenText)")
        // Erasing is spoken as the prompt again with the answer as it stands.
        gate.type("\u{7F}")
        #expect(gate.waitFor("\r\ndrop the \(mirror.targetName): choose 1-2 ", after: typed))
        gate.type("\(mirror.right)\r")
        #expect(gate.finish() == .exited(0), "\(gate.screenText)")
        Self.expectPlainText(gate)
    }

    @Test func theTimeIsSpokenAtThePromptAndAgainAtFiveSecondsNeverWhileTheBoardIsHeard() {
        // Two tiles: a short board to hear (about 8 s at 175 words a minute), then 6 s to answer.
        let gate = GateProcess(["--board", "words", "--timeout", "6", "--kinds", "2", "--shapes-per-kind", "1"],
                               environment: Self.colourTerminal)
        #expect(gate.waitFor("choose 1-2 "))
        #expect(gate.finish(timeout: 30) == .exited(1))
        #expect(gate.screenText.ranges(of: "Seconds left: ").count == 2, "\(gate.screenText)")
        let first = gate.screenText.ranges(of: "Seconds left: ").first.map { gate.screenText[$0.upperBound...].prefix { $0 != "." } }
        #expect(first.flatMap { Int($0) }.map { $0 > 6 } == true, "the prompt's time counts the time to hear the board")
        #expect(gate.screenText.contains("\r\nSeconds left: 5.\r\ndrop the "))
        #expect(gate.screenText.contains("Time is up"))
        Self.expectPlainText(gate)
    }

    @Test(.enabled(if: PackagingTests.canOverlayEtc, "needs root, unshare and overlayfs"))
    func theSystemFileCannotForcePictures() {
        // The gate reads /etc/shapelygate.conf only: lay a folder holding one over /etc,
        // in a mount namespace of this gate's own.
        let scratch = Scratch()
        let etc = scratch.folder("etc")
        writeFile(etc + "/shapelygate.conf", "board = picture\nmin-rounds = 2\n", mode: 0o644)
        let script = "mount --make-rprivate / && mount -t overlay overlay -o lowerdir=\(quoted(etc)):/etc /etc "
            + "&& exec \(quoted(gateBinary)) --board words"
        let gate = GateProcess(["-m", "sh", "-c", script], environment: Self.colourTerminal,
                               executable: tool("unshare") ?? "/usr/bin/unshare")
        #expect(gate.waitFor("choose 1-8 "))
        // The system file was read (its floor holds) and the words board is shown.
        #expect(gate.screenText.contains("Round 1 of 2\r\n"))
        #expect(gate.screenText.contains("Tiles:\r\n"))
        gate.type("x\r")
        #expect(gate.waitFor("Type a number from 1 to 8, then Enter.\r\n"))
        gate.hangUp()
        _ = gate.finish()
        Self.expectPlainText(gate)
    }
}

extension String {
    func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }
}

/// A plain board (the words board, or any board on TERM=dumb) is appended line after line:
/// one whose guarded command would be pushed off the top before the prompt is not shown
/// at all, so a right answer can never approve a command the person could not see.
@Suite("A plain board keeps what it guards in view", .serialized, .ownPolicy)
struct PlainBoardKeepsTheGuardInViewTests {
    /// What the attack passes to sudo: a harmless tail after 950 blanks.
    static let hidden = "/bin/sh -c 'id > /tmp/x' sh '" + String(repeating: " ", count: 950) + "' apt install cowsay"

    @Test(arguments: [["--board", "words"], ["--board", "picture"]])
    func aGuardedCommandTooTallForTheScreenIsNeverFollowedByAPrompt(board: [String]) {
        let gate = GateProcess(board + ["--seed", "1", "--timeout", "1", "--for", Self.hidden], environment: ["TERM": "dumb"])
        #expect(gate.finish() == .exited(1))
        #expect(!gate.screenText.contains("choose 1-"))
        #expect(gate.errorText.contains("time ran out while the terminal was too small for the board"), "\(gate.errorText)")
        #expect(gate.screenText.contains("The board needs a larger terminal"))
    }

    @Test(arguments: [["--board", "words"], ["--board", "picture"]])
    func aTallerScreenShowsItWholeWithThePrompt(board: [String]) {
        let gate = GateProcess(board + ["--seed", "1", "--for", Self.hidden], environment: ["TERM": "dumb"], size: (40, 80))
        #expect(gate.waitFor("choose 1-8 "))
        let screen = gate.terminalScreen.allLines.map { $0.trimmingSuffix(" ") }
        #expect(screen.contains { $0.hasPrefix("To run: /bin/sh -c 'id > /tmp/x' sh '") }, "\(screen)")
        gate.type("\u{3}")
        #expect(gate.finish() != .exited(0))
    }

    @Test func aShortCommandAt80x24IsUnchanged() {
        let gate = GateProcess(["--board", "words", "--seed", "1", "--for", "apt install cowsay"], environment: ["TERM": "dumb"])
        #expect(gate.waitFor("choose 1-8 "))
        gate.type("\u{3}")
        #expect(gate.finish() != .exited(0))
    }
}
