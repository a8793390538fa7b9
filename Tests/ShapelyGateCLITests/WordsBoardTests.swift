// WordsBoardTests.swift — the board for screen readers as text: plain lines in speaking
// order, the target by its name and the tiles by other words in every built-in
// language, descriptions that tell every kind apart and share no more letters with a
// shape's name than another kind's description does, overrides honoured, the time
// spoken only at thresholds, and the option and configuration key.

import ShapelyGate
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
@testable import ShapelyGateScreen

@Suite struct WordsBoardTests {
    let board = Board(tiles: [Tile(kind: .triangle, color: .red), Tile(kind: .circle, color: .blue),
                              Tile(kind: .pentagon, color: .green), Tile(kind: .square, color: .yellow)])

    func renderer(_ language: String = "en", overrides: [StringKey: String] = [:], guarding: String? = nil) -> Renderer {
        // A colour terminal that moves its cursor: the words board must ignore all of it.
        Renderer(strings: GateStrings(language: language, overrides: overrides),
                 display: Display(charset: .blocks, colorMode: .indexed, cursorControl: true),
                 guarding: guarding, board: .words)
    }

    @Test func theBoardIsPlainLinesInSpeakingOrder() {
        let text = renderer(guarding: "apt upgrade").wordsBoard(board, target: .pentagon, round: 2, rounds: 3)
            + renderer().wordsPrompt(target: .pentagon, tileCount: 4, secondsLeft: 10)
        #expect(text == """

            Parental Gate
            To run: apt upgrade
            Round 2 of 3
            Find a pentagon and type its number.
            Type the number, then press Enter.
            Tiles:
            1: pointed top, widest at its flat bottom
            2: round, no corners
            3: pointed top, sides slant in to a flat bottom
            4: 4 corners, flat at the bottom
            Seconds left: 10.
            drop the pentagon: choose 1-4 
            """)
        #expect(!renderer().display.cursorControl && renderer().display.colorMode == .plain)
    }

    /// The number is the answers still allowed, and the words say so: at 1 the next wrong
    /// answer denies, so it is the last try, in every language.
    @Test(arguments: [
        ("en", "2 tries left.", "Last try."),
        ("es", "Te quedan 2 intentos.", "Último intento."),
        ("fr", "Encore 2 essais.", "Dernier essai."),
        ("de", "Noch 2 Versuche.", "Letzter Versuch."),
    ])
    func triesAreCountedInWordsThatMeanIt(language: String, two: String, last: String) {
        let words = renderer(language)
        let shownTwo = words.plainMessage(.wrongShape(.circle, attemptsLeft: 2), tileCount: 8, width: 0)
        let shownLast = words.plainMessage(.wrongShape(.circle, attemptsLeft: 1), tileCount: 8, width: 0)
        #expect(shownTwo.hasSuffix(" " + two + "\n"), "\(shownTwo)")
        #expect(shownLast.hasSuffix(" " + last + "\n"), "\(shownLast)")
    }

    @Test func messagesAndTheClosingAreNeitherWrappedNorStyled() {
        let words = renderer()
        #expect(words.plainMessage(.wrongShape(.circle, attemptsLeft: 1), tileCount: 8, width: 10)
                == "No, a circle. Last try.\n")
        let closing = words.plainClosing(.denied(.timeExpired), width: 0)
        #expect(!closing.contains("\u{1B}"))
        #expect(closing.split(separator: "\n").count == 1)
    }

    @Test(arguments: BuiltInStrings.languages)
    func everyKindHasItsOwnDescriptionWithoutItsName(_ language: String) {
        let strings = GateStrings(language: language)
        let descriptions = ShapeKind.allCases.map { strings.text(.words(for: $0)).lowercased() }
        #expect(Set(descriptions).count == ShapeKind.allCases.count, "\(language): two kinds read alike")
        for kind in ShapeKind.allCases {
            let name = Self.bareName(strings.name(of: kind))
            for description in descriptions {
                #expect(!description.contains(name), "\(language): '\(description)' names \(name)")
            }
        }
    }

    /// Read aloud, "find a triangle … 5: 3 corners" is passed by a child who only counts,
    /// and in German the names say the count (Dreieck, Fünfeck, Sechseck). The kinds whose
    /// name counts corners in any built-in language are described in no language by that
    /// count, as a digit or a word, nor by the part of a name that means corners.
    @Test(arguments: BuiltInStrings.languages)
    func namesThatCountAreNotDescribedByTheirCount(_ language: String) {
        let strings = GateStrings(language: language)
        let counted: [ShapeKind: [String]] = [
            .triangle: ["3", "three", "tres", "trois", "drei"],
            .pentagon: ["5", "five", "cinco", "cinq", "fünf"],
            .hexagon: ["6", "six", "seis", "sechs"],
        ]
        let cornerWords = ["corner", "esquina", "coin", "ecke", "angle", "ángulo", "gon", "eck"]
        for (kind, count) in counted {
            let description = strings.text(.words(for: kind)).lowercased()
            let words = description.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            for word in count where words.contains(word) {
                Issue.record("\(language): \(kind) is '\(description)', which says \(word)")
            }
            for part in cornerWords where description.contains(part) {
                Issue.record("\(language): \(kind) is '\(description)', which says \(part)")
            }
        }
    }

    /// A child who matches letters gets no help: the name of the target shares no longer
    /// run of letters with its own description than with the description of some
    /// other kind (runs of two letters are in everything and count as none).
    @Test(arguments: BuiltInStrings.languages)
    func matchingLettersDoesNotFindTheTile(_ language: String) {
        let strings = GateStrings(language: language)
        for kind in ShapeKind.allCases {
            let name = Self.bareName(strings.name(of: kind))
            let own = Self.longestCommonRun(name, strings.text(.words(for: kind)).lowercased())
            let others = ShapeKind.allCases.filter { $0 != kind }
                .map { Self.longestCommonRun(name, strings.text(.words(for: $0)).lowercased()) }.max() ?? 0
            #expect(own <= max(2, others), "\(language): '\(name)' shares \(own) letters with its own description")
        }
    }

    @Test func anOverrideReplacesADescriptionAndItsControlsAreShownNotSent() {
        let words = renderer(overrides: [.words(for: .circle): "no corners at all\u{1B}[2J"])
        #expect(words.wordsTile(numbers: "2", kind: .circle) == "2: no corners at all\\x1b[2J")
        #expect(GateStrings.template(language: "de").contains("<string>oben spitz, unten die längste Seite</string>"))
    }

    @Test func theTimeIsSpokenOnlyAtAFewThresholds() {
        var spoken: [Int] = []
        var left = 70
        while let next = WordsBoard.nextThreshold(below: left) {
            spoken.append(next)
            left = next
        }
        #expect(spoken == [60, 30, 10, 5])
        #expect(WordsBoard.nextThreshold(below: 10) == 5)
        #expect(WordsBoard.nextThreshold(below: 5) == nil)
        #expect(renderer("fr").spokenTimeLeft(seconds: 7) == "Secondes restantes\u{00A0}: 7.")
    }

    @Test func theOptionAndTheKeyChooseTheBoard() throws {
        #expect(try OptionParser.parse(["--board", "words"]).board == .words)
        #expect(try OptionParser.parse(["--board=Picture"]).board == .picture)
        #expect(try OptionParser.parse([]).board == .picture)
        #expect(throws: GateError.usage("invalid --board 'braille': expected picture or words")) {
            try OptionParser.parse(["--board", "braille"])
        }
        var options = Options()
        var policy = Policy()
        try ConfigFile.apply(text: "board = words\n", name: "config", system: false, into: &options, policy: &policy)
        #expect(options.board == .words)
    }

    /// The name without an article: "l'hexagone" → "hexagone", "den Kreis" → "kreis".
    static func bareName(_ name: String) -> String {
        let last = name.split(separator: " ").last.map(String.init) ?? name
        return String(last.split(separator: "'").last ?? Substring(last)).lowercased()
    }

    static func longestCommonRun(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var best = 0
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 0..<a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 0..<b.count where a[i] == b[j] && a[i].isLetter {
                current[j + 1] = previous[j] + 1
                best = max(best, current[j + 1])
            }
            previous = current
        }
        return best
    }
}

/// The system file may choose the words board for everyone, but it cannot hold the
/// picture board on someone who asked for words, in their own file or on the command line.
@Suite(.serialized) struct WordsBoardPolicyTests {
    let folder = temporaryFolder()
    var system: String { folder + "/shapelygate.conf" }
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder + "/config", "HOME": folder] }

    func settle(system text: String, user: String?, _ arguments: [String]) throws -> BoardStyle {
        writeFile(system, text)
        if let user {
            writeFile(folder + "/config/shapelygate/config", user)
        }
        return try Settings.resolve(arguments, files: .init(system: system, systemOwner: getuid(), user: 1000),
                                    environment: environment).options.board
    }

    @Test func theSystemFileCannotForcePictures() throws {
        makeUserFolder()
        #expect(try settle(system: "board = picture\n", user: nil, ["--board", "words"]) == .words)
        #expect(try settle(system: "board = picture\nmin-rounds = 2\n", user: "board = words\n", []) == .words)
        #expect(try settle(system: "board = words\n", user: "", []) == .words)
        #expect(try settle(system: "board = words\n", user: "", ["--board", "picture"]) == .picture)
        #expect(throws: GateError.configuration(system + ":1: invalid board 'sound': expected picture or words")) {
            try settle(system: "board = sound\n", user: nil, [])
        }
    }

    private func makeUserFolder() {
        mkdir(folder + "/config", 0o700)
        mkdir(folder + "/config/shapelygate", 0o700)
    }
}
