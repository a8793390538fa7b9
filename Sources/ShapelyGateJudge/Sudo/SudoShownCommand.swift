// SudoShownCommand.swift — what a pass under sudo allows, as the board shows it, the
// approvers read it and the audit record keeps it: what sudo is about to run, taken from
// what sudo hands the command (command_info, run_argv, run_envp) and from nothing else.
//
// Contract:
// - The words are, in order: -P when the person's groups are kept, -C N when descriptors
//   from 3 to N-1 stay open, -u USER when the command runs as another user than root,
//   -g GROUP when it runs with another group than that user's own, -D FOLDER when it runs
//   in another folder than the person's, -R FOLDER for a root folder; then NAME=value for
//   every variable of run_envp that sudo did not set itself; then the command's path and
//   its arguments. For sudoedit: `sudoedit` and the files root writes (the editor runs
//   as the person, on copies, so its environment is the person's own).
// - A variable is sudo's own, and not a word, when its value is the one sudo sets:
//   SUDO_USER, SUDO_UID, SUDO_GID and SUDO_HOME of the person; SUDO_COMMAND (sudo writes
//   it over whatever came in); HOME, USER, LOGNAME, SHELL and MAIL of the run-as account
//   (the account files); PATH when every folder in it is root's all the way from / and
//   writable by no one else, outside /proc and /dev, and no root folder is asked for
//   (nothing in it can be the person's, wherever the command runs). Values are compared
//   byte for byte.
// - The variables sudo keeps from the person's environment by default (`keptByDefault`:
//   sudoers' own env_keep and env_check lists) are named, not spelt out, when their value
//   holds no `/` and no `%` (sudo's own env_check test): `kept`, shown after the command
//   as `(keeps LANG TERM)`; with either, they are words like any other. Any other variable — given as VAR=value,
//   --preserve-env in any spelling, -E, or an env_keep line in sudoers — is a word with
//   its value, whatever put it there.
// - A variable whose entry cannot be shown whole (not UTF-8, no `=`) is `unshowable`:
//   the judge names it and denies.
// - Words are quoted as the gate quotes a command (Visible.commandLine): a word with a
//   control byte is written $'…', so one line never reads as two.

import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package enum SudoShownCommand {
    /// sudo's compiled-in env_keep list and the variables it keeps after checking them
    /// (env_check; `LC_` stands for LC_*), as `sudo -V` prints them as root.
    package static let keptByDefault: Set<String> = [
        "COLORS", "DISPLAY", "DPKG_COLORS", "HOSTNAME", "KRB5CCNAME", "LS_COLORS", "PS1", "PS2", "XAUTHORITY",
        "XAUTHORIZATION", "XDG_CURRENT_DESKTOP", "COLORTERM", "LANG", "LANGUAGE", "LINGUAS", "TERM", "TZ",
    ]

    /// What the judge reads besides sudo's facts: the account files and the file system.
    package struct World: Sendable {
        package var passwd: String
        package var group: String
        package var trustedFolder: @Sendable (String) -> Bool

        package static func system() -> World {
            World(passwd: SystemAccounts.passwordFile(), group: SystemAccounts.groupFile(),
                  trustedFolder: Platform.isRootsFolder)
        }
    }

    package struct Shown: Equatable {
        package var words: [String] = []
        /// Variables of sudo's default list, by name, sorted.
        package var kept: [String] = []
        /// Variables that cannot be shown whole, by name.
        package var unshowable: [String] = []

        /// The line the board, the approvers and the record show.
        package var text: String {
            let line = Visible.commandLine(words)
            return kept.isEmpty ? line : line + " (keeps " + kept.map(Visible.shellWord).joined(separator: " ") + ")"
        }
    }

    package static func shown(_ facts: SudoFacts, world: World = .system()) -> Shown {
        var shown = Shown()
        let account = facts.commandInfo["runas_uid"].flatMap(JudgeLink.id).flatMap { entry(uid: $0, in: world.passwd) }
        shown.words = options(facts, account: account, world: world)
        if facts.edits {
            shown.words += ["sudoedit"] + facts.editedFiles
            return shown
        }
        var kept: Set<String> = []
        for entry in facts.runEnvironment {
            guard let equals = entry.firstIndex(of: "=") else {
                shown.unshowable.append(entry)
                continue
            }
            let name = String(entry[..<equals]), value = String(entry[entry.index(after: equals)...])
            if setBySudo(name, value, facts: facts, account: account, world: world) {
                continue
            } else if facts.unshowableVariables.contains(name) {
                shown.unshowable.append(name)
            } else if keptByDefault.contains(name) || name.hasPrefix("LC_"), !value.contains("/"), !value.contains("%") {
                // sudo's own test for what it keeps by default: a value with / or % is
                // spelt out, as it may name a file or hold a format (a VAR= word skips
                // sudo's check).
                kept.insert(name)
            } else {
                shown.words.append(entry)
            }
        }
        shown.kept = kept.sorted()
        let command = facts.command ?? facts.runArguments.first ?? ""
        shown.words += [command] + facts.runArguments.dropFirst()
        return shown
    }

    /// The options that change how the command runs, from command_info.
    private static func options(_ facts: SudoFacts, account: [Substring]?, world: World) -> [String] {
        let info = facts.commandInfo
        var words: [String] = []
        if info["preserve_groups"] == "true" { words.append("-P") }
        if let descriptor = info["closefrom"], !descriptor.isEmpty, descriptor != "3" { words += ["-C", descriptor] }
        if let uid = info["runas_uid"], uid != "0" {
            let name: String = account.map { String($0[0]) } ?? "#" + uid
            words += ["-u", name]
        }
        if let gid = info["runas_gid"], !gid.isEmpty, !same(gid, account.map { String($0[3]) }) {
            words += ["-g", groupName(gid, in: world.group) ?? "#" + gid]
        }
        if let folder = info["cwd"], !folder.isEmpty, !same(folder, facts.userInfo["cwd"]) { words += ["-D", folder] }
        if let root = info["chroot"], !root.isEmpty { words += ["-R", root] }
        return words
    }

    /// Whether `name=value` is what sudo itself gives every command it runs for this
    /// person as this account.
    private static func setBySudo(_ name: String, _ value: String, facts: SudoFacts, account: [Substring]?,
                                  world: World) -> Bool {
        switch name {
        case "SUDO_USER": return same(value, facts.userName)
        case "SUDO_UID": return same(value, facts.uid.map(String.init))
        case "SUDO_GID": return same(value, facts.gid.map(String.init))
        case "SUDO_HOME": return same(value, facts.uid.flatMap { entry(uid: $0, in: world.passwd) }.map { String($0[5]) })
        case "SUDO_COMMAND":
            // Exactly what sudo writes: the command, a space and its arguments one space
            // apart, cut at 4096 bytes (sudoers' env.c), which may cut a character in two.
            guard let command = facts.command else { return false }
            let arguments = facts.runArguments.dropFirst()
            guard !arguments.isEmpty else { return same(value, command) }
            let written = Array(command.utf8) + [0x20] + Array(arguments.joined(separator: " ").utf8).prefix(4096)
            return same(value, String(decoding: written, as: UTF8.self))
        case "HOME": return same(value, account.map { String($0[5]) })
        case "USER", "LOGNAME": return same(value, account.map { String($0[0]) })
        case "SHELL": return same(value, account.map { String($0[6]) })
        case "MAIL":
            guard let account else { return false }
            let name = String(account[0])
            return same(value, "/var/mail/" + name) || same(value, "/var/spool/mail/" + name)
        case "PATH":
            // Under another root folder the judge cannot look where the command will.
            guard ["", "/"].contains(facts.commandInfo["chroot"] ?? "") else { return false }
            let folders = value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            return folders.allSatisfy { $0.hasPrefix("/") && world.trustedFolder($0) }
        default: return false
        }
    }

    /// Byte for byte: two spellings of one text in Unicode are not the same folder.
    private static func same(_ a: String, _ b: String?) -> Bool {
        guard let b else { return false }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// The name of group `gid` in the group file.
    private static func groupName(_ gid: String, in group: String) -> String? {
        for line in group.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 2 && fields[2] == gid { return String(fields[0]) }
        }
        return nil
    }

    /// The account files' entry for `uid`, split into its seven fields.
    private static func entry(uid: UserID, in passwd: String) -> [Substring]? {
        let wanted = String(uid)
        return passwd.split(separator: "\n").lazy.map { $0.split(separator: ":", omittingEmptySubsequences: false) }
            .first { $0.count == 7 && $0[2] == wanted }
    }
}
