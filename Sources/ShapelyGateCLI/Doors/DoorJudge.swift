// DoorJudge.swift — every door judged from a DoorFacts value, with no I/O of its own:
// the person's lines in the order a parent reads them (sudo, su, login, ssh, polkit, doas,
// groups, writable places, then warnings).
//
// Contract:
// - Each door's rule is in its own function; shapelygate(1), DOORS, says each in words.
// - A fact that could not be read makes its door `open`, naming what was not read.
// - A line's options are read by the judges' own parser (DoorOptions) and the person is
//   matched by their own matcher (PersonMatch), over the account files in the facts.
// - `guarded` names what the line asks: the board's kind, strict, and approval=.

import ShapelyGatePolicy
import ShapelyGateSystem

package struct DoorJudge {
    package let facts: DoorFacts
    /// The account files' texts, for PersonMatch.
    package var passwdText = ""
    package var groupText = ""

    package init(facts: DoorFacts, passwdText: String = "", groupText: String = "") {
        self.facts = facts
        self.passwdText = passwdText
        self.groupText = groupText
    }

    var name: String { facts.user.name }

    package func lines() -> [DoorLine] {
        // Root needs no door: every fix below would gate root against itself.
        if facts.user.uid == 0 { return [.open("account", "\(name) is uid 0: root already, with no door to pass")] }
        var lines = sudo()
        lines += [su()] + logins() + ssh()
        lines += polkit() + [doas()] + groups() + writable() + privileged()
        return lines
    }

    /// Whether a line gates `account` (PersonMatch over the facts' account files).
    func gates(_ options: DoorOptions, _ account: AuditAccount) -> Bool {
        var match = PersonMatch(options: options)
        match.passwd = passwdText
        match.group = groupText
        return match.gates(user: account.name, uid: account.uid, gid: account.gid, groups: account.groupIDs)
    }

    /// What a line asks: `board=words, strict, approval=both`.
    func asks(_ options: DoorOptions, board: String) -> String {
        var parts = ["board=" + board]
        if options.gate.contains(where: { $0.name == "strict" }) || facts.systemStrict { parts.append("strict") }
        parts.append("approval=" + (options.approval ?? facts.systemApproval ?? .board).rawValue)
        return parts.joined(separator: ", ")
    }

    /// Who a line gates, as written: `users=mum groups=parents`.
    func who(_ options: DoorOptions) -> String {
        var parts: [String] = []
        if !options.users.isEmpty { parts.append("users=" + options.users.joined(separator: ",")) }
        if !options.groups.isEmpty { parts.append("groups=" + options.groups.joined(separator: ",")) }
        return parts.joined(separator: " ")
    }

    /// The accounts besides the person whose password works, or why that cannot be told.
    func othersWithPasswords() -> Result<[String], Refusal> {
        switch facts.passwords {
        case .absent: return .failure(Refusal("/etc/shadow: no such file"))
        case .unreadable(let why): return .failure(Refusal(why))
        case .read(let states):
            let others = facts.accounts.filter { $0.name != name && (states[$0.name] ?? .locked) != .locked }
            // root first: its password is the one that matters most.
            return .success(others.sorted { ($0.uid != 0 ? 1 : 0, $0.name) < ($1.uid != 0 ? 1 : 0, $1.name) }.map(\.name))
        }
    }

    /// "root's password works", "root and mum have passwords", "mum has no password at all".
    func passwordsSaid(_ names: [String]) -> String {
        let empty = names.filter { facts.passwords.value?[$0] == .empty }
        if !empty.isEmpty { return list(empty) + (empty.count == 1 ? " has" : " have") + " no password at all" }
        if names.count == 1 { return "\(names[0])'s password works" }
        return list(names) + " have passwords"
    }

    /// A list for a sentence: `a`, `a and b`, `a, b and 3 more`.
    func list(_ names: [String]) -> String {
        if names.count > 3 { return names.prefix(2).joined(separator: ", ") + " and \(names.count - 2) more" }
        if names.count > 1 { return names.dropLast().joined(separator: ", ") + " and " + names.last! }
        return names.first ?? ""
    }

    func account(named wanted: String) -> AuditAccount? { facts.accounts.first { $0.name == wanted } }
}
