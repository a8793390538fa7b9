// ScreenEndToEndTests.swift — what a person sees, read through the terminal model:
// the whole board on screen at several sizes, a countdown that ticks while a typed
// digit stays, one board at a time, nothing left after a pass, a screen too small,
// the console's characters and readable colours.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The screen a person sees", .serialized, .ownPolicy)
struct ScreenEndToEndTests {
    static let quadrants = Set("▘▝▀▖▌▞▛▗▚▐▜▄▙▟█")

    @Test(arguments: [((UInt16(24), UInt16(80)), 4, 2), ((20, 40), 4, 2), ((40, 120), 9, 3)])
    func theWholeBoardTitleAndPromptAreOnScreen(_ size: (UInt16, UInt16), _ kinds: Int, _ perKind: Int) {
        let configuration = GateConfiguration(numberOfEachShape: perKind, kinds: GateConfiguration.kinds(count: kinds))
        let oracle = BoardOracle(seed: 51, configuration)
        let gate = GateProcess(["--seed", "51", "--kinds", "\(kinds)", "--shapes-per-kind", "\(perKind)"], size: size)
        let tiles = kinds * perKind
        #expect(gate.waitForScreen { $0.contains("drop the \(oracle.targetName): choose 1-\(tiles)") })
        let screen = gate.terminalScreen
        #expect(screen.contains("Parental Gate"))
        #expect(screen.contains("Time left: 00:"))
        let words = Set(screen.lines.flatMap { $0.split(separator: " ").map(String.init) })
        for number in 1...tiles { #expect(words.contains(String(number)), "tile \(number) is not on screen") }
        #expect(screen.scrollback.isEmpty, "something scrolled off the top")
        #expect(screen.lines.contains { $0.contains { Self.quadrants.contains($0) } })
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func theCountdownTicksWhileATypedDigitStaysAndEnterSubmitsIt() {
        let oracle = BoardOracle(seed: 52)
        let gate = GateProcess(["--seed", "52"])
        #expect(gate.waitForScreen { $0.contains("Time left: 00:10") })
        gate.type("\(oracle.right)")
        let prompt = "drop the \(oracle.targetName): choose 1-8 \(oracle.right)"
        #expect(gate.waitForScreen { $0.contains(prompt) })
        #expect(gate.waitForScreen { $0.contains("Time left: 00:08") })
        #expect(gate.terminalScreen.contains(prompt), "the typed digit was lost by a tick")
        #expect(gate.terminalScreen.count(of: "Time left:") == 1)
        gate.type("\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func afterAWrongAnswerExactlyOneBoardIsOnScreen() {
        var oracle = BoardOracle(seed: 53)
        let gate = GateProcess(["--seed", "53", "--timeout", "30"])
        #expect(gate.waitForScreen { $0.contains("choose 1-8") })
        let wrong = oracle.wrong
        oracle.play(wrong)
        gate.type("\(wrong)\r")
        #expect(gate.waitForScreen { $0.contains("Last try.") })
        let screen = gate.terminalScreen
        #expect(screen.count(of: "Parental Gate") == 1)
        #expect(screen.count(of: "choose 1-8") == 1)
        #expect(screen.scrollback.isEmpty)
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func afterAPassNoTileRemainsAndTheCommandStartsOnACleanLine() {
        let oracle = BoardOracle(seed: 54)
        let gate = GateProcess(["--seed", "54", "--", "echo", "the command ran"])
        #expect(gate.waitForScreen { $0.contains("To run: echo 'the command ran'") })
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        let screen = gate.terminalScreen
        #expect(!screen.isAlternateScreen)
        #expect(!screen.lines.contains { $0.contains { Self.quadrants.contains($0) } })
        #expect(screen.lines.contains("Passed."))
        #expect(screen.lines.contains("the command ran"))
    }

    @Test func aDenialInWrapperModeSaysTheCommandWasNotRun() {
        let gate = GateProcess(["--timeout", "1", "--", "echo", "never"])
        #expect(gate.finish() == .exited(1))
        let screen = gate.terminalScreen
        #expect(screen.lines.contains { $0.hasPrefix("Time is up: ") })
        #expect(screen.lines.contains("Not run: echo never"))
    }

    @Test func aTerminalTooSmallWaitsWithTheCountdownAndIsNotCountedAsADenial() {
        let home = temporaryFolder()
        for _ in 0..<2 {
            // With a cooldown: the second run waits for room again, it is not locked.
            let gate = GateProcess(["--kinds", "9", "--shapes-per-kind", "3", "--cooldown", "60", "--timeout", "2"],
                                   home: home, size: (12, 40))
            #expect(gate.waitForScreen { $0.contains("The board needs a larger") && $0.contains("Time left: 00:0") })
            // No advice the policy may forbid: only sizes.
            #expect(!gate.terminalScreen.contains("--"))
            #expect(gate.finish() == .exited(1))
            #expect(gate.errorText.hasPrefix("shapelygate: time ran out while the terminal was too small for the board (it needs "),
                    "\(gate.errorText)")
            #expect(!gate.terminalScreen.contains("choose"))
        }
    }

    @Test func aBoardTooLargeAtTheStartComesWhenTheTerminalGrows() {
        let oracle = BoardOracle(seed: 59)
        let gate = GateProcess(["--seed", "59", "--timeout", "20"], size: (8, 30))
        #expect(gate.waitForScreen { $0.contains("The board needs a larger") })
        gate.resize(rows: 24, columns: 80)
        #expect(gate.waitForScreen { $0.contains("choose 1-8") })
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test(arguments: [(UInt16(20), UInt16(40), false), (24, 80, false), (20, 40, true)])
    func aLongCommandIsShownWholeOverSeveralLines(_ rows: UInt16, _ columns: UInt16, _ purpose: Bool) {
        let long = "/tmp/" + String(repeating: "a", count: 60)
        let oracle = BoardOracle(seed: 60)
        // In wrapper mode, and as --for gives it (how the sudo plugin passes the command).
        let guarded = purpose ? ["--for", "echo \(long) /tmp/HIDDEN"] : ["--", "echo", long, "/tmp/HIDDEN"]
        let gate = GateProcess(["--seed", "60"] + guarded, size: (rows, columns))
        #expect(gate.waitForScreen { $0.contains("choose 1-8") })
        let screen = gate.terminalScreen
        #expect(screen.contains("/tmp/HIDDEN"), "\(screen)")
        #expect(!screen.contains("…"))
        // Every character of the command is on screen, in order.
        let shown = screen.lines.joined().filter { !$0.isWhitespace }
        #expect(shown.contains("echo" + long + "/tmp/HIDDEN"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func aCommandTooLongForTheScreenIsNeverApproved() {
        let words = (0..<200).map { "/tmp/file\($0)" }
        let gate = GateProcess(["--seed", "61", "--timeout", "3", "--", "echo"] + words, size: (20, 40))
        #expect(gate.waitForScreen { $0.contains("The board needs a larger") })
        gate.type("1\r2\r3\r4\r")
        #expect(gate.finish() == .exited(1))
        #expect(!gate.terminalScreen.contains("choose"))
    }

    /// More than any screen can show beside a board: refused at once, never drawn.
    @Test func aCommandLongerThanAnyScreenIsDeniedAtOnce() {
        let words = (0..<2_000).map { "/tmp/file\($0)" }
        let gate = GateProcess(["--seed", "62", "--timeout", "60", "--", "echo"] + words, size: (24, 80))
        #expect(gate.finish(timeout: 10) == .exited(1))
        #expect(gate.errorText.contains("too long to show on a screen (26894 characters, 16000 at most): denied"))
        #expect(!gate.terminalScreen.contains("choose"))
    }

    @Test func theLinuxConsoleGetsOnlyCharactersItsFontsHave() {
        let gate = GateProcess(["--seed", "55", "--timeout", "1"], environment: ["TERM": "linux"], size: (25, 80))
        #expect(gate.waitForScreen { $0.contains("choose 1-8") })
        let seen = gate.terminalScreen.lines.joined()
        let blocks: Set<Character> = ["█", "▀", "▄", "▌", "▐"]
        #expect(seen.contains("█") && seen.contains("▀") && seen.contains("▄"))
        #expect(seen.allSatisfy { blocks.contains($0) || ($0.isASCII && !$0.isNewline) }, "\(Set(seen.filter { !$0.isASCII }))")
        #expect(gate.finish() == .exited(1))
    }

    /// With 256 colours, only the cube's (values no theme changes), each readable on
    /// black and on white (ThemeContrastTests checks every theme); with 16, none: the
    /// terminal's own foreground.
    @Test(arguments: [["TERM": "xterm-256color", "NO_COLOR": ""], ["TERM": "xterm", "NO_COLOR": ""],
                      ["TERM": "screen", "NO_COLOR": ""]])
    func everyColourUsedReadsOnBlackAndOnWhite(_ environment: [String: String]) {
        var colours = Set<TerminalColor>()
        for seed: UInt64 in 60..<64 {
            let gate = GateProcess(["--seed", "\(seed)", "--timeout", "1", "--kinds", "9"], environment: environment, size: (40, 120))
            #expect(gate.waitForScreen { $0.contains("choose 1-18") })
            colours.formUnion(gate.terminalScreen.colorsUsed)
            #expect(gate.finish() == .exited(1))
        }
        #expect(colours.isEmpty == !environment["TERM"]!.hasSuffix("256color"), "\(colours)")
        for colour in colours {
            guard case .indexed(let number) = colour, number >= 16 else { Issue.record("\(colour)"); continue }
            #expect(colour.contrast(with: .black) >= 3 && colour.contrast(with: .white) >= 3, "\(colour)")
        }
    }
}
