// PamModuleOptions.swift — the options of a `auth … pam_shapelygate.so OPTION…` line,
// checked once per authentication, before anyone is asked: a typo fails closed, and
// says so in the journal.
//
// Contract:
// - person= is required and says plainly who is gated at this door: `caller`, the
//   person who runs the program (its real uid; su, pkexec, run0), or `login`, the
//   account being logged in to (PAM_USER: login, sshd).
// - Every other option means what it means on the sudo plugin's line, and is checked
//   by that line's own parser (SudoPluginOptions): users=, groups=, the gate's options
//   (timeout=, attempts=, rounds=, shapes-per-kind=, cooldown=, seed=, kinds=, lang=,
//   strings=, strict), the approval options (approvers=, approval=,
//   approval-timeout=, notify=) and path=.
// - commands=, grace= and board= mean nothing at a PAM door (no command is known, no
//   window is kept, the conversation carries words only): each is refused by name, as
//   is an option neither line knows.

import ShapelyGatePolicy
import ShapelyGateSession

package struct PamModuleOptions {
    package enum Person: String, Equatable {
        case caller, login
    }

    package let person: Person
    package let shared: SudoPluginOptions

    package static let refusedHere = [
        "commands": "a PAM module is not told the command, so commands= cannot apply",
        "grace": "a PAM door keeps no grace window, so grace= cannot apply",
        "board": "the conversation carries only the words board, so board= cannot apply",
    ]

    package static func parse(_ options: [String]) throws(SudoRefusal) -> PamModuleOptions {
        var person: Person?
        var rest: [String] = []
        let known = SudoPluginOptions.gateOptions + SudoPluginOptions.lists + SudoPluginOptions.approvalOptions + ["path"]
        for option in options {
            guard option.utf8.count <= SudoPluginOptions.longest,
                  !option.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw SudoRefusal("a module option is longer than \(SudoPluginOptions.longest) bytes or holds a control character")
            }
            let name = String(option.prefix { $0 != "=" })
            if name == "person" {
                let value = option.dropFirst(name.count + 1)
                guard option.contains("="), let chosen = Person(rawValue: String(value)) else {
                    throw SudoRefusal("invalid \(option.prefix(40)): expected person=caller or person=login")
                }
                guard person == nil else { throw SudoRefusal("option person= is given twice: give each option once") }
                person = chosen
            } else if let reason = refusedHere[name] {
                throw SudoRefusal("option \(name)=: \(reason)")
            } else if known.contains(name) {
                rest.append(option)
            } else {
                let hint = Suggestion.clause(for: name, among: known + ["person"]) { "'\($0)'" }
                throw SudoRefusal("unknown option '\(name.isEmpty ? String(option.prefix(40)) : String(name.prefix(40)))' in the PAM line" + hint)
            }
        }
        guard let person else { throw SudoRefusal("the PAM line needs person=caller or person=login: say who is gated") }
        return PamModuleOptions(person: person, shared: try SudoPluginOptions.parse(rest))
    }
}
