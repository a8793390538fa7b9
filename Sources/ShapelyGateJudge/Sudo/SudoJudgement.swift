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
    package let options: SudoPluginOptions
    package let match: SudoMatch
    package let gatesPerson: Bool
    /// The gate's settings under the Plugin line: the policy file, then the line's options.
    package let settings: Result<(options: Options, policy: Policy), GateError>
    /// Where a warning goes at once, before the board (the plugin prints it on sudo's error output).
    package var warn: (String) -> Void = { _ in }
    /// What the door writes to the terminal, its settings put back, if the judge dies
    /// with the board up (said before the gate starts).
    package var restore: (String) -> Void = { _ in }
    /// The Plugin line's approval settings over the policy's (when the policy reads).
    package var approval: ApprovalSettings { Self.approval(options, policy: (try? settings.get().policy) ?? Policy()) }

    package static func approval(_ options: SudoPluginOptions, policy: Policy) -> ApprovalSettings {
        ApprovalSettings(mode: options.approval ?? policy.approval ?? .board,
                         approvers: options.approvers ?? policy.approvers ?? Approvers(),
                         timeout: options.approvalTimeout ?? policy.approvalTimeout ?? Approvers.defaultTimeout,
                         notify: options.notify ?? policy.notify)
    }

    /// Why the approval settings cannot work, or nil.
    package static func approvalProblem(_ approval: ApprovalSettings, policyFile: String) -> String? {
        guard approval.mode.asksApprover && approval.approvers.isEmpty else { return nil }
        return "approval=\(approval.mode.rawValue) needs approvers=, on the Plugin line or in \(policyFile)"
    }

    /// The variables of the person's environment the gate may see, when printable.
    package static let passedEnvironment = ["TERM", "LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANGUAGE", "NO_COLOR", "COLORTERM"]
    package static let policyFile = Settings.Files.installed

    package init(facts: SudoFacts, files: Settings.Files = SudoJudgement.policyFile) throws(SudoRefusal) {
        options = try SudoPluginOptions.parse(facts.options)
        match = SudoMatch(options: options)
        // The groups sudo reports are the session's, from when it began; a child added to
        // groups= since is gated too: both the session's groups and the files' count.
        let (passwd, group) = (match.passwd, match.group)
        let listed = facts.userName.flatMap { AccountPerson.find(name: $0, passwd: passwd, group: group)?.groups } ?? []
        gatesPerson = match.gates(user: facts.userName, uid: facts.uid, gid: facts.gid, groups: facts.groups + listed)
        settings = Self.gateSettings(options, files: files)
        // A broken policy holds up no one here: gated commands are denied at check().
        if case .success = settings, let problem = Self.approvalProblem(approval, policyFile: files.system) {
            throw SudoRefusal(problem)
        }
    }

    package static func gateSettings(_ plugin: SudoPluginOptions, files: Settings.Files) -> Result<(options: Options, policy: Policy), GateError> {
        do throws(GateError) {
            var base = Options()
            var policy = Policy()
            try ConfigFile.load(files.system, system: true, owner: files.systemOwner, into: &base, policy: &policy)
            var options = try OptionParser.read(plugin.gateArguments).apply(to: base)
            policy.enforce(on: &options)
            return .success((options, policy))
        } catch {
            return .failure(error)
        }
    }

    /// The grace window in force: grace= capped by max-grace (300 s without it); strict
    /// turns it off unless the policy itself sets max-grace.
    package static func window(grace: Int, strict: Bool, maxGrace: Int?) -> Int {
        let window = min(grace, maxGrace ?? 300)
        return strict && maxGrace == nil ? 0 : window
    }

    package func decide(_ facts: SudoFacts) -> SudoDecision {
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

    /// This terminal session's grace: its records, key and sudo's time stamp; nil when no
    /// window is in force or the session cannot be named.
    package struct Grace {
        package let records: SudoRecords
        package let key: SudoRecords.SessionKey
        package let ticket: SudoTicket.State
        package let window: Int
    }

    private func graceWindow(_ facts: SudoFacts, terminal: Int32, account: PasswordEntry?) -> Grace? {
        guard terminal >= 0, let uid = facts.uid, let account, case .success(let gate) = settings,
              approval.mode == .board else { return nil }
        let window = Self.window(grace: options.grace, strict: gate.options.strict, maxGrace: gate.policy.maxGrace)
        guard window > 0, let session = Platform.terminalSession(terminal) else { return nil }
        let key = SudoRecords.SessionKey(device: session.device,
                                         text: "session=\(session.session) start=\(session.leaderStart) boot=\(Platform.bootIdentity())")
        return Grace(records: SudoRecords(uid: uid), key: key, ticket: SudoTicket.state(user: account.name, device: session.device),
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
        let records = SudoRecords(uid: uid)
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
        guard approval.mode != .board else {
            return judgeOnTheBoard(facts, shown: shown, terminal: terminal, gate: gate, records: records, uid: uid,
                                   gid: gid, account: account, grace: grace, log: &log)
        }
        return askApprovers(facts, shown: shown, terminal: terminal, gate: gate, records: records, uid: uid, gid: gid,
                            account: account, log: &log)
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

    package func judgeOnTheBoard(_ facts: SudoFacts, shown: String, terminal: Int32, gate: (options: Options, policy: Policy), records: SudoRecords,
                                 uid: UserID, gid: GroupID, account: PasswordEntry, grace: Grace?, log: inout AuditLog,
                                 recordsPass: Bool = true, beforeGate: () -> Bool = { true },
                                 interject: @escaping () -> ApprovalAnswer? = { nil }) -> SudoDecision {
        let cooldown = gate.options.cooldown
        var before: LockoutState?
        switch records.check(cooldown: cooldown) {
        case .open(let previous): before = previous
        case .locked(let seconds):
            note(log, .locked(untrustedRecord: false))
            return .denied("locked after a wrong answer; try again in \(seconds) s")
        case .untrusted(let reason):
            note(log, .locked(untrustedRecord: true))
            warn("not trusting the lockout record " + reason)
            return .denied("the lockout record \(records.store.file) cannot be trusted; the command was not run until root removes it")
        }
        guard beforeGate() else {
            // No board after all (the request could not be made): the count as it was.
            if cooldown > 0 { records.restore(before) }
            return .denied("")
        }
        var run = SudoGateRun(facts: facts, plugin: options, account: account, uid: uid, gid: gid, shown: shown)
        restore(run.leaveAfterDeath)
        run.rounds = gate.options.configuration.rounds
        var answer: ApprovalAnswer?
        let outcome = run.start(on: terminal, interject: {
            answer = interject()
            return answer != nil
        })
        if outcome.interjected {
            // An approver answered first and the board was ended: a yes counts as a pass
            // (the count is cleared), a no as a denial.
            if case .approved = answer, cooldown > 0 { records.settleGate(passed: true, cooldown: cooldown) }
            if case .denied = answer, cooldown > 0 { records.settleGate(passed: false, cooldown: cooldown) }
            return .denied("")
        }
        if cooldown > 0 { records.settleGate(passed: outcome.decision.result == 1, cooldown: cooldown) }
        if let grace, outcome.decision.result == 1 { grace.records.settleGrace(grace.key, passedAtBoard: true, ticket: grace.ticket) }
        // Under approval=both a pass at the board is half of one: the approver's answer is the record.
        if recordsPass || outcome.decision.result != 1 {
            note(log, outcome.audit, progress: outcome.progress)
        }
        return outcome.decision
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
