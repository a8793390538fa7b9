// ConfigFile.swift — the configuration files, under the command line's flags.
//
// Files, in order, each a list of `key = value` lines (`#` starts a comment):
//   /etc/shapelygate.conf        defaults for everyone, floors, logging (root's file)
//   $XDG_CONFIG_HOME/shapelygate/config (default ~/.config/shapelygate/config)
//                                the user's own defaults
// Keys are the policy words a file may hold (Grammar: the gate's words, flags taking yes
// or no). The system file alone may also set floors, logging, max-grace and the approval
// words, which the judges read and the gate only checks.
//
// Contract:
// - Flags override the user file, which overrides the system file.
// - Any unknown key (with the one meant, when one is near), a word that means nothing in
//   this file, a bad value or an unreadable file is an error naming file and line:
//   a broken system file ends the gate with status 2, it never weakens it. A bad value
//   is named by its key, as the file writes it (`config:1: invalid timeout '1O': ...`),
//   never as a flag.
// - The system file is opened once and that descriptor is checked: a file that is not
//   owned by root (the owner is a parameter, for tests) or that group or others can
//   write is refused with status 2 and the command that fixes it, as doas refuses.
// - A relative `strings` path in a file is taken from that file's folder.
// - The system file's path can be changed only through this library's API (for
//   tests), never through arguments or the environment of the installed program.

import ShapelyGate
import ShapelyGateSystem

package enum ConfigFile {
    /// Reads `path` into `options` (and `policy` for the system file, which must belong
    /// to `owner`). A missing file is no error.
    package static func load(_ path: String, system: Bool, owner: UserID = 0,
                             into options: inout Options, policy: inout Policy) throws(GateError) {
        guard let text = try text(of: path, owner: system ? owner : nil) else { return }
        try apply(text: text, name: path, system: system, into: &options, policy: &policy)
    }

    /// The text of `path`, read as every file is; when `owner` is given, the file must be
    /// that owner's and no one else may write it. Nil when there is no such file.
    package static func text(of path: String, owner: UserID?) throws(GateError) -> String? {
        let file: FileDescriptor
        let facts: FileFacts
        do throws(FileReadError) {
            (file, facts) = try FileDescriptor.openRegularFile(path)
        } catch {
            if error.isMissing { return nil }
            throw .configuration("\(path): \(error.reason)")
        }
        defer { file.close() }
        if let owner, facts.owner != owner {
            let expected = owner == 0 ? "root" : "uid \(owner)"
            throw .configuration("\(path): refused: it belongs to uid \(facts.owner), not to \(expected); run 'chown \(owner) \(path)'")
        }
        if owner != nil && facts.mode & 0o022 != 0 {
            throw .configuration("\(path): refused: group or others can write it; run 'chmod go-w \(path)'")
        }
        let bytes: [UInt8]
        do throws(FileReadError) {
            bytes = try file.readAll(path: path, limit: 65536)
        } catch {
            throw .configuration("\(path): \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .configuration("\(path): not valid UTF-8 text")
        }
        return text
    }

    /// `value` taken from the folder of the file `name` when it is a relative path.
    package static func resolve(_ value: String, besides name: String) -> String {
        guard !value.hasPrefix("/"), let slash = name.lastIndex(of: "/") else { return value }
        return String(name[...slash]) + value
    }

    /// Applies the lines of one file's text; `name` is the file named in messages.
    package static func apply(text: String, name: String, system: Bool,
                              into options: inout Options, policy: inout Policy) throws(GateError) {
        for (index, line) in lines(of: text).enumerated() {
            try apply(line: line, place: "\(name):\(index + 1)", name: name, system: system, to: &options, policy: &policy)
        }
    }

    /// Every problem of a file's text, one for each line that has one (for --check).
    package static func problems(text: String, name: String, system: Bool) -> [String] {
        var options = Options(), policy = Policy(), found: [String] = []
        for (index, line) in lines(of: text).enumerated() {
            do throws(GateError) {
                try apply(line: line, place: "\(name):\(index + 1)", name: name, system: system, to: &options, policy: &policy)
            } catch {
                found.append(error.message)
            }
        }
        return found
    }

    /// The lines, split on any line break, so a file saved with CRLF endings reads the same.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    static func apply(line rawLine: Substring, place: String, name: String, system: Bool,
                      to options: inout Options, policy: inout Policy) throws(GateError) {
        var line = rawLine
        if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
        let trimmed = line.trimmingBlanks()
        if trimmed.isEmpty { return }
        guard let equals = trimmed.firstIndex(of: "=") else {
            throw .configuration("\(place): expected 'key = value'")
        }
        let key = String(trimmed[..<equals].trimmingBlanks())
        let value = String(trimmed[trimmed.index(after: equals)...].trimmingBlanks())
        try apply(key, key == "strings" ? resolve(value, besides: name) : value, at: system ? .systemFile : .userFile,
                  to: &options, policy: &policy, place: place)
    }

    /// One `key = value` line, read by the grammar at this file's door.
    package static func apply(_ key: String, _ value: String, at door: Door, to options: inout Options,
                              policy: inout Policy, place: String) throws(GateError) {
        guard let word = Grammar.word(key) else { throw .configuration("\(place): " + Grammar.unknown(key, at: door)) }
        do {
            let read = try Grammar.read(word, value, at: door)
            word.apply(read, to: &options)
            word.apply(read, to: &policy)
        } catch {
            throw .configuration("\(place): \(error.message)")
        }
    }

    /// The user's file: $XDG_CONFIG_HOME/shapelygate/config or ~/.config/shapelygate/config.
    /// Root's is always in root's home from the password database, whatever HOME and
    /// XDG_CONFIG_HOME say (run with a user's environment, `sudo -E`, root must not take
    /// that user's settings), as root's lockout state is.
    package static func userPath(_ environment: [String: String], user: UserID,
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
