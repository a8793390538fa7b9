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
    case .required(let name), .optional(let name): return name
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

    @Test func theFileKeysAndFloorsAreTheTables() {
        let keys = captures(#"Keys are the long options\n\.Pq ([a-z, -]+) ;"#, in: page).first?[0]
        #expect(keys.map { Set($0.components(separatedBy: " , ")) } == Set(OptionTable.specs.filter(\.inFiles).map(\.long)))
        // The floors are the .Cm lines after "set floors", up to the logging keys.
        let sentence = page.components(separatedBy: "may also set floors").dropFirst().first?
            .components(separatedBy: "and logging").first ?? ""
        let floors = captures(#"\n\.Cm ([a-z, -]+)"#, in: sentence)
            .flatMap { $0[0].components(separatedBy: " , ") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ,")) }
        #expect(Set(floors) == Set(OptionTable.specs.compactMap { $0.floor?.key }), "\(floors)")
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
        "pending": "an approver's answer: no gate", "approve": "an approver's answer: no gate",
        "deny": "an approver's answer: no gate", "version": "prints and exits: no gate",
        "verdict-fd": "the judge's own channel to the gate, which it opens itself",
    ]

    @Test func everyGateOptionIsPassedThroughOrAnExceptionWithItsReason() {
        for spec in OptionTable.specs where Self.notPassedThrough[spec.long] == nil {
            #expect(DoorOptions.gateOptions.contains(spec.long), """
                the sudo judge does not pass --\(spec.long) through: add it to DoorOptions.gateOptions \
                or to notPassedThrough here, with the reason
                """)
        }
        for name in DoorOptions.gateOptions {
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
