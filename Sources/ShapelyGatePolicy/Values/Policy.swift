// Policy.swift — the floors the system file sets and `--strict`, and how they bind
// the settings.
//
// Contract:
// - `enforce` runs after every file and flag is read, so nothing a user types or
//   writes can loosen a floor: rounds and kinds only go up, wrong answers and the
//   timeout only down, the cooldown only up, the times a person may ask for more time
//   only down, and a floor on the timeout turns the countdown on.

import ShapelyGate

package struct Policy: Equatable, Sendable {
    package var minRounds = 1
    package var minKinds = 2
    package var maxAttempts = 99
    package var maxTimeout = 3600
    package var minCooldown = 0
    package var requireTimeout = false
    package var maxExtensions = Options.defaultExtensions
    package var syslog = false
    package var logFile: String?
    /// The longest grace window the sudo plugin may keep (its business, not the gate's).
    package var maxGrace: Int?
    /// Who may approve a gated sudo and how (the sudo judge's; the Plugin line wins).
    package var approvers: Approvers?
    package var approval: ApprovalMode?
    package var approvalTimeout: Int?
    package var requestCooldown: Int?
    /// The longest window an approver's yes may last (`--approve ID --for`).
    package var maxApprovalWindow: Int?
    package var notify: String?
    package init() {}

    /// The `--strict` profile: a random guesser passes at most 1 run in 100.
    package static let strictRounds = 3
    package static let strictKinds = 8
    package static let strictAttempts = 2
    package static let strictCooldown = 60

    /// Applies `--strict` (when asked) and the floors to `options`.
    package func enforce(on options: inout Options) {
        var config = options.configuration
        var minRounds = self.minRounds, minKinds = self.minKinds, maxAttempts = self.maxAttempts
        var minCooldown = self.minCooldown
        if options.strict {
            minRounds = max(minRounds, Self.strictRounds)
            minKinds = max(minKinds, Self.strictKinds)
            maxAttempts = min(maxAttempts, Self.strictAttempts)
            minCooldown = max(minCooldown, Self.strictCooldown)
        }
        config.rounds = max(config.rounds, minRounds)
        if config.kinds.count < minKinds { config.kinds = GateConfiguration.kinds(count: minKinds) }
        config.maximumFailedAttempts = min(config.maximumFailedAttempts, maxAttempts)
        config.maximumTimeAllowed = min(config.maximumTimeAllowed, maxTimeout)
        if requireTimeout || maxTimeout < GateConfiguration.timeoutRange.upperBound { config.supportsTimeOut = true }
        options.configuration = config
        options.cooldown = max(options.cooldown, minCooldown)
        options.extensions = min(options.extensions, maxExtensions)
    }
}
