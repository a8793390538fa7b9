// AccountPerson.swift — a person as the account files name them now: by uid (the caller
// of su or pkexec) or by name (the account logged in to, sudo's user), with their primary
// group and every group whose member list names them, for users= and groups=. A process
// keeps the groups it had when its session began; the files say who is in a group today.
//
// Contract:
// - Only /etc/passwd and /etc/group are read (SystemAccounts: the judge is static and
//   uses no NSS module); a uid or name they do not hold is no person (nil).

import ShapelyGateSystem

package struct AccountPerson: Equatable {
    package let name: String
    package let uid: UserID
    package let gid: GroupID
    package let groups: [GroupID]

    package static func find(uid: UserID, passwd: String = SystemAccounts.passwordFile(),
                     group: String = SystemAccounts.groupFile()) -> AccountPerson? {
        for line in passwd.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 3, UserID(fields[2]) == uid, !fields[0].isEmpty {
                return person(fields, group: group)
            }
        }
        return nil
    }

    package static func find(name: String, passwd: String = SystemAccounts.passwordFile(),
                     group: String = SystemAccounts.groupFile()) -> AccountPerson? {
        guard let fields = SystemAccounts.entry(named: name, in: passwd), fields.count > 3 else { return nil }
        return person(fields, group: group)
    }

    private static func person(_ fields: [Substring], group: String) -> AccountPerson? {
        guard let uid = UserID(fields[2]), let gid = GroupID(fields[3]) else { return nil }
        let name = String(fields[0])
        let groups = memberships(of: name, gid: gid, in: groupEntries(group)).map(\.id)
        return AccountPerson(name: name, uid: uid, gid: gid, groups: groups)
    }

    /// The group file's entries that have a member list (name, password, id, members).
    package static func groupEntries(_ group: String) -> [[Substring]] {
        group.split(separator: "\n").map { $0.split(separator: ":", omittingEmptySubsequences: false) }.filter { $0.count > 3 }
    }

    /// The groups `name` is in: its primary group `gid` first (named by the first entry
    /// with that id, or by the number), then each group whose member list names it, once.
    package static func memberships(of name: String, gid: GroupID, in entries: [[Substring]]) -> [(name: String, id: GroupID)] {
        var found = [(name: entries.first { GroupID($0[2]) == gid }.map { String($0[0]) } ?? String(gid), id: gid)]
        for entry in entries where entry[3].split(separator: ",").contains(where: { $0 == name }) {
            guard let id = GroupID(entry[2]), !found.contains(where: { $0.id == id }) else { continue }
            found.append((String(entry[0]), id))
        }
        return found
    }
}
