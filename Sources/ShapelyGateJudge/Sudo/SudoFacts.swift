// SudoFacts.swift — what sudo said about one run, as the plugin handed it over: at
// open() the interface version, the plugin options, settings, user_info, submit_optind,
// submit_argv and submit_envp; at check() command_info, run_argv and run_envp.
//
// Contract:
// - Read from the plugin's entries only (JudgeLink); nothing comes from the judge's own
//   environment. A `name=value` entry without `=` is kept with an empty value; a later
//   entry of the same name replaces an earlier one, as sudo's own lookups find the first
//   and sudo never repeats one.

import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

package struct SudoFacts {
    package var interfaceVersion = ""
    /// The program the door opened and started as the judge (path=, or its default).
    package var programPath = ""
    package var options: [String] = []
    package var settings: [String: String] = [:]
    package var userInfo: [String: String] = [:]
    package var submitOptind = 0
    package var submitArguments: [String] = []
    package var submitEnvironment: [String: String] = [:]
    package var commandInfo: [String: String] = [:]
    package var runArguments: [String] = []
    /// The environment sudo hands the command (run_envp), in sudo's order.
    package var runEnvironment: [String] = []
    /// Variables of run_envp whose entry was not UTF-8: they cannot be shown whole.
    package var unshowableVariables: [String] = []
    /// A word that would be shown (sudo's arguments, the command, its settings) was not
    /// UTF-8: the board could not show it as it is.
    package var unshowable = false

    package mutating func read(_ entries: [JudgeLink.Entry]) {
        typealias Kind = JudgeLink.Kind
        for entry in entries {
            if !entry.exact && [Kind.argument, Kind.setting, Kind.commandInfo, Kind.runArgument].contains(entry.tag) {
                unshowable = true
            }
            switch entry.tag {
            case Kind.sudoInterface: interfaceVersion = entry.text
            case Kind.program: programPath = entry.text
            case Kind.option: options.append(entry.text)
            case Kind.setting: Self.put(entry.text, in: &settings)
            case Kind.userInfo: Self.put(entry.text, in: &userInfo)
            case Kind.optind: submitOptind = Int(entry.text) ?? 0
            case Kind.argument: submitArguments.append(entry.text)
            case Kind.environment: Self.put(entry.text, in: &submitEnvironment, keepFirst: true)
            case Kind.commandInfo: Self.put(entry.text, in: &commandInfo)
            case Kind.runArgument: runArguments.append(entry.text)
            case Kind.runEnvironment:
                runEnvironment.append(entry.text)
                if !entry.exact { unshowableVariables.append(String(entry.text.prefix { $0 != "=" })) }
            default: break
            }
        }
    }

    private static func put(_ entry: String, in table: inout [String: String], keepFirst: Bool = false) {
        let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        if keepFirst && table[name] != nil { return }
        table[name] = parts.count > 1 ? String(parts[1]) : ""
    }

    /// A whole number sudo gave, in range for an ID (not -1).

    package var uid: UserID? { JudgeLink.id(userInfo["uid"]) }
    package var gid: GroupID? { JudgeLink.id(userInfo["gid"]) }
    /// The supplementary groups, as sudo reports them; entries that are not IDs are left out.
    package var groups: [GroupID] {
        (userInfo["groups"] ?? "").split(separator: ",").compactMap { JudgeLink.id(String($0)) }
    }
    package var userName: String? { userInfo["user"] }
    package var terminalPath: String? { userInfo["tty"].flatMap { $0.isEmpty ? nil : $0 } }
    package var nonInteractive: Bool { settings["noninteractive"] == "true" }
    /// `sudo -k command`: the time stamp is ignored for this run.
    package var ignoresTicket: Bool { settings["ignore_ticket"] == "true" }
    package var umask: FileMode {
        guard let text = userInfo["umask"], let value = FileMode(text, radix: 8), value <= 0o777 else { return 0o022 }
        return value
    }
    package var command: String? { commandInfo["command"] }
    /// sudoedit (`sudo -e`): the command is an editor the person chose, run as the person
    /// on copies; what root does is write the copies back over the files.
    package var edits: Bool { commandInfo["sudoedit"] == "true" }
    /// The files sudoedit writes: the editor's words after its first `--` (sudo puts one
    /// before the files; an editor's own `--` only makes the list longer, never shorter).
    package var editedFiles: [String] {
        guard let end = runArguments.dropFirst().firstIndex(of: "--") else { return Array(runArguments.dropFirst()) }
        return Array(runArguments[(end + 1)...])
    }
}
