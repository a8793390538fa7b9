// OptionTable.swift — every option described once: its names, its value and range,
// whether a configuration file may set it, the floor the system file may put on it, and
// how it changes the settings. The parser, the configuration files, `--help` and the
// tests that hold the man page, README and completions to it all read this table.

import ShapelyGate

/// One option.
struct OptionSpec: Sendable {
    enum Value: Sendable { case none, required(String), optional(String) }

    /// The system file's floor on an option, e.g. `min-rounds` on `rounds`.
    struct Floor: Sendable {
        let key: String
        /// The range of the floor's value.
        let range: ClosedRange<Int>?
        let apply: @Sendable (String, inout Policy) -> Void
    }

    let long: String
    let short: Character?
    let value: Value
    let help: String
    /// Whether `/etc/shapelygate.conf` and the user's file may set it (flags take yes/no).
    let inFiles: Bool
    let floor: Floor?
    /// How the value changes the settings; throws only `GateError`.
    let change: @Sendable (String?, inout Options) throws -> Void

    init(long: String, short: Character?, value: Value, help: String, inFiles: Bool, floor: Floor?,
         change: @escaping @Sendable (String?, inout Options) throws -> Void) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
        self.inFiles = inFiles
        self.floor = floor
        self.change = change
    }

    /// Applies `value` to `options`, or throws the usage error naming this option.
    func apply(_ value: String?, _ options: inout Options) throws(GateError) {
        do {
            try change(value, &options)
        } catch let error as GateError {
            throw error
        } catch {
            throw .usage("invalid --\(long)")
        }
    }
}

enum OptionTable {
    static let specs: [OptionSpec] = [
        OptionSpec(long: "attempts", short: "a", value: .required("N"),
                   help: "wrong answers that deny the gate, 1-99 (default 2)", inFiles: true,
                   floor: .init(key: "max-attempts", range: GateConfiguration.attemptsRange) { $1.maxAttempts = Int($0)! }) {
            $1.configuration.maximumFailedAttempts = try integer($0, "attempts", GateConfiguration.attemptsRange)
        },
        OptionSpec(long: "timeout", short: "t", value: .required("SECONDS"),
                   help: "seconds for each round, 1-3600 (default 10)", inFiles: true,
                   floor: .init(key: "max-timeout", range: GateConfiguration.timeoutRange) { $1.maxTimeout = Int($0)! }) {
            $1.configuration.maximumTimeAllowed = try integer($0, "timeout", GateConfiguration.timeoutRange)
            $1.configuration.supportsTimeOut = true
        },
        OptionSpec(long: "no-timeout", short: nil, value: .none,
                   help: "no countdown: wait for an answer for ever", inFiles: true,
                   floor: .init(key: "require-timeout", range: nil) { $1.requireTimeout = $0 == "yes" }) { _, options in
            options.configuration.supportsTimeOut = false
        },
        OptionSpec(long: "shapes-per-kind", short: "n", value: .required("N"),
                   help: "tiles of each shape on the board, 1-9 (default 2)", inFiles: true, floor: nil) {
            $1.configuration.numberOfEachShape = try integer($0, "shapes-per-kind", GateConfiguration.shapesPerKindRange)
        },
        OptionSpec(long: "rounds", short: "r", value: .required("N"),
                   help: "challenges to pass in a row, 1-20 (default 1)", inFiles: true,
                   floor: .init(key: "min-rounds", range: GateConfiguration.roundsRange) { $1.minRounds = Int($0)! }) {
            $1.configuration.rounds = try integer($0, "rounds", GateConfiguration.roundsRange)
        },
        OptionSpec(long: "kinds", short: "k", value: .required("N|LIST"),
                   help: "how many shape kinds (2-9) or a comma list of names (default 4)", inFiles: true,
                   floor: .init(key: "min-kinds", range: GateConfiguration.kindsRange) { $1.minKinds = Int($0)! }) {
            $1.configuration.kinds = try kinds($0 ?? "")
        },
        OptionSpec(long: "cooldown", short: nil, value: .required("SECONDS"),
                   help: "stay shut this long after a denial, doubling each time, 0-86400 (default 0)", inFiles: true,
                   floor: .init(key: "min-cooldown", range: GateConfiguration.cooldownRange) { $1.minCooldown = Int($0)! }) {
            $1.cooldown = try integer($0, "cooldown", GateConfiguration.cooldownRange)
        },
        OptionSpec(long: "strict", short: nil, value: .none,
                   help: "at least 3 rounds, 8 kinds, cooldown 60; at most 2 wrong answers", inFiles: true, floor: nil) {
            $1.strict = true
        },
        OptionSpec(long: "login", short: nil, value: .none,
                   help: "for ~/.profile: Ctrl-C, Ctrl-\\, Ctrl-Z and hangups deny with status 1", inFiles: false, floor: nil) {
            $1.login = true
        },
        OptionSpec(long: "for", short: nil, value: .required("TEXT"),
                   help: "what a pass allows, shown above the board and logged", inFiles: false, floor: nil) {
            guard let value = $0, !value.isEmpty else { throw GateError.usage("option --for needs a text") }
            $1.purpose = value
        },
        OptionSpec(long: "verdict-fd", short: nil, value: .required("FD"),
                   help: "write a pass to this open descriptor (for the sudo plugin)", inFiles: false, floor: nil) {
            guard let value = $0, let number = Int32(value), number > 2 else {
                throw GateError.usage("invalid --verdict-fd '\($0 ?? "")': expected an open descriptor number above 2")
            }
            $1.verdictDescriptor = number
        },
        OptionSpec(long: "strings", short: "s", value: .required("PATH"),
                   help: "override plist, or a folder of <lang>.lproj/ParentalGateStrings.plist", inFiles: true, floor: nil) {
            guard let value = $0, !value.isEmpty else { throw GateError.usage("option --strings needs a path") }
            $1.stringsPath = value
        },
        OptionSpec(long: "lang", short: "l", value: .required("CODE"),
                   help: "language: en, es, fr, de (default: from the environment)", inFiles: true, floor: nil) {
            guard let value = $0, !value.isEmpty else { throw GateError.usage("option --lang needs a language code") }
            $1.language = value
        },
        OptionSpec(long: "seed", short: nil, value: .required("N"),
                   help: "make every deal reproducible (for tests and demos)", inFiles: false, floor: nil) {
            guard let value = $0, let seed = UInt64(value) else {
                throw GateError.usage("invalid --seed '\($0 ?? "")': expected a whole number 0-\(UInt64.max)")
            }
            $1.seed = seed
        },
        OptionSpec(long: "no-color", short: nil, value: .none,
                   help: "draw without colour (as does NO_COLOR)", inFiles: true, floor: nil) { $1.noColor = true },
        OptionSpec(long: "board", short: nil, value: .required("picture|words"),
                   help: "words: plain lines for screen readers (default picture)",
                   inFiles: true, floor: nil) {
            guard let value = $0, let style = BoardStyle(rawValue: value.lowercased()) else {
                throw GateError.usage("invalid --board '\($0 ?? "")': expected picture or words")
            }
            $1.board = style
        },
        OptionSpec(long: "odds", short: nil, value: .none,
                   help: "print the chance that random guessing passes, then exit", inFiles: false, floor: nil) {
            $1.action = .odds
        },
        OptionSpec(long: "strings-template", short: nil, value: .optional("LANG"),
                   help: "print a complete strings plist, then exit", inFiles: false, floor: nil) {
            $1.action = .stringsTemplate(language: $0)
        },
        OptionSpec(long: "help", short: "h", value: .none, help: "show this help, then exit", inFiles: false, floor: nil) {
            $1.action = .help
        },
        OptionSpec(long: "version", short: "V", value: .none, help: "show the version, then exit", inFiles: false, floor: nil) {
            $1.action = .version
        },
    ]

    static func spec(long name: Substring) -> OptionSpec? { specs.first { $0.long == name } }
    static func spec(short letter: Character) -> OptionSpec? { specs.first { $0.short == letter } }

    /// The keys a configuration file may hold as options, and the system file's floors.
    static var fileKeys: [String] { specs.filter(\.inFiles).map(\.long) }
    static var floorKeys: [String] { specs.compactMap { $0.floor?.key } }

    static func integer(_ value: String?, _ name: String, _ range: ClosedRange<Int>) throws(GateError) -> Int {
        guard let value, let number = Int(value), range.contains(number) else {
            throw GateError.usage("invalid --\(name) '\(value ?? "")': expected a whole number \(range.lowerBound)-\(range.upperBound)")
        }
        return number
    }

    static func kinds(_ value: String) throws(GateError) -> [ShapeKind] {
        let range = GateConfiguration.kindsRange
        if let count = Int(value) {
            guard range.contains(count) else {
                throw GateError.usage("invalid --kinds '\(value)': expected \(range.lowerBound)-\(range.upperBound) or a list of shape names")
            }
            return GateConfiguration.kinds(count: count)
        }
        var kinds: [ShapeKind] = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = ShapeKind(rawValue: name.lowercased()) else {
                let known = ShapeKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw GateError.usage("invalid --kinds: unknown shape '\(name)' (known: \(known))")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard kinds.count >= range.lowerBound else {
            throw GateError.usage("invalid --kinds '\(value)': name at least two different shapes")
        }
        return kinds
    }

    /// The option list `--help` prints.
    static var helpLines: String {
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
