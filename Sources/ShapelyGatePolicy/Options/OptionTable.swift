// OptionTable.swift — the command line's options: the policy words it reads (Grammar,
// which describes each once: names, value and range, doors, floor) and the actions
// that print, check or answer and leave. The parser, `--help` and the tests that hold
// the man page and completions to it all read this table.

import ShapelyGate
import ShapelyGateScreen

package enum OptionTable {
    package static let specs: [OptionSpec] = Grammar.words(at: .commandLine).map(OptionSpec.init(word:)) + actions

    /// What the command line does besides the gate: print and leave, check, answer.
    static let actions: [OptionSpec] = [
        OptionSpec(long: "odds", short: nil, value: .none,
                   help: "print the chance that random guessing passes, then exit", inFiles: false) { _ in { $0.action = .odds } },
        OptionSpec(long: "strings-template", short: nil, value: .optional("LANG"),
                   help: "print a complete strings plist, then exit", inFiles: false) { language in { $0.action = .stringsTemplate(language: language) } },
        OptionSpec(long: "check", short: nil, value: .operands("FILE..."),
                   help: "check the policy file and every door's line (or FILE...) before they lock a door, then exit",
                   inFiles: false) { _ in { $0.action = .check(paths: nil, asSudoConf: false) } },
        OptionSpec(long: "check-sudo-conf", short: nil, value: .optional("FILE"),
                   help: "the older spelling of --check FILE (default /etc/sudo.conf)",
                   inFiles: false) { file in
            guard let path = file ?? Optional("/etc/sudo.conf"), !path.isEmpty else {
                throw GateError.usage("option --check-sudo-conf needs a file name")
            }
            return { $0.action = .check(paths: [path], asSudoConf: true) }
        },
        OptionSpec(long: "doors", short: nil, value: .required("USER"),
                   help: "list every way USER can become root and what guards it (status 1 when one is open), then exit",
                   inFiles: false) { user in { $0.action = .doors(user: user ?? "") } },
        OptionSpec(long: "json", short: nil, value: .none, help: "with --doors: print a JSON array",
                   inFiles: false) { _ in { $0.json = true } },
        OptionSpec(long: "end-grace", short: nil, value: .none,
                   help: "end your sudo grace window on this terminal now, with no board, then exit",
                   inFiles: false) { _ in { $0.action = .endGrace } },
        OptionSpec(long: "pending", short: nil, value: .none,
                   help: "list the sudo requests you may approve, then exit", inFiles: false) { _ in
            { $0.action = .approval(.pending) }
        },
        OptionSpec(long: "approve", short: nil, value: .required("ID"),
                   help: "approve that one request (see --pending); with --for 1h, that command for a while",
                   inFiles: false) { id in
            { $0.action = .approval(.approve(id ?? "")) }
        },
        OptionSpec(long: "revoke", short: nil, value: .optional("ID"),
                   help: "end every window you granted with --approve --for, or that request's, then exit",
                   inFiles: false) { id in { $0.action = .approval(.revoke(id)) } },
        OptionSpec(long: "deny", short: nil, value: .required("ID"),
                   help: "refuse that one request, then exit", inFiles: false) { id in
            { $0.action = .approval(.deny(id ?? "")) }
        },
        OptionSpec(long: "help", short: "h", value: .none, help: "show this help, then exit", inFiles: false) { _ in { $0.action = .help } },
        OptionSpec(long: "version", short: "V", value: .none, help: "show the version, then exit", inFiles: false) { _ in { $0.action = .version } },
    ]

    package static func spec(long name: Substring) -> OptionSpec? { specs.first { $0.long == name } }
    package static func spec(short letter: Character) -> OptionSpec? { specs.first { $0.short == letter } }

    /// The option list `--help` prints.
    package static var helpLines: String {
        specs.map { spec in
            var left = spec.short.map { "-\($0), " } ?? "    "
            left += "--\(spec.long)"
            switch spec.value {
            case .none: break
            case .required(let name): left += " \(name)"
            case .optional(let name), .operands(let name): left += " [\(name)]"
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
