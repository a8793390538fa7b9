// ScreenSizesEndToEndTests.swift — the sizes people's terminals have (40×20, 50×16,
// 80×24, 120×40, 200×60), with the default board and with --strict, on a UTF-8
// terminal, under LANG=C and on the Linux console, read through the terminal model:
// every tile and its number on screen at once (--strict at 50×16: the too-small
// screen until the terminal grows), nothing past the edge or scrolled
// away, the target named, a row's numbers clear of the tiles above, and a large
// screen's board away from the corner.

import ShapelyGate
import TestSupport
import Testing

@Suite("Every size a person meets", .serialized, .ownPolicy)
struct ScreenSizesEndToEndTests {
    static let sizes: [(rows: UInt16, columns: UInt16)] = [(20, 40), (16, 50), (24, 80), (40, 120), (60, 200)]
    static let terminals: [[String: String]] = [
        ["TERM": "xterm-256color", "LANG": "C.UTF-8"],
        ["TERM": "xterm", "LANG": "C"],
        ["TERM": "linux", "LANG": "C.UTF-8"],
    ]
    static let cases = sizes.flatMap { size in terminals.flatMap { terminal in [(size, terminal, false), (size, terminal, true)] } }

    static let strict = GateConfiguration(rounds: 3, kinds: GateConfiguration.kinds(count: 8))

    @Test(arguments: 0..<cases.count)
    func theWholeBoardIsOnScreenAtOnce(_ index: Int) {
        let (size, terminal, strict) = Self.cases[index]
        let note = "\(size.columns)x\(size.rows) \(terminal) \(strict ? "--strict" : "default")"
        var oracle = BoardOracle(seed: 70, strict ? Self.strict : GateConfiguration())
        let environment = terminal.merging(["NO_COLOR": "", "XDG_STATE_HOME": temporaryFolder()]) { $1 }
        let gate = GateProcess(["--seed", "70", "--timeout", "30"] + (strict ? ["--strict"] : []), environment: environment, size: size)
        let tiles = strict ? 16 : 8
        if strict && size.rows == 16 {
            // Sixteen tiles large enough to tell apart (6×4 cells) take 16 rows on their
            // own: 50×16 is too small, and the one rule for that holds — the sizes that
            // fit, no board — until the terminal grows. The size named holds every
            // screen of the run, a wrong answer's line included.
            let waiting = gate.waitForScreen {
                $0.contains("Parental Gate") && $0.contains("The board needs a larger terminal") && $0.contains("50x19")
            }
            #expect(waiting && !gate.terminalScreen.contains("choose"), "\(note)\n\(gate.terminalScreen)")
            gate.resize(rows: 24, columns: 80)
        }
        for round in 1...(strict ? 3 : 1) {
            let ready = gate.waitForScreen { $0.contains("choose 1-\(tiles)") && (!strict || $0.contains("Round \(round) of 3")) }
            #expect(ready, "\(note): round \(round)\n\(gate.terminalScreen)\n\(gate.errorText)")
            guard ready else { break }
            check(gate.terminalScreen, tiles: tiles, target: oracle.targetName, note: "\(note) round \(round)")
            let right = oracle.right
            oracle.play(right)
            gate.type("\(right)\r")
        }
        #expect(gate.finish() == .exited(0), "\(note)")
    }

    /// The tightest case: --strict at 40×20 guarding a command, after a wrong answer. The
    /// command, sixteen tiles, the message, the countdown and the prompt fill the screen.
    @Test(arguments: Self.terminals.indices)
    func strictGuardingACommandKeepsTheBoardAfterAWrongAnswer(_ index: Int) {
        var oracle = BoardOracle(seed: 71, Self.strict)
        let environment = Self.terminals[index].merging(["XDG_STATE_HOME": temporaryFolder()]) { $1 }
        let gate = GateProcess(["--seed", "71", "--timeout", "30", "--strict", "--", "true"],
                               environment: environment, size: (rows: 20, columns: 40))
        let note = "40x20 \(Self.terminals[index]) --strict -- true"
        #expect(gate.waitForScreen { $0.contains("choose 1-16") }, "\(note)\n\(gate.terminalScreen)")
        let wrong = oracle.wrong, wrongKind = oracle.wrongKind
        oracle.play(wrong)
        gate.type("\(wrong)\r")
        let shown = gate.waitForScreen { $0.contains("No, a \(wrongKind.rawValue). Last try.") && $0.contains("choose 1-16") }
        #expect(shown, "\(note)\n\(gate.terminalScreen)")
        let screen = gate.terminalScreen
        let numbers = screen.lines.reduce(into: Set<Int>()) { $0.formUnion(numbersStandingAlone(in: $1)) }
        #expect(numbers.isSuperset(of: 1...16), "\(note)\n\(screen)")
        #expect(screen.contains("To run: true") && !screen.contains("larger terminal"), "\(note)\n\(screen)")
        #expect(screen.scrollback.isEmpty, "\(note): something scrolled off the top")
        gate.type("\u{3}")
        #expect(gate.finish() != .exited(0), "\(note)")
    }

    func check(_ screen: TerminalScreen, tiles: Int, target: String, note: String) {
        let numbers = screen.lines.reduce(into: Set<Int>()) { $0.formUnion(numbersStandingAlone(in: $1)) }
        for number in 1...tiles { #expect(numbers.contains(number), "\(note): tile \(number) is not on screen\n\(screen)") }
        #expect(screen.scrollback.isEmpty, "\(note): something scrolled off the top")
        for row in 0..<screen.rows {
            #expect(!screen.isAutowrapped(row: row), "\(note): row \(row) ran on\n\(screen)")
            #expect(screen.cell(row: row, column: screen.columns - 1).isBlank, "\(note): row \(row) reached the edge")
        }
        #expect(screen.contains("Find a \(target)"), "\(note)\n\(screen)")
        // A line of numbers above tiles has a blank line over it, or text: never tiles.
        for (row, line) in screen.lines.enumerated() where row > 0 && isNumberLine(line) {
            let above = screen.lines[row - 1]
            #expect(above.allSatisfy(\.isWhitespace) || above.contains(where: \.isLetter),
                    "\(note): numbers on row \(row) touch the tiles above\n\(screen)")
        }
        if screen.columns >= 120 && tiles == 8 {
            #expect(!screen.lines.contains { $0.hasPrefix("Parental Gate") }, "\(note): the board is in the corner\n\(screen)")
            #expect(screen.lines.first?.allSatisfy(\.isWhitespace) ?? false, "\(note): nothing above the board")
        }
    }

    /// A line with only numbers and spaces: the numbers above a row of tiles.
    func isNumberLine(_ line: String) -> Bool {
        line.contains { $0.isNumber } && line.allSatisfy { $0 == " " || ($0.isASCII && $0.isNumber) }
    }

    func numbersStandingAlone(in line: String) -> Set<Int> {
        Set(line.split { !($0.isASCII && $0.isNumber) }.compactMap { Int($0) })
    }
}
