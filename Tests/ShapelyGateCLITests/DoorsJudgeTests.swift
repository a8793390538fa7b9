// DoorsJudgeTests.swift — the sudo, su, login and ssh doors judged over planted facts
// (DoorsWorld): each closed, then opened, then guarded, and unreadable facts open. A
// line's users= names accounts by number: the judges' parser checks names against the
// machine's own account files, which hold no kid.

import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGatePolicy

@Suite struct DoorsJudgeTests {
    let allowed = "User kid may run the following commands on host:\n    (ALL : ALL) ALL\n"

    @Test func aClosedMachineHasNoOpenDoor() {
        let lines = DoorsWorld.lines(DoorsWorld.closed())
        #expect(!lines.contains { $0.state == .open }, "\(lines)")
        #expect(DoorReport.status(lines) == .passed)
        #expect(lines.map(\.door) == ["sudo", "su", "login", "ssh", "polkit", "doas", "groups", "writable"])
    }

    @Test func sudoRulesAreReadFromSudosListing() {
        let listing = """
            Matching Defaults entries for kid on host:
                env_reset, secure_path=/usr/bin\\:/bin

            User kid may run the following commands on host:
                (root) NOPASSWD: /usr/bin/apt, /usr/bin/vim
                (ALL : ALL) SETENV: NOPASSWD: ALL, !/bin/sh
            """
        #expect(SudoListing.rules(listing) == [SudoRule(runAs: "(root)", commands: ["/usr/bin/apt", "/usr/bin/vim"]),
                                               SudoRule(runAs: "(ALL : ALL)", commands: ["ALL"])])
        #expect(SudoListing.rules("User kid is not allowed to run sudo on host.\n") == nil)
    }

    @Test func sudoIsClosedOpenOrGuarded() throws {
        var facts = DoorsWorld.closed()
        #expect(DoorsWorld.line("sudo", facts)?.state == .closed)
        facts.sudoListing = .absent
        #expect(DoorsWorld.line("sudo", facts) == .closed("sudo", "sudo is not installed"))
        facts.sudoListing = .unreadable("sudo -n -l said: a password is required")
        let unread = try #require(DoorsWorld.line("sudo", facts))
        #expect(unread.state == .open && unread.why.contains("a password is required"))
        facts.sudoListing = .read(allowed)
        let open = try #require(DoorsWorld.line("sudo", facts))
        #expect(open.why == "sudo lets kid run (ALL : ALL) ALL with no board: install shapelygate's sudo plugin and add its "
                + "Plugin line with users=kid to /etc/sudo.conf", "\(open)")
        facts.sudoPluginFile = "/usr/lib/shapelygate/shapelygate_approval.so"
        #expect(DoorsWorld.line("sudo", facts)?.why.hasSuffix("no board: add `Plugin sudoers_policy sudoers.so`, then "
                + "`Plugin shapelygate_approval /usr/lib/shapelygate/shapelygate_approval.so users=kid`, to /etc/sudo.conf") == true)
        facts.sudoConf = .read("#Plugin sudoers_policy sudoers.so\n")
        #expect(DoorsWorld.line("sudo", facts)?.why.contains("add `Plugin sudoers_policy sudoers.so`, then") == true)
        facts.sudoConf = .read("Plugin sudoers_policy sudoers.so\n")
        #expect(DoorsWorld.line("sudo", facts)?.why.hasSuffix("users=kid` below the sudoers lines of /etc/sudo.conf") == true)
        facts.sudoConf = .read("Plugin sudoers_policy sudoers.so\nPlugin shapelygate_approval shapelygate_approval.so users=2001 strict approval=both\n")
        let guarded = try #require(DoorsWorld.line("sudo", facts))
        #expect(guarded.state == .guarded, "\(guarded.why)")
        #expect(guarded.why.contains("board=picture, strict, approval=both") && guarded.why.contains("/etc/sudo.conf:2"))
        facts.sudoConf = .unreadable("/etc/sudo.conf: Permission denied")
        #expect(DoorsWorld.line("sudo", facts)?.state == .open)
    }

    @Test func aSudoLineThatDoesNotGateThePersonIsOpenWithTheFix() throws {
        var facts = DoorsWorld.closed()
        facts.sudoListing = .read(allowed)
        facts.sudoConf = .read("Plugin shapelygate_approval shapelygate_approval.so users=2002\n")
        #expect(DoorsWorld.line("sudo", facts)?.why
                == "the Plugin line gates users=2002 only: add `users=kid` to the Plugin line in /etc/sudo.conf")
        facts.sudoConf = .read("Plugin shapelygate_approval shapelygate_approval.so groups=100 board=words\n")
        #expect(DoorsWorld.line("sudo", facts)?.state == .guarded)
        #expect(DoorsWorld.line("sudo", facts)?.why.contains("board=words") == true)
        facts.sudoConf = .read("Plugin shapelygate_approval shapelygate_approval.so userz=kid\n")
        let unread = try #require(DoorsWorld.line("sudo", facts))
        #expect(unread.state == .open && unread.why.contains("does not read") && unread.why.contains("shapelygate --check"))
        facts.sudoConf = .read("Plugin shapelygate_approval shapelygate_approval.so users=2001\n")
        facts.sudoPluginProblems[1] = "/usr/libexec/sudo/shapelygate_approval.so: No such file or directory"
        let unloaded = try #require(DoorsWorld.line("sudo", facts))
        #expect(unloaded.state == .open && unloaded.why.contains("will not load the plugin"))
    }

    @Test func commandsThatLeaveSomeOutAreOpenForTheRest() throws {
        var facts = DoorsWorld.closed()
        facts.sudoListing = .read(allowed)
        facts.sudoConf = .read("Plugin shapelygate_approval shapelygate_approval.so users=2001 commands=/usr/bin/apt\n")
        let all = try #require(DoorsWorld.line("sudo", facts))
        #expect(all.state == .open && all.why.hasPrefix("commands= gates only /usr/bin/apt: kid may run any other command"))
        facts.sudoListing = .read("User kid may run the following commands on host:\n    (root) /usr/bin/apt, /usr/bin/vim\n")
        let some = try #require(DoorsWorld.line("sudo", facts))
        #expect(some.state == .open && some.why.hasPrefix("commands= leaves out /usr/bin/vim"), "\(some)")
        facts.sudoConf = .read("Plugin shapelygate_approval shapelygate_approval.so users=2001 commands=/usr/bin/apt,/usr/bin/vim\n")
        #expect(DoorsWorld.line("sudo", facts)?.state == .guarded)
    }

    @Test func suIsOpenWhenAnotherAccountHasAPasswordAndNoLineGatesThePerson() throws {
        var facts = DoorsWorld.closed()
        #expect(DoorsWorld.line("su", facts) == .closed("su", "no account besides kid has a password to type"))
        facts.passwords = .read(["root": .usable, "kid": .usable, "mum": .usable])
        let open = try #require(DoorsWorld.line("su", facts))
        #expect(open.state == .open && open.why.hasPrefix("root and mum have passwords and no shapelygate line in /etc/pam.d/su"))
        #expect(open.why.hasSuffix("add `auth requisite pam_shapelygate.so person=caller users=kid` to /etc/pam.d/su"))
        facts.passwords = .read(["root": .empty, "kid": .usable])
        #expect(DoorsWorld.line("su", facts)?.why.hasPrefix("root has no password at all") == true)
        facts.pamFiles["/etc/pam.d/su"] = .read("auth sufficient pam_rootok.so\n" + DoorsWorld.moduleLine("person=caller users=2001 strict")
                                                + "@include common-auth\n")
        let guarded = try #require(DoorsWorld.line("su", facts))
        #expect(guarded.state == .guarded && guarded.why.contains("board=words, strict, approval=board") && guarded.why.contains("/etc/pam.d/su:2"))
        facts.suInstalled = false
        #expect(DoorsWorld.line("su", facts) == .closed("su", "su is not installed"))
    }

    @Test func aSuLineThatStandsWrongIsNoGuard() throws {
        var facts = DoorsWorld.closed()
        facts.passwords = .read(["root": .usable])
        let cases: [(String, String)] = [
            (DoorsWorld.moduleLine("person=caller users=2002"), "gates users=2002 only"),
            (DoorsWorld.moduleLine("person=login users=2001"), "write person=caller"),
            (DoorsWorld.moduleLine("person=caller", control: "sufficient"), "is sufficient"),
            (DoorsWorld.moduleLine("person=caller", control: "optional"), "is optional"),
            ("auth sufficient pam_permit.so\n" + DoorsWorld.moduleLine("person=caller"), "pam_permit.so is sufficient before the board"),
            (DoorsWorld.moduleLine("person=caller userz=kid"), "does not read"),
            ("session required pam_shapelygate.so person=caller\n", "no shapelygate line"),
        ]
        for (stack, said) in cases {
            facts.pamFiles["/etc/pam.d/su"] = .read(stack)
            let line = try #require(DoorsWorld.line("su", facts))
            #expect(line.state == .open && line.why.contains(said), "\(stack): \(line.why)")
        }
        facts.pamFiles["/etc/pam.d/su"] = .read(DoorsWorld.moduleLine("person=caller"))
        facts.pamModuleProblems["pam_shapelygate.so"] = "pam_shapelygate.so: not found in PAM's module folder"
        #expect(DoorsWorld.line("su", facts)?.why.contains("not found") == true)
    }

    @Test func includesAreFollowedAsPAMFollowsThem() throws {
        var facts = DoorsWorld.closed()
        facts.passwords = .read(["root": .usable])
        facts.pamFiles["/etc/pam.d/su"] = .read("auth include gate-auth\n@include common-auth\n")
        facts.pamFiles["/usr/lib/pam.d/gate-auth"] = .read("auth substack /opt/pam/child\naccount required pam_permit.so\n")
        facts.pamFiles["/opt/pam/child"] = .read(DoorsWorld.moduleLine("person=caller users=2001"))
        #expect(DoorsWorld.line("su", facts)?.state == .guarded)
        #expect(DoorsWorld.line("su", facts)?.why.contains("/opt/pam/child:1") == true)
        facts.pamFiles["/opt/pam/child"] = .unreadable("/opt/pam/child: Permission denied")
        let unread = try #require(DoorsWorld.line("su", facts))
        #expect(unread.state == .open && unread.why.contains("Permission denied"))
        // A service with no file of its own is /etc/pam.d/other's.
        facts.pamFiles["/etc/pam.d/su"] = .absent
        facts.pamFiles["/etc/pam.d/other"] = .read(DoorsWorld.moduleLine("person=caller"))
        #expect(DoorsWorld.line("su", facts)?.state == .guarded)
    }

    @Test func anUnreadableShadowFileLeavesTheDoorsOpen() throws {
        var facts = DoorsWorld.closed()
        facts.passwords = .unreadable("/etc/shadow: Permission denied")
        for door in ["su", "login"] {
            let line = try #require(DoorsWorld.line(door, facts))
            #expect(line.state == .open && line.why.contains("/etc/shadow: Permission denied"), "\(line)")
        }
    }

    @Test func loginMustGateEveryAccountWithAPassword() throws {
        var facts = DoorsWorld.closed()
        #expect(DoorsWorld.line("login", facts)?.state == .closed)
        facts.passwords = .read(["root": .usable, "mum": .usable])
        facts.pamFiles["/etc/pam.d/login"] = .read(DoorsWorld.moduleLine("person=login users=0") + "@include common-auth\n")
        let half = try #require(DoorsWorld.line("login", facts))
        #expect(half.state == .open && half.why.contains("gates users=0 only")
                && half.why.contains("person=login users=root,mum` to /etc/pam.d/login"), "\(half)")
        facts.pamFiles["/etc/pam.d/login"] = .read(DoorsWorld.moduleLine("person=login users=0,2002"))
        #expect(DoorsWorld.line("login", facts)?.state == .guarded)
        // A display manager's greeter is a login of its own.
        facts.pamFiles["/etc/pam.d/gdm-password"] = .read("@include common-auth\n")
        let greeter = DoorsWorld.lines("login", facts)
        #expect(greeter.map(\.state) == [.guarded, .open])
        #expect(greeter.last?.why.hasSuffix("users=root,mum` to /etc/pam.d/gdm-password") == true, "\(greeter)")
    }

    @Test func sshKeysOfAnAdministratorMeetNoBoard() throws {
        var facts = DoorsWorld.closed()
        #expect(DoorsWorld.line("ssh", facts)?.state == .closed)
        facts.authorizedKeys = ["root": "/root/.ssh/authorized_keys", "mum": "/home/mum/.ssh/authorized_keys"]
        let open = DoorsWorld.lines("ssh", facts)
        #expect(open.count == 2 && open.allSatisfy { $0.state == .open }, "\(open)")
        #expect(open.first?.why.hasPrefix("root accepts ssh keys (/root/.ssh/authorized_keys)") == true)
        facts.sshd = .read(["pubkeyauthentication": "yes", "permitrootlogin": "no", "passwordauthentication": "no"])
        #expect(DoorsWorld.lines("ssh", facts).map(\.why).allSatisfy { $0.hasPrefix("mum accepts") })
        facts.sshd = .read(["pubkeyauthentication": "yes", "authenticationmethods": "publickey,keyboard-interactive"])
        #expect(DoorsWorld.line("ssh", facts)?.state == .closed)
        facts.sshd = .unreadable("Missing privilege separation directory: /run/sshd")
        #expect(DoorsWorld.line("ssh", facts) == .open("ssh", "sshd -T gave no settings: Missing privilege separation directory: /run/sshd"))
        facts.sshd = .absent
        #expect(DoorsWorld.line("ssh", facts) == .closed("ssh", "sshd is not installed"))
    }

    @Test func sshPasswordsAreGatedByTheSshdStack() throws {
        var facts = DoorsWorld.closed()
        facts.passwords = .read(["root": .usable, "mum": .usable])
        facts.sshd = .read(["passwordauthentication": "yes", "usepam": "yes", "permitrootlogin": "prohibit-password",
                            "pubkeyauthentication": "yes"])
        let open = try #require(DoorsWorld.line("ssh", facts))
        #expect(open.state == .open && open.why.hasPrefix("mum's password works"), "\(open)")
        facts.pamFiles["/etc/pam.d/sshd"] = .read(DoorsWorld.moduleLine("person=login") + "@include common-auth\n")
        #expect(DoorsWorld.line("ssh", facts)?.state == .guarded)
        facts.sshd = .read(["passwordauthentication": "yes", "usepam": "no"])
        #expect(DoorsWorld.line("ssh", facts)?.why.contains("without PAM") == true)
    }

    @Test func rootIsToldItIsRootAlready() {
        var facts = DoorsWorld.closed()
        facts.user = DoorsWorld.accounts[0]
        #expect(DoorsWorld.lines(facts) == [.open("account", "root is uid 0: root already, with no door to pass")])
    }
}
