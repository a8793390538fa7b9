// OptionTableAgreementTests.swift — one table feeds everything. The man page's option
// list, its lists of file keys and floors, the bash, zsh and fish completions, and the
// sudo plugin's pass-through table and number ranges are read as text here and held to
// `OptionTable`, both ways: an option added to the table and forgotten in one of them,
// or left behind in one after it left the table, fails with what to fix. Ranges are
// checked by the table's own parser: a stated `L to H` must be what it accepts.

import Foundation
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

/// Whether the table's parser takes `value` for `spec`.
func accepts(_ spec: OptionSpec, _ value: String) -> Bool {
    var options = Options()
    return (try? spec.apply(value, &options)) != nil
}

/// Whether `spec` takes exactly the whole numbers `low` to `high` (given as text, so
/// UINTMAX_MAX and the number after it can be said).
func takesExactly(_ spec: OptionSpec, _ low: String, _ high: String) -> Bool {
    accepts(spec, low) && accepts(spec, high) && !accepts(spec, decrement(low)) && !accepts(spec, increment(high))
}

func increment(_ number: String) -> String {
    var digits = Array(number.utf8).map { Int($0) - 48 }
    var index = digits.count - 1
    while index >= 0 && digits[index] == 9 { digits[index] = 0; index -= 1 }
    if index < 0 { digits.insert(1, at: 0) } else { digits[index] += 1 }
    return String(digits.map { Character(String($0)) })
}

func decrement(_ number: String) -> String { number == "0" ? "-1" : String(Int(number)! - 1) }

/// The numeric options: a value named N or SECONDS.
func isNumeric(_ spec: OptionSpec) -> Bool {
    if case .required(let name) = spec.value { return name == "N" || name == "SECONDS" }
    return false
}

func valueName(_ spec: OptionSpec) -> String? {
    switch spec.value {
    case .none: return nil
    case .required(let name), .optional(let name), .operands(let name): return name
    }
}

/// Every match of `pattern` in `text`, as the captured groups.
func captures(_ pattern: String, in text: String) -> [[String]] {
    let regex = try! NSRegularExpression(pattern: pattern)
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
        (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
    }
}

@Suite struct ManPageAgreesWithTheTable {
    let page = readText(packageRoot + "/man/shapelygate.1")

    /// Each `.It` of OPTIONS: long name → (short name, value name, the paragraph after it).
    var items: [String: (short: String?, value: String?, text: String)] {
        let options = page.components(separatedBy: "\n.Sh OPTIONS\n").last!.components(separatedBy: "\n.Sh ").first!
        var found: [String: (String?, String?, String)] = [:]
        for item in options.components(separatedBy: "\n.It ").dropFirst() {
            let head = item.prefix { $0 != "\n" }
            guard let long = captures(#"Fl \\-([a-z-]+)"#, in: String(head)).first?[0] else { continue }
            let short = captures(#"^Fl ([A-Za-z])\b"#, in: String(head)).first?[0]
            let clause = head.components(separatedBy: ", Fl \\-").last!
            let value = clause.components(separatedBy: " ").drop { $0 != "Ar" && $0 != "Cm" }.dropFirst()
                .filter { $0 != "Ar" && $0 != "Cm" && $0 != "Ns" && $0 != "=" }.joined()
            found[long] = (short, value.isEmpty ? nil : value, String(item.dropFirst(head.count)))
        }
        return found
    }

    @Test func everyOptionIsListedWithItsShortNameAndValue() {
        let items = self.items
        for spec in OptionTable.specs {
            guard let item = items[spec.long] else { Issue.record("man/shapelygate.1 lacks --\(spec.long) in OPTIONS"); continue }
            #expect(item.short == spec.short.map(String.init), "--\(spec.long): short name")
            #expect(item.value == valueName(spec), "--\(spec.long): value name")
        }
        let table = Set(OptionTable.specs.map(\.long))
        for long in items.keys { #expect(table.contains(long), "the man page lists --\(long), which the table does not have") }
    }

    @Test func everyNumericRangeIsTheOneTheParserTakes() {
        let items = self.items
        for spec in OptionTable.specs where isNumeric(spec) && !accepts(spec, String(UInt64.max)) {
            let stated = captures(#"([0-9]+) to ([0-9]+)"#, in: items[spec.long]?.text ?? "")
            #expect(stated.count == 1 && takesExactly(spec, stated[0][0], stated[0][1]),
                    "--\(spec.long): the man page says \(stated), not the range the gate takes")
        }
    }
}

/// shapelygate.conf(5) lists every policy word once, with the doors where it means
/// something; each list is held to the parsers that read that door: the option table
/// (command line, and which options a file may set), the system file's own keys, the
/// sudo.conf Plugin line and the PAM line.
@Suite struct ConfPageAgreesWithTheDoors {
    let page = readText(packageRoot + "/man/shapelygate.conf.5")

    /// Each `.It Cm word` of WORDS: word → (its doors, the paragraph after it).
    var words: [String: (doors: Set<String>, text: String)] {
        let section = page.components(separatedBy: "\n.Sh WORDS\n").last!.components(separatedBy: "\n.Sh ").first!
        var found: [String: (Set<String>, String)] = [:]
        for item in section.components(separatedBy: "\n.It Cm ").dropFirst() {
            let word = String(item.prefix { $0 != " " && $0 != "\n" })
            let line = item.split(separator: "\n").first { $0.hasPrefix("Doors: ") } ?? ""
            let doors = line.dropFirst(7).trimmingCharacters(in: CharacterSet(charactersIn: ".")).components(separatedBy: ", ")
            #expect(found[word] == nil, "shapelygate.conf(5) lists \(word) twice")
            found[word] = (Set(doors), item)
        }
        return found
    }

    /// The page's name of each door.
    static func name(_ door: Door) -> String {
        switch door {
        case .commandLine: "command line"
        case .systemFile: "system file"
        case .userFile: "user file"
        case .sudoLine: "Plugin line"
        case .pamLine: "PAM line"
        }
    }

    @Test func everyWordOfEveryDoorIsListedWithItsDoors() {
        let words = self.words
        // Words read only on the command line are options (shapelygate(1)), not policy.
        let policyWords = Grammar.words.filter { $0.doors != [.commandLine] }
        for word in policyWords {
            guard let listed = words[word.name] else { Issue.record("shapelygate.conf(5) lacks \(word.name)"); continue }
            #expect(listed.doors == Set(word.doors.map(Self.name)), "\(word.name): the page says \(listed.doors.sorted())")
        }
        let names = Set(policyWords.map(\.name))
        for word in words.keys { #expect(names.contains(word), "shapelygate.conf(5) lists \(word), which no door takes") }
    }

    @Test func everyRangeIsTheOneTheParserTakes() {
        let words = self.words
        for word in Grammar.words {
            guard case .wholeNumber(let range) = word.kind, let listed = words[word.name] else { continue }
            let stated = captures(#"from ([0-9]+) to ([0-9]+)"#, in: listed.text)
            #expect(stated.count == 1 && stated.first == [String(range.lowerBound), String(range.upperBound)],
                    "\(word.name): shapelygate.conf(5) says \(stated), the grammar takes \(range)")
            // And the parser at each of its doors takes exactly that range.
            for door in word.doors {
                let takes = { (value: Int) in (try? Grammar.read(word, String(value), at: door)) != nil }
                #expect(takes(range.lowerBound) && takes(range.upperBound) && !takes(range.lowerBound - 1)
                        && !takes(range.upperBound + 1), "\(word.name) at \(door)")
            }
        }
    }

    @Test func theFloorsAreTheSystemFilesAlone() {
        let words = self.words
        for word in Grammar.words {
            guard let floor = word.floor else { continue }
            #expect(Grammar.word(floor)?.doors == [.systemFile], "\(floor)")
            #expect(words[floor]?.doors == ["system file"], "\(floor)")
        }
    }
}

@Suite struct CompletionsAgreeWithTheTable {
    static let folder = packageRoot + "/Scripts/completions/"

    /// The long and short names `file` offers, as `--name`/`-x` or as fish's `-l name`/`-s x`.
    func names(in file: String) -> (long: Set<String>, short: Set<String>) {
        // Comments may speak of `--name value`; only the code counts.
        let text = readText(Self.folder + file).split(separator: "\n")
            .filter { !$0.drop { $0 == " " }.hasPrefix("#") }.joined(separator: "\n")
        if file.hasSuffix(".fish") {
            return (Set(captures(#"complete -c shapelygate[^\n]* -l ([a-z-]+)"#, in: text).map { $0[0] }),
                    Set(captures(#"complete -c shapelygate[^\n]* -s ([A-Za-z])\b"#, in: text).map { $0[0] }))
        }
        return (Set(captures(#"(?<![\w-])--([a-z][a-z-]*)"#, in: text).map { $0[0] }),
                Set(captures(#"(?<![\w-])-([A-Za-z])(?![\w-])"#, in: text).map { $0[0] }))
    }

    @Test(arguments: ["shapelygate.bash", "_shapelygate", "shapelygate.fish"])
    func offersEveryOptionOfTheTableAndNoOther(_ file: String) {
        let (long, short) = names(in: file)
        #expect(long == Set(OptionTable.specs.map(\.long)), "\(file): long options differ from the table")
        let tableShort = Set(OptionTable.specs.compactMap { $0.short.map(String.init) })
        #expect(tableShort.isSubset(of: short), "\(file) lacks \(tableShort.subtracting(short))")
    }

    @Test func zshStatesTheRangesTheParserTakes() {
        let text = readText(Self.folder + "_shapelygate")
        for spec in OptionTable.specs where isNumeric(spec) && !accepts(spec, String(UInt64.max)) {
            let stated = captures(#"--\#(spec.long)=\}?'?\[[^\]]*\]:[a-z]+ \(([0-9]+)-([0-9]+)\)"#, in: text)
            #expect(stated.count == 1 && takesExactly(spec, stated[0][0], stated[0][1]), "_shapelygate: --\(spec.long) \(stated)")
        }
    }
}

@Suite struct PluginPassesTheTablesOptionsThrough {
    /// Options the plugin deliberately does not take from the sudo.conf Plugin line.
    static let notPassedThrough: [String: String] = [
        "no-timeout": "a gate under sudo always counts down",
        "login": "for ~/.profile; under sudo every way out already denies",
        "for": "the judge sets it itself: what sudo is about to run",
        "no-color": "colour follows the person's terminal (NO_COLOR is passed on)",
        "odds": "prints and exits: no gate", "strings-template": "prints and exits: no gate",
        "help": "prints and exits: no gate", "check-sudo-conf": "prints and exits: no gate",
        "check": "prints and exits: no gate", "end-grace": "asks the judge through sudo: no gate",
        "doors": "prints and exits: no gate", "json": "how --doors prints: no gate",
        "pending": "an approver's answer: no gate", "approve": "an approver's answer: no gate",
        "deny": "an approver's answer: no gate", "revoke": "an approver's answer: no gate", "version": "prints and exits: no gate",
        "verdict-fd": "the judge's own channel to the gate, which it opens itself",
    ]

    @Test func everyGateOptionIsPassedThroughOrAnExceptionWithItsReason() {
        let passed = Set(Grammar.words(at: .sudoLine).filter(\.setsOptions).map(\.name))
        for spec in OptionTable.specs where Self.notPassedThrough[spec.long] == nil {
            #expect(passed.contains(spec.long), """
                the sudo judge does not pass --\(spec.long) through: add the sudo line to its doors in Grammar \
                or add it to notPassedThrough here, with the reason
                """)
        }
        for name in passed {
            #expect(OptionTable.spec(long: Substring(name)) != nil, "the judge passes --\(name), which the gate has not")
            #expect(Self.notPassedThrough[name] == nil, "--\(name) is both passed and listed as not passed")
        }
    }
}

extension OptionSpec.Value {
    var takesNoValue: Bool {
        if case .none = self { return true }
        return false
    }
}
