// SudoConfCheck.swift — the sudo.conf part of `shapelygate --check` (and of its older
// spelling, `--check-sudo-conf [FILE]`): every `Plugin shapelygate_approval …` line
// checked the way sudo and the judge will take it, before a typo stops every sudo on
// the machine.
//
// Contract:
// - For each such line: the plugin file (relative names from `Path plugin_dir`, else
//   /usr/libexec/sudo) must be a regular file owned by root that group and others cannot
//   write, as sudo demands; every option is checked by the judge's own parser
//   (DoorOptions) and the line as a whole as every door's line is (DoorLineCheck).
// - One line per problem, `FILE:LINE: problem`; a file named on the command line with no
//   line naming the plugin is a problem too. Otherwise one `FILE:LINE: ok` per line.
// - The file is read as every file is (Platform: a regular file, bounded); nothing is
//   written anywhere.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGateJudge
import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

package struct SudoConfCheck {
    package static let defaultPath = "/etc/sudo.conf"
    package static let defaultPluginFolder = "/usr/libexec/sudo"
    package static let symbol = "shapelygate_approval"

    let path: String
    var lines = DoorLineCheck(files: .installed)

    /// One `Plugin shapelygate_approval FILE OPTION…` line.
    package struct PluginLine: Equatable {
        package let number: Int
        package let file: String
        package let options: [String]
    }

    /// The plugin folder and this plugin's lines, from sudo.conf's text: blanks separate
    /// words, `#` starts a comment, `Path plugin_dir` names the folder.
    package static func read(_ text: String) -> (folder: String, lines: [PluginLine]) {
        var folder = defaultPluginFolder
        var lines: [PluginLine] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = raw.prefix { $0 != "#" }
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.count >= 3, words[0] == "Path", words[1] == "plugin_dir" { folder = words[2] }
            if words.count >= 2, words[0] == "Plugin", words[1] == symbol {
                lines.append(PluginLine(number: index + 1, file: words.count > 2 ? words[2] : "", options: Array(words.dropFirst(3))))
            }
        }
        return (folder, lines)
    }

    /// The file's findings; `required`: a file with no line naming the plugin is a problem.
    func findings(text given: String? = nil, required: Bool) -> ConfigurationCheck.Findings {
        var found = ConfigurationCheck.Findings()
        let text: String
        if let given {
            text = given
        } else {
            do {
                text = String(decoding: try Platform.readFile(path, limit: 1 << 20), as: UTF8.self)
            } catch {
                if !required && error.isMissing { return found }
                found.problems = ["\(path): \(error.reason)"]
                return found
            }
        }
        let (folder, pluginLines) = Self.read(text)
        if pluginLines.isEmpty && required { found.problems = ["\(path): no Plugin line names \(Self.symbol)"] }
        for line in pluginLines {
            let (problems, warnings) = self.problems(line, folder: folder)
            if problems.isEmpty { found.report += "\(path):\(line.number): ok\n" }
            found.problems += problems.map { "\(path):\(line.number): \($0)" }
            found.warnings += warnings.map { "\(path):\(line.number): \($0)" }
        }
        return found
    }

    /// What would stop sudo, or the judge, on this line, and where it is weaker than it looks.
    func problems(_ line: PluginLine, folder: String) -> (problems: [String], warnings: [String]) {
        var problems: [String] = []
        if let problem = pluginFileProblem(line.file, folder: folder) { problems.append(problem) }
        do throws(Refusal) {
            let checked = lines.check(try DoorOptions.parse(line.options, door: .sudoLine))
            return (problems + checked.problems, checked.warnings)
        } catch {
            return (problems + [error.message], [])
        }
    }

    /// sudo loads a plugin only from a file of root's that no one else can write.
    func pluginFileProblem(_ file: String, folder: String) -> String? {
        guard !file.isEmpty else { return "the Plugin line names no file" }
        let full = file.hasPrefix("/") ? file : folder + "/" + file
        do {
            let (file, info) = try FileDescriptor.openRegularFile(full)
            file.close()
            if info.owner != 0 { return "\(full): sudo loads a plugin only when root owns it (it belongs to uid \(info.owner))" }
            if info.mode & 0o022 != 0 { return "\(full): sudo loads a plugin only when group and others cannot write it" }
            return nil
        } catch {
            return "\(full): \(error.reason)"
        }
    }

    /// What `program --version` prints on standard output (at most a line's worth).
    static func version(of program: String) -> String {
        String(decoding: Platform.output(of: program, arguments: ["--version"], limit: 256), as: UTF8.self)
    }
}
