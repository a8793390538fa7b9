// LoginDoorJudge.swift — the doors where a person types another account's password: su,
// a console login and ssh.
//
// Contract:
// - su: guarded when /etc/pam.d/su's auth stack has a shapelygate line that stands
//   (PamStack.gate, person=caller) and gates the person; otherwise open when any other
//   account has a usable (or empty) password in /etc/shadow, named, and closed when none
//   has. su not installed: closed.
// - login: the same question of /etc/pam.d/login (person=login): every other account
//   with a password must be gated by the line, or it is open for those, named; and of
//   each display manager's password stack that is there (gdm-password, lightdm, sddm).
// - ssh: sshd -T's answer; keys of root or of a member of sudo, admin or wheel let a key
//   login in with no board unless every AuthenticationMethods list asks for
//   keyboard-interactive or password too; password logins (PasswordAuthentication, or
//   keyboard-interactive through PAM) are gated by /etc/pam.d/sshd as login's are.

import ShapelyGatePolicy

extension DoorJudge {
    /// Why a stack leaves the person open (nil: it gates them), and the guarded words.
    func stackVerdict(_ service: String, person: DoorOptions.Person, gating: [AuditAccount])
        -> (open: String?, guarded: String?, unreadable: String?) {
        switch PamStack.gate(service, facts: facts, person: person) {
        case .unreadable(let why): return (nil, nil, why)
        case .none(let path): return ("no shapelygate line in \(path)", nil, nil)
        case .weak(let why): return (why, nil, nil)
        case .line(let options, let entry):
            let left = gating.filter { !gates(options, $0) }
            if left.isEmpty { return (nil, "asks first (\(asks(options, board: "words"))), \(entry.place)", nil) }
            return ("the line at \(entry.place) gates \(who(options)) only", nil, nil)
        }
    }

    func su() -> DoorLine {
        guard facts.suInstalled else { return .closed("su", "su is not installed") }
        let stack = stackVerdict("su", person: .caller, gating: [facts.user])
        if let unreadable = stack.unreadable { return .open("su", "cannot read the su stack: \(unreadable)") }
        if let guarded = stack.guarded { return .guarded("su", guarded) }
        switch othersWithPasswords() {
        case .failure(let refusal): return .open("su", "cannot tell whose password works: \(refusal.message)")
        case .success(let names) where names.isEmpty:
            return .closed("su", "no account besides \(name) has a password to type")
        case .success(let names):
            return .open("su", "\(passwordsSaid(names)) and \(stack.open ?? ""): "
                         + "add `auth requisite pam_shapelygate.so person=caller users=\(name)` to /etc/pam.d/su")
        }
    }

    /// The display managers' password stacks: a greeter is a login too.
    static let greeters = ["gdm-password", "lightdm", "sddm"]

    /// The console's login, and each display manager's whose stack is there.
    func logins() -> [DoorLine] {
        let present = Self.greeters.filter { greeter in
            ["/etc/pam.d/", "/usr/lib/pam.d/"].contains { facts.pamFiles[$0 + greeter]?.value != nil }
        }
        return [login()] + present.map { login($0) }
    }

    func login(_ service: String = "login") -> DoorLine {
        guard facts.loginInstalled || service != "login" else { return .closed("login", "login is not installed") }
        let names: [String]
        switch othersWithPasswords() {
        case .failure(let refusal): return .open("login", "cannot tell whose password works: \(refusal.message)")
        case .success(let read): names = read
        }
        guard !names.isEmpty else { return .closed("login", "no account besides \(name) has a password to type") }
        let stack = stackVerdict(service, person: .login, gating: names.compactMap(account(named:)))
        if let unreadable = stack.unreadable { return .open("login", "cannot read the \(service) stack: \(unreadable)") }
        if let guarded = stack.guarded { return .guarded("login", guarded) }
        return .open("login", "\(passwordsSaid(names)) and \(stack.open ?? ""): add "
                     + "`auth requisite pam_shapelygate.so person=login users=\(names.joined(separator: ","))` to /etc/pam.d/\(service)")
    }

    /// Accounts that can become root besides the person: root and the members of sudo,
    /// admin and wheel.
    var administrators: [AuditAccount] {
        facts.accounts.filter { $0.name != name && ($0.uid == 0 || $0.groups.contains { ["sudo", "admin", "wheel"].contains($0) }) }
    }

    func ssh() -> [DoorLine] {
        let settings: [String: String]
        switch facts.sshd {
        case .absent: return [.closed("ssh", "sshd is not installed")]
        case .unreadable(let why): return [.open("ssh", "sshd -T gave no settings: \(why)")]
        case .read(let read): settings = read
        }
        let rootWay = settings["permitrootlogin"] ?? "prohibit-password"
        var lines: [DoorLine] = []
        lines += sshKeys(settings, rootAllowed: rootWay != "no")
        let passwords = settings["passwordauthentication"] == "yes"
            || (settings["kbdinteractiveauthentication"] == "yes" && settings["usepam"] == "yes")
        guard passwords else {
            return lines.isEmpty ? [.closed("ssh", "no administrator's key, and ssh takes no passwords")] : lines
        }
        let names: [String]
        switch othersWithPasswords() {
        case .failure(let refusal): return lines + [.open("ssh", "cannot tell whose password works: \(refusal.message)")]
        case .success(let read): names = read.filter { rootWay == "yes" || account(named: $0)?.uid != 0 }
        }
        guard !names.isEmpty else {
            return lines.isEmpty ? [.closed("ssh", "no administrator's key, and no account ssh lets in has a password")] : lines
        }
        guard settings["usepam"] == "yes" else {
            return lines + [.open("ssh", "\(passwordsSaid(names)) and sshd checks passwords without PAM: set PasswordAuthentication no")]
        }
        let stack = stackVerdict("sshd", person: .login, gating: names.compactMap(account(named:)))
        if let unreadable = stack.unreadable { return lines + [.open("ssh", "cannot read the sshd stack: \(unreadable)")] }
        if let guarded = stack.guarded { return lines + [.guarded("ssh", "password logins: " + guarded)] }
        return lines + [.open("ssh", "\(passwordsSaid(names)) and \(stack.open ?? ""): add `auth requisite pam_shapelygate.so "
                              + "person=login users=\(names.joined(separator: ","))` to /etc/pam.d/sshd, or PasswordAuthentication no")]
    }

    /// Key logins: any administrator with keys is open unless every method list asks more.
    func sshKeys(_ settings: [String: String], rootAllowed: Bool) -> [DoorLine] {
        guard settings["pubkeyauthentication"] != "no" else { return [] }
        let methods = (settings["authenticationmethods"] ?? "any").split(separator: " ")
        let askMore = methods != ["any"] && methods.allSatisfy { $0.contains("keyboard-interactive") || $0.contains("password") }
        guard !askMore else { return [] }
        var lines: [DoorLine] = []
        for admin in administrators where admin.uid != 0 || rootAllowed {
            if let why = facts.unreadableKeys[admin.name] {
                lines.append(.open("ssh", "cannot read \(admin.name)'s authorized keys: \(why)"))
            } else if let file = facts.authorizedKeys[admin.name] {
                lines.append(.open("ssh", "\(admin.name) accepts ssh keys (\(file)): a key login meets no board; remove them, "
                                   + "or set AuthenticationMethods publickey,keyboard-interactive"))
            }
        }
        return lines
    }
}
