// PolicyWord.swift — one word of the policy grammar: its name, the doors where it means
// something, its value's kind, its default, its help line, and what a value read once
// does to the settings or the policy.
//
// Contract:
// - A word's `target` is where its value goes: the run's options (the gate's words),
//   the policy (the system file's floors, logging and approval settings), or the door
//   line itself (users=, groups=, commands=, path=, grace=, person=), which reads those.
// - A flag given as `no` in a file changes no option (it cannot take back a floor or
//   another file's yes); a policy flag is set to what the file says.

import ShapelyGate

package struct PolicyWord: Sendable {
    package enum Target: Sendable {
        case options(@Sendable (WordValue, inout Options) -> Void)
        case policy(@Sendable (WordValue, inout Policy) -> Void)
        case door
    }

    package let name: String
    package let short: Character?
    package let doors: Set<Door>
    package let kind: ValueKind
    /// The value's name in help and the man pages (`N`, `SECONDS`), nil for a flag.
    package let valueName: String?
    /// The default, as the man page says it (nil: none, or what the door decides).
    package let defaultValue: String?
    package let help: String
    /// The system file's word that bounds this one (`min-rounds` for rounds).
    package let floor: String?
    package let target: Target

    package init(_ name: String, short: Character? = nil, doors: Set<Door>, kind: ValueKind, valueName: String? = nil,
                 defaultValue: String? = nil, floor: String? = nil, help: String, target: Target) {
        self.name = name
        self.short = short
        self.doors = doors
        self.kind = kind
        self.valueName = valueName
        self.defaultValue = defaultValue
        self.help = help
        self.floor = floor
        self.target = target
    }

    package var isFlag: Bool { if case .flag = kind { return true }; return false }

    /// Whether a value read for this word goes to the run's options.
    package var setsOptions: Bool { if case .options = target { return true }; return false }

    /// Applies a value read for this word to `options` (a flag only when it is on).
    package func apply(_ value: WordValue, to options: inout Options) {
        guard case .options(let change) = target, !isFlag || value.isOn else { return }
        change(value, &options)
    }

    package func apply(_ value: WordValue, to policy: inout Policy) {
        if case .policy(let change) = target { change(value, &policy) }
    }
}
