// Policy.swift — the floors the system file sets and `--strict`, and how they bind
// the settings.
//
// Contract:
// - `enforce` runs after every file and flag is read, so nothing a user types or
//   writes can loosen a floor: rounds and kinds only go up, wrong answers and the
//   timeout only down, the cooldown only up, and a floor on the timeout turns the
//   countdown on.

import ShapelyGate

public struct Policy: Equatable, Sendable {
    public var minRounds = 1
    public var minKinds = 2
    public var maxAttempts = 99
    public var maxTimeout = 3600
    public var minCooldown = 0
    public var requireTimeout = false
    public var syslog = false
    public var logFile: String?
    /// The longest grace window the sudo plugin may keep (its business, not the gate's).
    public var maxGrace: Int?
    public init() {}

    /// The `--strict` profile: a random guesser passes at most 1 run in 100.
    public static let strictRounds = 3
    public static let strictKinds = 8
    public static let strictAttempts = 2
    public static let strictCooldown = 60

    /// Applies `--strict` (when asked) and the floors to `options`.
    public func enforce(on options: inout Options) {
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
