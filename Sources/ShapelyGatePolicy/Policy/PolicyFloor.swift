// PolicyFloor.swift — the floors only the system file may set, each a typed field of
// `Policy`: a whole number in a range, or yes/no.
//
// Contract:
// - A floor's key is its name in `/etc/shapelygate.conf` and the man page; the value
//   is read once into the field it names (no text kept, nothing parsed twice).

import ShapelyGate

package enum PolicyFloor: String, CaseIterable, Sendable {
    case minRounds = "min-rounds"
    case minKinds = "min-kinds"
    case maxAttempts = "max-attempts"
    case maxTimeout = "max-timeout"
    case minCooldown = "min-cooldown"
    case requireTimeout = "require-timeout"

    /// What a floor's value is and where it goes.
    package enum Field {
        case number(WritableKeyPath<Policy, Int>, ClosedRange<Int>)
        case yesNo(WritableKeyPath<Policy, Bool>)
    }

    package var key: String { rawValue }

    package var field: Field {
        switch self {
        case .minRounds: return .number(\.minRounds, GateConfiguration.roundsRange)
        case .minKinds: return .number(\.minKinds, GateConfiguration.kindsRange)
        case .maxAttempts: return .number(\.maxAttempts, GateConfiguration.attemptsRange)
        case .maxTimeout: return .number(\.maxTimeout, GateConfiguration.timeoutRange)
        case .minCooldown: return .number(\.minCooldown, GateConfiguration.cooldownRange)
        case .requireTimeout: return .yesNo(\.requireTimeout)
        }
    }
}
