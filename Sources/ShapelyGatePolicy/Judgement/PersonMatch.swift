// PersonMatch.swift — whether this person and this command are gated.
//
// Contract:
// - Users: with neither users= nor groups=, everyone is gated. Otherwise the person is
//   gated when their name or user ID is in users=, or their primary or any
//   supplementary group (as sudo reports them, or as /etc/group lists them now: the
//   judge gives both) is in groups=. A name that has since
//   vanished from the account files counts as a match: in doubt, gated.
// - Commands: with no commands=, every command is gated. An entry matches the command
//   sudo is about to run when they name the same file (any link to it), or when the
//   command lies under an entry that is a folder. Paths are compared as given, with
//   their folders resolved, and fully resolved, so /sbin/reboot and /usr/sbin/reboot
//   are one command. A command that is not a full path is gated. sudoedit is matched
//   by name, never by the editor it runs (gatesEdit).

import ShapelyGateSystem

package struct PersonMatch {
    package let options: DoorOptions
    package var passwd = SystemAccounts.passwordFile()
    package var group = SystemAccounts.groupFile()

    package init(options: DoorOptions) { self.options = options }

    package func gates(user name: String?, uid: UserID?, gid: GroupID?, groups: [GroupID]) -> Bool {
        if options.users.isEmpty && options.groups.isEmpty { return true }
        for entry in options.users {
            if entry == name { return true }
            if ValueReader.isNumber(entry) {
                if let uid, UserID(entry) == uid { return true }
            } else {
                guard let listed = SystemAccounts.uid(named: entry, passwd: passwd) else { return true }
                if listed == uid { return true }
            }
        }
        for entry in options.groups {
            let wanted: GroupID?
            if ValueReader.isNumber(entry) {
                wanted = GroupID(entry)
            } else {
                wanted = SystemAccounts.gid(named: entry, group: group)
            }
            guard let wanted else { return true }
            if wanted == gid || groups.contains(wanted) { return true }
        }
        return false
    }

    package func gates(command: String?) -> Bool {
        guard !options.commands.isEmpty, let command, command.hasPrefix("/") else { return true }
        let forms = Self.forms(of: command)
        let target = Platform.facts(of: command, followingLinks: true)
        for entry in options.commands {
            if let target, let listed = Platform.facts(of: entry, followingLinks: true),
               listed.device == target.device && listed.inode == target.inode {
                return true
            }
            let entryForms = Self.forms(of: entry)
            for form in forms where entryForms.contains(where: { Self.path(form, isOrUnder: $0) }) { return true }
        }
        return false
    }

    /// Where sudo installs sudoedit (a link to sudo itself).
    package static let sudoeditPlaces = ["/usr/bin/sudoedit", "/bin/sudoedit", "/usr/local/bin/sudoedit"]

    /// sudoedit: gated when commands= is empty, names sudoedit (an entry whose last
    /// component is `sudoedit`), or takes in the sudoedit this machine has as it takes in
    /// any command (a folder above it, the file, sudo itself). The editor sudo reports
    /// is the person's choice and runs as the person: it says nothing of what root writes.
    package func gatesEdit() -> Bool {
        if options.commands.isEmpty || options.commands.contains(where: { $0.split(separator: "/").last == "sudoedit" }) {
            return true
        }
        return Self.sudoeditPlaces.contains { place in
            Platform.facts(of: place, followingLinks: false) != nil && gates(command: place)
        }
    }

    /// The path as given, with its folder resolved, and fully resolved (those that exist).
    package static func forms(of path: String) -> [String] {
        var forms = [path]
        if let slash = path.lastIndex(of: "/"), path.index(after: slash) < path.endIndex {
            let folder = slash == path.startIndex ? "/" : String(path[..<slash])
            if let resolved = resolved(folder) {
                forms.append((resolved == "/" ? "" : resolved) + String(path[slash...]))
            }
        }
        if let whole = resolved(path) { forms.append(whole) }
        return forms
    }

    private static func resolved(_ path: String) -> String? {
        Platform.resolvedPath(path)
    }

    /// Whether `path` is `entry` or lies under it (the entry's trailing slashes ignored).
    package static func path(_ path: String, isOrUnder entry: String) -> Bool {
        var entry = Substring(entry)
        while entry.count > 1 && entry.hasSuffix("/") { entry = entry.dropLast() }
        if entry == "/" { return path.hasPrefix("/") }
        guard path.hasPrefix(entry) else { return false }
        let rest = path.dropFirst(entry.count)
        return rest.isEmpty || rest.hasPrefix("/")
    }
}
