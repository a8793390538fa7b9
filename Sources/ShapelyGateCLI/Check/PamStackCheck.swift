// PamStackCheck.swift — the PAM part of `shapelygate --check`: every line of a PAM stack
// (a file of /etc/pam.d) that names pam_shapelygate.so, read the way PAM and the judge
// will take it.
//
// Contract:
// - A line is `[-]TYPE CONTROL MODULE [WORD...]`; a CONTROL in brackets may hold blanks,
//   and a line ending in `\` goes on on the next.
// - The module gates only in the `auth` stack; `sufficient` would let a pass on the
//   board authenticate alone, with no password; `optional` lets a denial through when
//   another module succeeds; `-auth` is skipped without a word when the module cannot
//   be loaded. Each is a problem. A control in brackets is a warning: it is not read.
// - A module named without a folder must be found in one of PAM's module folders.
// - The words are read by the grammar at the PAM door (DoorOptions), and the line as a
//   whole as every door's line is (DoorLineCheck).

import ShapelyGatePolicy
import ShapelyGateSystem

struct PamStackCheck {
    static let types: Set<String> = ["auth", "account", "password", "session"]
    static let module = "pam_shapelygate.so"
    /// Where PAM looks for a module named without a folder, on the systems it is built for.
    static let moduleFolders = ["/usr/lib/x86_64-linux-gnu/security", "/usr/lib/aarch64-linux-gnu/security",
                                "/lib/x86_64-linux-gnu/security", "/lib/aarch64-linux-gnu/security",
                                "/usr/lib64/security", "/usr/lib/security", "/lib/security"]

    let path: String
    var lines = DoorLineCheck(files: .installed)

    /// One line of the stack that names the module.
    struct ModuleLine: Equatable {
        let number: Int
        let type: String
        let control: String
        let module: String
        let words: [String]
    }

    /// The lines naming the module, from a stack's text.
    static func read(_ text: String) -> [ModuleLine] {
        var found: [ModuleLine] = []
        for (start, line) in logicalLines(text) {
            // The installed name, or the library a build leaves (libpam_shapelygate.so).
            if let parsed = parse(line, number: start), parsed.module.split(separator: "/").last?.hasSuffix(module) == true {
                found.append(parsed)
            }
        }
        return found
    }

    /// Each logical line with the number it starts on, comments gone, continuations joined.
    static func logicalLines(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var pending = "", start = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if pending.isEmpty { start = index + 1 }
            let content = raw.prefix { $0 != "#" }
            if content.hasSuffix("\\") {
                pending += content.dropLast() + " "
                continue
            }
            lines.append((start, pending + content))
            pending = ""
        }
        return lines
    }

    static func parse(_ line: String, number: Int) -> ModuleLine? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard words.count >= 3 else { return nil }
        let type = words.removeFirst()
        var control = words.removeFirst()
        if control.hasPrefix("[") {
            while !control.hasSuffix("]"), !words.isEmpty { control += " " + words.removeFirst() }
        }
        guard !words.isEmpty else { return nil }
        let module = words.removeFirst()
        return ModuleLine(number: number, type: type, control: control, module: module, words: words)
    }

    func findings(text given: String? = nil, required: Bool) -> ConfigurationCheck.Findings {
        var found = ConfigurationCheck.Findings()
        guard let text = given ?? (try? Platform.readFile(path, limit: 1 << 20)).map({ String(decoding: $0, as: UTF8.self) }) else {
            if required { found.problems = ["\(path): cannot be read"] }
            return found
        }
        let moduleLines = Self.read(text)
        if moduleLines.isEmpty && required { found.problems = ["\(path): no line names \(Self.module)"] }
        for line in moduleLines {
            var (problems, warnings) = stackProblems(line)
            do throws(Refusal) {
                let checked = lines.check(try DoorOptions.parse(line.words, door: .pamLine))
                problems += checked.problems
                warnings += checked.warnings
            } catch {
                problems.append(error.message)
            }
            if problems.isEmpty { found.report += "\(path):\(line.number): ok\n" }
            found.problems += problems.map { "\(path):\(line.number): \($0)" }
            found.warnings += warnings.map { "\(path):\(line.number): \($0)" }
        }
        return found
    }

    /// What PAM would make of the line's type, control and module.
    func stackProblems(_ line: ModuleLine) -> (problems: [String], warnings: [String]) {
        var problems: [String] = [], warnings: [String] = []
        if line.type.hasPrefix("-") {
            problems.append("\(line.type): PAM skips this line without a word when the module cannot be loaded; write \(line.type.dropFirst())")
        }
        let type = line.type.hasPrefix("-") ? String(line.type.dropFirst()) : line.type
        if type != "auth" { problems.append("\(Self.module) gates only in the auth stack, not in \(type)") }
        switch line.control {
        case "required", "requisite": break
        case "sufficient": problems.append("sufficient: a pass on the board would authenticate alone, with no password; use required")
        case "optional": problems.append("optional: a denial is let through when another module succeeds; use required")
        default:
            if line.control.hasPrefix("[") {
                warnings.append("warning: the control \(line.control) is not read here: make sure a denial fails the stack")
            } else {
                problems.append("unknown control '\(line.control.prefix(40))'")
            }
        }
        if let problem = moduleProblem(line.module) { problems.append(problem) }
        return (problems, warnings)
    }

    func moduleProblem(_ module: String) -> String? {
        if module.hasPrefix("/") {
            return Platform.exists(module) ? nil : "\(module): no such file"
        }
        guard !Self.moduleFolders.contains(where: { Platform.exists($0 + "/" + module) }) else { return nil }
        let here = Self.moduleFolders.filter(Platform.exists)
        return "\(module): not found in PAM's module folder\(here.count == 1 ? "" : "s") (\(here.joined(separator: ", ")))"
    }
}
