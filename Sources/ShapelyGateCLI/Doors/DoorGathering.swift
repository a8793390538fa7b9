// DoorGathering.swift — the I/O half of `--doors`: every file and program answer the
// judges need, read once into a DoorFacts value.
//
// Contract:
// - Files are read as every file is (Platform.readFile: a regular file, never a FIFO or
//   device, bounded); a missing file is `absent`, any other failure `unreadable`, with why.
// - Programs are found by absolute path in fixed folders (`program`), never by PATH, and
//   run only when root's alone, with a clean environment (Platform.run): sudo -l, sshd -T,
//   dpkg-query -S. A program that will not be run leaves its door unread, so open.
// - A person who is not root asks about themselves: sudo is asked `-n -l`, and whatever
//   they cannot read is reported as unreadable.
// - Nothing is written anywhere.

import ShapelyGatePolicy
import ShapelyGateSystem

package struct DoorGathering {
    /// Whether the one asking is root (else they ask about themselves).
    package var asRoot = Platform.effectiveUser == 0
    package init() {}

    /// Where programs are looked for, in order: the system's folders, then (to tell
    /// whether one is installed, never to run it) /usr/local's.
    static let programFolders = ["/usr/bin", "/usr/sbin", "/bin", "/sbin"]
    static let localFolders = ["/usr/local/bin", "/usr/local/sbin"]

    /// The program's absolute path in the fixed folders, or nil.
    static func program(_ name: String, local: Bool = false) -> String? {
        (programFolders + (local ? localFolders : [])).map { $0 + "/" + name }
            .first { Platform.facts(of: $0, followingLinks: true)?.isRegular == true }
    }

    /// Why a program found will not be run (as root, it must be root's alone), or nil.
    static func distrust(_ path: String) -> String? {
        guard let found = Platform.facts(of: path, followingLinks: true) else { return "\(path): gone" }
        if found.owner != 0 { return "\(path) belongs to uid \(found.owner), not root: not run" }
        if found.mode & 0o022 != 0 { return "\(path) can be written by others than root: not run" }
        return nil
    }

    /// A file's text, or why not.
    static func read(_ path: String, limit: Int = 1 << 20) -> Gathered<String> {
        do {
            return .read(String(decoding: try Platform.readFile(path, limit: limit), as: UTF8.self))
        } catch {
            return error.isMissing ? .absent : .unreadable("\(path): \(error.reason)")
        }
    }

    /// A program's first line of output, its blanks and line end trimmed.
    static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first { $0.contains { !$0.isWhitespace } } ?? "no answer"
        return String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Every account of the password file, with its groups from the group file.
    package static func accounts(passwd: String, group: String) -> [AuditAccount] {
        let groups = AccountPerson.groupEntries(group)
        return passwd.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count > 5, let uid = UserID(fields[2]), let gid = GroupID(fields[3]) else { return nil }
            let memberships = AccountPerson.memberships(of: String(fields[0]), gid: gid, in: groups)
            return AuditAccount(name: String(fields[0]), uid: uid, gid: gid, home: String(fields[5]),
                                groups: memberships.map(\.name), groupIDs: memberships.map(\.id))
        }
    }

    /// What /etc/shadow's password field allows.
    package static func passwords(_ shadow: String) -> [String: PasswordState] {
        var states: [String: PasswordState] = [:]
        for line in shadow.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count > 1 else { continue }
            let hash = fields[1]
            states[String(fields[0])] = hash.isEmpty ? .empty : (hash.hasPrefix("!") || hash.hasPrefix("*") ? .locked : .usable)
        }
        return states
    }

    /// Every fact about `user`, read now.
    package func gather(user: AuditAccount, accounts: [AuditAccount]) -> DoorFacts {
        var facts = DoorFacts(user: user)
        facts.accounts = accounts
        do {
            facts.passwords = .read(Self.passwords(try SystemAccounts.shadowFile()))
        } catch {
            facts.passwords = error.isMissing ? .absent : .unreadable("\(error.path): \(error.reason)")
        }
        var options = Options(), policy = Policy()
        if (try? ConfigFile.load("/etc/shapelygate.conf", system: true, into: &options, policy: &policy)) != nil {
            facts.systemStrict = options.strict
            facts.systemApproval = policy.approval
        }
        gatherSudo(into: &facts)
        gatherPam(into: &facts)
        facts.suInstalled = Self.program("su") != nil
        facts.loginInstalled = Self.program("login") != nil
        gatherSshd(into: &facts)
        gatherPolkit(into: &facts)
        facts.doasInstalled = Self.program("doas", local: true) != nil
        if facts.doasInstalled { facts.doasConf = Self.read("/etc/doas.conf") }
        gatherPlaces(into: &facts)
        gatherPrivileged(into: &facts)
        return facts
    }

    func gatherSudo(into facts: inout DoorFacts) {
        guard let sudo = Self.program("sudo") else {
            if Self.program("sudo", local: true) != nil { facts.sudoListing = .unreadable("sudo in /usr/local is not asked") }
            return
        }
        if let problem = Self.distrust(sudo) {
            facts.sudoListing = .unreadable(problem)
            return
        }
        let asked = asRoot ? ["-l", "-U", facts.user.name] : ["-n", "-l"]
        let answer = Platform.run(sudo, arguments: asked, limit: 1 << 20, mergingErrors: true)
        let text = answer.text
        if text.contains("may run the following commands") || text.contains("not allowed to run sudo")
            || text.contains("may not run sudo") {
            facts.sudoListing = .read(text)
        } else {
            facts.sudoListing = .unreadable("sudo \(asked.joined(separator: " ")) said: \(Self.firstLine(text))")
        }
        facts.sudoConf = Self.read(SudoConfCheck.defaultPath)
        facts.sudoPluginFile = ["/usr/lib/shapelygate", "/usr/local/lib/shapelygate"].map { $0 + "/shapelygate_approval.so" }
            .first(where: Platform.exists)
        if let text = facts.sudoConf.value {
            let (folder, lines) = SudoConfCheck.read(text)
            for line in lines {
                if let problem = SudoConfCheck(path: SudoConfCheck.defaultPath).pluginFileProblem(line.file, folder: folder) {
                    facts.sudoPluginProblems[line.number] = problem
                }
            }
        }
    }

    func gatherPam(into facts: inout DoorFacts) {
        for folder in ["/etc/pam.d", "/usr/lib/pam.d"] {
            for name in Platform.folderEntries(folder) { facts.pamFiles[folder + "/" + name] = Self.read(folder + "/" + name) }
        }
        // Files included by an absolute path, however deep.
        var pending = Array(facts.pamFiles.values.compactMap(\.value))
        while let text = pending.popLast() {
            for (_, line) in PamStackCheck.logicalLines(text) {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                let named = words.first == "@include" ? words.dropFirst().first
                    : (words.count > 2 && ["include", "substack"].contains(words[1]) ? words[2] : nil)
                guard let path = named, path.hasPrefix("/"), facts.pamFiles[path] == nil else { continue }
                facts.pamFiles[path] = Self.read(path)
                if let more = facts.pamFiles[path]?.value { pending.append(more) }
            }
        }
        for text in facts.pamFiles.values.compactMap(\.value) {
            for line in PamStackCheck.read(text) where facts.pamModuleProblems[line.module] == nil {
                facts.pamModuleProblems[line.module] = PamStackCheck(path: "").moduleProblem(line.module)
            }
        }
    }
}
