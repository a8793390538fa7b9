// ConfigFile.swift — the configuration files, under the command line's flags.
//
// Files, in order, each a list of `key = value` lines (`#` starts a comment):
//   /etc/shapelygate.conf        defaults for everyone, floors, logging (root's file)
//   $XDG_CONFIG_HOME/shapelygate/config (default ~/.config/shapelygate/config)
//                                the user's own defaults
// Keys are the long options that a file may set (see `OptionTable`; flags take yes or
// no). The system file alone may also set floors — min-rounds, min-kinds,
// max-attempts, max-timeout, min-cooldown, require-timeout — logging — syslog
// (yes/no), log-file (an absolute path) — and max-grace (seconds, 0-86400), approvers,
// approval, approval-timeout and notify, which the sudo judge reads and the gate only checks.
//
// Contract:
// - Flags override the user file, which overrides the system file.
// - Any unknown key, bad value or unreadable file is an error naming file and line:
//   a broken system file ends the gate with status 2, it never weakens it. A bad value
//   is named by its key, as the file writes it (`config:1: invalid timeout '1O': ...`),
//   never as a flag.
// - The system file is opened once and that descriptor is checked: a file that is not
//   owned by root (the owner is a parameter, for tests) or that group or others can
//   write is refused with status 2 and the command that fixes it, as doas refuses.
// - A relative `strings` path in a file is taken from that file's folder.
// - The system file's path can be changed only through this library's API (for
//   tests), never through arguments or the environment of the installed program.

import Glibc
import ShapelyGate
import ShapelyGateSystem

package enum ConfigFile {
    /// Keys only the system file may hold: the floors of `OptionTable` and logging.
    package static var systemOnlyKeys: Set<String> {
        Set(PolicyFloor.allCases.map(\.key) + loggingKeys + ["max-grace"] + SudoPluginOptions.approvalOptions)
    }
    package static let loggingKeys = ["syslog", "log-file"]

    /// Reads `path` into `options` (and `policy` for the system file, which must belong
    /// to `owner`). A missing file is no error.
    package static func load(_ path: String, system: Bool, owner: uid_t = 0,
                     into options: inout Options, policy: inout Policy) throws(GateError) {
        let fd: Int32
        let info: stat
        do {
            (fd, info) = try Platform.openRegularFile(path)
        } catch {
            if error.isMissing { return }
            throw .configuration("\(path): \(error.reason)")
        }
        defer { _ = Platform.closeDescriptor(fd) }
        if system && info.st_uid != owner {
            let expected = owner == 0 ? "root" : "uid \(owner)"
            throw .configuration("\(path): refused: it belongs to uid \(info.st_uid), not to \(expected); run 'chown \(owner) \(path)'")
        }
        if system && info.st_mode & 0o022 != 0 {
            throw .configuration("\(path): refused: group or others can write it; run 'chmod go-w \(path)'")
        }
        let bytes: [UInt8]
        do {
            bytes = try Platform.readAll(fd, path: path, limit: 65536)
        } catch {
            throw .configuration("\(path): \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .configuration("\(path): not valid UTF-8 text")
        }
        try apply(text: text, name: path, system: system, into: &options, policy: &policy)
    }

    /// `value` taken from the folder of the file `name` when it is a relative path.
    package static func resolve(_ value: String, besides name: String) -> String {
        guard !value.hasPrefix("/"), let slash = name.lastIndex(of: "/") else { return value }
        return String(name[...slash]) + value
    }

    /// Applies the lines of one file's text; `name` is the file named in messages.
    package static func apply(text: String, name: String, system: Bool,
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
            } else if let spec = OptionTable.spec(long: Substring(key)), spec.inFiles {
                try apply(spec, value: key == "strings" ? resolve(value, besides: name) : value,
                          to: &options, place: place)
            } else {
                throw .configuration("\(place): unknown key '\(key)'")
            }
        }
    }

    private static func yesNo(_ value: String, place: String) throws(GateError) -> Bool {
        switch value.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default: throw .configuration("\(place): expected yes or no, not '\(value)'")
        }
    }

    /// An option's `key = value` line, with the option's own checks; flags take yes or no.
    private static func apply(_ spec: OptionSpec, value: String, to options: inout Options, place: String) throws(GateError) {
        if case .none = spec.value {
            if try yesNo(value, place: place) { try spec.apply(nil, &options) }
            return
        }
        do {
            try spec.apply(value, &options)
        } catch {
            // Named as the file writes it (`timeout`), never as a flag (`--timeout`).
            let problem = "\(place): invalid \(spec.long) '\(value)'"
            throw .configuration(OptionSpec.reason(error).map { problem + ": " + $0 } ?? problem)
        }
    }

    private static func apply(policyKey key: String, _ value: String, to policy: inout Policy, place: String) throws(GateError) {
        if let floor = PolicyFloor(rawValue: key) {
            switch floor.field {
            case .number(let field, let range):
                guard let number = Int(value), range.contains(number) else {
                    throw .configuration("\(place): \(key) must be a whole number \(range.lowerBound)-\(range.upperBound)")
                }
                policy[keyPath: field] = number
            case .yesNo(let field):
                policy[keyPath: field] = try yesNo(value, place: place)
            }
            return
        }
        switch key {
        case "syslog": policy.syslog = try yesNo(value, place: place)
        case "log-file":
            guard value.hasPrefix("/") else { throw .configuration("\(place): log-file must be an absolute path") }
            policy.logFile = value
        case "approvers", "approval", "approval-timeout", "notify":
            do throws(SudoRefusal) {
                switch key {
                case "approvers": policy.approvers = try Approvers.parse(value, name: key)
                case "approval": policy.approval = try ApprovalMode.parse(value, name: key)
                case "approval-timeout": policy.approvalTimeout = try Approvers.timeout(value, name: key)
                default:
                    guard value.hasPrefix("/") else { throw SudoRefusal("notify must be an absolute path") }
                    policy.notify = value
                }
            } catch {
                throw .configuration("\(place): \(error.message)")
            }
        case "max-grace":
            guard let seconds = Int(value), (0...86400).contains(seconds) else {
                throw .configuration("\(place): max-grace must be a whole number 0-86400")
            }
            policy.maxGrace = seconds
        default: throw .configuration("\(place): unknown key '\(key)'")
        }
    }

    /// The user's file: $XDG_CONFIG_HOME/shapelygate/config or ~/.config/shapelygate/config.
    /// Root's is always in root's home from the password database, whatever HOME and
    /// XDG_CONFIG_HOME say (run with a user's environment, `sudo -E`, root must not take
    /// that user's settings), as root's lockout state is.
    package static func userPath(_ environment: [String: String], user: uid_t,
                         rootHome: () -> String? = { PasswordEntry.lookUp(uid: 0)?.home }) -> String? {
        if user == 0 {
            guard let home = rootHome(), home.hasPrefix("/"), home.contains(where: { $0 != "/" }) else { return nil }
            return home + "/.config/shapelygate/config"
        }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/shapelygate/config" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/shapelygate/config" }
        return nil
    }
}

extension StringProtocol {
    package func trimmingBlanks() -> SubSequence {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return slice
    }
}
