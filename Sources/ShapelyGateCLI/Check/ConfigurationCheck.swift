// ConfigurationCheck.swift — `shapelygate --check [FILE...]`, as `doas -C`, `visudo -c`
// and `sshd -t` are for theirs: every place that configures a door, read the way the
// door will read it, before a typo locks the door or quietly opens it.
//
// Contract:
// - With no file: /etc/shapelygate.conf (missing is fine: the defaults), every
//   `Plugin shapelygate_approval` line of /etc/sudo.conf and every line naming
//   pam_shapelygate.so in /etc/pam.d/*. With files: those, each told apart by what it
//   holds (a PAM stack names a PAM type or module; a sudo.conf a Plugin, Path, Set or
//   Debug line; anything else is a policy file). `--check-sudo-conf FILE` reads FILE as
//   a sudo.conf whatever it holds.
// - One line per problem on standard error, `FILE:LINE: what is wrong`, naming the word
//   (and the word meant, for a misspelt one); one `FILE:LINE: ok` (a policy file:
//   `FILE: ok`) on standard output for each place with none.
// - Warnings say where a line is weaker than it looks (a random guesser's odds above 1
//   in 100 at a door to root); they do not change the status.
// - Status 0 only when every line would load and gate as written; 2 otherwise.
// - Nothing is written anywhere; every file is read as the gate reads files (Platform).

import ShapelyGate
import ShapelyGateJudge
import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

package struct ConfigurationCheck {
    /// Where the installed files are (a test's own world may name others).
    package struct Installed: Sendable {
        package var policy = "/etc/shapelygate.conf"
        package var sudoConf = SudoConfCheck.defaultPath
        package var pamFolder = "/etc/pam.d"
        package init() {}
    }

    /// What a file holds, as its content says.
    package enum Content: Equatable {
        case policy, sudoConf, pamStack

        package static func of(_ text: String) -> Content {
            let words = text.split(whereSeparator: \.isNewline).map { $0.prefix { $0 != "#" } }
                .compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
            if words.contains(where: { PamStackCheck.types.contains($0.hasPrefix("-") ? String($0.dropFirst()) : $0)
                || $0 == "@include" }) { return .pamStack }
            if words.contains(where: { ["Plugin", "Path", "Set", "Debug"].contains($0) }) { return .sudoConf }
            return .policy
        }
    }

    /// What the check found.
    package struct Findings {
        package var report = ""
        package var problems: [String] = []
        package var warnings: [String] = []

        package mutating func add(_ other: Findings) {
            report += other.report
            problems += other.problems
            warnings += other.warnings
        }
    }

    let paths: [String]?
    var asSudoConf = false
    var installed = Installed()
    var files = Settings.Files.installed

    package init(paths: [String]?, asSudoConf: Bool = false, installed: Installed = Installed(),
                 files: Settings.Files = .installed) {
        self.paths = paths
        self.asSudoConf = asSudoConf
        self.installed = installed
        self.files = files
    }

    package func run() -> Ending {
        let found = paths.map(checkFiles) ?? checkInstalled()
        return Ending(.checked(report: found.report, problems: found.problems, warnings: found.warnings))
    }

    private func checkInstalled() -> Findings {
        var found = policy(installed.policy, owner: 0)
        let lines = DoorLineCheck(files: files)
        found.add(SudoConfCheck(path: installed.sudoConf, lines: lines).findings(required: false))
        for path in Platform.folderEntries(installed.pamFolder).sorted() {
            found.add(PamStackCheck(path: installed.pamFolder + "/" + path, lines: lines).findings(required: false))
        }
        if found.report.isEmpty && found.problems.isEmpty {
            found.report = "no line in \(installed.sudoConf) or \(installed.pamFolder) names shapelygate: no door is gated\n"
        }
        return found
    }

    private func checkFiles(_ paths: [String]) -> Findings {
        var found = Findings()
        let lines = DoorLineCheck(files: files)
        for path in paths {
            let text: String
            do throws(GateError) {
                guard let read = try ConfigFile.text(of: path, owner: nil) else {
                    found.problems.append("\(path): no such file")
                    continue
                }
                text = read
            } catch {
                found.problems.append(error.message)
                continue
            }
            switch asSudoConf ? .sudoConf : Content.of(text) {
            case .sudoConf: found.add(SudoConfCheck(path: path, lines: lines).findings(text: text, required: true))
            case .pamStack: found.add(PamStackCheck(path: path, lines: lines).findings(text: text, required: true))
            case .policy: found.add(policy(path, owner: path == installed.policy ? 0 : nil))
            }
        }
        return found
    }

    /// A policy file, read as the gate reads it (as the system file: every word it may hold).
    private func policy(_ path: String, owner: UserID?) -> Findings {
        var found = Findings()
        do throws(GateError) {
            guard let text = try ConfigFile.text(of: path, owner: owner) else { return found }
            found.problems = ConfigFile.problems(text: text, name: path, system: true)
            if found.problems.isEmpty { found.report = "\(path): ok\n" }
        } catch {
            found.problems = [error.message]
        }
        return found
    }
}
