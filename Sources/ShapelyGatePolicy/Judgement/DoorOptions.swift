// DoorOptions.swift — the words of a door's line, the sudo.conf Plugin line or a PAM
// module line, read once by the one grammar (Grammar) before anyone is asked: a typo
// stops the door at once instead of quietly turning the gate off.
//
// Contract:
// - Every word is read by `Grammar.read` at this line's door: an unknown word, a word
//   that means nothing at this door (named with the door), a missing or extra value, a
//   number out of range or a relative path is one message naming the word.
// - The gate's words are kept in order, as `name` and value, and handed to the gate as
//   its long options; the policy words (approvers=, approval=, approval-timeout=,
//   notify=) go over the system file's; users=, groups=, commands=, path=, grace= and
//   person= are the line's own.
// - path= is the door's: it opened the program by it before the judge ran (door.c);
//   here it is only checked, and named in messages.
// - At a PAM door person= is required and says who is gated: `caller` (the real uid:
//   su, pkexec, run0) or `login` (PAM_USER: login, sshd).
// - Each word once: one given twice is refused, never replaced unseen. No word longer
//   than 4096 bytes, or holding a control character, is read.

import ShapelyGate
import ShapelyGateSystem

package struct DoorOptions {
    package enum Person: String, Equatable, Sendable {
        case caller, login
    }

    package var door = Door.sudoLine
    package var users: [String] = []
    package var groups: [String] = []
    package var commands: [String] = []
    /// path=, as given (nil: the door's default, SG_DEFAULT_PROGRAM).
    package var path: String?
    package var grace = 0
    package var person: Person?
    /// The policy words given on the line (over the system file's).
    package var policy = Policy()
    /// The gate's words, in order, as `name` and value (nil for a flag).
    package var gate: [(name: String, value: String?)] = []

    package static let longest = 4096

    package init(door: Door = .sudoLine, users: [String] = [], groups: [String] = [], commands: [String] = []) {
        self.door = door
        self.users = users
        self.groups = groups
        self.commands = commands
    }

    /// The words as the line names itself in messages.
    package var lineName: String { door == .pamLine ? "PAM line" : "sudo.conf Plugin line" }

    /// approvers=, approval=, approval-timeout= and notify=, as the line gives them.
    package var approvers: Approvers? { policy.approvers }
    package var approval: ApprovalMode? { policy.approval }
    package var approvalTimeout: Int? { policy.approvalTimeout }
    package var notify: String? { policy.notify }

    /// The options as words for the gate's command line (`--timeout 20 --strict`).
    package var gateArguments: [String] {
        gate.flatMap { option in ["--" + option.name] + (option.value.map { [$0] } ?? []) }
    }

    /// Reads a line's words, or throws the message for the host program.
    package static func parse(_ words: [String], door: Door = .sudoLine) throws(Refusal) -> DoorOptions {
        var parsed = DoorOptions(door: door)
        var seen: Set<Substring> = []
        for word in words {
            try parsed.read(word)
            // A second users= would silently replace the first and take people out of
            // the gate: each word once.
            let name = word.prefix { $0 != "=" }
            guard seen.insert(name).inserted else {
                let spelled = Grammar.word(name).map { door.spelling($0.name, flag: $0.isFlag) } ?? String(name)
                throw Refusal("option \(spelled) is given twice: give each option once")
            }
        }
        if door == .pamLine && parsed.person == nil {
            throw Refusal("the PAM line needs person=caller or person=login: say who is gated")
        }
        return parsed
    }

    private mutating func read(_ option: String) throws(Refusal) {
        guard option.utf8.count <= Self.longest else {
            throw Refusal("a \(door == .pamLine ? "module" : "plugin") option is longer than \(Self.longest) bytes")
        }
        guard !option.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw Refusal("a \(door == .pamLine ? "module" : "plugin") option holds a control character")
        }
        let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]), given = parts.count > 1 ? String(parts[1]) : nil
        guard !name.isEmpty, let word = Grammar.word(name) else {
            throw Refusal(Grammar.unknown(name.isEmpty ? option : name, at: door, lineName: lineName))
        }
        let value: WordValue
        do {
            value = try Grammar.read(word, given, at: door)
        } catch {
            throw Refusal(error.message)
        }
        switch word.target {
        case .options: gate.append((name, word.isFlag ? nil : given))
        case .policy: word.apply(value, to: &policy)
        case .door: keep(name, value)
        }
    }

    private mutating func keep(_ name: String, _ value: WordValue) {
        switch name {
        case "users": users = value.list
        case "groups": groups = value.list
        case "commands": commands = value.list
        case "path": path = value.text
        case "grace": grace = value.number
        default: person = Person(rawValue: value.text)
        }
    }
}
