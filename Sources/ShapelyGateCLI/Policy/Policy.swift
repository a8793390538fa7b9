// Policy.swift — the floors the system file sets and `--strict`, and how they bind
// the settings.
//
// Contract:
// - `enforce` runs after every file and flag is read, so nothing a user types or
//   writes can loosen a floor: rounds and kinds only go up, wrong answers and the
//   timeout only down, the cooldown only up, and a floor on the timeout turns the
//   countdown on.

import ShapelyGate

struct Policy: Equatable, Sendable {
    var minRounds = 1
    var minKinds = 2
    var maxAttempts = 99
    var maxTimeout = 3600
    var minCooldown = 0
    var requireTimeout = false
    var syslog = false
    var logFile: String?
    /// The longest grace window the sudo plugin may keep (its business, not the gate's).
    var maxGrace: Int?
    /// Who may approve a gated sudo and how (the sudo judge's; the Plugin line wins).
    var approvers: Approvers?
    var approval: ApprovalMode?
    var approvalTimeout: Int?
    var notify: String?
    init() {}

    /// The `--strict` profile: a random guesser passes at most 1 run in 100.
    static let strictRounds = 3
    static let strictKinds = 8
    static let strictAttempts = 2
    static let strictCooldown = 60

    /// Applies `--strict` (when asked) and the floors to `options`.
    func enforce(on options: inout Options) {
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
    }
}
