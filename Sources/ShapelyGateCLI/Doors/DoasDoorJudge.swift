// DoasDoorJudge.swift — the doas door: /etc/doas.conf's rules for the person, as doas
// reads them (the last rule that matches wins), and the doas PAM stack.
//
// Contract: see PolkitDoorJudge.swift's header and shapelygate(1), DOORS.

import ShapelyGatePolicy

/// One rule of doas.conf.
package struct DoasRule: Equatable, Sendable {
    package var number: Int
    package var permit: Bool
    package var options: [String]
    package var identity: String
    /// A rule limited to one command (`cmd`).
    package var command: String?
}

package enum DoasConf {
    /// The rules of a doas.conf text, each with its line number; words in braces
    /// (setenv { … }) are options.
    package static func rules(_ text: String) -> [DoasRule] {
        var rules: [DoasRule] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = raw.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first, verb == "permit" || verb == "deny" else { continue }
            words.removeFirst()
            var options: [String] = [], braces = false
            while let word = words.first {
                if word.hasPrefix("{") { braces = true }
                guard braces || ["nopass", "nolog", "persist", "keepenv", "setenv"].contains(word) else { break }
                if word.hasSuffix("}") { braces = false }
                options.append(words.removeFirst())
            }
            guard let identity = words.first else { continue }
            let command = words.firstIndex(of: "cmd").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
            rules.append(DoasRule(number: index + 1, permit: verb == "permit", options: options, identity: identity, command: command))
        }
        return rules
    }
}

extension DoorJudge {
    func doas() -> DoorLine {
        guard facts.doasInstalled else { return .closed("doas", "doas is not installed") }
        let text: String
        switch facts.doasConf {
        case .absent: return .closed("doas", "doas is installed, but with no /etc/doas.conf it lets no one in")
        case .unreadable(let why): return .open("doas", "cannot read /etc/doas.conf: \(why)")
        case .read(let read): text = read
        }
        var permits: [DoasRule] = []
        for rule in DoasConf.rules(text) where matches(rule.identity) {
            if rule.permit {
                permits.append(rule)
            } else if rule.command == nil {
                permits.removeAll()
            }
        }
        guard let first = permits.first else { return .closed("doas", "no rule of /etc/doas.conf permits \(name)") }
        if let free = permits.first(where: { $0.options.contains("nopass") }) {
            return .open("doas", "/etc/doas.conf:\(free.number) permits \(name) with nopass: root with no password "
                         + "and no board; remove the rule or its nopass")
        }
        let stack = stackVerdict("doas", person: .caller, gating: [facts.user])
        if let unreadable = stack.unreadable { return .open("doas", "cannot read the doas stack: \(unreadable)") }
        if let guarded = stack.guarded { return .guarded("doas", guarded) }
        return .open("doas", "/etc/doas.conf:\(first.number) permits \(name) with \(name)'s own password and "
                     + "\(stack.open ?? ""): add `auth requisite pam_shapelygate.so person=caller users=\(name)` to /etc/pam.d/doas")
    }

    /// Whether a doas identity (`name`, `:group`, or their numbers) is the person.
    func matches(_ identity: String) -> Bool {
        if identity.hasPrefix(":") {
            let group = String(identity.dropFirst())
            return facts.user.groups.contains(group) || facts.user.groupIDs.contains { String($0) == group }
        }
        return identity == name || identity == String(facts.user.uid)
    }
}
