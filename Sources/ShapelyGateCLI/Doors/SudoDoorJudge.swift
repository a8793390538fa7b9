// SudoDoorJudge.swift — the sudo door: what `sudo -l` says the person may run as another
// user, and whether a shapelygate_approval Plugin line in /etc/sudo.conf gates them for
// those commands.
//
// Contract:
// - sudo not installed: closed. `sudo -l` not answered: open, with what it said. It says
//   the person may run nothing: closed.
// - Otherwise open unless a Plugin line that loads and reads gates the person; with
//   commands=, every command the rules name (ALL included) must be gated, or the line is
//   open for the rest, named. A line that is not read, or a plugin file sudo would not
//   load, is open with what to fix (shapelygate --check says more).

import ShapelyGatePolicy

/// The rules `sudo -l` lists: the run-as part and the commands of each.
package struct SudoRule: Equatable, Sendable {
    package var runAs: String
    package var commands: [String]
}

package enum SudoListing {
    /// The rules after "may run the following commands", or nil when the text says the
    /// person may not run sudo. Tags (NOPASSWD: ...) are dropped; a command keeps its path.
    package static func rules(_ text: String) -> [SudoRule]? {
        if text.contains("is not allowed to run sudo") || text.contains("may not run sudo") { return nil }
        var rules: [SudoRule] = [], listing = false
        for raw in text.split(separator: "\n") {
            if raw.contains("may run the following commands") { listing = true; continue }
            let line = raw.drop { $0 == " " || $0 == "\t" }
            guard listing, line.hasPrefix("("), let close = line.firstIndex(of: ")") else {
                if !raw.hasPrefix(" ") && !raw.hasPrefix("\t") { listing = false }
                continue
            }
            var rest = line[line.index(after: close)...].split(separator: " ").map(String.init)
            while let first = rest.first, first.hasSuffix(":"), first.dropLast().allSatisfy({ $0.isUppercase || $0 == "_" }) {
                rest.removeFirst()
            }
            let commands = rest.joined(separator: " ").split(separator: ",").compactMap { entry in
                entry.split(separator: " ").first.map(String.init)
            }.filter { !$0.hasPrefix("!") }
            rules.append(SudoRule(runAs: String(line[...close]), commands: commands))
        }
        return rules
    }
}

extension DoorJudge {
    /// The Plugin line to add, where it goes, and the plugin's file when none is installed.
    func pluginFix(_ conf: String) -> String {
        guard let file = facts.sudoPluginFile else {
            return "install shapelygate's sudo plugin and add its Plugin line with users=\(name) to /etc/sudo.conf"
        }
        let line = "`Plugin shapelygate_approval \(file) users=\(name)`"
        // Once sudo.conf names a plugin, sudo loads only those it names.
        let policy = conf.split(separator: "\n").contains { raw in
            let words = raw.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.count > 1 && words[0] == "Plugin" && words[1] == "sudoers_policy"
        }
        guard policy else { return "add `Plugin sudoers_policy sudoers.so`, then \(line), to /etc/sudo.conf" }
        return "add \(line) below the sudoers lines of /etc/sudo.conf"
    }

    func sudo() -> [DoorLine] {
        let text: String
        switch facts.sudoListing {
        case .absent: return [.closed("sudo", "sudo is not installed")]
        case .unreadable(let why): return [.open("sudo", "cannot tell what sudo lets \(name) run: \(why)")]
        case .read(let read): text = read
        }
        guard let rules = SudoListing.rules(text) else { return [.closed("sudo", "sudo lets \(name) run no command as another user")] }
        guard !rules.isEmpty else { return [.open("sudo", "cannot read what sudo -l says \(name) may run")] }
        let rule = rules[0].runAs + " " + rules[0].commands.joined(separator: ", ") + (rules.count > 1 ? " and more" : "")
        let conf: String
        switch facts.sudoConf {
        case .unreadable(let why): return [.open("sudo", "sudo lets \(name) run \(rule); cannot read /etc/sudo.conf: \(why)")]
        case .absent: conf = ""
        case .read(let read): conf = read
        }
        let lines = SudoConfCheck.read(conf).lines
        guard !lines.isEmpty else { return [.open("sudo", "sudo lets \(name) run \(rule) with no board: \(pluginFix(conf))")] }
        var reasons: [String] = []
        for line in lines {
            switch judge(line, rules: rules) {
            case .success(let guarded): return [.guarded("sudo", guarded)]
            case .failure(let refusal): reasons.append(refusal.message)
            }
        }
        return [.open("sudo", reasons[0])]
    }

    /// One Plugin line: the guarded line's words, or why it leaves the person open.
    func judge(_ line: SudoConfCheck.PluginLine, rules: [SudoRule]) -> Result<String, Refusal> {
        let place = "/etc/sudo.conf:\(line.number)"
        if let problem = facts.sudoPluginProblems[line.number] {
            return .failure(Refusal("sudo will not load the plugin (\(place)): \(problem); run shapelygate --check"))
        }
        let options: DoorOptions
        do throws(Refusal) {
            options = try DoorOptions.parse(line.options, door: .sudoLine)
        } catch {
            return .failure(Refusal("the Plugin line (\(place)) does not read: \(error.message); run shapelygate --check"))
        }
        guard gates(options, facts.user) else {
            return .failure(Refusal("the Plugin line gates \(who(options)) only: add `users=\(name)` to the Plugin line in /etc/sudo.conf"))
        }
        var match = PersonMatch(options: options)
        match.passwd = passwdText
        match.group = groupText
        var left: [String] = []
        for command in rules.flatMap(\.commands) where !options.commands.isEmpty && !left.contains(command) {
            let gated = command.hasSuffix("sudoedit") ? match.gatesEdit() : command != "ALL" && match.gates(command: command)
            if !gated { left.append(command) }
        }
        let board = options.gate.first { $0.name == "board" }?.value ?? "picture"
        if left.contains("ALL") {
            return .failure(Refusal("commands= gates only \(list(options.commands)): \(name) may run any other command "
                                    + "as root with no board; drop commands= from the Plugin line"))
        }
        guard left.isEmpty else {
            let some = left.count > 3 ? left.prefix(3).joined(separator: ", ") + " and \(left.count - 3) more" : left.joined(separator: ", ")
            return .failure(Refusal("commands= leaves out \(some): \(name) runs those as root with no board; "
                                    + "add them to commands= or drop commands="))
        }
        let scope = options.commands.isEmpty ? "every command" : "every command sudo lets \(name) run"
        return .success("\(scope) asks first (\(asks(options, board: board))), \(place)")
    }
}
