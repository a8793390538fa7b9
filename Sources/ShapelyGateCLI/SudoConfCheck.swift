// SudoConfCheck.swift — `shapelygate --check-sudo-conf [FILE]`, as `visudo -c` is for
// sudoers: every `Plugin shapelygate_approval …` line of sudo.conf (default
// /etc/sudo.conf) checked the way sudo and the judge will take it, before a typo stops
// every sudo on the machine.
//
// Contract:
// - For each such line: the plugin file (relative names from `Path plugin_dir`, else
//   /usr/libexec/sudo) must be a regular file owned by root that group and others cannot
//   write, as sudo demands; every option is checked by the judge's own parser
//   (SudoPluginOptions); path= is walked by the plugin's own trusted walk (trusted.c,
//   compiled in) and must answer `--version` as this program; and /etc/shapelygate.conf
//   must read with the line's options as the judge reads it.
// - One line per problem, `FILE:LINE: problem`, on standard error; status 2 when there is
//   any, or when no line names the plugin. Otherwise one `FILE:LINE: ok` line per Plugin
//   line on standard output, and status 0.
// - The file is read as every file is (Platform: a regular file, bounded); nothing is
//   written anywhere.

import CShapelyGateGuard
import Glibc
import ShapelyGate
import ShapelyGateJudge
import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

package struct SudoConfCheck {
    package static let defaultPath = "/etc/sudo.conf"
    /// The program the door opens without path= (SG_DEFAULT_JUDGE in door.c; a test holds
    /// the two together).
    package static let defaultProgram = SG_DEFAULT_PROGRAM
    package static let defaultPluginFolder = "/usr/libexec/sudo"
    package static let symbol = "shapelygate_approval"

    package let path: String
    package var policy = Settings.Files.installed

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

    package func run() -> Ending {
        let bytes: [UInt8]
        do {
            bytes = try Platform.readFile(path, limit: 1 << 20)
        } catch {
            return .failed(.configuration("\(path): \(error.reason)"))
        }
        let (folder, lines) = Self.read(String(decoding: bytes, as: UTF8.self))
        guard !lines.isEmpty else {
            return Ending(.checked(report: "", problems: ["\(path): no Plugin line names \(Self.symbol)"]))
        }
        var report = "", problems: [String] = []
        for line in lines {
            let found = self.problems(line, folder: folder).map { "\(path):\(line.number): \($0)" }
            if found.isEmpty { report += "\(path):\(line.number): ok\n" }
            problems += found
        }
        return Ending(.checked(report: report, problems: problems))
    }

    /// What would stop sudo, or the judge, on this line.
    package func problems(_ line: PluginLine, folder: String) -> [String] {
        var problems: [String] = []
        if let problem = pluginFileProblem(line.file, folder: folder) { problems.append(problem) }
        let options: SudoPluginOptions
        do {
            options = try SudoPluginOptions.parse(line.options)
        } catch {
            return problems + [error.message]
        }
        if let problem = judgeProblem(options.path ?? Self.defaultProgram) { problems.append(problem) }
        if let program = options.notify, let problem = notifyProblem(program) { problems.append(problem) }
        switch SudoJudgement.gateSettings(options, files: policy) {
        case .failure(let error): problems.append(error.message)
        case .success(let settings):
            let approval = SudoJudgement.approval(options, policy: settings.policy)
            if let problem = SudoJudgement.approvalProblem(approval, policyFile: policy.system) { problems.append(problem) }
        }
        return problems
    }

    /// sudo loads a plugin only from a file of root's that no one else can write.
    package func pluginFileProblem(_ file: String, folder: String) -> String? {
        guard !file.isEmpty else { return "the Plugin line names no file" }
        let full = file.hasPrefix("/") ? file : folder + "/" + file
        do {
            let (fd, info) = try Platform.openRegularFile(full)
            _ = Platform.closeDescriptor(fd)
            if info.st_uid != 0 { return "\(full): sudo loads a plugin only when root owns it (it belongs to uid \(info.st_uid))" }
            if info.st_mode & 0o022 != 0 { return "\(full): sudo loads a plugin only when group and others cannot write it" }
            return nil
        } catch {
            return "\(full): \(error.reason)"
        }
    }

    /// path= walked as the plugin walks it, then asked for its version.
    package func judgeProblem(_ program: String) -> String? {
        switch TrustedProgram.open(program, unprivileged: false) {
        case .failure(let refusal): return refusal.message
        case .success(let found): _ = Platform.closeDescriptor(found)
        }
        let said = Self.version(of: program)
        guard said == "shapelygate \(CLI.version)\n" else {
            return "path=\(program) does not answer --version as shapelygate \(CLI.version) does"
        }
        return nil
    }

    /// notify= walked as the judge walks it before running it without privileges.
    package func notifyProblem(_ program: String) -> String? {
        switch TrustedProgram.open(program, unprivileged: true) {
        case .failure(let refusal): return refusal.message
        case .success(let found):
            _ = Platform.closeDescriptor(found)
            return nil
        }
    }

    /// What `program --version` prints on standard output (at most a line's worth).
    package static func version(of program: String) -> String {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return "" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup("--version"), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
        defer { (argv + envp).forEach { free($0) } }
        let started = posix_spawn(&pid, program, &actions, nil, argv, envp) == 0
        _ = Platform.closeDescriptor(ends[1])
        defer { _ = Platform.closeDescriptor(ends[0]) }
        guard started else { return "" }
        let said = (try? Platform.readAll(ends[0], path: program, limit: 256)) ?? []
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: said, as: UTF8.self)
    }
}
