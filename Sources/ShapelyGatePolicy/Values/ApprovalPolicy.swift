// ApprovalPolicy.swift — who may approve a gated sudo, and how the board and an
// approver's yes combine: `approvers=` and `approval=` on the Plugin line, or
// `approvers =` and `approval =` in /etc/shapelygate.conf (the line wins).
//
// Contract:
// - approval is board (the gate alone, the default), parent (only an approver's yes),
//   either (the board or an approver, whichever comes first) or both (the board, then
//   an approver). Anything but board needs approvers.
// - approvers is a comma list of user names or IDs, and %group names or IDs; each must
//   exist when it is read (sudo stops with its name otherwise).
// - An approver is a process whose user, as the kernel says, is listed, or a member of a
//   listed group (primary or in /etc/group), or root; never the requester's own user,
//   even when listed.
// - approval-timeout is 1-86400 seconds (default 300).

import ShapelyGateSystem

package enum ApprovalMode: String, CaseIterable, Equatable, Sendable {
    case board, parent, either, both

    package var asksApprover: Bool { self != .board }
    package var showsBoard: Bool { self != .parent }
}

package struct Approvers: Equatable, Sendable {
    package var users: [String] = []
    package var groups: [String] = []
    package init(users: [String] = [], groups: [String] = []) {
        self.users = users
        self.groups = groups
    }

    package static let timeoutRange = 1...86400
    package static let defaultTimeout = 300
    package static let defaultRequestCooldown = 60
    package static let defaultMaxWindow = 3600

    package var isEmpty: Bool { users.isEmpty && groups.isEmpty }

    /// `mum,1001,%parents`: each name must exist.
    package static func parse(_ value: String, passwd: String = SystemAccounts.passwordFile(),
                              group: String = SystemAccounts.groupFile()) throws(WordProblem) -> Approvers {
        var approvers = Approvers()
        for item in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !item.isEmpty, item != "%" else { throw .option("has an empty entry") }
            if item.hasPrefix("%") {
                let entry = String(item.dropFirst())
                guard ValueReader.isNumber(entry) || SystemAccounts.gid(named: entry, group: group) != nil else {
                    throw .option("names an unknown group '\(entry.prefix(64))'")
                }
                approvers.groups.append(entry)
            } else {
                guard ValueReader.isNumber(item) || SystemAccounts.uid(named: item, passwd: passwd) != nil else {
                    throw .option("names an unknown user '\(item.prefix(64))'")
                }
                approvers.users.append(item)
            }
        }
        return approvers
    }


    /// Whether the process of `uid` may answer a request `requester` made: by its user,
    /// or a group the account files give that user (AccountPerson).
    package func admit(_ uid: UserID, requester: UserID, passwd: String = SystemAccounts.passwordFile(),
               group: String = SystemAccounts.groupFile()) -> Bool {
        guard uid != requester else { return false }
        if uid == 0 { return true }
        let person = AccountPerson.find(uid: uid, passwd: passwd, group: group)
        for entry in users {
            if ValueReader.isNumber(entry) ? UserID(entry) == uid : entry == person?.name { return true }
        }
        guard let person else { return false }
        for entry in groups {
            let wanted = ValueReader.isNumber(entry) ? GroupID(entry) : SystemAccounts.gid(named: entry, group: group)
            if let wanted, person.groups.contains(wanted) { return true }
        }
        return false
    }

    /// "mum, 1001 or the group parents", for the person waiting.
    package var description: String {
        let names = users + groups.map { "the group \($0)" }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

/// The approval settings in force: the Plugin line's over the system file's.
package struct ApprovalSettings: Equatable, Sendable {
    package var mode = ApprovalMode.board
    package var approvers = Approvers()
    package var timeout = Approvers.defaultTimeout
    /// A program told of each request (trusted as path= is), run without privileges.
    package var notify: String?
    /// Seconds after a no, or a request no one answered, before the same person may ask again.
    package var requestCooldown = Approvers.defaultRequestCooldown
    /// The longest window an approver's yes may last.
    package var maxWindow = Approvers.defaultMaxWindow
    package init(mode: ApprovalMode = .board, approvers: Approvers = Approvers(), timeout: Int = Approvers.defaultTimeout, notify: String? = nil,
                 requestCooldown: Int = Approvers.defaultRequestCooldown, maxWindow: Int = Approvers.defaultMaxWindow) {
        self.mode = mode
        self.approvers = approvers
        self.timeout = timeout
        self.notify = notify
        self.requestCooldown = requestCooldown
        self.maxWindow = maxWindow
    }
}
