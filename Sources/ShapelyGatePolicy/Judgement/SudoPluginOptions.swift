// SudoPluginOptions.swift — the options of the sudo.conf Plugin line, checked once, when
// sudo opens the plugin, so that a typo stops sudo at once instead of quietly turning
// the gate off.
//
// Contract:
// - Every option is known and checked here: an unknown name, a missing or extra value,
//   a number out of range or a relative path is one message naming the option.
// - The gate's own options (timeout, attempts, rounds, shapes-per-kind, cooldown, seed,
//   kinds, lang, strings, board, strict) are checked by the gate's own table
//   (OptionTable), the one description of their ranges, and handed to the gate as its
//   long options. users=, groups= and commands= are lists; grace= and the approval
//   options (approvers=, approval=, approval-timeout=, notify=: ApprovalPolicy.swift)
//   are the judge's own.
// - path= is the door's: it opened the program by it before the judge ran (door.c);
//   here it is only known, and named in messages.
// - Each option once: one given twice is refused, never replaced unseen. No option longer than
//   4096 bytes, or holding a control character, is read.

import ShapelyGate
import ShapelyGateSystem

package struct SudoPluginOptions {
    package var users: [String] = []
    package var groups: [String] = []
    package var commands: [String] = []
    /// path=, as given (nil: the door's default, SudoConfCheck.defaultProgram).
    package var path: String?
    package var grace = 0
    /// approvers=, approval=, approval-timeout=, notify=: over the system file's (nil: not given).
    package var approvers: Approvers?
    package var approval: ApprovalMode?
    package var approvalTimeout: Int?
    package var notify: String?
    /// The gate's options, in order, as `name` and value (nil for a flag).
    package var gate: [(name: String, value: String?)] = []

    package static let longest = 4096
    package static let maximumGrace = 86400
    package static let gateOptions = ["timeout", "attempts", "rounds", "shapes-per-kind", "cooldown", "seed", "kinds", "lang",
                              "strings", "board", "strict"]
    package static let lists = ["users", "groups", "commands"]
    package static let approvalOptions = ["approvers", "approval", "approval-timeout", "notify"]

    /// The options as words for the gate's command line (`--timeout 20 --strict`).
    package var gateArguments: [String] {
        gate.flatMap { option in ["--" + option.name] + (option.value.map { [$0] } ?? []) }
    }

    /// Reads the Plugin line's options, or throws the message for sudo.
    package static func parse(_ options: [String]) throws(SudoRefusal) -> SudoPluginOptions {
        var parsed = SudoPluginOptions()
        var seen: Set<Substring> = []
        for option in options {
            try parsed.read(option)
            // A second users= would silently replace the first and take people out of
            // the gate: each option once.
            let name = option.prefix { $0 != "=" }
            guard seen.insert(name).inserted else {
                throw SudoRefusal("option \(name)\(name == "strict" ? "" : "=") is given twice: give each option once")
            }
        }
        return parsed
    }

    private mutating func read(_ option: String) throws(SudoRefusal) {
        guard option.utf8.count <= Self.longest else {
            throw SudoRefusal("a plugin option is longer than \(Self.longest) bytes")
        }
        guard !option.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw SudoRefusal("a plugin option holds a control character")
        }
        let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]), value = parts.count > 1 ? String(parts[1]) : nil
        let known = Self.gateOptions + Self.lists + Self.approvalOptions + ["path", "grace"]
        guard !name.isEmpty, known.contains(name) else {
            let hint = Suggestion.clause(for: name, among: known) { "'\($0)'" }
            throw SudoRefusal("unknown option '\(name.isEmpty ? String(option.prefix(40)) : String(name.prefix(40)))' in the sudo.conf Plugin line" + hint)
        }
        if name == "strict" {
            guard value == nil else { throw SudoRefusal("option strict takes no value") }
            setGate(name, nil)
            return
        }
        guard let value, !value.isEmpty else { throw SudoRefusal("option \(name)= needs a value") }
        switch name {
        case "users", "groups", "commands": try readList(name, value)
        case "path": path = value
        case "approvers": approvers = try Approvers.parse(value, name: name)
        case "approval": approval = try ApprovalMode.parse(value, name: name)
        case "approval-timeout": approvalTimeout = try Approvers.timeout(value, name: name)
        case "notify":
            guard value.hasPrefix("/") else { throw SudoRefusal("option notify= needs a full path, starting with /") }
            notify = value
        case "grace":
            guard value.allSatisfy(\.isASCII), let seconds = Int(value), value.first != "+", (0...Self.maximumGrace).contains(seconds) else {
                throw SudoRefusal("invalid grace=\(value.prefix(40)): expected a whole number 0-\(Self.maximumGrace)")
            }
            grace = seconds
        default: try readGateOption(name, value)
        }
    }

    private mutating func readList(_ name: String, _ value: String) throws(SudoRefusal) {
        let items = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !items.contains("") else { throw SudoRefusal("option \(name)= has an empty entry") }
        if name == "commands" && items.contains(where: { !$0.hasPrefix("/") }) {
            throw SudoRefusal("option commands= needs full paths, starting with /")
        }
        switch name {
        case "users":
            if let unknown = items.first(where: { !Self.isNumber($0) && SystemAccounts.uid(named: $0) == nil }) {
                throw SudoRefusal("option users= names an unknown user '\(unknown.prefix(64))'")
            }
            users = items
        case "groups":
            if let unknown = items.first(where: { !Self.isNumber($0) && SystemAccounts.gid(named: $0) == nil }) {
                throw SudoRefusal("option groups= names an unknown group '\(unknown.prefix(64))'")
            }
            groups = items
        default: commands = items
        }
    }

    /// A gate option, checked as the gate checks it (the message says `name=value`).
    private mutating func readGateOption(_ name: String, _ value: String) throws(SudoRefusal) {
        if name == "strings" {
            guard value.hasPrefix("/") else { throw SudoRefusal("option strings= needs a full path, starting with /") }
            guard Platform.exists(value) else { throw SudoRefusal("option strings=\(value.prefix(200)): no such file or folder") }
        }
        if name == "lang", value.count > 35 || !value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.@".contains($0)) }) {
            throw SudoRefusal("invalid lang=\(value.prefix(40)): expected a language code such as fr")
        }
        guard let spec = OptionTable.spec(long: Substring(name)) else { throw SudoRefusal("unknown option '\(name)' in the sudo.conf Plugin line") }
        do {
            _ = try spec.parse(value)
        } catch {
            // The gate says "invalid --kinds '1': expected ..."; the Plugin line writes kinds=1.
            let detail = OptionSpec.reason(error) ?? error.message
            throw SudoRefusal("invalid \(name)=\(value.prefix(40)): \(detail)")
        }
        setGate(name, value)
    }

    private mutating func setGate(_ name: String, _ value: String?) {
        gate.append((name, value))
    }

    package static func isNumber(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
}

/// Why the judge refuses: one line for sudo's error output, without the program's name.
package struct SudoRefusal: Error, Equatable {
    package let message: String
    package init(_ message: String) { self.message = message }
}
