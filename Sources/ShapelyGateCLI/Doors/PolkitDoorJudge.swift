// PolkitDoorJudge.swift — polkit (pkexec, run0, a desktop's installs) and doas.
//
// Contract:
// - polkit not installed: closed. Its rules are read as text, not run: a rule that can
//   return polkit.Result.YES is open for the person when it names no user and no group
//   (subject.user == "…", subject.isInGroup("…")) or names the person or one of their
//   groups; the action ids it names are said. PackageKit and Flatpak actions their action
//   files allow an active session with no authentication are open, named.
// - pkexec: guarded when the polkit-1 stack gates the person (person=caller). Otherwise
//   open when the person is a polkit administrator (addAdminRule's unix-user: and
//   unix-group:, root alone when no rule says) or a rule can return AUTH_SELF for them,
//   as pkexec then asks their own password, or when another administrator has a
//   password; closed when none has.
// - doas not installed: closed; no /etc/doas.conf: closed. A rule that permits the person
//   (their name or :group) and is not undone by a later `deny` of theirs with no command:
//   open with nopass; otherwise guarded only when the doas stack gates the person.

import ShapelyGatePolicy

/// One rule of a polkit rules file that can return YES.
package struct PolkitYes: Equatable, Sendable {
    package var users: [String]
    package var groups: [String]
    package var actions: [String]
    /// Its text does not say plainly whom it lets in or what it returns.
    package var unclear = false
}

package enum PolkitRules {
    /// Each addRule function that can return polkit.Result.YES (or `result`). Read as
    /// text, a rule is taken at its worst: for YES, any `return` of something that is not
    /// plainly another result (a variable, a string, an index) may be YES; and a rule
    /// whose test of the subject is more than names (beside `||`, a negation) is taken to
    /// apply to anyone.
    package static func yesRules(_ text: String, result: String = "polkit.Result.YES") -> [PolkitYes] {
        bodies(of: "polkit.addRule(", in: text).compactMap { rule in
            let named = rule.contains(result)
            guard named || (result == "polkit.Result.YES" && returnsSomethingElse(rule)) else { return nil }
            guard named, !subjectAmongAlternatives(rule), !rule.contains("!="), !rule.contains("!subject") else {
                return PolkitYes(users: [], groups: [], actions: [], unclear: true)
            }
            return PolkitYes(users: quoted(after: "subject.user", in: rule), groups: quoted(after: "isInGroup(", in: rule),
                             actions: quoted(after: "action.id", in: rule))
        }
    }

    /// Whether a test of the subject stands beside `||` (`subject.user == 'mum' ||
    /// subject.active`): then who the rule lets in is more than the names it holds.
    static func subjectAmongAlternatives(_ rule: Substring) -> Bool {
        rule.ranges(of: "||").contains { found in
            let stop: (Character) -> Bool = { "&()".contains($0) }
            let before = rule[..<found.lowerBound].reversed().prefix { !stop($0) }
            let after = rule[found.upperBound...].prefix { !stop($0) }
            return String(before.reversed()).contains("subject") || after.contains("subject")
        }
    }

    static let results = ["YES", "NO", "AUTH_SELF", "AUTH_SELF_KEEP", "AUTH_ADMIN", "AUTH_ADMIN_KEEP", "NOT_HANDLED"]

    /// Whether a rule returns anything but a plain `polkit.Result.X` (or nothing).
    static func returnsSomethingElse(_ rule: Substring) -> Bool {
        rule.ranges(of: "return").contains { found in
            let value = rule[found.upperBound...].prefix { $0 != ";" && $0 != "}" && $0 != "\n" }
                .trimmingPrefix(while: { $0 == " " || $0 == "\t" || $0 == "(" })
            let plain = value.drop { $0 == " " }.isEmpty
                || results.contains { value.hasPrefix("polkit.Result.\($0)") && value.dropFirst(14 + $0.count).allSatisfy { $0 == " " || $0 == ")" } }
            return !plain
        }
    }

    /// The identities addAdminRule returns: `unix-group:sudo`, `unix-user:0`.
    package static func administrators(_ text: String) -> [String] {
        bodies(of: "polkit.addAdminRule(", in: text).flatMap { body in
            quoted(after: "", in: body).filter { $0.hasPrefix("unix-user:") || $0.hasPrefix("unix-group:") || $0.hasPrefix("unix-netgroup:") }
        }
    }

    /// The string literal that follows each `marker` (blanks and `==`/`===` skipped):
    /// `subject.user == "kid"` gives kid. With an empty marker, every string literal.
    package static func quoted(after marker: String, in text: Substring) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while !rest.isEmpty {
            if !marker.isEmpty {
                guard let at = rest.firstRange(of: marker) else { break }
                rest = rest[at.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "=" }
            } else {
                rest = rest.drop { $0 != "\"" && $0 != "'" }
            }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let body = rest.dropFirst().prefix { $0 != quote }
            found.append(String(body))
            rest = rest.dropFirst(body.count + 2)
        }
        return found
    }

    /// The text after each `marker`, up to the next rule of either kind.
    static func bodies(of marker: String, in text: String) -> [Substring] {
        let starts = text.ranges(of: "polkit.add").map(\.lowerBound) + [text.endIndex]
        return text.ranges(of: marker).map { found in
            text[found.upperBound..<(starts.first { $0 > found.lowerBound } ?? text.endIndex)]
        }
    }
}

extension DoorJudge {
    func polkit() -> [DoorLine] {
        let rules: [String: String]
        switch facts.polkitRules {
        case .absent: return [.closed("polkit", "polkit is not installed")]
        case .unreadable(let why): return [.open("polkit", "cannot read polkit's rules: \(why)")]
        case .read(let read): rules = read
        }
        var lines = facts.polkitUnreadable.map { DoorLine.open("polkit", "cannot read \($0)") }
        for (path, text) in rules.sorted(by: { $0.key < $1.key }) {
            for rule in PolkitRules.yesRules(text) where appliesToPerson(rule) {
                if rule.unclear {
                    lines.append(.open("polkit rule", "\(path) may let \(name) act with no password (as text, its test or its "
                                       + "answer is not plain): edit the rule"))
                    continue
                }
                let actions = rule.actions.isEmpty ? "any action" : list(rule.actions)
                let group = rule.groups.first { facts.user.groups.contains($0) }
                let whom = group.map { "group \($0)" } ?? (rule.users.isEmpty ? "everyone" : name)
                let fix = group.map { "remove \(name) from group \($0) or edit the rule" } ?? "edit the rule"
                lines.append(.open("polkit rule", "\(path) allows \(whom) \(actions) with no password: \(fix)"))
            }
        }
        for action in facts.polkitOpenActions {
            lines.append(.open("polkit rule", "\(action) needs no password in an active session: override it in /etc/polkit-1/rules.d"))
        }
        return lines + [pkexec(rules)]
    }

    func appliesToPerson(_ rule: PolkitYes) -> Bool {
        (rule.users.isEmpty && rule.groups.isEmpty) || rule.users.contains(name) || rule.groups.contains(where: facts.user.groups.contains)
    }

    func pkexec(_ rules: [String: String]) -> DoorLine {
        let stack = stackVerdict("polkit-1", person: .caller, gating: [facts.user])
        if let unreadable = stack.unreadable { return .open("polkit", "cannot read the polkit-1 stack: \(unreadable)") }
        if let guarded = stack.guarded { return .guarded("polkit", guarded) }
        var identities = rules.sorted(by: { $0.key < $1.key }).flatMap { PolkitRules.administrators($0.value) }
        if identities.isEmpty { identities = ["unix-user:0"] }
        let fix = "add `auth requisite pam_shapelygate.so person=caller users=\(name)` to /etc/pam.d/polkit-1"
        for (path, text) in rules.sorted(by: { $0.key < $1.key })
        where PolkitRules.yesRules(text, result: "polkit.Result.AUTH_SELF").contains(where: appliesToPerson) {
            return .open("polkit", "\(path) lets \(name) act with \(name)'s own password; \(fix)")
        }
        if let mine = identities.first(where: { isPerson($0, facts.user) }) {
            return .open("polkit", "\(name) is a polkit administrator (\(mine)): pkexec asks \(name)'s own password; \(fix)")
        }
        let admins = facts.accounts.filter { account in account.name != name && identities.contains { isPerson($0, account) } }
        switch othersWithPasswords() {
        case .failure(let refusal): return .open("polkit", "cannot tell whose password works: \(refusal.message)")
        case .success(let names):
            let typed = admins.map(\.name).filter(names.contains)
            guard !typed.isEmpty else { return .closed("polkit", "no polkit administrator has a password to type") }
            return .open("polkit", "pkexec asks a polkit administrator's password and \(passwordsSaid(typed)); \(fix)")
        }
    }

    /// Whether a polkit identity (`unix-user:NAME|UID`, `unix-group:NAME|GID`) is `account`.
    func isPerson(_ identity: String, _ account: AuditAccount) -> Bool {
        let value = String(identity.drop { $0 != ":" }.dropFirst())
        if identity.hasPrefix("unix-user:") { return value == account.name || value == String(account.uid) }
        if identity.hasPrefix("unix-group:") {
            return account.groups.contains(value) || account.groupIDs.contains { String($0) == value }
        }
        return false
    }
}
