// GrammarReading.swift — a word's value read at a door, and every problem said in that
// door's own spelling.
//
// Contract:
// - `read` is the one reader: a word at a door that does not read it is refused naming
//   the door; a value is checked by its kind (WordValue.swift) the same at every door.
//   Only what differs by nature differs: a flag takes yes or no in a file and nothing
//   elsewhere; a strings path on a door line is a full path that must exist.
// - Messages: `invalid --timeout '0': expected …` on the command line, `invalid timeout
//   '0': …` in a file (after FILE:LINE), `invalid timeout=0: …` on a door line; a value is
//   cut to 40 characters in a line's message.
// - An unknown word gets the one known word nearest to it, if there is one
//   (Suggestion): `cooldwn` → did you mean `cooldown`?

import ShapelyGateSystem

extension Grammar {
    /// Why a word means nothing at a PAM door, where the reason is not just the door.
    static let pamReasons = [
        "commands": "a PAM module is not told the command",
        "grace": "a PAM door keeps no grace window",
        "board": "the conversation carries only the words board",
    ]

    /// Reads `value` for `word` at `door`, or throws the message, in the door's spelling.
    package static func read(_ word: PolicyWord, _ value: String?, at door: Door) throws(Refusal) -> WordValue {
        guard word.doors.contains(door) else { throw Refusal(refusal(word, at: door)) }
        do throws(WordProblem) {
            return try reading(word, value, at: door)
        } catch {
            throw Refusal(message(error, word: word, value: value, at: door))
        }
    }

    /// "option syslog= means nothing on the sudo.conf Plugin line; it is read in /etc/shapelygate.conf".
    package static func refusal(_ word: PolicyWord, at door: Door) -> String {
        if door == .pamLine, let reason = pamReasons[word.name] {
            return "option \(word.name)= means nothing \(door.place): \(reason)"
        }
        if door == .userFile && word.doors.contains(.systemFile) { return "'\(word.name)' may be set only in the system file" }
        let places = Door.allCases.filter(word.doors.contains).map(\.place)
        let said = places.count > 1 ? places.dropLast().joined(separator: ", ") + " and " + places.last! : places[0]
        let name = door.isFile ? "'\(word.name)'" : door.spelling(word.name, flag: word.isFlag)
        return (door.isLine ? "option " : "") + "\(name) means nothing \(door.place); it is read \(said)"
    }

    /// An unknown word: "unknown option '--timout'; did you mean …?" in the door's spelling.
    package static func unknown(_ name: String, at door: Door, lineName: String = "") -> String {
        let known = words(at: door).map(\.name)
        let shown = String(name.prefix(40))
        switch door {
        case .commandLine: return "unknown option --\(shown)"
        case .userFile, .systemFile:
            return "unknown key '\(shown)'" + Suggestion.clause(for: name, among: known) { "'\($0)'" }
        case .sudoLine, .pamLine:
            return "unknown option '\(shown)' in the \(lineName)" + Suggestion.clause(for: name, among: known) { "'\($0)'" }
        }
    }

    static func message(_ problem: WordProblem, word: PolicyWord, value: String?, at door: Door) -> String {
        let given = value ?? ""
        switch (door, problem.kind) {
        case (.commandLine, .value): return "invalid --\(word.name) '\(given)': \(problem.reason)"
        case (.commandLine, .option): return "option --\(word.name) \(problem.reason)"
        case (.userFile, .value), (.systemFile, .value): return "invalid \(word.name) '\(given)': \(problem.reason)"
        case (.userFile, .option), (.systemFile, .option): return "\(word.name) \(problem.reason)"
        case (_, .value): return "invalid \(word.name)=\(given.prefix(40)): \(problem.reason)"
        case (_, .option): return "option \(door.spelling(word.name, flag: word.isFlag)) \(problem.reason)"
        }
    }

    private static func reading(_ word: PolicyWord, _ value: String?, at door: Door) throws(WordProblem) -> WordValue {
        if case .flag = word.kind {
            if door.isFile { return .flag(try ValueReader.yesNo(value ?? "")) }
            guard value == nil else { throw .option("takes no value") }
            return .flag(true)
        }
        guard let value, !value.isEmpty else { throw .option("needs a value") }
        switch word.kind {
        case .flag: return .flag(true)
        case .wholeNumber(let range): return .number(try ValueReader.number(value, range))
        case .seed:
            guard let seed = ValueReader.wholeNumber(value) else {
                throw .value("expected a whole number 0-\(UInt64.max)")
            }
            return .seed(seed)
        case .kinds: return .kinds(try ValueReader.kinds(value))
        case .choice(let choices):
            // Any case, at every door: `board = Words` is `words`.
            guard choices.contains(value.lowercased()) else {
                throw .value("expected " + choices.dropLast().joined(separator: ", ") + " or " + choices.last!)
            }
            return .text(value.lowercased())
        case .strings:
            if door.isLine {
                guard value.hasPrefix("/") else { throw .option("needs a full path, starting with /") }
                guard Platform.exists(value) else { throw .option("names \(value.prefix(200)), which does not exist") }
            }
            return .text(value)
        case .absolutePath:
            guard value.hasPrefix("/") else { throw .option("needs a full path, starting with /") }
            return .text(value)
        case .language: return .text(try ValueReader.language(value))
        case .text: return .text(value)
        case .descriptor:
            guard let number = ValueReader.wholeNumber(value), number > 2, number <= UInt64(Int32.max) else {
                throw .value("expected an open descriptor number above 2")
            }
            return .number(Int(number))
        case .approvers: return .approvers(try Approvers.parse(value))
        case .users: return .list(try ValueReader.users(value))
        case .groups: return .list(try ValueReader.groups(value))
        case .commands: return .list(try ValueReader.commands(value))
        }
    }
}

/// Why a word, a line or a judge refuses: one line, in the door's spelling, without the
/// program's name.
package struct Refusal: Error, Equatable, Sendable {
    package let message: String
    package init(_ message: String) { self.message = message }
}
