// PamPerson.swift — the person a PAM door gates, as the account files name them: by uid
// (the caller of su or pkexec) or by name (the account logged in to), with their primary
// group and every group whose member list names them, for users= and groups=.
//
// Contract:
// - Only /etc/passwd and /etc/group are read (SystemAccounts: the judge is static and
//   uses no NSS module); a uid or name they do not hold is no person (nil).

import ShapelyGateSystem

struct PamPerson: Equatable {
    let name: String
    let uid: uid_t
    let gid: gid_t
    let groups: [gid_t]

    static func find(uid: uid_t, passwd: String = SystemAccounts.passwordFile(),
                     group: String = SystemAccounts.groupFile()) -> PamPerson? {
        for line in passwd.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 3, uid_t(fields[2]) == uid, !fields[0].isEmpty {
                return person(fields, group: group)
            }
        }
        return nil
    }

    static func find(name: String, passwd: String = SystemAccounts.passwordFile(),
                     group: String = SystemAccounts.groupFile()) -> PamPerson? {
        guard let fields = SystemAccounts.entry(named: name, in: passwd), fields.count > 3 else { return nil }
        return person(fields, group: group)
    }

    private static func person(_ fields: [Substring], group: String) -> PamPerson? {
        guard let uid = uid_t(fields[2]), let gid = gid_t(fields[3]) else { return nil }
        let name = String(fields[0])
        var groups = [gid]
        for line in group.split(separator: "\n") {
            let entry = line.split(separator: ":", omittingEmptySubsequences: false)
            guard entry.count > 3, let number = gid_t(entry[2]) else { continue }
            if entry[3].split(separator: ",").contains(where: { $0 == name }) && !groups.contains(number) { groups.append(number) }
        }
        return PamPerson(name: name, uid: uid, gid: gid, groups: groups)
    }
}
