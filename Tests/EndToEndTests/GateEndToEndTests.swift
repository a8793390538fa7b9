// GateEndToEndTests.swift — the built binary on a pseudo-terminal, typed at like a
// person, checked by what a person would see and by the exit status.
// The engine, given the same seed, tells the test which tiles are right and wrong
// (TestSupport's BoardOracle).

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("End to end on a pseudo-terminal", .serialized, .ownPolicy)
struct GateEndToEndTests {
    @Test func passesOnTheRightShapeFirstTime() {
        let oracle = BoardOracle(seed: 1)
        let gate = GateProcess(["--seed", "1"])
        #expect(gate.waitFor("drop the \(oracle.targetName): choose 1-8"))
        #expect(gate.screenText.contains("Parental Gate"))
        #expect(gate.screenText.contains("Time left: 00:10"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        #expect(gate.screenText.contains("Passed."))
    }

    @Test func wrongThenRightPasses() {
        var oracle = BoardOracle(seed: 2)
        let gate = GateProcess(["--seed", "2"])
        #expect(gate.waitFor("choose 1-8"))
        let wrongKind = oracle.wrongKind
        #expect(gate.answer(oracle.wrong, expecting: "choose 1-8", oracle: &oracle))
        #expect(gate.screenText.contains("No, a \(wrongKind.rawValue). Last try."))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        #expect(gate.screenText.contains("Passed."))
    }

    @Test func tooManyWrongAnswersDeny() {
        var oracle = BoardOracle(seed: 3)
        let gate = GateProcess(["--seed", "3"])
        #expect(gate.waitFor("choose 1-8"))
        #expect(gate.answer(oracle.wrong, expecting: "choose 1-8", oracle: &oracle))
        #expect(gate.screenText.contains("Last try."))
        _ = gate.answer(oracle.wrong, expecting: "Too many", oracle: &oracle)
        #expect(gate.finish() == .exited(1))
        #expect(gate.screenText.contains("Too many attempts"))
        #expect(gate.screenText.contains("The wrong shape was chosen too many times."))
        #expect(!gate.screenText.contains("[OK]"))
        #expect(!gate.screenText.contains("Passed."))
    }

    @Test func entriesThatAreNotTilesAreHintsNotAttempts() {
        let oracle = BoardOracle(seed: 4)
        let gate = GateProcess(["--seed", "4", "--timeout", "60"])
        #expect(gate.waitFor("choose 1-8"))
        let junk: [[UInt8]] = [
            [], Array("abc".utf8), Array("0".utf8), Array("9".utf8), Array("3abc".utf8),
            Array(repeating: UInt8(ascii: "7"), count: 100), [0xFF, 0xFE, 0x31], Array("-1".utf8),
            Array(repeating: UInt8(ascii: "x"), count: 3000),
        ]
        for entry in junk {
            let mark = gate.screen.count
            gate.typeBytes(entry + [UInt8(ascii: "\r")])
            #expect(gate.waitFor("Type a number from 1 to 8, then Enter.", after: mark))
            #expect(gate.waitFor("choose 1-8", after: mark))
        }
        #expect(!gate.screenText.contains("Wrong answers left"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func timeExpiresWithoutEnterAndDiscardsUnsubmittedInput() {
        let gate = GateProcess(["--seed", "5", "--timeout", "1"])
        #expect(gate.waitFor("Time left: 00:01"))
        gate.type("123")
        let started = monotonicNow()
        #expect(gate.finish(timeout: 5) == .exited(1))
        #expect(monotonicNow() - started < 3)
        #expect(gate.screenText.contains("Time is up"))
        #expect(gate.screenText.contains("The countdown reached zero before the right shape was chosen."))
        #expect(!gate.screenText.contains("[OK]"))
        // What was typed must not reach whatever reads the terminal next.
        gate.type("\r")
        var buffer = [UInt8](repeating: 0, count: 64)
        var fds = [pollfd(fd: gate.slave, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&fds, 1, 2000) == 1)
        let count = read(gate.slave, &buffer, buffer.count)
        #expect(Array(buffer[0..<max(0, count)]) == [UInt8(ascii: "\n")])
    }

    @Test func noTimeoutWaitsAndShowsNoCountdown() {
        let oracle = BoardOracle(seed: 6)
        let gate = GateProcess(["--seed", "6", "--timeout", "1", "--no-timeout"])
        #expect(gate.waitFor("choose 1-8"))
        gate.pump(1.6)
        #expect(!gate.screenText.contains("Time left"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func endOfInputDenies() {
        let gate = GateProcess(["--seed", "7"])
        #expect(gate.waitFor("choose 1-8"))
        gate.type("\u{04}")
        #expect(gate.finish() == .exited(1))
        #expect(gate.errorText == "shapelygate: end of input: denied\n")
    }

    @Test func noTerminalDeniesAtOnce() {
        let gate = GateProcess([], stdin: .devNull, controllingTerminal: false)
        let started = monotonicNow()
        #expect(gate.finish() == .exited(1))
        #expect(monotonicNow() - started < 2)
        #expect(gate.errorText == "shapelygate: no terminal to ask a person on: denied\n")
    }

    @Test func aPipeOnStandardInputDoesNotAnswer() {
        let answers = (1...8).map { "\($0)\n" }.joined()
        let gate = GateProcess(["--seed", "8", "--timeout", "1"], stdin: .pipe(String(repeating: answers, count: 50)))
        #expect(gate.finish(timeout: 5) == .exited(1))
        #expect(gate.screenText.contains("Time is up"))
        #expect(!gate.screenText.contains("Passed."))
    }

    @Test func controlCDiesBySIGINTAndRestoresTheTerminal() {
        let gate = GateProcess(["--seed", "9"])
        let before = gate.initialSettings
        #expect(gate.waitFor("choose 1-8"))
        #expect(!sameSettings(before, gate.settings()), "the gate turns flow control off while it runs")
        gate.type("\u{03}")
        #expect(gate.finish() == .signaled(SIGINT))
        #expect(sameSettings(before, gate.settings()))
        #expect(gate.errorText == "shapelygate: interrupted (Ctrl-C): denied\n")
    }

    @Test func speaksSpanishFromTheLocale() {
        let oracle = BoardOracle(seed: 10)
        let gate = GateProcess(["--seed", "10"], environment: ["LANG": "es_MX.UTF-8"])
        let name = GateStrings(language: "es").name(of: oracle.challenge.target)
        #expect(gate.waitFor("suelta \(name): elige 1-8"))
        #expect(gate.screenText.contains("Control parental"))
        #expect(gate.screenText.contains("Tiempo restante: 00:10"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
        #expect(gate.screenText.contains("Superado."))
    }

    @Test(arguments: [("es_ES.UTF-8", "abucheo", "[Bueno]"), ("en_US.UTF-8", "A Title", "[BAD]")])
    func theIOSAppOverrideFolderWorksUnchanged(locale: String, title: String, ok: String) {
        var oracle = BoardOracle(seed: 11)
        let gate = GateProcess(["--seed", "11", "--strings", fixture("ios-example")], environment: ["LANG": locale])
        #expect(gate.waitFor("1-8"))
        #expect(gate.answer(oracle.wrong, expecting: "1-8", oracle: &oracle))
        _ = gate.answer(oracle.wrong, expecting: "[", oracle: &oracle)
        #expect(gate.finish() == .exited(1))
        #expect(gate.screenText.contains(title))
        // The alert's button label has no place on a terminal: it is read, not shown.
        #expect(!gate.screenText.contains(ok))
        // Keys the override lacks come from the built-in strings of the language.
        let description = GateStrings(language: String(locale.prefix(2))).text(.tooManyDescription)
        #expect(gate.screenText.contains(description))
    }

    @Test func aDenialLocksTheNextRunUntilTheCooldownEnds() {
        let home = temporaryFolder()
        let first = GateProcess(["--cooldown", "60"], home: home)
        #expect(first.waitFor("choose 1-8"))
        first.type("\u{04}")
        #expect(first.finish() == .exited(1))
        let second = GateProcess(["--cooldown", "60"], home: home)
        #expect(second.finish() == .exited(1))
        #expect(!second.screenText.contains("choose"))
        #expect(second.errorText.hasPrefix("shapelygate: locked after a denial: try again in "))
        unlink(stateFolder(in: home) + "/lockout")
        let third = GateProcess(["--cooldown", "60", "--seed", "13"], home: home)
        #expect(third.waitFor("choose 1-8"))
        third.type("\u{04}")
        #expect(third.finish() == .exited(1))
    }

    @Test func roundsAskAgainWithANewTarget() {
        let configuration = GateConfiguration(rounds: 2, kinds: GateConfiguration.kinds(count: 6))
        var oracle = BoardOracle(seed: 14, configuration)
        let gate = GateProcess(["--seed", "14", "--rounds", "2", "--kinds", "6"])
        #expect(gate.waitFor("Round 1 of 2"))
        #expect(gate.waitFor("choose 1-12"))
        #expect(gate.answer(oracle.right, expecting: "choose 1-12", oracle: &oracle))
        #expect(gate.screenText.contains("Round 2 of 2"))
        gate.type("\(oracle.right)\r")
        #expect(gate.finish() == .exited(0))
    }

    @Test func colourAndUnicodeFollowTheEnvironment() {
        let plain = GateProcess(["--seed", "12", "--timeout", "1"], environment: ["LANG": "C", "NO_COLOR": "1"])
        #expect(plain.waitFor("choose 1-8"))
        // NO_COLOR: no colour at all (bold stays), ASCII pictures under LANG=C.
        let colours = (31...36).map { "\u{1B}[\($0)m" }, bright = (91...96).map { "\u{1B}[\($0)m" }
        #expect(!(colours + bright).contains { plain.screenText.contains($0) } && !plain.screenText.contains("38;5"))
        // The shapes in ASCII are outlines: a point `/\` (every board has two
        // triangles), never a block of `#`.
        #expect(plain.screenText.contains("/\\") && !plain.screenText.contains("#"))
        #expect(plain.finish() == .exited(1))

        let colour = GateProcess(["--seed", "12", "--timeout", "1"], environment: ["LANG": "en_US.UTF-8", "NO_COLOR": ""])
        #expect(colour.waitFor("1-8"))
        // Sixteen colours are the theme's, and none reads on every theme: the terminal's
        // own foreground only, blocks still drawn. 256 colours are xterm's own values.
        #expect(!(colours + bright).contains { colour.screenText.contains($0) } && !colour.screenText.contains("38;5"))
        #expect(colour.screenText.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) })
        #expect(colour.finish() == .exited(1))
        let indexed = GateProcess(["--seed", "12", "--timeout", "1"],
                                  environment: ["TERM": "xterm-256color", "LANG": "en_US.UTF-8", "NO_COLOR": ""])
        #expect(indexed.waitFor("1-8"))
        #expect(indexed.screenText.contains("38;5;") && !(colours + bright).contains { indexed.screenText.contains($0) })
        #expect(indexed.finish() == .exited(1))
    }
}

extension GateProcess {
    /// Types `tile` and Enter, plays it on the oracle, and waits for `text` to appear.
    func answer(_ tile: Int, expecting text: String, oracle: inout BoardOracle) -> Bool {
        let mark = screen.count
        oracle.play(tile)
        type("\(tile)\r")
        return waitFor(text, after: mark)
    }
}
