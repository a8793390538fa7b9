// Options.swift — the command line, parsed by hand.
//
// Contract:
// - `--name value`, `--name=value`, `-x value` and `-xvalue` are all accepted.
// - Options end at `--` or at the first word that is not an option: the rest is the
//   command to run on a pass, untouched (`shapelygate -- grep --help`).
// - Every value is checked against its documented range; any problem is a
//   `GateError.usage` naming the option. Nothing here touches the terminal or files.
// - The order of options does not matter, except that a later value of the same option
//   replaces an earlier one.

import ShapelyGate
import ShapelyGateSystem

public enum Action: Equatable, Sendable {
    case gate
    case help
    case version
    case stringsTemplate(language: String?)
    case odds
}

public struct Options: Equatable, Sendable {
    public var action: Action = .gate
    public var configuration = GateConfiguration()
    public var stringsPath: String?
    public var language: String?
    public var seed: UInt64?
    public var noColor = false
    /// Seconds the gate stays shut after a denial (doubling with each one); 0 is off.
    public var cooldown = 0
    public var strict = false
    /// Login mode: Ctrl-C, Ctrl-\, Ctrl-Z and a hangup are plain denials (status 1).
    public var login = false
    /// What a pass allows, shown on the board and logged (`--for`).
    public var purpose: String?
    public var command: [String] = []
    public init() {}
}

/// One option as `--help` and the parser know it.
struct OptionSpec {
    enum Value { case none, required(String), optional(String) }
    let long: String
    let short: Character?
    let value: Value
    let help: String
}

public enum OptionParser {
    static let specs: [OptionSpec] = [
        OptionSpec(long: "attempts", short: "a", value: .required("N"),
                   help: "wrong answers that deny the gate, 1-99 (default 2)"),
        OptionSpec(long: "timeout", short: "t", value: .required("SECONDS"),
                   help: "seconds for each round, 1-3600 (default 10)"),
        OptionSpec(long: "no-timeout", short: nil, value: .none,
                   help: "no countdown: wait for an answer for ever"),
        OptionSpec(long: "shapes-per-kind", short: "n", value: .required("N"),
                   help: "tiles of each shape on the board, 1-9 (default 2)"),
        OptionSpec(long: "rounds", short: "r", value: .required("N"),
                   help: "challenges to pass in a row, 1-20 (default 1)"),
        OptionSpec(long: "kinds", short: "k", value: .required("N|LIST"),
                   help: "how many shape kinds (2-9) or a comma list of names (default 4)"),
        OptionSpec(long: "cooldown", short: nil, value: .required("SECONDS"),
                   help: "stay shut this long after a denial, doubling each time, 0-86400 (default 0)"),
        OptionSpec(long: "strict", short: nil, value: .none,
                   help: "at least 3 rounds, 8 kinds, cooldown 60; at most 2 wrong answers"),
        OptionSpec(long: "login", short: nil, value: .none,
                   help: "for ~/.profile: Ctrl-C, Ctrl-\\, Ctrl-Z and hangups deny with status 1"),
        OptionSpec(long: "for", short: nil, value: .required("TEXT"),
                   help: "what a pass allows, shown above the board and logged"),
        OptionSpec(long: "strings", short: "s", value: .required("PATH"),
                   help: "override plist, or a folder of <lang>.lproj/ParentalGateStrings.plist"),
        OptionSpec(long: "lang", short: "l", value: .required("CODE"),
                   help: "language: en, es, fr, de (default: from the environment)"),
        OptionSpec(long: "seed", short: nil, value: .required("N"),
                   help: "make every deal reproducible (for tests and demos)"),
        OptionSpec(long: "no-color", short: nil, value: .none,
                   help: "draw without colour (as does NO_COLOR)"),
        OptionSpec(long: "odds", short: nil, value: .none,
                   help: "print the chance that random guessing passes, then exit"),
        OptionSpec(long: "strings-template", short: nil, value: .optional("LANG"),
                   help: "print a complete strings plist, then exit"),
        OptionSpec(long: "help", short: "h", value: .none, help: "show this help, then exit"),
        OptionSpec(long: "version", short: "V", value: .none, help: "show the version, then exit"),
    ]

    static let cooldownRange = 0...86_400

    public static func parse(_ arguments: [String], base: Options = Options()) throws(GateError) -> Options {
        var options = base
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                options.command = Array(arguments[index...])
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                options.command = Array(arguments[(index - 1)...])
                break
            }
            let (spec, inlineValue) = try find(word)
            var value: String?
            switch spec.value {
            case .none:
                if inlineValue != nil { throw .usage("option --\(spec.long) takes no value") }
            case .required:
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .usage("option --\(spec.long) needs a value")
                }
            case .optional:
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count, !arguments[index].hasPrefix("-") {
                    value = arguments[index]
                    index += 1
                }
            }
            try apply(spec.long, value, to: &options)
        }
        return options
    }

    private static func find(_ word: String) throws(GateError) -> (OptionSpec, String?) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let inline = body.contains("=") ? String(body[body.index(after: body.firstIndex(of: "=")!)...]) : nil
            guard let spec = specs.first(where: { $0.long == name }) else {
                throw .usage("unknown option --\(name)")
            }
            return (spec, inline)
        }
        let letter = word.dropFirst().first!
        guard let spec = specs.first(where: { $0.short == letter }) else {
            throw .usage("unknown option -\(letter)")
        }
        let rest = word.dropFirst(2)
        if rest.isEmpty { return (spec, nil) }
        if case .none = spec.value { throw .usage("option -\(letter) takes no value") }
        return (spec, String(rest))
    }

    private static func apply(_ name: String, _ value: String?, to options: inout Options) throws(GateError) {
        switch name {
        case "attempts":
            options.configuration.maximumFailedAttempts = try integer(value, name, GateConfiguration.attemptsRange)
        case "timeout":
            options.configuration.maximumTimeAllowed = try integer(value, name, GateConfiguration.timeoutRange)
            options.configuration.supportsTimeOut = true
        case "no-timeout":
            options.configuration.supportsTimeOut = false
        case "shapes-per-kind":
            options.configuration.numberOfEachShape = try integer(value, name, GateConfiguration.shapesPerKindRange)
        case "rounds":
            options.configuration.rounds = try integer(value, name, GateConfiguration.roundsRange)
        case "kinds":
            options.configuration.kinds = try kinds(value ?? "")
        case "strings":
            guard let value, !value.isEmpty else { throw .usage("option --strings needs a path") }
            options.stringsPath = value
        case "lang":
            guard let value, !value.isEmpty else { throw .usage("option --lang needs a language code") }
            options.language = value
        case "seed":
            guard let value, let seed = UInt64(value) else {
                throw .usage("invalid --seed '\(value ?? "")': expected a whole number 0-\(UInt64.max)")
            }
            options.seed = seed
        case "no-color":
            options.noColor = true
        case "cooldown":
            options.cooldown = try integer(value, name, cooldownRange)
        case "strict":
            options.strict = true
        case "login":
            options.login = true
        case "for":
            guard let value, !value.isEmpty else { throw .usage("option --for needs a text") }
            options.purpose = value
        case "odds":
            options.action = .odds
        case "strings-template":
            options.action = .stringsTemplate(language: value)
        case "help":
            options.action = .help
        case "version":
            options.action = .version
        default:
            throw .usage("unknown option --\(name)")
        }
    }

    /// A `key = value` line of a configuration file, with the option's own checks.
    /// Flags take yes or no.
    static func apply(configKey key: String, _ value: String, to options: inout Options) throws(GateError) {
        guard let spec = specs.first(where: { $0.long == key }) else { throw .usage("unknown key '\(key)'") }
        if case .none = spec.value {
            if try ConfigFile.yesNo(value, place: key) { try apply(key, nil, to: &options) }
            return
        }
        try apply(key, value, to: &options)
    }

    static func integer(_ value: String?, _ name: String, _ range: ClosedRange<Int>) throws(GateError) -> Int {
        guard let value, let number = Int(value), range.contains(number) else {
            throw .usage("invalid --\(name) '\(value ?? "")': expected a whole number \(range.lowerBound)-\(range.upperBound)")
        }
        return number
    }

    static func kinds(_ value: String) throws(GateError) -> [ShapeKind] {
        if let count = Int(value) {
            guard GateConfiguration.kindsRange.contains(count) else {
                throw .usage("invalid --kinds '\(value)': expected \(GateConfiguration.kindsRange.lowerBound)-\(GateConfiguration.kindsRange.upperBound) or a list of shape names")
            }
            return GateConfiguration.kinds(count: count)
        }
        var kinds: [ShapeKind] = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = ShapeKind(rawValue: name.lowercased()) else {
                let known = ShapeKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("invalid --kinds: unknown shape '\(name)' (known: \(known))")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard kinds.count >= GateConfiguration.kindsRange.lowerBound else {
            throw .usage("invalid --kinds '\(value)': name at least two different shapes")
        }
        return kinds
    }

    /// The option list `--help` prints, from the same table the parser reads.
    static var optionLines: String {
        specs.map { spec in
            var left = spec.short.map { "-\($0), " } ?? "    "
            left += "--\(spec.long)"
            switch spec.value {
            case .none: break
            case .required(let name): left += " \(name)"
            case .optional(let name): left += " [\(name)]"
            }
            let padding = String(repeating: " ", count: max(1, 32 - left.count))
            return "  \(left)\(padding)\(spec.help)"
        }.joined(separator: "\n")
    }
}
