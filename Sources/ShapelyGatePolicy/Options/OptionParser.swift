// OptionParser.swift — the command line, parsed by hand from `OptionTable`.
//
// Contract:
// - argv is read once, each value checked and read into a typed change, with the
//   command; the changes are applied over whatever the configuration files set, so
//   flags win. A bad flag is reported before any file is read.
// - `--name value`, `--name=value`, `-x value` and `-xvalue` are all accepted.
// - Options end at `--` or at the first word that is not an option: the rest is the
//   command to run on a pass, untouched (`shapelygate -- grep --help`).
// - Every value is checked against its documented range; any problem is a
//   `GateError.usage` naming the option. Nothing here touches the terminal or files.
// - The order of options does not matter, except that a later value of the same option
//   replaces an earlier one.

package enum OptionParser {
    /// Reads argv once. Errors name the option.
    package static func read(_ arguments: [String]) throws(GateError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                parsed.command = Array(arguments[index...])
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                parsed.command = Array(arguments[(index - 1)...])
                break
            }
            let (spec, inlineValue) = try find(word)
            var value: String?
            switch spec.value {
            case .none, .operands:
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
            parsed.changes.append(try spec.parse(value))
        }
        return parsed
    }

    /// argv applied over `base` (the defaults, or what the files set).
    package static func parse(_ arguments: [String], base: Options = Options()) throws(GateError) -> Options {
        try read(arguments).apply(to: base)
    }

    private static func find(_ word: String) throws(GateError) -> (OptionSpec, String?) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let equals = body.firstIndex(of: "=")
            let name = equals.map { body[..<$0] } ?? body
            let inline = equals.map { String(body[body.index(after: $0)...]) }
            if OptionTable.spec(long: name) == nil, let word = Grammar.word(name) {
                throw .usage(Grammar.refusal(word, at: .commandLine))
            }
            guard let spec = OptionTable.spec(long: name) else {
                let hint = Suggestion.clause(for: String(name), among: OptionTable.specs.map(\.long)) { "--" + $0 }
                throw .usage("unknown option --\(name)" + hint)
            }
            return (spec, inline)
        }
        let letter = word.dropFirst().first!
        guard let spec = OptionTable.spec(short: letter) else { throw .usage("unknown option -\(letter)") }
        let rest = word.dropFirst(2)
        if rest.isEmpty { return (spec, nil) }
        if case .none = spec.value { throw .usage("option -\(letter) takes no value") }
        return (spec, String(rest))
    }
}
