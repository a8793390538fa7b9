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
        var groups = [gid]
        for line in group.split(separator: "\n") {
            let entry = line.split(separator: ":", omittingEmptySubsequences: false)
            guard entry.count > 3, let number = GroupID(entry[2]) else { continue }
            if entry[3].split(separator: ",").contains(where: { $0 == name }) && !groups.contains(number) { groups.append(number) }
        }
        return AccountPerson(name: name, uid: uid, gid: gid, groups: groups)
    }
}
