// OptionTable.swift — every option described once (see OptionSpec): its names, its value
// and range, whether a configuration file may set it, the floor the system file may put
// on it, and how its value is read. The parser, the configuration files, `--help` and
// the tests that hold the man page, README and completions to it all read this table.

import ShapelyGate
import ShapelyGateScreen

package enum OptionTable {
    package static let specs: [OptionSpec] = [
        OptionSpec(long: "attempts", short: "a", value: .required("N"),
                   help: "wrong answers that deny the gate, 1-99 (default 2)", inFiles: true,
                   floor: .maxAttempts) {
            let number = try integer($0, "attempts", GateConfiguration.attemptsRange)
            return { $0.configuration.maximumFailedAttempts = number }
        },
        OptionSpec(long: "timeout", short: "t", value: .required("SECONDS"),
                   help: "seconds for each round, 1-3600 (default 10)", inFiles: true,
                   floor: .maxTimeout) {
            let seconds = try integer($0, "timeout", GateConfiguration.timeoutRange)
            return {
                $0.configuration.maximumTimeAllowed = seconds
                $0.configuration.supportsTimeOut = true
            }
        },
        OptionSpec(long: "no-timeout", short: nil, value: .none,
                   help: "no countdown: wait for an answer for ever", inFiles: true,
                   floor: .requireTimeout) { _ in { $0.configuration.supportsTimeOut = false } },
        OptionSpec(long: "shapes-per-kind", short: "n", value: .required("N"),
                   help: "tiles of each shape on the board, 1-9 (default 2)", inFiles: true) {
            let count = try integer($0, "shapes-per-kind", GateConfiguration.shapesPerKindRange)
            return { $0.configuration.numberOfEachShape = count }
        },
        OptionSpec(long: "rounds", short: "r", value: .required("N"),
                   help: "challenges to pass in a row, 1-20 (default 1)", inFiles: true,
                   floor: .minRounds) {
            let rounds = try integer($0, "rounds", GateConfiguration.roundsRange)
            return { $0.configuration.rounds = rounds }
        },
        OptionSpec(long: "kinds", short: "k", value: .required("N|LIST"),
                   help: "how many shape kinds (2-9) or a comma list of names (default 4)", inFiles: true,
                   floor: .minKinds) {
            let kinds = try kinds($0 ?? "")
            return { $0.configuration.kinds = kinds }
        },
        OptionSpec(long: "cooldown", short: nil, value: .required("SECONDS"),
                   help: "stay shut this long after a denial, doubling each time, 0-86400 (default 0)", inFiles: true,
                   floor: .minCooldown) {
            let seconds = try integer($0, "cooldown", GateConfiguration.cooldownRange)
            return { $0.cooldown = seconds }
        },
        OptionSpec(long: "strict", short: nil, value: .none,
                   help: "at least 3 rounds, 8 kinds, cooldown 60; at most 2 wrong answers", inFiles: true) { _ in { $0.strict = true } },
        OptionSpec(long: "login", short: nil, value: .none,
                   help: "for ~/.profile: Ctrl-C, Ctrl-\\, Ctrl-Z and hangups deny with status 1", inFiles: false) { _ in { $0.loginMode = true } },
        OptionSpec(long: "for", short: nil, value: .required("TEXT"),
                   help: "what a pass allows, shown above the board and logged", inFiles: false) {
            guard let value = $0, !value.isEmpty else { throw GateError.usage("option --for needs a text") }
            return { $0.purpose = value }
        },
        OptionSpec(long: "verdict-fd", short: nil, value: .required("FD"),
                   help: "write a pass to this open descriptor (for the sudo plugin)", inFiles: false) {
            guard let value = $0, let number = Int32(value), number > 2 else {
                throw GateError.usage("invalid --verdict-fd '\($0 ?? "")': expected an open descriptor number above 2")
            }
            return { $0.verdictDescriptor = number }
        },
        OptionSpec(long: "strings", short: "s", value: .required("PATH"),
                   help: "override plist, or a folder of <lang>.lproj/ParentalGateStrings.plist", inFiles: true) {
            guard let value = $0, !value.isEmpty else { throw GateError.usage("option --strings needs a path") }
            return { $0.stringsPath = value }
        },
        OptionSpec(long: "lang", short: "l", value: .required("CODE"),
                   help: "language: en, es, fr, de (default: from the environment)", inFiles: true) {
            guard let value = $0, !value.isEmpty else { throw GateError.usage("option --lang needs a language code") }
            return { $0.language = value }
        },
        OptionSpec(long: "seed", short: nil, value: .required("N"),
                   help: "make every deal reproducible (for tests and demos)", inFiles: false) {
            guard let value = $0, let seed = UInt64(value) else {
                throw GateError.usage("invalid --seed '\($0 ?? "")': expected a whole number 0-\(UInt64.max)")
            }
            return { $0.seed = seed }
        },
        OptionSpec(long: "no-color", short: nil, value: .none,
                   help: "draw without colour (as does NO_COLOR)", inFiles: true) { _ in { $0.noColor = true } },
        OptionSpec(long: "board", short: nil, value: .required("picture|words"),
                   help: "words: plain lines for screen readers (default picture)",
                   inFiles: true) {
            guard let value = $0, let style = BoardStyle(rawValue: value.lowercased()) else {
                throw GateError.usage("invalid --board '\($0 ?? "")': expected picture or words")
            }
            return { $0.board = style }
        },
        OptionSpec(long: "odds", short: nil, value: .none,
                   help: "print the chance that random guessing passes, then exit", inFiles: false) { _ in { $0.action = .odds } },
        OptionSpec(long: "strings-template", short: nil, value: .optional("LANG"),
                   help: "print a complete strings plist, then exit", inFiles: false) { language in { $0.action = .stringsTemplate(language: language) } },
        OptionSpec(long: "check-sudo-conf", short: nil, value: .optional("FILE"),
                   help: "check sudo.conf's lines for the sudo plugin (default /etc/sudo.conf), then exit",
                   inFiles: false) { file in
            guard let path = file ?? Optional("/etc/sudo.conf"), !path.isEmpty else {
                throw GateError.usage("option --check-sudo-conf needs a file name")
            }
            return { $0.action = .checkSudoConf(path: path) }
        },
        OptionSpec(long: "pending", short: nil, value: .none,
                   help: "list the sudo requests you may approve, then exit", inFiles: false) { _ in
            { $0.action = .approval(.pending) }
        },
        OptionSpec(long: "approve", short: nil, value: .required("ID"),
                   help: "approve that one request (see --pending), then exit", inFiles: false) { id in
            { $0.action = .approval(.approve(id ?? "")) }
        },
        OptionSpec(long: "deny", short: nil, value: .required("ID"),
                   help: "refuse that one request, then exit", inFiles: false) { id in
            { $0.action = .approval(.deny(id ?? "")) }
        },
        OptionSpec(long: "help", short: "h", value: .none, help: "show this help, then exit", inFiles: false) { _ in { $0.action = .help } },
        OptionSpec(long: "version", short: "V", value: .none, help: "show the version, then exit", inFiles: false) { _ in { $0.action = .version } },
    ]

    package static func spec(long name: Substring) -> OptionSpec? { specs.first { $0.long == name } }
    package static func spec(short letter: Character) -> OptionSpec? { specs.first { $0.short == letter } }

    package static func integer(_ value: String?, _ name: String, _ range: ClosedRange<Int>) throws(GateError) -> Int {
        guard let value, let number = Int(value), range.contains(number) else {
            throw GateError.usage("invalid --\(name) '\(value ?? "")': expected a whole number \(range.lowerBound)-\(range.upperBound)")
        }
        return number
    }

    package static func kinds(_ value: String) throws(GateError) -> [ShapeKind] {
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
    package static var helpLines: String {
        specs.map { spec in
            var left = spec.short.map { "-\($0), " } ?? "    "
            left += "--\(spec.long)"
            switch spec.value {
            case .none: break
            case .required(let name): left += " \(name)"
            case .optional(let name): left += " [\(name)]"
            }
            // The help wrapped under its column, so every line fits 80 columns.
            // "(default 2)" is kept whole: a no-break space while wrapping, a space after.
            let column = 34, kept = spec.help.replacing("(default ", with: "(default\u{00A0}")
            let lines = TextLayout.wrap(kept, width: 80 - column).map { $0.replacing("\u{00A0}", with: " ") }
            let padding = String(repeating: " ", count: max(1, column - 2 - left.count))
            let rest = lines.dropFirst().map { String(repeating: " ", count: column) + $0 }
            return (["  \(left)\(padding)\(lines.first ?? "")"] + rest).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
