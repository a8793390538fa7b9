// DoorsGroupJudgeTests.swift — the polkit, doas, group, writable-place and setuid doors
// judged over planted facts (DoorsWorld): closed, opened, guarded, and unreadable → open.

import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGatePolicy

@Suite struct DoorsGroupJudgeTests {
    static let packagekit = """
        polkit.addRule(function(action, subject) {
            if ((action.id == "org.freedesktop.packagekit.upgrade-system" ||
                 action.id == "org.freedesktop.packagekit.trigger-offline-update") &&
                subject.active == true && subject.local == true &&
                subject.isInGroup("sudo")) {
                    return polkit.Result.YES;
            }
        });
        """

    @Test func polkitRulesThatSayYesToAGroupOfThePersonsAreOpen() throws {
        var facts = DoorsWorld.closed()
        facts.polkitRules = .read(["/usr/share/polkit-1/rules.d/org.freedesktop.packagekit.rules": Self.packagekit])
        #expect(DoorsWorld.lines("polkit rule", facts).isEmpty)
        facts.user.groups.append("sudo")
        facts.user.groupIDs.append(27)
        let open = try #require(DoorsWorld.line("polkit rule", facts))
        #expect(open.state == .open)
        #expect(open.why.hasPrefix("/usr/share/polkit-1/rules.d/org.freedesktop.packagekit.rules allows group sudo "
                                   + "org.freedesktop.packagekit.upgrade-system and org.freedesktop.packagekit.trigger-offline-update with no password: "
                                   + "remove kid from group sudo or edit the rule"),
                "\(open.why)")
        // A rule that names no one says yes to everyone; one that names the person too.
        facts.polkitRules = .read(["/etc/polkit-1/rules.d/10.rules": "polkit.addRule(function(a, s) { return polkit.Result.YES; });",
                                   "/etc/polkit-1/rules.d/20.rules": "polkit.addRule(function(a, subject) {\n if (subject.user == 'kid') return polkit.Result.YES;\n});",
                                   "/etc/polkit-1/rules.d/30.rules": "polkit.addRule(function(a, subject) {\n if (subject.user == 'mum') return polkit.Result.YES;\n});"])
        let lines = DoorsWorld.lines("polkit rule", facts)
        #expect(lines.count == 2 && lines[0].why.contains("allows everyone any action") && lines[1].why.contains("allows kid"), "\(lines)")
    }

    /// A rule read as text is taken at its worst: a yes spelt another way, or a test that is
    /// more than names, is open for the person; a rule that plainly says no stays closed.
    @Test func aRuleThatCannotBeJudgedAsTextIsOpen() {
        let unclear = [
            "polkit.addRule(function(a, subject) { if (subject.user == 'kid') return \"yes\"; });",
            "polkit.addRule(function(a, subject) { if (subject.user == 'kid') return polkit.Result[\"YES\"]; });",
            "var r = polkit.Result.YES;\npolkit.addRule(function(a, subject) { if (subject.user == 'kid') return r; });",
            "polkit.addRule(function(a, subject) { if (subject.user == 'mum' || subject.active) return polkit.Result.YES; });",
            "polkit.addRule(function(a, subject) { if (subject.user != 'mum') return polkit.Result.YES; });",
        ]
        for rule in unclear {
            var facts = DoorsWorld.closed()
            facts.polkitRules = .read(["/etc/polkit-1/rules.d/60.rules": rule])
            let lines = DoorsWorld.lines("polkit rule", facts)
            #expect(lines.count == 1 && lines.first?.why.contains("60.rules may let kid act with no password") == true, "\(rule): \(lines)")
        }
        let plain = ["polkit.addRule(function(a, subject) { if (subject.user == 'kid') return polkit.Result.NO; });",
                     "polkit.addRule(function(a, subject) { if (subject.user == 'mum') return polkit.Result.YES; });",
                     "polkit.addRule(function(a, subject) { return polkit.Result.AUTH_ADMIN_KEEP ; return; });"]
        for rule in plain {
            var facts = DoorsWorld.closed()
            facts.polkitRules = .read(["/etc/polkit-1/rules.d/60.rules": rule])
            #expect(DoorsWorld.lines("polkit rule", facts).isEmpty, "\(rule)")
        }
    }

    @Test func aRulesStringsAreReadAfterTheirWords() {
        #expect(PolkitRules.quoted(after: "subject.user", in: "if (subject.user === 'kid' || subject.user == \"mum\")") == ["kid", "mum"])
        #expect(PolkitRules.quoted(after: "isInGroup(", in: "subject.isInGroup( \"wheel\" ) && subject.user.indexOf(") == ["wheel"])
        #expect(PolkitRules.quoted(after: "isInGroup(", in: "isInGroup('unterminated") == ["unterminated"])
        #expect(PolkitRules.administrators("polkit.addAdminRule(function(a, s) { return ['unix-group:wheel', \"unix-user:0\", 'x']; });")
                == ["unix-group:wheel", "unix-user:0"])
    }

    @Test func pkexecIsGuardedByThePolkitStackOrOpenToAnAdministrator() throws {
        var facts = DoorsWorld.closed()
        #expect(DoorsWorld.line("polkit", facts)?.state == .closed)
        facts.polkitRules = .read(["/usr/share/polkit-1/rules.d/50-default.rules":
                                    "polkit.addAdminRule(function(action, subject) {\n    return [\"unix-group:sudo\"];\n});\n"])
        facts.passwords = .read(["mum": .usable])
        let other = try #require(DoorsWorld.line("polkit", facts))
        #expect(other.state == .open && other.why.contains("mum's password works"), "\(other.why)")
        facts.user.groups.append("sudo")
        let own = try #require(DoorsWorld.line("polkit", facts))
        #expect(own.why.hasPrefix("kid is a polkit administrator (unix-group:sudo): pkexec asks kid's own password"))
        #expect(own.why.hasSuffix("add `auth requisite pam_shapelygate.so person=caller users=kid` to /etc/pam.d/polkit-1"))
        facts.pamFiles["/etc/pam.d/polkit-1"] = .read(DoorsWorld.moduleLine("person=caller") + "@include common-auth\n")
        let guarded = try #require(DoorsWorld.line("polkit", facts))
        #expect(guarded.state == .guarded && guarded.why.contains("/etc/pam.d/polkit-1:1"))
        facts.pamFiles["/etc/pam.d/polkit-1"] = nil
        facts.user.groups.removeLast()
        facts.polkitRules = .read(["/etc/polkit-1/rules.d/40.rules":
                                    "polkit.addRule(function(a, subject) {\n if (subject.isInGroup('users')) return polkit.Result.AUTH_SELF;\n});"])
        #expect(DoorsWorld.line("polkit", facts)?.why.hasPrefix("/etc/polkit-1/rules.d/40.rules lets kid act with kid's own password") == true)
        facts.polkitRules = .absent
        #expect(DoorsWorld.line("polkit", facts) == .closed("polkit", "polkit is not installed"))
        facts.polkitRules = .unreadable("/etc/polkit-1/rules.d: Permission denied")
        #expect(DoorsWorld.line("polkit", facts)?.state == .open)
    }

    @Test func packageKitActionsWithNoPasswordAreNamed() throws {
        var facts = DoorsWorld.closed()
        facts.polkitOpenActions = ["org.freedesktop.packagekit.package-install"]
        let line = try #require(DoorsWorld.line("polkit rule", facts))
        #expect(line.state == .open && line.why.hasPrefix("org.freedesktop.packagekit.package-install needs no password"))
        facts.polkitUnreadable = ["/etc/polkit-1/rules.d"]
        #expect(DoorsWorld.lines("polkit", facts).contains(.open("polkit", "cannot read /etc/polkit-1/rules.d")))
    }

    @Test func doasRulesAreReadAsDoasReadsThem() throws {
        #expect(DoasConf.rules("permit persist setenv { PATH HOME } :wheel as root cmd /bin/ls\n# deny kid\ndeny kid\n") == [
            DoasRule(number: 1, permit: true, options: ["persist", "setenv", "{", "PATH", "HOME", "}"], identity: ":wheel", command: "/bin/ls"),
            DoasRule(number: 3, permit: false, options: [], identity: "kid", command: nil),
        ])
        var facts = DoorsWorld.closed()
        #expect(DoorsWorld.line("doas", facts) == .closed("doas", "doas is not installed"))
        facts.doasInstalled = true
        #expect(DoorsWorld.line("doas", facts)?.state == .closed)
        facts.doasConf = .read("permit nopass :users as root\n")
        let open = try #require(DoorsWorld.line("doas", facts))
        #expect(open.state == .open && open.why.hasPrefix("/etc/doas.conf:1 permits kid with nopass"))
        facts.doasConf = .read("permit nopass :users\ndeny kid\n")
        #expect(DoorsWorld.line("doas", facts) == .closed("doas", "no rule of /etc/doas.conf permits kid"))
        facts.doasConf = .read("permit persist kid as root\n")
        let password = try #require(DoorsWorld.line("doas", facts))
        #expect(password.state == .open && password.why.contains("kid's own password") && password.why.hasSuffix("/etc/pam.d/doas"))
        facts.pamFiles["/etc/pam.d/doas"] = .read(DoorsWorld.moduleLine("person=caller users=2001") + "@include common-auth\n")
        #expect(DoorsWorld.line("doas", facts)?.state == .guarded)
        facts.doasConf = .unreadable("/etc/doas.conf: Permission denied")
        #expect(DoorsWorld.line("doas", facts) == .open("doas", "cannot read /etc/doas.conf: /etc/doas.conf: Permission denied"))
    }

    @Test func groupsThatAreRootInAllButNameAreOpenOneLineEach() {
        var facts = DoorsWorld.closed()
        #expect(DoorsWorld.line("groups", facts)?.state == .closed)
        facts.user.groups += ["docker", "disk"]
        facts.user.groupIDs += [999, 6]
        let lines = DoorsWorld.lines(facts).filter { $0.door.hasPrefix("group") }
        #expect(lines == [.open("group docker", "remove kid from group docker: it gives root through the Docker daemon"),
                          .open("group disk", "remove kid from group disk: it reads and writes the disks under every file's permissions")])
    }

    @Test func aPlaceRootRunsFromThatThePersonCanWriteIsOpen() throws {
        var facts = DoorsWorld.closed()
        facts.places = [PlacedFile(path: "/usr/local/bin", owner: 0, group: 0, mode: 0o755, isFolder: true),
                        PlacedFile(path: "/etc/cron.d/backup", owner: 0, group: 100, mode: 0o664, isFolder: false)]
        let group = try #require(DoorsWorld.line("writable", facts))
        #expect(group == .open("writable", "kid can write /etc/cron.d/backup (group users), which root runs: chmod g-w /etc/cron.d/backup"))
        facts.places = [PlacedFile(path: "/etc/profile.d", owner: 2001, group: 0, mode: 0o755, isFolder: true)]
        #expect(DoorsWorld.line("writable", facts)?.why == "kid can write /etc/profile.d/ (kid owns it), which root runs: chown root /etc/profile.d")
        facts.places = [PlacedFile(path: "/etc/crontab", owner: 0, group: 0, mode: 0o646, isFolder: false)]
        #expect(DoorsWorld.line("writable", facts)?.why.hasSuffix("(everyone), which root runs: chmod o-w /etc/crontab") == true)
        facts.places = [PlacedFile(path: "/etc/crontab", owner: 2001, group: 100, mode: 0o444, isFolder: false)]
        #expect(DoorsWorld.line("writable", facts)?.state == .closed)
        facts.unreadablePlaces = ["/etc/sudoers.d"]
        #expect(DoorsWorld.line("writable", facts) == .open("writable", "cannot look at /etc/sudoers.d"))
        facts.unreadablePlaces = (1...12).map { "/etc/cron.d/\($0)" }
        let many = DoorsWorld.lines("writable", facts)
        #expect(many.count == 8 && many.last?.why == "and 5 more places kid can write where root runs programs")
    }

    @Test func programsNoPackageOwnsAreWarningsThatDoNotCount() {
        var facts = DoorsWorld.closed()
        facts.privileged = [PrivilegedProgram(path: "/usr/bin/sudo", setuid: true), PrivilegedProgram(path: "/opt/x/run", setuid: true),
                            PrivilegedProgram(path: "/usr/local/bin/ping", setuid: false)]
        facts.unowned = .read(["/opt/x/run", "/usr/local/bin/ping"])
        let lines = DoorsWorld.lines(facts)
        #expect(lines.filter { $0.state == .warn } == [
            DoorLine("setuid", .warn, "/opt/x/run runs with root's rights and came from no installed package"),
            DoorLine("setcap", .warn, "/usr/local/bin/ping runs with capabilities and came from no installed package"),
        ])
        #expect(DoorReport.status(lines) == .passed)
        facts.unowned = .absent
        #expect(DoorsWorld.lines(facts).last?.why.hasSuffix("dpkg is not installed") == true)
    }
}
