// DoorFacts.swift — everything `--doors` learned about one machine and one person, read
// once by DoorGathering and judged without any I/O by DoorJudge: tests plant a value of
// their own.
//
// Contract:
// - Every fact that comes from a file or a program says whether it was read (`Gathered`):
//   absent (the file or program is not there) or unreadable, with why. A judge that meets
//   `unreadable` reports the door open with that reason, never closed.
// - Texts are kept as read; they are made visible only when a line is printed.

import ShapelyGatePolicy
import ShapelyGateSystem

/// A fact read from a file or a program.
package enum Gathered<Value> {
    case read(Value)
    case absent
    case unreadable(String)

    package var value: Value? {
        if case .read(let value) = self { return value }
        return nil
    }
}

/// An account as /etc/passwd and /etc/group give it.
package struct AuditAccount: Equatable, Sendable {
    package var name: String
    package var uid: UserID
    package var gid: GroupID
    package var home: String
    /// Primary first, then every group listing the account, as names (a number when the
    /// group file has no name for it).
    package var groups: [String] = []
    package var groupIDs: [GroupID] = []

    package init(name: String, uid: UserID, gid: GroupID, home: String = "/", groups: [String] = [], groupIDs: [GroupID] = []) {
        self.name = name
        self.uid = uid
        self.gid = gid
        self.home = home
        self.groups = groups
        self.groupIDs = groupIDs
    }
}

/// What a password field in /etc/shadow allows.
package enum PasswordState: Equatable, Sendable {
    /// A hash: whoever knows the password gets in.
    case usable
    /// An empty field: no password is asked at all.
    case empty
    /// `!`, `*` or another field no password matches.
    case locked
}

/// A file or folder where root runs programs from, as lstat(2) found it.
package struct PlacedFile: Equatable, Sendable {
    package var path: String
    package var owner: UserID
    package var group: GroupID
    package var mode: FileMode
    package var isFolder: Bool

    package init(path: String, owner: UserID, group: GroupID, mode: FileMode, isFolder: Bool) {
        self.path = path
        self.owner = owner
        self.group = group
        self.mode = mode
        self.isFolder = isFolder
    }
}

/// A setuid-root or setcap program found on disk.
package struct PrivilegedProgram: Equatable, Sendable {
    package var path: String
    /// true: setuid root; false: file capabilities.
    package var setuid: Bool

    package init(path: String, setuid: Bool) {
        self.path = path
        self.setuid = setuid
    }
}

package struct DoorFacts {
    /// The person asked about.
    package var user: AuditAccount
    /// Every account of /etc/passwd.
    package var accounts: [AuditAccount] = []
    /// Each account's password state, from /etc/shadow.
    package var passwords: Gathered<[String: PasswordState]> = .absent
    /// The system policy file's strict and approval (what a line inherits).
    package var systemStrict = false
    package var systemApproval: ApprovalMode?

    /// Whether su and login are installed.
    package var suInstalled = false
    package var loginInstalled = false

    /// sudo: absent when it is not installed.
    package var sudoListing: Gathered<String> = .absent
    package var sudoConf: Gathered<String> = .absent
    /// The installed sudo plugin's file, for the fix (nil: none found).
    package var sudoPluginFile: String?
    /// Why the plugin file a Plugin line names cannot be loaded, by line number.
    package var sudoPluginProblems: [Int: String] = [:]

    /// The PAM files read: /etc/pam.d/*, /usr/lib/pam.d/* and any file they include.
    package var pamFiles: [String: Gathered<String>] = [:]
    /// Why a module named on a shapelygate PAM line cannot be loaded, by the name written.
    package var pamModuleProblems: [String: String] = [:]

    /// `sshd -T`: absent when sshd is not installed; its settings by lower-case name.
    package var sshd: Gathered<[String: String]> = .absent
    /// Accounts whose authorized keys files hold a key, with the file.
    package var authorizedKeys: [String: String] = [:]
    /// Authorized keys files that could not be read, by account.
    package var unreadableKeys: [String: String] = [:]

    /// polkit: absent when neither pkexec nor polkitd is installed; else the rules files'
    /// texts by path.
    package var polkitRules: Gathered<[String: String]> = .absent
    /// PackageKit and Flatpak actions the action files allow an active session without
    /// authentication, by action id.
    package var polkitOpenActions: [String] = []
    /// What of polkit could not be read.
    package var polkitUnreadable: [String] = []

    /// doas: absent when it is not installed; the text of /etc/doas.conf (absent: none).
    package var doasInstalled = false
    package var doasConf: Gathered<String> = .absent

    /// The places root runs programs from, and those that could not be looked at.
    package var places: [PlacedFile] = []
    package var unreadablePlaces: [String] = []

    /// Setuid-root and setcap programs, and those no package owns (nil: not asked).
    package var privileged: [PrivilegedProgram] = []
    package var unowned: Gathered<[String]> = .absent
    /// What the walk for them could not look at (a program there would go unseen).
    package var unwalked: [String] = []

    package init(user: AuditAccount) { self.user = user }
}
