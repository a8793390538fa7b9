// SudoJudgement.swift — the judge's rules for one run of sudo, in the order they apply
// (SudoJudge.swift has the contract): who and what is gated, sudo -n, the terminal,
// the policy, what the board must show, grace, the foreground, then the board (the
// lockout, the gate, its verdict, the records) and, by `approval=`, an approver's answer
// (Approval/), and the audit lines.
//
// approval=: board — the gate decides; parent — only an approver's yes, no board;
// either — the gate runs while the request waits, and the first answer decides (an
// approver's yes or no ends the board); both — a pass at the board, then an approver's
// yes. A grace window comes only from a pass under approval=board.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct SudoJudgement {
    package let options: DoorOptions
    package let match: PersonMatch
    package let gatesPerson: Bool
    /// The gate's settings under the Plugin line: the policy file, then the line's options.
    package let settings: Result<(options: Options, policy: Policy), GateError>
    /// Where a warning goes at once, before the board (the plugin prints it on sudo's error output).
    package var warn: (String) -> Void = { _ in }
    /// What the door writes to the terminal, its settings put back, if the judge dies
    /// with the board up (said before the gate starts).
    package var restore: (String) -> Void = { _ in }
    /// The Plugin line's approval settings over the policy's (when the policy reads).
    package var approval: ApprovalSettings { options.approvalSettings(policy: (try? settings.get().policy) ?? Policy()) }

    /// The variables of the person's environment the gate may see, when printable.
    package static let passedEnvironment = ["TERM", "LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANGUAGE", "NO_COLOR", "COLORTERM"]
    package static let policyFile = Settings.Files.installed

    package init(facts: SudoFacts, files: Settings.Files = SudoJudgement.policyFile) throws(Refusal) {
        options = try DoorOptions.parse(facts.options)
        match = PersonMatch(options: options)
        // The groups sudo reports are the session's, from when it began; a child added to
        // groups= since is gated too: both the session's groups and the files' count.
        let (passwd, group) = (match.passwd, match.group)
        let listed = facts.userName.flatMap { AccountPerson.find(name: $0, passwd: passwd, group: group)?.groups } ?? []
        gatesPerson = match.gates(user: facts.userName, uid: facts.uid, gid: facts.gid, groups: facts.groups + listed)
        settings = options.settings(files: files)
        // A broken policy holds up no one here: gated commands are denied at check().
        if case .success = settings, let problem = DoorOptions.approvalProblem(approval, policyFile: files.system) {
            throw Refusal(problem)
        }
    }

    /// The grace window in force: grace= capped by max-grace (300 s without it); strict
    /// turns it off unless the policy itself sets max-grace.
    package static func window(grace: Int, strict: Bool, maxGrace: Int?) -> Int {
        let window = min(grace, maxGrace ?? 300)
        return strict && maxGrace == nil ? 0 : window
    }

    package func decide(_ facts: SudoFacts) -> SudoDecision {
        if Self.endsGrace(facts) { return endGrace(facts) }
        guard facts.edits ? match.gatesEdit() : match.gates(command: facts.command) else { return .approved }
        let shown = SudoShownCommand.shown(facts)
        let account = facts.uid.flatMap(SystemAccounts.account(uid:))
        var log = AuditLog(policy: (try? settings.get().policy) ?? Policy(),
                           user: account?.name ?? facts.uid.map { "uid\($0)" } ?? "unknown",
                           terminal: facts.terminalPath ?? "none", command: shown.words, mode: "sudo-plugin")
        log.keeps = shown.kept
        let terminal = facts.terminalPath == nil ? -1 : Platform.openControllingTerminal()
        defer { if terminal >= 0 { _ = Platform.closeDescriptor(terminal) } }
        let grace = graceWindow(facts, terminal: terminal, account: account)
        var decision = judge(facts, shown: shown, terminal: terminal, account: account, grace: grace, log: &log)
        if decision.result != 1 && decision.message == nil { decision.message = "not approved, the command was not run" }
        // A denial or an error on this terminal ends its window, as does `sudo -k command`.
        if let grace, decision.result != 1 || facts.ignoresTicket {
            grace.records.settleGrace(grace.key, passedAtBoard: false, ticket: grace.ticket)
        }
        return decision
    }

    /// Whether sudo is about to run this very program as `PROGRAM --end-grace` and nothing
    /// else: the same file (device and inode) as the judge's own, those two words.
    package static func endsGrace(_ facts: SudoFacts) -> Bool {
        guard !facts.edits, facts.runArguments.count == 2, facts.runArguments[1] == "--end-grace",
              let command = facts.command, let asked = Platform.facts(of: command, followingLinks: true) else { return false }
        let own = Platform.openOwnProgram()
        defer { if own >= 0 { _ = Platform.closeDescriptor(own) } }
        guard own >= 0, let mine = Platform.facts(ofDescriptor: own) else { return false }
        return asked.device == mine.device && asked.inode == mine.inode
    }

    /// `shapelygate --end-grace` through sudo: the window of this terminal session ended,
    /// and the command denied, so nothing runs and no board is shown.
    private func endGrace(_ facts: SudoFacts) -> SudoDecision {
        let terminal = facts.terminalPath == nil ? -1 : Platform.openControllingTerminal()
        defer { if terminal >= 0 { _ = Platform.closeDescriptor(terminal) } }
        guard let uid = facts.uid, terminal >= 0, let session = Platform.terminalSession(terminal) else {
            return .denied("no terminal, so no grace window to end; nothing was run")
        }
        // The record is named by the terminal alone (tty-<device>): removed whatever session wrote it.
        PersonRecords(uid: uid).settleGrace(PersonRecords.SessionKey(device: session.device, text: ""), passedAtBoard: false,
                                            ticket: .none)
        return .denied("the grace window on \(Visible.screen(facts.terminalPath ?? "this terminal")) is ended; nothing was run")
    }

    /// This terminal session's grace: its records, key and sudo's time stamp; nil when no
    /// window is in force or the session cannot be named.
    package struct Grace {
        package let records: PersonRecords
        package let key: PersonRecords.SessionKey
        package let ticket: SudoTicket.State
        package let window: Int
    }

    private func graceWindow(_ facts: SudoFacts, terminal: Int32, account: PasswordEntry?) -> Grace? {
        guard terminal >= 0, let uid = facts.uid, let account, case .success(let gate) = settings,
              approval.mode == .board else { return nil }
        let window = Self.window(grace: options.grace, strict: gate.options.strict, maxGrace: gate.policy.maxGrace)
        guard window > 0, let session = Platform.terminalSession(terminal) else { return nil }
        let key = PersonRecords.SessionKey(device: session.device,
                                         text: "session=\(session.session) start=\(session.leaderStart) boot=\(Platform.bootIdentity())")
        return Grace(records: PersonRecords(uid: uid), key: key, ticket: SudoTicket.state(user: account.name, device: session.device),
                     window: window)
    }

    private func judge(_ facts: SudoFacts, shown whole: SudoShownCommand.Shown, terminal: Int32, account: PasswordEntry?, grace: Grace?,
                       log: inout AuditLog) -> SudoDecision {
        let gate: (options: Options, policy: Policy)
        switch decidedBeforeAsking(facts, shown: whole, terminal: terminal, log: log) {
        case .success(let loaded): gate = loaded
        case .failure(let decision): return decision
        }
        let shown = whole.text
        guard let uid = facts.uid, let gid = facts.gid, let account else {
            return .failed("cannot find the invoking user's account")
        }
        if let grace, !facts.ignoresTicket {
            let (covers, problem) = grace.records.graceCovers(grace.key, window: grace.window, ticket: grace.ticket)
            if let problem { warn("ignoring the grace record " + problem) }
            if covers {
                note(log, .passed(.grace))
                return .approved
            }
        }
        guard TerminalCalls.foregroundGroup(terminal) == Platform.processGroup else {
            note(log, .denied(.background))
            return .denied("sudo must be in the foreground to ask for approval")
        }
        var door = SudoDoor(judgement: self, facts: facts, shown: shown, terminal: terminal, account: account, uid: uid,
                            gid: gid, rounds: gate.options.configuration.rounds, grace: grace)
        var decision = Decision(approval: approval, cooldown: gate.options.cooldown, records: PersonRecords(uid: uid),
                                requester: account.name, requesterUID: uid, terminal: facts.terminalPath ?? "none",
                                shown: shown)
        // A lasting yes covers this command in this folder, as it will run.
        decision.windowKey = shown + "\n" + (facts.commandInfo["cwd"] ?? facts.userInfo["cwd"] ?? "")
        let judged = decision.decide(through: &door, log: &log)
        if judged.passed { return .approved }
        return judged.failed ? .failed(judged.message ?? "") : .denied(judged.message ?? "")
    }

    /// The policy's settings, or the denial that comes before any person is asked: sudo
    /// -n, no terminal, a broken policy, a variable that cannot be shown whole, a command
    /// that cannot be shown.
    private func decidedBeforeAsking(_ facts: SudoFacts, shown whole: SudoShownCommand.Shown, terminal: Int32,
                                     log: AuditLog) -> Result<(options: Options, policy: Policy), SudoDecision> {
        if facts.nonInteractive {
            note(log, .denied(.nonInteractive))
            return .failure(.denied("a person must approve this command, and sudo -n asks no one"))
        }
        guard terminal >= 0 else {
            note(log, .denied(.noTerminal))
            return .failure(.denied("a terminal is required to approve this command"))
        }
        let gate: (options: Options, policy: Policy)
        switch settings {
        case .success(let loaded): gate = loaded
        case .failure(let error):
            note(log, .failed(.configuration))
            return .failure(.denied(error.message + "; the command was not run"))
        }
        if let name = whole.unshowable.first {
            note(log, .denied(.unknownEnvironment))
            let named = Visible.shellWord(String(name.prefix(64)))
            return .failure(.denied("the variable \(named) sudo would pass on is not UTF-8 text, so it cannot be shown for approval; the command was not run"))
        }
        guard !facts.unshowable else {
            note(log, .denied(.notUTF8))
            return .failure(.denied("a word of the command line is not UTF-8 text, so it cannot be shown for approval; the command was not run"))
        }
        let shown = whole.text
        if DisplayWidth.of(shown) > Renderer.longestGuarded {
            note(log, .denied(.tooLong))
            return .failure(.denied(GateStrings(language: "en").text(.tooLong, ["count": String(DisplayWidth.of(shown)),
                                                                                "limit": String(Renderer.longestGuarded)])))
        }
        return .success(gate)
    }

    /// The audit record of `outcome`. The judge's standard error goes nowhere: a
    /// log-file's warning goes to sudo's, as a warning line.
    package func note(_ log: AuditLog, _ outcome: GateOutcome, progress: AuditProgress = AuditProgress()) {
        let warn = self.warn
        log.record(outcome, progress: progress) {
            warn(String($0.drop { $0 == "\n" }.prefix { $0 != "\n" }).replacing("shapelygate: ", with: "", maxReplacements: 1))
        }
    }
}
