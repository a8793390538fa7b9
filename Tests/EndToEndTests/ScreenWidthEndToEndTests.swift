// ScreenWidthEndToEndTests.swift — lines that must fit the screen, read through the
// terminal model: wide (CJK) text stays inside the window and off the prompt's line, a
// long countdown label stays on one line while it ticks, and the Linux console shows a
// whole board at 80×25 drawn with its own blocks (full and half), --strict's too.

import ShapelyGate
import TestSupport
import Testing

@Suite("Lines that fit the screen", .serialized, .ownPolicy)
struct ScreenWidthEndToEndTests {
    static let cjk = "日本語のテキスト日本語のテキスト日本語のテキスト日本語のテキスト"

    /// Nothing reached the last column, ran on by autowrap or scrolled away.
    func everyLineFits(_ screen: TerminalScreen, _ note: String) {
        for row in 0..<screen.rows {
            #expect(!screen.isAutowrapped(row: row), "\(note): row \(row) ran on\n\(screen)")
            #expect(screen.cell(row: row, column: screen.columns - 1).isBlank, "\(note): row \(row) reached the edge\n\(screen)")
        }
        #expect(screen.scrollback.isEmpty, "\(note): something scrolled off the top")
    }

    /// A strings override: table name → key → value.
    func strings(_ tables: [String: [String: String]]) -> String {
        let body = tables.map { table in
            "<key>\(table.key)</key><dict>"
                + table.value.map { "<key>\($0.key)</key><dict><key>value</key><string>\($0.value)</string></dict>" }.joined()
                + "</dict>"
        }.joined()
        let path = temporaryFolder() + "/ParentalGateStrings.plist"
        writeFile(path, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>" + body + "</dict></plist>\n")
        return path
    }

    @Test(arguments: [(UInt16(24), UInt16(80)), (20, 40)])
    func wideTextStaysInsideTheScreenAndOffThePrompt(_ size: (UInt16, UInt16)) {
        let oracle = BoardOracle(seed: 56)
        let japanese = strings(["Primary": ["DescriptionCircle": Self.cjk, "DescriptionSquare": Self.cjk,
                                            "DescriptionTriangle": Self.cjk, "DescriptionPentagon": Self.cjk],
                                "Terminal": ["Prompt": "図形を選んでください 1-{count}"]])
        let gate = GateProcess(["--seed", "56", "--for", Self.cjk, "--strings", japanese], size: size)
        #expect(gate.waitForScreen { $0.contains("図形を選んでください 1-8") })
        everyLineFits(gate.terminalScreen, "\(size)")
        gate.type("\(oracle.right)")
        #expect(gate.waitForScreen { $0.lines.contains { $0.hasSuffix("図形を選んでください 1-8 \(oracle.right)") } },
                "\(gate.terminalScreen)")
        // What is guarded is shown whole, over as many lines as it takes.
        #expect(gate.terminalScreen.contains("To run:"))
        #expect(gate.terminalScreen.lines.map { $0.filter { $0 != " " } }.joined().contains(Self.cjk))
        gate.type("\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func aLongCountdownLabelStaysOneLineAndLeavesThePromptAlone() {
        let oracle = BoardOracle(seed: 57)
        let label = "Remaining time before this parental gate closes itself for good"
        let gate = GateProcess(["--seed", "57", "--strings", strings(["Primary": ["Countdown": label]])], size: (20, 40))
        #expect(gate.waitForScreen { $0.contains("…: 00:10") })
        gate.type("\(oracle.right)")
        let prompt = "drop the \(oracle.targetName): choose 1-8 \(oracle.right)"
        #expect(gate.waitForScreen { $0.contains(prompt) })
        #expect(gate.waitForScreen { $0.contains("…: 00:08") })
        let screen = gate.terminalScreen
        #expect(screen.lines.contains { $0.hasPrefix("drop the") && $0.hasSuffix(prompt) }, "\(screen)")
        #expect(screen.count(of: "…: 00:") == 1)
        everyLineFits(screen, "countdown")
        gate.type("\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test(arguments: [(["--strict"], 16), (["--kinds", "6"], 12), (["--kinds", "9", "--shapes-per-kind", "1"], 9)])
    func theLinuxConsoleShowsAWholeBoardAt80x25(_ arguments: [String], _ tiles: Int) {
        let environment = ["TERM": "linux"]
        let gate = GateProcess(["--seed", "58", "--timeout", "1"] + arguments, environment: environment, size: (25, 80))
        #expect(gate.waitForScreen { $0.contains("choose 1-\(tiles)") }, "\(gate.errorText)")
        let screen = gate.terminalScreen
        let words = Set(screen.lines.flatMap { $0.split(separator: " ").map(String.init) })
        for number in 1...tiles { #expect(words.contains(String(number)), "tile \(number) is not on screen\n\(screen)") }
        let seen = screen.lines.joined()
        let blocks: Set<Character> = ["█", "▀", "▄", "▌", "▐"]
        #expect(seen.allSatisfy { blocks.contains($0) || ($0.isASCII && !$0.isNewline) }, "\(Set(seen.filter { !$0.isASCII }))")
        #expect(seen.contains("▀") && seen.contains("▄"), "drawn with the console's blocks\n\(screen)")
        everyLineFits(screen, "\(arguments)")
        #expect(gate.finish() == .exited(1))
        #expect(!gate.errorText.contains("too small"))
    }

    @Test func aBoardTooLargeEvenForASCIIIsStillRefusedOnTheConsole() {
        let gate = GateProcess(["--kinds", "9", "--shapes-per-kind", "9", "--timeout", "1"], environment: ["TERM": "linux"], size: (25, 80))
        #expect(gate.finish() == .exited(1))
        #expect(gate.errorText.hasPrefix("shapelygate: time ran out while the terminal was too small for the board (it needs 80x"),
                "\(gate.errorText)")
        #expect(!gate.terminalScreen.contains("choose"))
    }
}
