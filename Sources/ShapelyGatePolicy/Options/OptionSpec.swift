// OptionSpec.swift — one option as `OptionTable` describes it: its names, its value,
// whether a configuration file may set it, the system file's floor on it, and how its
// value is read.
//
// Contract:
// - `parse` reads a value once, checking it against the documented range, into a
//   `Change` that cannot fail; the command line and the files apply that change. A
//   value is never read twice.
// - Every problem is a `GateError.usage` naming the option as a flag; `reason` gives
//   what it says about the value alone, for the places that name the option otherwise
//   (a file's `key = value`, the sudo Plugin line's `name=value`).

import ShapelyGate

package struct OptionSpec: Sendable {
    /// No value; a value; a value that may be left out; or no value, with the words that
    /// follow the options read as its operands (`--check FILE...`).
    package enum Value: Sendable { case none, required(String), optional(String), operands(String) }

    /// A value already read and checked: what it does to the settings.
    package typealias Change = @Sendable (inout Options) -> Void

    package let long: String
    package let short: Character?
    package let value: Value
    package let help: String
    /// Whether `/etc/shapelygate.conf` and the user's file may set it (flags take yes/no).
    package let inFiles: Bool
    /// The system file's word that bounds it, e.g. `min-rounds` on `rounds`.
    package let floor: String?
    /// Reads a value (nil for a flag); throws only `GateError`.
    package let read: @Sendable (String?) throws -> Change

    package init(long: String, short: Character?, value: Value, help: String, inFiles: Bool, floor: String? = nil,
         read: @escaping @Sendable (String?) throws -> Change) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
        self.inFiles = inFiles
        self.floor = floor
        self.read = read
    }

    /// A policy word as the command line takes it: read by the grammar at this door.
    package init(word: PolicyWord) {
        let value: Value = word.isFlag ? .none : .required(word.valueName ?? "VALUE")
        self.init(long: word.name, short: word.short, value: value, help: word.help,
                  inFiles: word.doors.contains(.userFile) || word.doors.contains(.systemFile), floor: word.floor) { given in
            let read: WordValue
            do throws(Refusal) {
                read = try Grammar.read(word, given, at: .commandLine)
            } catch {
                throw GateError.usage(error.message)
            }
            return { word.apply(read, to: &$0) }
        }
    }

    /// Reads `value` once, or throws the usage error naming this option.
    package func parse(_ value: String?) throws(GateError) -> Change {
        do {
            return try read(value)
        } catch let error as GateError {
            throw error
        } catch {
            throw .usage("invalid --\(long)")
        }
    }

    /// What `error` from `parse` says about the value, without the flag's name:
    /// "expected a whole number 1-99" from "invalid --attempts 'x': expected ...".
    package static func reason(_ error: GateError) -> String? {
        error.message.ranges(of: ": ").first.map { String(error.message[$0.upperBound...]) }
    }

    /// Reads `value` and applies it to `options`.
    package func apply(_ value: String?, _ options: inout Options) throws(GateError) {
        try parse(value)(&options)
    }
}
