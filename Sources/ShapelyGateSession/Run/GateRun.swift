// GateRun.swift — the second stage of a run that keeps the gate: what it guards, the
// lockout, the session on the terminal and the lockout's record, ending in one
// `Ending` that carries one `GateOutcome`. Nothing is printed here (`Ending.finish`
// says it all), and the outside is reached only through the `GateWorld` it is given.
//
// Contract:
// - In this order, each a reason to stop before a person is asked: the verdict
//   descriptor is claimed, the strings are read, the command is looked up (126/127),
//   the terminal is opened (to be named in the record), what a pass allows must fit any
//   screen (too-long), the lockout must be open (locked), and there must be a terminal
//   (no-terminal): a locked-out person without a terminal is told they are locked out.
// - After the session, the lockout records the answer (never a screen too small for
//   any board, which is no answer) before the ending is returned.
// - The terminal's settings are back before the ending is returned, on every path that
//   opened it; a denial closes it, a pass hands it to the ending still open, so that the
//   ending can drop what was typed at the last moment before the command runs.
// - A pass is a pass only when recording it was not interrupted: an ending signal then,
//   or while waiting for the lockout's lock, ends as that interruption.
// - With a verdict descriptor (the sudo judge's), the caller judges: the gate keeps no
//   lockout and writes no audit record; a denial is reported on the descriptor instead.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSystem

package struct GateRun {
    package let settings: Settings
    package let world: GateWorld
    private var options: Options { settings.options }

    package init(settings: Settings, world: GateWorld = .system) {
        self.settings = settings
        self.world = world
    }

    package func run() throws(GateError) -> Ending {
        let verdict = try Verdict.claim(options.verdictDescriptor)
        guard verdict.descriptor != nil else { return try run(verdict) }
        var ending: Ending
        do {
            ending = try run(verdict)
        } catch {
            verdict.reportDenial(.init(outcome: .failed(.error), progress: AuditProgress()))
            throw error
        }
        if case .gate(let outcome, _, _) = ending.kind, !outcome.isPass {
            verdict.reportDenial(.init(outcome: outcome, progress: ending.record?.progress ?? AuditProgress()))
        }
        ending.record = nil
        return ending
    }

    private func run(_ verdict: Verdict) throws(GateError) -> Ending {
        let strings = try StringsFile.load(options.stringsPath, settings.language)
        if let name = options.command.first { try CommandRunner.check(name, searchPath: settings.commandSearchPath) }
        var log = AuditLog(policy: settings.policy, user: world.userName(), terminal: "none", command: options.command,
                           purpose: options.purpose, mode: auditMode)
        log.commandBytes = AuditLog.exactBytes(of: options.command)
        // The terminal is named in every record; without one, the lockout still speaks first.
        let terminal = world.openTerminal()
        if let terminal { log.terminal = terminal.name }
        let ending = Ending.Builder(log: log, loginMode: options.loginMode)
        if let stopped = stopBeforeTheBoard(verdict, strings, ending: ending) {
            terminal?.close()
            return stopped
        }
        // pam_exec runs its helper with PAM_TYPE set and no terminal: say why.
        guard let terminal else {
            return ending.denied(.noTerminal, message: strings.text(settings.underPAM ? .noTerminalPAM : .noTerminal))
        }
        return session(verdict, strings, terminal: terminal, ending: ending)
    }

    /// The ending that comes before any board, terminal or not, if one does: too long to
    /// show, or locked.
    private func stopBeforeTheBoard(_ verdict: Verdict, _ strings: GateStrings, ending: Ending.Builder) -> Ending? {
        // What a pass allows is shown whole or not at all; beyond any screen's size it is
        // refused at once, before a board, and it is no answer from a person (no cooldown).
        if let guarding, DisplayWidth.of(guarding) > Renderer.longestGuarded {
            return ending.denied(.tooLong, message: strings.text(.tooLong, ["count": String(DisplayWidth.of(guarding)),
                                                                            "limit": String(Renderer.longestGuarded)]))
        }
        switch lockout(verdict).check(strings) {
        case .open: break
        case .denied(let message): return ending.ended(.locked(untrustedRecord: false), message: message)
        case .interrupted(let interruption):
            return ending.ended(.interrupted(interruption), message: interruption.message(strings))
        }
        return nil
    }

    private var guarding: String? {
        options.command.isEmpty ? options.purpose.map(Visible.screen) : Visible.commandLine(options.command)
    }

    private func lockout(_ verdict: Verdict) -> any LockoutKeeper {
        world.lockout(verdict.descriptor == nil ? options.cooldown : 0, settings.stateFolder)
    }

    /// The challenge on the terminal, and the lockout's record of it.
    private func session(_ verdict: Verdict, _ strings: GateStrings, terminal: any ControllingTerminal,
                         ending: Ending.Builder) -> Ending {
        let display = settings.display
        terminal.guardAgainstFatalSignals(leaving: display.cursorControl ? Painter.leaveAfterSignal : "")
        let renderer = Renderer(strings: strings, display: display, guarding: guarding, board: options.board)
        let session = Session(
            terminal: terminal, renderer: renderer,
            configuration: options.configuration, generator: GateRandom(seed: options.seed),
            clock: world.clock, signals: world.signals(), loginMode: options.loginMode)
        session.extensions = options.extensions
        var outcome = session.run()
        terminal.restore()
        var record = Lockout.Record()
        if outcome.isAnswer { record = lockout(verdict).record(passed: outcome.isPass) }
        if let late = record.interruption { outcome = .interrupted(late) }
        let challenge = session.challenge
        var ending = ending
        ending.progress = AuditProgress(rounds: outcome.isPass ? challenge.configuration.rounds : challenge.round - 1,
                                        wrong: challenge.failedAttempts)
        ending.warnings = record.problems
        guard outcome.isPass else {
            terminal.close()
            return ending.ended(outcome, message: message(for: outcome, strings))
        }
        return ending.passed(command: options.command, verdict: verdict, terminal: terminal)
    }

    /// What the ending says on standard error, where the screen has not said it already.
    private func message(for outcome: GateOutcome, _ strings: GateStrings) -> String? {
        switch outcome {
        case .denied(.endOfInput): return strings.text(.endOfInput)
        case .denied(.tooSmall(let needed)):
            return strings.text(.tooSmall, ["columns": String(needed.columns), "rows": String(needed.rows)])
        case .interrupted(let interruption): return interruption.message(strings)
        default: return nil
        }
    }

    /// How the gate runs, for the audit record. Only the sudo judge, as root, writes
    /// records of mode sudo-plugin; nothing in the environment names a mode.
    private var auditMode: String {
        if options.loginMode { return "login" }
        return options.command.isEmpty ? "predicate" : "wrapper"
    }
}
