// PamJudgement.swift — the judge's rules for one authentication at a PAM door, in the
// order they apply (PamJudge.swift has the contract): the options and the policy, who is
// gated, the lockout, then the board and, by `approval=`, an approver's answer, and the
// audit record: the door's own facts, then the decision every door shares (Decision,
// through PamDoor).

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct PamJudgement {
    package let facts: PamFacts
    package let options: DoorOptions
    package let gate: (options: Options, policy: Policy)
    package let strings: GateStrings
    package let approval: ApprovalSettings

    package init(facts: PamFacts, files: Settings.Files = .installed) throws(Refusal) {
        self.facts = facts
        options = try DoorOptions.parse(facts.options, door: .pamLine)
        switch options.settings(files: files) {
        case .success(let loaded): gate = loaded
        case .failure(let error): throw Refusal(error.message)
        }
        approval = options.approvalSettings(policy: gate.policy)
        if let problem = DoorOptions.approvalProblem(approval, policyFile: files.system) { throw Refusal(problem) }
        do {
            strings = try StringsFile.load(gate.options.stringsPath,
                                           LanguageResolver.resolve(explicit: gate.options.language, environment: [:]))
        } catch {
            throw Refusal(error.message)
        }
    }

    /// Who is gated here, as the line's person= says; nil when the account is unknown.
    package var person: AccountPerson? {
        switch options.person {
        case .caller: return facts.caller.flatMap { AccountPerson.find(uid: $0) }
        case .login: return facts.user.flatMap { AccountPerson.find(name: $0) }
        case nil: return nil  // DoorOptions.parse requires person= at a PAM door
        }
    }

    /// Whether users= and groups= take in this person (for the caller, the name in
    /// PAM_RUSER too: in doubt, gated).
    package func gates(_ person: AccountPerson) -> Bool {
        let match = PersonMatch(options: options)
        if match.gates(user: person.name, uid: person.uid, gid: person.gid, groups: person.groups) { return true }
        guard options.person == .caller, let named = facts.remoteUser, named != person.name,
              let other = AccountPerson.find(name: named) else { return false }
        return match.gates(user: other.name, uid: other.uid, gid: other.gid, groups: other.groups)
    }

    /// What a pass allows, as the records and the approver name it: the service and the
    /// account it opens (`su root`), or, where the person logs in (person=login), the
    /// service and that login (`sshd: log in as kid`).
    package var guarding: String { guarding(in: nil) }

    /// The same as the board's "To run:" line says it, a login in the board's language.
    package func guarding(in strings: GateStrings?) -> String {
        let service = facts.service ?? "?", user = facts.user ?? "?"
        guard options.person == .login else { return Visible.screen("\(service) \(user)") }
        let login = strings?.text(.logIn, ["service": service, "user": user]) ?? "\(service): log in as \(user)"
        return Visible.screen(login)
    }

    package func decide(_ conversation: inout PamConversation) -> (PamConversation.Decision, String?) {
        if options.person == .caller && facts.caller == nil {
            // A root program with no caller the kernel names: never root's own pass.
            var log = AuditLog(policy: gate.policy, user: "unknown", terminal: facts.terminal.map(Visible.log) ?? "none",
                               command: [], purpose: guarding, mode: "pam")
            log.service = facts.serviceName
            log.forced = true
            Self.note(log, .denied(.unknownCaller))
            return (.denied, "cannot tell who is calling: person=caller needs a program run by the caller, or a socket from the caller on its standard input")
        }
        guard let person else {
            // No board for an account that does not exist: the rest of the stack fails it too.
            return (.denied, options.person == .caller ? "cannot find the calling user's account" : nil)
        }
        guard gates(person) else { return (.notGated, nil) }
        var log = AuditLog(policy: gate.policy, user: person.name, terminal: facts.terminal.map(Visible.log) ?? "none",
                           command: [], purpose: guarding, mode: "pam")
        log.service = facts.serviceName
        var door = PamDoor(conversation: conversation, board: board, waitsAtPrompt: facts.service == "sshd")
        var decision = Decision(approval: approval, cooldown: gate.options.cooldown, records: PersonRecords(uid: person.uid),
                                requester: person.name, requesterUID: person.uid, terminal: requestPlace(log.terminal),
                                shown: askedFor)
        // A login from elsewhere (person=login, PAM_RHOST) counts apart: a stranger's ssh
        // attempts in this name hold back none of the person's own requests.
        if options.person == .login, let host = facts.remoteHost, !host.isEmpty {
            decision.origin = ApprovalWindow.hash(host)
        }
        decision.lastingYes = yesMayLast
        let judged = decision.decide(through: &door, log: &log)
        conversation = door.conversation
        return (judged.passed ? .pass : .denied, judged.message)
    }

    /// What a request asks for, as approvers read it: what the board shows; at polkit's
    /// door, whose helper does not tell the stack which action is asked, and at doas's,
    /// which does not tell it the command, that it cannot be seen, and what the door
    /// does know (the service, the account authenticated, the caller the kernel names).
    var askedFor: String {
        guard Self.unseenServices.contains(facts.service ?? "") else { return guarding }
        let caller = facts.caller.map { uid in "\(AccountPerson.find(uid: uid)?.name ?? "uid\(uid)") (uid \(uid))" } ?? "an unknown caller"
        guard facts.service == "polkit-1" else {
            return Visible.screen("doas: run a command as another user, asked by \(caller); "
                                  + "the command cannot be seen (doas does not tell the PAM stack)")
        }
        return Visible.screen("polkit-1: authenticate as \(facts.user ?? "?"), asked by \(caller); "
                              + "the action cannot be seen (polkit does not tell the PAM stack)")
    }

    /// The doors whose program does not tell the PAM stack what it will do: polkit's
    /// helper (which action) and doas (which command, as whom).
    static let unseenServices: Set<String> = ["polkit-1", "doas"]

    /// The doors where what a pass opens is all the approver reads: a session of the
    /// account named (su, a console or display manager's login, ssh).
    static let accountDoors: Set<String> = ["su", "su-l", "login", "sshd", "gdm-password", "lightdm", "sddm"]

    /// Whether an approver's yes may last a window here: only where the door shows all a
    /// pass opens. Elsewhere (polkit's action, doas's command, any other program's own
    /// purpose) a yes covers one run.
    var yesMayLast: Bool { Self.accountDoors.contains(facts.service ?? "") }

    /// Where the request comes from, as an approver's `--pending` and notice show it: the
    /// terminal, and for a remote login the host it comes from (PAM_RHOST).
    func requestPlace(_ terminal: String) -> String {
        guard let host = facts.remoteHost, !host.isEmpty else { return terminal }
        return terminal + " from " + Visible.log(host)
    }

    /// The board as this door asks it.
    package var board: PamBoard {
        let renderer = Renderer(strings: strings, display: Display.detect(environment: [:], noColor: true),
                                guarding: guarding(in: strings), board: .words)
        return PamBoard(configuration: gate.options.configuration, renderer: renderer, strings: strings, seed: gate.options.seed)
    }

    /// The audit record of `outcome`; a log-file's warning goes to the judge's standard
    /// error.
    package static func note(_ log: AuditLog, _ outcome: GateOutcome, progress: AuditProgress = AuditProgress()) {
        log.record(outcome, progress: progress) { Platform.printError($0) }
    }
}
