// SudoShownCommand.swift — what a pass under sudo allows, as the board shows it and the
// audit record keeps it: the command line sudo is about to run, with every way sudo's
// own command line changes what runs written first, as sudo's options would say it.
//
// Contract:
// - The words are, in order: -E when the person's environment is kept, NAME=value for
//   each variable a --preserve-env=LIST names that the person's environment has, -P when the person's groups are kept, -C N when
//   descriptors below N stay open, -u USER when the command runs as another user than
//   root (sudo names the user, or #uid), -g GROUP when sudo was asked for a group, -D
//   FOLDER when the command runs in another folder than the person's, -R FOLDER for a
//   root folder, each VAR=value given on sudo's command line, then the command's path
//   and its arguments; for sudoedit, `sudoedit` and the files root writes (the editor
//   runs as the person, on copies).
// - They are quoted as the gate quotes a command (Visible.commandLine): a word with a
//   control byte is written $'…', so one line never reads as two.

import ShapelyGateScreen

enum SudoShownCommand {
    static func words(_ facts: SudoFacts) -> [String] {
        var words: [String] = []
        if facts.settings["preserve_environment"] == "true" { words.append("-E") }
        // --preserve-env=LIST hands named variables of the person's environment over, as
        // VAR=value words would: shown as those words, with the values the person has
        // (sudo cut the list in place; its pieces are in its own arguments).
        for list in preservedLists(facts) ?? [] {
            for name in list.dropFirst("--preserve-env=".count).split(separator: ",").map(String.init) {
                if let value = facts.submitEnvironment[name] { words.append("\(name)=\(value)") }
            }
        }
        if facts.settings["preserve_groups"] == "true" { words.append("-P") }
        if let descriptor = facts.settings["closefrom"], !descriptor.isEmpty { words += ["-C", descriptor] }
        if let uid = facts.commandInfo["runas_uid"], uid != "0" {
            words += ["-u", facts.settings["runas_user"].flatMap { $0.isEmpty ? nil : $0 } ?? "#" + uid]
        }
        if let group = facts.settings["runas_group"], !group.isEmpty { words += ["-g", group] }
        if let folder = facts.commandInfo["cwd"], !folder.isEmpty, folder != facts.userInfo["cwd"] { words += ["-D", folder] }
        if let root = facts.commandInfo["chroot"], !root.isEmpty { words += ["-R", root] }
        words += assignments(facts)
        if facts.edits { return words + ["sudoedit"] + facts.editedFiles }
        let command = facts.command ?? facts.runArguments.first ?? ""
        return words + [command] + facts.runArguments.dropFirst()
    }

    /// The VAR=value words of sudo's command line: sudo takes a word with `=` among its
    /// options, before or after others, or after `--`, as one, and submit_optind points
    /// at the command. Every word with `=` before it that is not an option is shown: an
    /// option's own value that has one (`-p a=b`) is shown too, more than a pass allows,
    /// never less.
    static func assignments(_ facts: SudoFacts) -> [String] {
        let arguments = facts.submitArguments
        guard facts.submitOptind > 0, facts.submitOptind <= arguments.count else { return [] }
        return arguments[1..<facts.submitOptind].filter { !$0.hasPrefix("-") && $0.contains("=") }
    }

    static func text(_ facts: SudoFacts) -> String { Visible.commandLine(words(facts)) }

    /// Each --preserve-env=LIST of sudo's options, whole: submit_argv's word continued by
    /// the pieces sudo's own arguments hold after it, up to the next word submit_argv
    /// has. Nil when the two do not line up so: what was preserved is then not known.
    static func preservedLists(_ facts: SudoFacts) -> [String]? {
        let submitted = facts.submitArguments, own = facts.ownArguments
        guard submitted.contains(where: { $0.hasPrefix("--preserve-env=") }) else { return [] }
        let end = max(0, min(facts.submitOptind, submitted.count))
        var lists: [String] = []
        var position = 0
        for (index, word) in submitted.enumerated() {
            guard position < own.count, own[position] == word else { return nil }
            position += 1
            guard word.hasPrefix("--preserve-env="), index < end else { continue }
            var whole = word
            let next = index + 1 < submitted.count ? submitted[index + 1] : nil
            while position < own.count, own[position] != next {
                whole += "," + own[position]
                position += 1
            }
            lists.append(whole)
        }
        return position == own.count ? lists : nil
    }
}
