// SudoShownCommand.swift — what a pass under sudo allows, as the board shows it and the
// audit record keeps it: the command line sudo is about to run, with every way sudo's
// own command line changes what runs written first, as sudo's options would say it.
//
// Contract:
// - The words are, in order: -E when the person's environment is kept, -u USER when the
//   command runs as another user than root (sudo names the user, or #uid), -g GROUP when
//   sudo was asked for a group, -D FOLDER when the command runs in another folder than
//   the person's, -R FOLDER for a root folder, each VAR=value given on sudo's command
//   line, then the command's path and its arguments.
// - They are quoted as the gate quotes a command (Visible.commandLine): a word with a
//   control byte is written $'…', so one line never reads as two.

import ShapelyGateScreen

enum SudoShownCommand {
    static func words(_ facts: SudoFacts) -> [String] {
        var words: [String] = []
        if facts.settings["preserve_environment"] == "true" { words.append("-E") }
        if let uid = facts.commandInfo["runas_uid"], uid != "0" {
            words += ["-u", facts.settings["runas_user"].flatMap { $0.isEmpty ? nil : $0 } ?? "#" + uid]
        }
        if let group = facts.settings["runas_group"], !group.isEmpty { words += ["-g", group] }
        if let folder = facts.commandInfo["cwd"], !folder.isEmpty, folder != facts.userInfo["cwd"] { words += ["-D", folder] }
        if let root = facts.commandInfo["chroot"], !root.isEmpty { words += ["-R", root] }
        words += assignments(facts)
        let command = facts.command ?? facts.runArguments.first ?? ""
        return words + [command] + facts.runArguments.dropFirst()
    }

    /// The VAR=value words of sudo's command line: sudo takes every word with `=` after
    /// its options as one, and submit_optind points past them, at the command. An
    /// option's own value with `=` just before them is shown too: more than a pass
    /// allows, never less.
    static func assignments(_ facts: SudoFacts) -> [String] {
        let arguments = facts.submitArguments
        guard facts.submitOptind > 0, facts.submitOptind <= arguments.count else { return [] }
        var start = facts.submitOptind
        while start > 1, arguments[start - 1].contains("="), arguments[start - 1] != "--" { start -= 1 }
        return Array(arguments[start..<facts.submitOptind])
    }

    static func text(_ facts: SudoFacts) -> String { Visible.commandLine(words(facts)) }
}
