// WordValue.swift — what a policy word's value may be, and the one reader of each kind:
// a value is read once, into a typed `WordValue`, or refused with a `WordProblem` that
// says what is wrong with it, the same at every door.
//
// Contract:
// - A whole number is ASCII digits, no sign, no leading zero but `0` itself, no unit:
//   `5`, never `+5`, `05` or `5s`, at every door.
// - A flag takes no value on the command line and on a door line; in a file it takes yes
//   or no (yes, true, on, 1; no, false, off, 0). A choice (board, approval, person) is
//   taken in any case.
// - A path that a door line or a policy word names is a full path, starting with `/`.
// - A list (users=, groups=, commands=, approvers=) has no empty entry; each user and
//   group it names must exist when it is read.
// - Nothing here prints; the door says the problem in its own spelling (Grammar.message).

import ShapelyGate
import ShapelyGateSystem

/// The kinds of value a word takes.
package enum ValueKind: Sendable {
    case flag
    case wholeNumber(ClosedRange<Int>)
    case seed
    case kinds
    case choice([String])
    /// The strings override: a file or folder (relative in a file is from its folder).
    case strings
    case absolutePath
    case language
    case text
    case descriptor
    case approvers
    case users, groups, commands
}

/// A value read and checked.
package enum WordValue: Equatable, Sendable {
    case flag(Bool)
    case number(Int)
    case seed(UInt64)
    case kinds([ShapeKind])
    case text(String)
    case approvers(Approvers)
    case list([String])

    package var number: Int { if case .number(let value) = self { return value }; return 0 }
    package var text: String { if case .text(let value) = self { return value }; return "" }
    package var isOn: Bool { if case .flag(let on) = self { return on }; return true }
    package var list: [String] { if case .list(let value) = self { return value }; return [] }
}

/// What is wrong with a value: about the value itself (`invalid timeout=0: expected …`)
/// or about the word as given (`option users= has an empty entry`).
package struct WordProblem: Error, Equatable, Sendable {
    package enum Kind: Sendable { case value, option }
    package let kind: Kind
    package let reason: String

    package static func value(_ reason: String) -> WordProblem { WordProblem(kind: .value, reason: reason) }
    package static func option(_ reason: String) -> WordProblem { WordProblem(kind: .option, reason: reason) }
}

package enum ValueReader {
    /// `text` as a whole number in `range`, in the one spelling every door takes.
    package static func wholeNumber(_ text: String) -> UInt64? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              digits.count == 1 || digits[0] != 0x30 else { return nil }
        return UInt64(text)
    }

    package static func number(_ text: String, _ range: ClosedRange<Int>) throws(WordProblem) -> Int {
        guard let number = wholeNumber(text), number <= UInt64(range.upperBound),
              range.contains(Int(number)) else {
            throw .value("expected a whole number \(range.lowerBound)-\(range.upperBound)")
        }
        return Int(number)
    }

    package static func yesNo(_ text: String) throws(WordProblem) -> Bool {
        switch text.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default: throw .value("expected yes or no")
        }
    }

    package static func kinds(_ value: String) throws(WordProblem) -> [ShapeKind] {
        let range = GateConfiguration.kindsRange
        if value.first?.isNumber == true || value.first == "+" || value.first == "-" {
            guard let count = wholeNumber(value), count <= UInt64(range.upperBound), range.contains(Int(count)) else {
                throw .value("expected \(range.lowerBound)-\(range.upperBound) or a list of shape names")
            }
            return GateConfiguration.kinds(count: Int(count))
        }
        var kinds: [ShapeKind] = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = ShapeKind(rawValue: name.lowercased()) else {
                let known = ShapeKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw .value("unknown shape '\(name.prefix(40))' (known: \(known))")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard kinds.count >= range.lowerBound else { throw .value("name at least two different shapes") }
        return kinds
    }

    package static func language(_ value: String) throws(WordProblem) -> String {
        guard value.count <= 35, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.@".contains($0)) }) else {
            throw .value("expected a language code such as fr")
        }
        return value
    }

    /// A comma list with no empty entry.
    package static func list(_ value: String) throws(WordProblem) -> [String] {
        let items = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !items.contains("") else { throw .option("has an empty entry") }
        return items
    }

    package static func isNumber(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }

    /// users=: names or IDs of accounts that exist.
    package static func users(_ value: String) throws(WordProblem) -> [String] {
        let items = try list(value)
        if let unknown = items.first(where: { !isNumber($0) && SystemAccounts.uid(named: $0) == nil }) {
            throw .option("names an unknown user '\(unknown.prefix(64))'")
        }
        return items
    }

    /// groups=: names or IDs of groups that exist.
    package static func groups(_ value: String) throws(WordProblem) -> [String] {
        let items = try list(value)
        if let unknown = items.first(where: { !isNumber($0) && SystemAccounts.gid(named: $0) == nil }) {
            throw .option("names an unknown group '\(unknown.prefix(64))'")
        }
        return items
    }

    /// commands=: full paths of programs or folders (ending in /).
    package static func commands(_ value: String) throws(WordProblem) -> [String] {
        let items = try list(value)
        guard items.allSatisfy({ $0.hasPrefix("/") }) else { throw .option("needs full paths, starting with /") }
        return items
    }
}
