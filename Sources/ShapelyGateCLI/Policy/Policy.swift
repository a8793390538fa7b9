// Policy.swift — defaults and floors from files, under the command line's flags.
//
// Files, in order, each a list of `key = value` lines (`#` starts a comment):
//   /etc/shapelygate.conf        defaults for everyone, floors, logging (root's file)
//   $XDG_CONFIG_HOME/shapelygate/config (default ~/.config/shapelygate/config)
//                                the user's own defaults
// Keys are the long options (attempts, timeout, no-timeout, shapes-per-kind, rounds,
// kinds, cooldown, strict, strings, lang, no-color; flags take yes or no). The system
// file alone may also set floors — min-rounds, min-kinds, max-attempts, max-timeout,
// min-cooldown, require-timeout — and logging — syslog (yes/no), log-file (a path).
//
// Contract:
// - Flags override the user file, which overrides the system file; then `--strict` and
//   the floors are applied, so nothing a user types or writes can loosen them.
// - Any unknown key, bad value or unreadable file is an error naming file and line:
//   a broken system file ends the gate with status 2, it never weakens it.
// - A system file that anyone but root could write is ignored, with a warning.
// - The system file's path can be changed only through this library's API (for
//   tests), never through arguments or the environment of the installed program.

import ShapelyGate
import ShapelyGateSystem

public struct Policy: Equatable, Sendable {
    public var minRounds = 1
    public var minKinds = 2
    public var maxAttempts = 99
    public var maxTimeout = 3600
    public var minCooldown = 0
    public var requireTimeout = false
    public var syslog = false
    public var logFile: String?
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

enum ConfigFile {
    static let systemOnlyKeys: Set = ["min-rounds", "min-kinds", "max-attempts", "max-timeout", "min-cooldown",
                                      "require-timeout", "syslog", "log-file"]
    static let optionKeys: Set = ["attempts", "timeout", "no-timeout", "shapes-per-kind", "rounds", "kinds", "cooldown",
                                  "strict", "strings", "lang", "no-color"]

    /// Reads `path` into `options` (and `policy` for the system file). A missing file
    /// is no error. Returns warnings to print.
    static func load(_ path: String, system: Bool, into options: inout Options, policy: inout Policy) throws(GateError) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return [] }
            throw .configuration("\(path): \(Platform.describe(errno: errno))")
        }
        if system && (info.st_uid != 0 || info.st_mode & 0o022 != 0) {
            return ["\(path): ignored: it can be written by someone other than root"]
        }
        let bytes: [UInt8]
        do {
            bytes = try Platform.readFile(path, limit: 65536)
        } catch {
            throw .configuration("\(path): \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .configuration("\(path): not valid UTF-8 text")
        }
        try apply(text: text, name: path, system: system, into: &options, policy: &policy)
        return []
    }

    /// Applies the lines of one file's text; `name` is the file named in messages.
    static func apply(text: String, name: String, system: Bool,
                      into options: inout Options, policy: inout Policy) throws(GateError) {
        // Split on any line break, so a file saved with CRLF endings reads the same.
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let place = "\(name):\(index + 1)"
            var line = rawLine
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .configuration("\(place): expected 'key = value'")
            }
            let key = String(trimmed[..<equals].trimmingBlanks())
            let value = String(trimmed[trimmed.index(after: equals)...].trimmingBlanks())
            if systemOnlyKeys.contains(key) {
                guard system else { throw .configuration("\(place): '\(key)' may be set only in the system file") }
                try apply(policyKey: key, value, to: &policy, place: place)
            } else if optionKeys.contains(key) {
                do {
                    try OptionParser.apply(configKey: key, value, to: &options)
                } catch {
                    throw .configuration("\(place): \(error.message)")
                }
            } else {
                throw .configuration("\(place): unknown key '\(key)'")
            }
        }
    }

    static func yesNo(_ value: String, place: String) throws(GateError) -> Bool {
        switch value.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default: throw .configuration("\(place): expected yes or no, not '\(value)'")
        }
    }

    private static func apply(policyKey key: String, _ value: String, to policy: inout Policy, place: String) throws(GateError) {
        func number(_ range: ClosedRange<Int>) throws(GateError) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw .configuration("\(place): \(key) must be a whole number \(range.lowerBound)-\(range.upperBound)")
            }
            return number
        }
        switch key {
        case "min-rounds": policy.minRounds = try number(GateConfiguration.roundsRange)
        case "min-kinds": policy.minKinds = try number(GateConfiguration.kindsRange)
        case "max-attempts": policy.maxAttempts = try number(GateConfiguration.attemptsRange)
        case "max-timeout": policy.maxTimeout = try number(GateConfiguration.timeoutRange)
        case "min-cooldown": policy.minCooldown = try number(OptionParser.cooldownRange)
        case "require-timeout": policy.requireTimeout = try yesNo(value, place: place)
        case "syslog": policy.syslog = try yesNo(value, place: place)
        case "log-file":
            guard value.hasPrefix("/") else { throw .configuration("\(place): log-file must be an absolute path") }
            policy.logFile = value
        default: throw .configuration("\(place): unknown key '\(key)'")
        }
    }

    /// The user's file: $XDG_CONFIG_HOME/shapelygate/config or ~/.config/shapelygate/config.
    static func userPath(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/shapelygate/config" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/shapelygate/config" }
        return nil
    }
}

extension StringProtocol {
    func trimmingBlanks() -> SubSequence {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return slice
    }
}
