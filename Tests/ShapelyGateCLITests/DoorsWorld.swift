// DoorsWorld.swift — a planted machine for the --doors judges: account files, a shadow
// file's states and PAM stacks of the test's own, every door closed to kid until a test
// opens one. Nothing is read from the machine's files.

@testable import ShapelyGateCLI
@testable import ShapelyGatePolicy

enum DoorsWorld {
    static let passwd = """
        root:x:0:0:root:/root:/bin/sh
        kid:x:2001:100::/home/kid:/bin/sh
        mum:x:2002:100::/home/mum:/bin/sh

        """
    static let group = """
        root:x:0:
        users:x:100:
        sudo:x:27:mum
        docker:x:999:
        parents:x:2010:mum

        """

    static var accounts: [AuditAccount] { DoorGathering.accounts(passwd: passwd, group: group) }
    static var kid: AuditAccount { accounts.first { $0.name == "kid" }! }

    /// A Debian-like auth stack: pam_unix, then deny, then permit.
    static let commonAuth = "auth [success=1 default=ignore] pam_unix.so nullok\nauth requisite pam_deny.so\nauth required pam_permit.so\n"

    /// Every door closed to kid.
    static func closed() -> DoorFacts {
        var facts = DoorFacts(user: kid)
        facts.accounts = accounts
        facts.passwords = .read(["root": .locked, "kid": .usable, "mum": .locked])
        facts.sudoListing = .read("User kid is not allowed to run sudo on host.\n")
        facts.suInstalled = true
        facts.loginInstalled = true
        facts.pamFiles = ["/etc/pam.d/common-auth": .read(commonAuth)]
        for service in ["su", "login", "sshd", "doas"] {
            facts.pamFiles["/etc/pam.d/" + service] = .read("@include common-auth\n")
        }
        facts.pamFiles["/usr/lib/pam.d/polkit-1"] = .read("@include common-auth\n")
        facts.sshd = .read(["pubkeyauthentication": "yes", "permitrootlogin": "prohibit-password",
                            "passwordauthentication": "no", "kbdinteractiveauthentication": "no", "usepam": "yes"])
        facts.polkitRules = .read([:])
        return facts
    }

    static func judge(_ facts: DoorFacts) -> DoorJudge { DoorJudge(facts: facts, passwdText: passwd, groupText: group) }

    static func lines(_ facts: DoorFacts) -> [DoorLine] { judge(facts).lines() }

    /// The lines of one door.
    static func lines(_ door: String, _ facts: DoorFacts) -> [DoorLine] { lines(facts).filter { $0.door == door } }

    /// The one line of a door.
    static func line(_ door: String, _ facts: DoorFacts) -> DoorLine? {
        let found = lines(door, facts)
        return found.count == 1 ? found[0] : nil
    }

    static func moduleLine(_ words: String, control: String = "requisite") -> String {
        "auth \(control) pam_shapelygate.so \(words)\n"
    }
}
