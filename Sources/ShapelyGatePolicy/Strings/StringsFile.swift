// StringsFile.swift — finding and reading the override plist that `--strings` names.
// The engine parses bytes; this file does the I/O.
//
// Contract:
// - A folder is searched like an app bundle, in `GateStrings.lprojCandidates` order;
//   a file path is used as it is.
// - The file is opened once, as a regular file, without blocking (a FIFO cannot hang
//   the gate), and read up to 1 MiB.
// - Every failure is a `GateError.configuration` naming the file: status 2.

import ShapelyGate
import ShapelyGateSystem

package enum StringsFile {
    package static let sizeLimit = 1 << 20

    /// The strings to show: the built-in ones for `choice`, under the overrides in `path`.
    package static func load(_ path: String?, _ choice: LanguageChoice) throws(GateError) -> GateStrings {
        guard let path else { return GateStrings(language: choice.language) }
        let file = try locate(path, language: choice.requested, region: choice.region)
        let bytes: [UInt8]
        do {
            bytes = try Platform.readFile(file, limit: sizeLimit)
        } catch {
            throw .configuration("\(file): \(error.reason)")
        }
        do {
            return GateStrings(language: choice.language, overrides: try GateStrings.overrides(parsing: bytes, path: file))
        } catch {
            throw GateError(error)
        }
    }

    /// The plist to read for `language`: `path` itself, or the first candidate in its
    /// `.lproj` folders.
    package static func locate(_ path: String, language: String, region: String?) throws(GateError) -> String {
        guard Platform.isDirectory(path) else { return path }
        let folders = GateStrings.lprojCandidates(language: language, region: region)
        for folder in folders {
            let candidate = "\(path)/\(folder).lproj/\(GateStrings.overrideFileName)"
            if Platform.exists(candidate) { return candidate }
        }
        let names = folders.map { "\($0).lproj" }
        let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw .configuration("\(path): no \(list) holding \(GateStrings.overrideFileName)")
    }
}
