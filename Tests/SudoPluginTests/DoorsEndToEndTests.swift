// DoorsEndToEndTests.swift — `shapelygate --doors kid`, the real binary, in a world of the
// test's own: a PolicyNamespace (/etc and /opt overlaid, /run and /root of the test's) with
// the test's PAM stacks bound over /etc/pam.d and accounts that exist only there. Each
// door is planted open, then guarded or closed, and the line and status checked. Nothing
// of the machine's /etc is read for a verdict or changed.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A namespace for --doors: every stack the audit reads is the test's own.
final class DoorsSpace {
    let space: PolicyNamespace
    private var audits = 0
    var folder: String { space.folder }

    init?(pluginOptions: String = "users=nobody", sudoers: [String] = [], services: [String: String] = [:]) {
        guard let space = PolicyNamespace(policy: "syslog = yes\n", pluginOptions: pluginOptions, users: sudoers) else { return nil }
        self.space = space
        mkdir(folder + "/pam.d", 0o755)
        let plain = ["common-auth": "auth required pam_unix.so\n", "su": "@include common-auth\n", "login": "@include common-auth\n",
                     "sshd": "@include common-auth\n", "polkit-1": "@include common-auth\n", "doas": "@include common-auth\n",
                     "other": "auth required pam_deny.so\n",
                     // sudo -l runs the account stack.
                     "sudo": "auth required pam_deny.so\naccount required pam_permit.so\n"]
        for (name, stack) in plain.merging(services, uniquingKeysWith: { $1 }) { writeFile(folder + "/pam.d/" + name, stack) }
    }

    /// What `--doors USER` printed and its status, after the shell lines of `setup`;
    /// `runner` goes before the program (`setpriv …` to ask as another account).
    func audit(_ setup: String = "", user: String = "kid", runner: String = "", json: Bool = false) -> (text: String, status: Int32?) {
        audits += 1
        let out = folder + "/audit\(audits)"
        let pty = space.run("""
            \(pamAccounts)
            mount --bind '\(folder)/pam.d' /etc/pam.d
            mkdir -p /run/sshd
            mkdir -p '\(out).opt' '\(out).work'
            mount -t overlay overlay -o 'lowerdir=/opt,upperdir=\(out).opt,workdir=\(out).work' /opt
            \(setup)
            \(runner) \(Gates.installed) --doors \(user)\(json ? " --json" : "") >'\(out)' 2>&1
            echo $? >'\(out).status'
            """)
        _ = pty.finish(timeout: 120)
        return (readText(out), Int32(readText(out + ".status").split(separator: "\n").first ?? ""))
    }
}

/// A shell line that gives `account` a password (a hash; chpasswd would ask PAM).
func password(_ account: String) -> String { "usermod -p '$6$salt$0123456789abcdef' \(account)" }

/// The lines of a door, as (state, why), from the text form.
func doorLines(_ door: String, in text: String) -> [(state: String, why: String)] {
    text.split(separator: "\n").compactMap { line in
        guard line.hasPrefix(door + "  ") else { return nil }
        let rest = line.dropFirst(door.count).drop { $0 == " " }
        let state = rest.prefix { $0 != " " }
        return (String(state), String(rest.dropFirst(state.count).drop { $0 == " " }))
    }
}

func doorLine(_ door: String, in text: String) -> (state: String, why: String)? {
    let found = doorLines(door, in: text)
    return found.count == 1 ? found[0] : nil
}

/// Why the audit cannot be run in a world of the test's own here, or nil when it can.
let doorsUnavailable: String? = {
    guard tools("unshare", "mount", "setpriv", "useradd", "usermod", "groupadd") else {
        return "needs unshare, mount, setpriv, useradd, usermod and groupadd"
    }
    guard runningAsRoot else { return "needs root, to make a mount namespace with /etc overlaid" }
    return pamUnavailable
}()

@Suite("--doors in a world of the test's own", .serialized, .enabled(if: doorsUnavailable == nil, "\(doorsUnavailable ?? "")"))
struct DoorsEndToEndTests {
    @Test func aClosedWorldHasNoOpenDoorAndStatusZero() throws {
        let space = try #require(DoorsSpace())
        let (text, status) = space.audit()
        #expect(status == 0, "\(text)")
        for door in ["sudo", "su", "login", "ssh", "polkit", "doas", "groups", "writable"] {
            #expect(doorLine(door, in: text)?.state == "closed", "\(door): \(text)")
        }
        #expect(doorLine("sudo", in: text)?.why == "sudo lets kid run no command as another user")
    }

    @Test func sudoIsOpenUntilThePluginLineGatesThePerson() throws {
        let open = try #require(DoorsSpace(sudoers: ["kid"]))
        let (text, status) = open.audit()
        #expect(status == 1)
        #expect(doorLine("sudo", in: text)?.state == "open")
        #expect(doorLine("sudo", in: text)?.why == "the Plugin line gates users=nobody only: add `users=kid` to the Plugin line in /etc/sudo.conf", "\(text)")
        let guarded = try #require(DoorsSpace(pluginOptions: "users=kid strict", sudoers: ["kid"]))
        let (after, again) = guarded.audit()
        #expect(again == 0, "\(after)")
        #expect(doorLine("sudo", in: after)?.state == "guarded")
        #expect(doorLine("sudo", in: after)?.why.contains("strict") == true)
        let some = try #require(DoorsSpace(pluginOptions: "users=kid commands=/usr/bin/apt", sudoers: ["kid"]))
        #expect(doorLine("sudo", in: some.audit().text)?.why.hasPrefix("commands= gates only /usr/bin/apt") == true)
    }

    @Test func suAndLoginAreOpenWhileRootHasAPasswordAndGuardedByTheirStacks() throws {
        let open = try #require(DoorsSpace())
        let (text, status) = open.audit(password("root"))
        #expect(status == 1)
        #expect(doorLine("su", in: text)?.state == "open")
        #expect(doorLine("su", in: text)?.why.hasPrefix("root's password works and no shapelygate line in /etc/pam.d/su") == true, "\(text)")
        #expect(doorLine("login", in: text)?.state == "open")
        let guarded = try #require(DoorsSpace(services: ["su": moduleLine("person=caller users=kid") + "@include common-auth\n",
                                                         "login": moduleLine("person=login users=root") + "@include common-auth\n"]))
        let (after, again) = guarded.audit(password("root"))
        #expect(doorLine("su", in: after)?.state == "guarded", "\(after)")
        #expect(doorLine("login", in: after)?.state == "guarded")
        #expect(again == 0, "\(after)")
    }

    @Test func aPersonWhoIsNotRootSeesWhatTheyCanReadAndNoOneElse() throws {
        let space = try #require(DoorsSpace())
        let kid = "setpriv --reuid=2001 --regid=100 --init-groups"
        let (text, status) = space.audit(runner: kid)
        #expect(status == 1)
        #expect(doorLine("su", in: text)?.state == "open")
        #expect(doorLine("su", in: text)?.why.contains("/etc/shadow: Permission denied") == true, "\(text)")
        let (other, refused) = space.audit(user: "mum", runner: kid)
        #expect(refused == 2)
        #expect(other.hasPrefix("shapelygate: --doors: only root may ask about another account\n"))
        let (unknown, usage) = space.audit(user: "nobody-here")
        #expect(usage == 2 && unknown.hasPrefix("shapelygate: --doors: no account named 'nobody-here'"))
    }

    @Test func sshKeysOfRootAreOpenUntilKeyboardInteractiveIsAskedToo() throws {
        let space = try #require(DoorsSpace())
        let keys = "mkdir -p /root/.ssh && echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI test' >/root/.ssh/authorized_keys"
        let (text, status) = space.audit(keys)
        #expect(status == 1)
        #expect(doorLine("ssh", in: text)?.why.hasPrefix("root accepts ssh keys (/root/.ssh/authorized_keys)") == true, "\(text)")
        let (both, _) = space.audit(keys + "\nprintf 'KbdInteractiveAuthentication yes\\nAuthenticationMethods publickey,keyboard-interactive\\n' >/etc/ssh/sshd_config.d/gate.conf")
        #expect(doorLine("ssh", in: both)?.state == "closed", "\(both)")
        let (broken, _) = space.audit("rmdir /run/sshd")
        #expect(doorLine("ssh", in: broken)?.state == "open")
        #expect(doorLine("ssh", in: broken)?.why.hasPrefix("sshd -T gave no settings: ") == true, "\(broken)")
    }

    @Test func sshPasswordsAreGuardedByTheSshdStack() throws {
        let setup = password("mum") + "\nprintf 'PasswordAuthentication yes\\nUsePAM yes\\n' >/etc/ssh/sshd_config.d/gate.conf"
        let open = try #require(DoorsSpace())
        #expect(doorLine("ssh", in: open.audit(setup).text)?.why.hasPrefix("mum's password works") == true)
        let guarded = try #require(DoorsSpace(services: ["sshd": moduleLine("person=login users=mum") + "@include common-auth\n"]))
        #expect(doorLine("ssh", in: guarded.audit(setup).text)?.state == "guarded")
    }

    @Test func aPolkitRuleThatSaysYesToAGroupOfTheChildsIsOpen() throws {
        let space = try #require(DoorsSpace())
        let rule = "polkit.addRule(function(action, subject) {\\n if (subject.isInGroup(\"users\")) { return polkit.Result.YES; }\\n});\\n"
        let (text, status) = space.audit("mkdir -p /etc/polkit-1/rules.d && printf '\(rule)' >/etc/polkit-1/rules.d/10-kid.rules")
        #expect(status == 1)
        #expect(doorLine("polkit rule", in: text)?.why.hasPrefix("/etc/polkit-1/rules.d/10-kid.rules allows group users any action") == true, "\(text)")
    }

    @Test func pkexecAsksAnAdministratorsOwnPasswordUntilThePolkitStackGatesThem() throws {
        let open = try #require(DoorsSpace())
        let admin = "usermod -aG sudo kid"
        #expect(doorLine("polkit", in: open.audit(admin).text)?.why.hasPrefix("kid is a polkit administrator (unix-group:sudo)") == true)
        let guarded = try #require(DoorsSpace(services: ["polkit-1": moduleLine("person=caller users=kid") + "@include common-auth\n"]))
        #expect(doorLine("polkit", in: guarded.audit(admin).text)?.state == "guarded")
    }

    @Test(.enabled(if: tools("doas"), "needs doas (doas)"))
    func doasWithNopassIsOpenAndWithTheStackGuarded() throws {
        let open = try #require(DoorsSpace())
        let (text, status) = open.audit("echo 'permit nopass kid as root' >/etc/doas.conf")
        #expect(status == 1)
        #expect(doorLine("doas", in: text)?.why.hasPrefix("/etc/doas.conf:1 permits kid with nopass") == true, "\(text)")
        let guarded = try #require(DoorsSpace(services: ["doas": moduleLine("person=caller users=kid") + "@include common-auth\n"]))
        let (after, again) = guarded.audit("echo 'permit persist kid as root' >/etc/doas.conf")
        #expect(doorLine("doas", in: after)?.state == "guarded", "\(after)")
        #expect(again == 0)
    }

    @Test func groupsWritablePlacesAndUnownedProgramsAreFound() throws {
        let space = try #require(DoorsSpace())
        let (text, status) = space.audit("""
            groupadd -g 2020 docker && usermod -aG docker kid
            mkdir -p /etc/cron.d && chgrp users /etc/cron.d && chmod g+w /etc/cron.d
            cp /bin/true /opt/sgtest && chmod 4755 /opt/sgtest
            """)
        #expect(status == 1)
        #expect(doorLine("group docker", in: text)?.why == "remove kid from group docker: it gives root through the Docker daemon")
        #expect(doorLine("writable", in: text)?.why == "kid can write /etc/cron.d/ (group users), which root runs: chmod g-w /etc/cron.d")
        #expect(doorLine("setuid", in: text)?.state == "warn")
        #expect(doorLine("setuid", in: text)?.why == "/opt/sgtest runs with root's rights and came from no installed package", "\(text)")
        // A warning alone does not open anything.
        let (warned, quiet) = space.audit("cp /bin/true /opt/sgtest && chmod 4755 /opt/sgtest")
        #expect(quiet == 0 && doorLine("setuid", in: warned)?.state == "warn", "\(warned)")
    }

    @Test func onATerminalEachReasonIsWrappedUnderItsOwnColumn() throws {
        let space = try #require(DoorsSpace())
        let pty = space.space.run(pamAccounts + "\nmount --bind '\(space.folder)/pam.d' /etc/pam.d\nmkdir -p /run/sshd\n"
                                  + password("root") + "\nstty cols 60\necho BEGIN\n\(Gates.installed) --doors kid\necho status-$?")
        #expect(pty.waitFor("status-1", timeout: 120), "\(pty.screenText)")
        let text = pty.screenText.split(separator: "BEGIN\r\n").last ?? ""
        let rows = text.split(separator: "\r\n").filter { !$0.hasPrefix("status-") }
        #expect(rows.count > 8, "\(rows)")
        #expect(rows.allSatisfy { $0.count <= 60 }, "\(rows)")
        // su's reason goes on under its own column, past the door's and the state's.
        let su = try #require(rows.firstIndex { $0.hasPrefix("su ") })
        let column = try #require(rows[su].firstRange(of: "root's")).lowerBound
        let indent = rows[su].distance(from: rows[su].startIndex, to: column)
        #expect(indent > "su  open  ".count)
        #expect(rows[su + 1].prefix(indent).allSatisfy { $0 == " " } && rows[su + 1].dropFirst(indent).first != " ", "\(rows)")
    }

    @Test func jsonAndHostileNamesAreWrittenSafely() throws {
        let space = try #require(DoorsSpace())
        let rule = "polkit.addRule(function(a, s) { return polkit.Result.YES; });"
        let (json, status) = space.audit("mkdir -p /etc/polkit-1/rules.d && echo '\(rule)' >\"/etc/polkit-1/rules.d/$(printf 'x\\033[2J\"y')z.rules\"",
                                          json: true)
        #expect(status == 1)
        #expect(json.hasPrefix("[{\"door\":\"sudo\",\"state\":\"closed\",\"why\":\"sudo lets kid run no command as another user\"},\n"), "\(json)")
        #expect(json.contains(#"{"door":"polkit rule","state":"open","why":"/etc/polkit-1/rules.d/x\\x1b[2J\"yz.rules allows everyone any action"#),
                "\(json)")
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
