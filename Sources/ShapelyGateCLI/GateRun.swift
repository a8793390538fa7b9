// GateRun.swift — the second stage of a run that keeps the gate: what it guards, the
// lockout, the session on the terminal and the lockout's record, ending in one
// `Ending`. Nothing is printed here (`Ending.finish` says it all).
//
// Contract:
// - In this order, each a reason to stop before a person is asked: the verdict
//   descriptor is claimed, the strings are read, the command is looked up (126/127),
//   the terminal is opened (none: denied), what a pass allows must fit any screen,
//   and the lockout must be open.
// - The terminal is closed before the ending is returned, on every path that opened it.
// - A screen too small for the board is no answer from a person: the lockout does not
//   count it. A pass is a pass only when recording it was not interrupted.
// - An ending signal, in the session or while waiting for the lockout's lock, ends as
//   an `Interruption`; in login mode that is a plain denial (Ending).
// - With a verdict descriptor (the sudo judge's), the caller judges: the gate keeps no
//   lockout and writes no audit record; a denial is reported on the descriptor instead.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

struct GateRun {
    let settings: Settings
    let language: LanguageChoice
    private var options: Options { settings.options }
    private var environment: [String: String] { settings.environment }

    func run() throws(GateError) -> Ending {
        let verdict = try Verdict.claim(options.verdictDescriptor)
        guard verdict.descriptor != nil else { return try run(verdict) }
        var ending: Ending
        do {
            ending = try run(verdict)
        } catch {
            verdict.reportDenial(.init(reason: "error", progress: AuditProgress()))
            throw error
        }
        if case .passed = ending.kind {} else {
            verdict.reportDenial(.init(reason: ending.entry?.reason ?? ending.entry?.outcome, progress: ending.entry?.progress ?? AuditProgress()))
        }
        ending.entry = nil
        return ending
    }

    private func run(_ verdict: Verdict) throws(GateError) -> Ending {
        let strings = try StringsFile.load(options.stringsPath, language)
        if let name = options.command.first { try CommandRunner.check(name, environment: environment) }

        var log = AuditLog(policy: settings.policy, terminal: "none", command: options.command,
                           purpose: options.purpose, mode: auditMode)
        log.commandBytes = AuditLog.exactBytes(of: options.command)
        guard let terminal = Terminal.openControlling() else {
            // pam_exec runs its helper with PAM_TYPE set and no terminal: say why.
            let message = strings.text(environment["PAM_TYPE"] == nil ? .noTerminal : .noTerminalPAM)
            return Ending(.denied(message: message), entry: .init(log: log, outcome: "denied", reason: "no-terminal"))
        }
        log.terminal = terminal.name
        // What a pass allows is shown whole or not at all; beyond any screen's size it is
        // refused at once, before a board, and it is no answer from a person (no cooldown).
        let guarding = options.command.isEmpty ? options.purpose.map(Visible.screen) : Visible.commandLine(options.command)
        if let guarding, DisplayWidth.of(guarding) > Renderer.longestGuarded {
            terminal.close()
            let message = strings.text(.tooLong, ["count": String(DisplayWidth.of(guarding)),
                                                  "limit": String(Renderer.longestGuarded)])
            return Ending(.denied(message: message), entry: .init(log: log, outcome: "denied", reason: "too-long"))
        }
        let lockout = Lockout(cooldown: verdict.descriptor == nil ? options.cooldown : 0, environment: environment)
        switch lockout.check(strings) {
        case .open:
            return session(on: terminal, guarding: guarding, lockout: lockout, verdict: verdict, strings: strings, log: log)
        case .denied(let message):
            terminal.close()
            return Ending(.denied(message: message), entry: .init(log: log, outcome: "locked"))
        case .interrupted(let interruption):
            // Interrupted while waiting for another gate's lock: as after a session.
            terminal.close()
            return Ending(interrupted(interruption, strings), entry: .init(log: log, outcome: "denied", reason: interruption.name))
        }
    }

    /// The challenge on the terminal, and the lockout's record of it.
    private func session(on terminal: Terminal, guarding: String?, lockout: Lockout, verdict: Verdict,
                         strings: GateStrings, log: AuditLog) -> Ending {
        let display = Display.detect(environment: environment, noColor: options.noColor)
        terminal.guardAgainstFatalSignals(leaving: display.cursorControl ? Painter.leaveAfterSignal : "")
        let renderer = Renderer(strings: strings, display: display, guarding: guarding, board: options.board)
        let session = Session(
            terminal: terminal, renderer: renderer,
            configuration: options.configuration, generator: GateRandom(seed: options.seed),
            clock: MonotonicClock(), loginMode: options.loginMode)
        let outcome = session.run()
        terminal.close()
        var record = Lockout.Record()
        if outcome.isAnswer { record = lockout.record(passed: outcome == .passed) }
        let challenge = session.challenge
        let progress = AuditProgress(rounds: outcome == .passed ? challenge.configuration.rounds : challenge.round - 1,
                                     wrong: challenge.failedAttempts)
        var ending = Ending(kind(of: outcome, interruptedLate: record.interruption, verdict: verdict, strings: strings),
                            entry: .init(log: log, outcome: outcome == .passed ? "passed" : "denied",
                                         reason: outcome.reason, progress: progress))
        ending.warnings = record.problems
        return ending
    }

    private func kind(of outcome: SessionOutcome, interruptedLate late: Interruption?, verdict: Verdict,
                      strings: GateStrings) -> Ending.Kind {
        if let late, !options.loginMode { return interrupted(late, strings) }
        switch outcome {
        case .passed:
            return late == nil ? .passed(command: options.command, verdict: verdict) : .denied(message: nil)
        case .denied, .hangup:
            return .denied(message: nil)
        case .endOfInput:
            return .denied(message: strings.text(.endOfInput))
        case .tooSmall(let needed):
            return .denied(message: strings.text(.tooSmall, ["columns": String(needed.columns), "rows": String(needed.rows)]))
        case .interrupted(let interruption):
            return interrupted(interruption, strings)
        }
    }

    private func interrupted(_ interruption: Interruption, _ strings: GateStrings) -> Ending.Kind {
        .interrupted(interruption, message: interruption.message(strings), loginMode: options.loginMode)
    }

    /// How the gate runs, for the audit record. Only the sudo judge, as root, writes
    /// records of mode sudo-plugin; nothing in the environment names a mode.
    private var auditMode: String {
        if options.loginMode { return "login" }
        return options.command.isEmpty ? "predicate" : "wrapper"
    }
}
