// DoorGatheringMore.swift — the rest of the I/O half of `--doors`: sshd's settings and
// the keys it would take, polkit's rules and action files, the places root runs programs
// from, and the setuid and setcap programs with dpkg's word on who installed them.
//
// Contract: as DoorGathering.swift. The places looked at are `places` and every entry of
// the folders among them (two levels under /etc/systemd/system), and the folders above
// them; a symbolic link is not followed. Programs are looked for under /usr, /bin, /sbin
// and /opt, each walked on its own file system without following links; what the walk
// cannot look at is kept (`unwalked`), never passed over.

import ShapelyGatePolicy
import ShapelyGateSystem

extension DoorGathering {
    func gatherSshd(into facts: inout DoorFacts) {
        guard let sshd = Self.program("sshd") else { return }
        if let problem = Self.distrust(sshd) {
            facts.sshd = .unreadable(problem)
            return
        }
        let answer = Platform.run(sshd, arguments: ["-T"], limit: 1 << 20, mergingErrors: true)
        guard answer.status == 0 else {
            facts.sshd = .unreadable(Self.firstLine(answer.text))
            return
        }
        var settings: [String: String] = [:]
        for line in answer.text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].lowercased()
            settings[key] = settings[key].map { $0 + " " + parts[1] } ?? String(parts[1])
        }
        facts.sshd = .read(settings)
        let files = (settings["authorizedkeysfile"] ?? ".ssh/authorized_keys").split(separator: " ").map(String.init)
        let command = settings["authorizedkeyscommand"].map { $0 != "none" } ?? false
        for account in facts.accounts where account.uid == 0 || account.groups.contains(where: ["sudo", "admin", "wheel"].contains) {
            if command { facts.authorizedKeys[account.name] = "AuthorizedKeysCommand" }
            for pattern in files where pattern != "none" {
                let path = Self.expand(pattern, account)
                switch Self.read(path) {
                case .absent: continue
                case .unreadable(let why): facts.unreadableKeys[account.name] = why
                case .read(let text):
                    if text.split(separator: "\n").contains(where: { !$0.hasPrefix("#") && $0.contains(where: { $0 != " " }) }) {
                        facts.authorizedKeys[account.name] = path
                    }
                }
            }
        }
    }

    /// An AuthorizedKeysFile pattern for one account: %h, %u, %U, %%; relative to home.
    static func expand(_ pattern: String, _ account: AuditAccount) -> String {
        var out = "", percent = false
        for character in pattern {
            if percent {
                switch character {
                case "h": out += account.home
                case "u": out += account.name
                case "U": out += String(account.uid)
                default: out.append(character)
                }
                percent = false
            } else if character == "%" {
                percent = true
            } else {
                out.append(character)
            }
        }
        return out.hasPrefix("/") ? out : account.home + "/" + out
    }

    func gatherPolkit(into facts: inout DoorFacts) {
        let installed = Self.program("pkexec", local: true) != nil
            || ["/usr/lib/polkit-1/polkitd", "/usr/libexec/polkitd", "/usr/lib/polkit-1/polkitd"].contains(where: Platform.exists)
        guard installed else { return }
        var rules: [String: String] = [:]
        for folder in ["/etc/polkit-1/rules.d", "/usr/share/polkit-1/rules.d"] where Platform.exists(folder) {
            guard let opened = FileDescriptor.openFolder(folder, followingLinks: true) else {
                facts.polkitUnreadable.append(folder)
                continue
            }
            opened.close()
            for name in Platform.folderEntries(folder).sorted() where name.hasSuffix(".rules") {
                switch Self.read(folder + "/" + name) {
                case .read(let text): rules[folder + "/" + name] = text
                case .unreadable(let why): facts.polkitUnreadable.append(why)
                // Just listed, yet not there by its name: gone, or a name that is not
                // UTF-8, which polkitd reads all the same.
                case .absent: facts.polkitUnreadable.append("\(folder)/\(name): cannot be opened by the name listed")
                }
            }
        }
        facts.polkitRules = .read(rules)
        let actions = "/usr/share/polkit-1/actions"
        for name in Platform.folderEntries(actions).sorted() where name.lowercased().contains("packagekit") || name.contains("Flatpak") {
            guard let text = Self.read(actions + "/" + name).value else { continue }
            for block in text.split(separator: "<action ").dropFirst() where block.contains("<allow_active>yes</allow_active>") {
                guard let id = PolkitRules.quoted(after: "id", in: block).first, Self.installs.contains(where: id.hasSuffix) else {
                    continue
                }
                facts.polkitOpenActions.append(id)
            }
        }
    }

    /// The PackageKit and Flatpak actions that install, remove or change what root runs.
    static let installs = [".package-install", ".package-install-untrusted", ".package-remove", ".system-update",
                           ".upgrade-system", ".repair-system", ".system-sources-configure", ".install-untrusted",
                           ".app-install", ".runtime-install", ".app-update", ".runtime-update", ".modify-repo",
                           ".install-bundle", ".configure-remote"]

    /// Files root runs or reads to decide who is root, and folders it runs programs from.
    static let places = ["/etc/crontab", "/etc/cron.d", "/etc/cron.hourly", "/etc/cron.daily", "/etc/cron.weekly",
                         "/etc/cron.monthly", "/etc/cron.yearly", "/etc/systemd/system", "/usr/local/bin", "/usr/local/sbin",
                         "/etc/profile", "/etc/profile.d", "/etc/bash.bashrc", "/etc/environment", "/etc/ld.so.preload",
                         "/etc/sudoers", "/etc/sudoers.d", "/etc/sudo.conf", "/etc/doas.conf", "/etc/pam.d", "/etc/shadow",
                         "/etc/shapelygate.conf"]
    static let above = ["/", "/etc", "/etc/systemd", "/usr", "/usr/local"]

    func gatherPlaces(into facts: inout DoorFacts) {
        func add(_ path: String, depth: Int, listed: Bool = false) {
            guard let found = Platform.facts(of: path, followingLinks: false) else {
                // A name just listed that cannot be looked at (not UTF-8, say) is no all-clear.
                if listed { facts.unreadablePlaces.append(path) }
                return
            }
            guard !found.isSymbolicLink else { return }
            facts.places.append(PlacedFile(path: path, owner: found.owner, group: found.group, mode: found.permissions,
                                           isFolder: found.isDirectory))
            guard found.isDirectory, depth > 0 else { return }
            guard let opened = FileDescriptor.openFolder(path, followingLinks: false) else {
                facts.unreadablePlaces.append(path)
                return
            }
            opened.close()
            for name in Platform.folderEntries(path).sorted() { add(path + "/" + name, depth: depth - 1, listed: true) }
        }
        for path in Self.above { add(path, depth: 0) }
        for path in Self.places { add(path, depth: path == "/etc/systemd/system" ? 2 : 1) }
    }

    func gatherPrivileged(into facts: inout DoorFacts) {
        var seen = Set<String>()
        for root in ["/usr", "/bin", "/sbin", "/opt"] {
            Platform.walk(root, unreadable: { facts.unwalked.append($0) }) { path, found in
                guard found.isRegular, seen.insert(path).inserted else { return }
                if found.mode & 0o4000 != 0 && found.owner == 0 {
                    facts.privileged.append(PrivilegedProgram(path: path, setuid: true))
                } else if found.mode & 0o111 != 0 && Platform.hasCapabilities(path) {
                    facts.privileged.append(PrivilegedProgram(path: path, setuid: false))
                }
            }
        }
        guard !facts.privileged.isEmpty, let dpkg = Self.program("dpkg-query") else { return }
        if let problem = Self.distrust(dpkg) {
            facts.unowned = .unreadable(problem)
            return
        }
        var left = facts.privileged.map(\.path)
        left = Self.unowned(left, dpkg: dpkg)
        // A merged /usr: dpkg may know /usr/bin/su as /bin/su.
        let aliases = left.map { path in
            ["/usr/bin/", "/usr/sbin/", "/usr/lib/"].contains { path.hasPrefix($0) } ? String(path.dropFirst(4)) : path
        }
        let stillLeft = Set(Self.unowned(aliases, dpkg: dpkg))
        facts.unowned = .read(zip(left, aliases).filter { stillLeft.contains($0.1) }.map(\.0))
    }

    /// The paths `dpkg-query -S` names no package for, asked a hundred at a time.
    static func unowned(_ paths: [String], dpkg: String) -> [String] {
        var owned = Set<String>()
        var index = 0
        while index < paths.count {
            let batch = Array(paths[index..<min(paths.count, index + 100)])
            index += batch.count
            let answer = Platform.run(dpkg, arguments: ["-S", "--"] + batch, limit: 4 << 20)
            for line in answer.text.split(separator: "\n") {
                guard let colon = line.firstRange(of: ": ") else { continue }
                owned.insert(String(line[colon.upperBound...]))
            }
        }
        return paths.filter { !owned.contains($0) }
    }
}
