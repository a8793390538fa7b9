// CLI.swift — shapelygate from arguments to exit status.
//
// Contract:
// - `run` parses the options, performs an informational action or runs the gate, and
//   returns how the process must end; on a pass with a command it does not return (the
//   command replaces it). It never exits by itself: `main.swift` does.
// - Every path that is not a pass ends in a denial or an error status. Errors are one
//   line on stderr, `shapelygate: ...`. Nothing is written to stdout except what an
//   informational action (--help, --version, --odds, --strings-template) prints.
// - Signals are blocked before anything else (see Signals.swift); an informational
//   action gives the caller's mask back before it prints, so Ctrl-C still ends it.
// - The terminal's settings are restored by `Terminal.close()` before anything is
//   printed on stderr or a command is run, on every path that opened it; a real-time
//   or crash signal restores them from its handler (guard.c) before it ends the gate.
// - `hardenProcess`, first thing in main.swift, makes the process non-dumpable
//   (Platform.refuseTracing) and installs the fatal-signal handler (guard.c).
// - With --verdict-fd, a pass is reported there (Verdict) right before the gate exits 0
//   or the command replaces it; nothing else is ever written there.

import ShapelyGate
import ShapelyGateSystem

public enum CLI {
    public static let version = "1.0.0"

    /// The system policy file. Only this library's callers (tests) can name another;
    /// the installed program always reads this one.
    public static let systemConfigPath = "/etc/shapelygate.conf"

    /// What the shapelygate process does before anything else (main.swift), and tests
    /// running `run` in their own process do not: it becomes non-dumpable, so the
    /// user's other processes cannot trace it or reach its memory and descriptors, and
    /// real-time and crash signals put the terminal back before they end it.
    public static func hardenProcess() {
        Platform.refuseTracing()
        Signals.guardAgainstFatalSignals()
    }

    public static func run(arguments: [String], environment: [String: String]? = nil,
                           systemConfig: String = systemConfigPath, systemConfigOwner: uid_t = 0) -> ExitStatus {
        Signals.captureInherited()
        Signals.blockForSession()
        let environment = environment ?? Platform.environment()
        let system = SystemFile(path: systemConfig, owner: systemConfigOwner)
        do {
            return try runGate(arguments: arguments, environment: environment, system: system)
        } catch {
            ErrorLine.print(error.report)
            return error.status
        }
    }

    /// The policy file and the owner it must have (root, except in tests).
    struct SystemFile {
        var path: String
        var owner: uid_t
    }

    /// Options from the files and the flags, with `--strict` and the floors applied.
    static func settle(arguments: [String], environment: [String: String],
                       systemConfig: String, systemConfigOwner: uid_t = 0) throws(GateError) -> (Options, Policy) {
        try settle(try OptionParser.read(arguments), environment: environment,
                   system: SystemFile(path: systemConfig, owner: systemConfigOwner))
    }

    static func settle(_ arguments: ParsedArguments, environment: [String: String],
                       system: SystemFile) throws(GateError) -> (Options, Policy) {
        var base = Options()
        var policy = Policy()
        try ConfigFile.load(system.path, system: true, owner: system.owner, into: &base, policy: &policy)
        if let user = ConfigFile.userPath(environment) {
            try ConfigFile.load(user, system: false, into: &base, policy: &policy)
        }
        var options = try arguments.apply(to: base)
        policy.enforce(on: &options)
        return (options, policy)
    }

    private static func runGate(arguments: [String], environment: [String: String],
                                system: SystemFile) throws(GateError) -> ExitStatus {
        let parsed = try OptionParser.read(arguments)
        var options = try parsed.apply(to: Options())
        var policy = Policy()
        if options.action == .gate || options.action == .odds {
            (options, policy) = try settle(parsed, environment: environment, system: system)
        }
        let choice = LanguageResolver.resolve(explicit: options.language, environment: environment)
        if options.action != .gate { Signals.restoreInheritedMask() }
        switch options.action {
        case .help:
            Platform.printOutput(helpText)
            return .passed
        case .version:
            Platform.printOutput("shapelygate \(version)\n")
            return .passed
        case .stringsTemplate(let requested):
            let language = requested.map { LanguageResolver.choice(from: $0) } ?? choice
            // Only a built-in language's code, as it is listed: nothing that merely falls
            // back to English.
            if let requested, !BuiltInStrings.languages.contains(requested.lowercased()) {
                throw .usage("no built-in strings for '\(requested)' (built in: \(BuiltInStrings.languages.joined(separator: ", ")))")
            }
            Platform.printOutput(GateStrings.template(language: language.language))
            return .passed
        case .odds:
            Platform.printOutput(oddsReport(options.configuration))
            return .passed
        case .gate:
            break
        }
        let verdict = try Verdict.claim(options.verdictDescriptor)

        let strings = try StringsFile.load(options.stringsPath, choice)
        if let name = options.command.first { try CommandRunner.check(name, environment: environment) }

        let purpose = options.purpose
        var log = AuditLog(policy: policy, terminal: "none", command: options.command, purpose: purpose,
                           mode: auditMode(options, environment))
        log.commandBytes = AuditLog.exactBytes(of: options.command)
        guard let terminal = Terminal.openControlling() else {
            log.record(outcome: "denied", reason: "no-terminal")
            // pam_exec runs its helper with PAM_TYPE set and no terminal: say why.
            throw .denied(strings.text(environment["PAM_TYPE"] == nil ? .noTerminal : .noTerminalPAM))
        }
        log.terminal = terminal.name
        // What a pass allows is shown whole or not at all; beyond any screen's size it is
        // refused at once, before a board, and it is no answer from a person (no cooldown).
        let guarding = options.command.isEmpty ? purpose.map(Visible.screen) : Visible.commandLine(options.command)
        if let guarding, DisplayWidth.of(guarding) > Renderer.longestGuarded {
            terminal.close()
            log.record(outcome: "denied", reason: "too-long")
            throw .denied(strings.text(.tooLong, ["count": String(DisplayWidth.of(guarding)),
                                                  "limit": String(Renderer.longestGuarded)]))
        }
        let lockout = Lockout(cooldown: options.cooldown, environment: environment)
        if let refusal = lockout.check(strings) {
            terminal.close()
            guard case .signal(let number) = refusal else {
                log.record(outcome: "locked")
                throw options.login ? .denied(refusal.message) : refusal
            }
            // Interrupted while waiting for another gate's lock: as after a session.
            log.record(outcome: "denied", reason: Signals.name(number))
            return options.login ? deniedQuietly(by: number, strings) : ending(by: number, strings)
        }
        let display = Display.detect(environment: environment, noColor: options.noColor)
        terminal.guardAgainstFatalSignals(leaving: display.cursorControl ? Painter.leaveAfterSignal : "")
        let renderer = Renderer(strings: strings, display: display, guarding: guarding, board: options.board)
        let session = Session(
            terminal: terminal, renderer: renderer,
            configuration: options.configuration, generator: GateRandom(seed: options.seed),
            clock: MonotonicClock(), suspendDenies: options.login)
        let outcome = session.run()
        terminal.close()
        // A screen too small for the board is no answer from a person: it is not counted.
        let interruption: Int32?
        if case .tooSmall = outcome { interruption = nil } else { interruption = lockout.record(passed: outcome == .passed) }
        let challenge = session.challenge
        log.record(outcome: outcome == .passed ? "passed" : "denied", reason: outcome.reason,
                   progress: AuditProgress(rounds: outcome == .passed ? challenge.configuration.rounds : challenge.round - 1,
                                           wrong: challenge.failedAttempts))

        if let interruption, !options.login { return ending(by: interruption, strings) }
        switch outcome {
        case .passed:
            if interruption != nil { return .denied }
            verdict.report()
            if options.command.isEmpty {
                Terminal.discardTypeAhead()
                return .passed
            }
            throw CommandRunner.exec(options.command)
        case .denied:
            return .denied
        case .endOfInput:
            throw .denied(strings.text(.endOfInput))
        case .hangup:
            return .denied
        case .tooSmall(let needed):
            throw .denied(strings.text(.tooSmall, ["columns": String(needed.columns), "rows": String(needed.rows)]))
        case .signal(let number):
            return options.login ? deniedQuietly(by: number, strings) : ending(by: number, strings)
        }
    }

    /// How the gate runs, for the audit record. The sudo plugin says so in the small
    /// environment it gives the gate.
    private static func auditMode(_ options: Options, _ environment: [String: String]) -> String {
        if options.login { return "login" }
        if environment["SHAPELYGATE_CALLER"] == "sudo-plugin" { return "sudo-plugin" }
        return options.command.isEmpty ? "predicate" : "wrapper"
    }

    /// The message for an ending signal, and the status that re-raises it.
    private static func ending(by number: Int32, _ strings: GateStrings) -> ExitStatus {
        ErrorLine.print("shapelygate: \(Visible.screen(interrupted(by: number, strings)))\n")
        return .killedBy(signal: number)
    }

    /// In login mode a signal is a plain denial: the message, and status 1.
    private static func deniedQuietly(by number: Int32, _ strings: GateStrings) -> ExitStatus {
        ErrorLine.print("shapelygate: \(Visible.screen(interrupted(by: number, strings)))\n")
        return .denied
    }

    /// "interrupted (Ctrl-C): denied", in the person's language; the audit log keeps
    /// the signal's name.
    static func interrupted(by number: Int32, _ strings: GateStrings) -> String {
        let way: String
        switch number {
        case SIGINT: way = strings.text(.signalInterrupt)
        case SIGQUIT: way = strings.text(.signalQuit)
        case SIGTSTP: way = strings.text(.signalSuspend)
        case SIGHUP: way = strings.text(.signalHangup)
        case SIGTERM: way = strings.text(.signalTerminate)
        default: way = Signals.name(number)
        }
        return strings.text(.interrupted, ["signal": way])
    }

    static func oddsReport(_ configuration: GateConfiguration) -> String {
        let odds = GateOdds(configuration: configuration)
        let percent = (odds.probability * 100_000).rounded() / 1000
        var text = "kinds \(configuration.kinds.count), shapes-per-kind \(configuration.numberOfEachShape), "
        text += "rounds \(configuration.rounds), attempts \(configuration.maximumFailedAttempts)\n"
        text += "a random guess passes with probability "
        if let fraction = odds.fraction { text += "\(fraction.numerator)/\(fraction.denominator) = " }
        text += "\(percent)%\n"
        let runs = (odds.expectedRuns * 10).rounded() / 10
        text += "expected runs until a random guess passes: \(runs)\n"
        return text
    }

    /// The odds `--help` states, computed from the defaults and the `--strict` profile.
    static var oddsSummary: String {
        func chance(_ configuration: GateConfiguration) -> String {
            let odds = GateOdds(configuration: configuration)
            let percent = (odds.probability * 100_000).rounded() / 1000
            guard let fraction = odds.fraction else { return "\(percent)%" }
            return "\(fraction.numerator) in \(fraction.denominator) (\(percent)%)"
        }
        var strict = Options()
        strict.strict = true
        Policy().enforce(on: &strict)
        let profile = strict.configuration
        return """
            With the defaults a random guess passes \(chance(GateConfiguration())); with --strict
            (\(profile.rounds) rounds, \(profile.kinds.count) kinds, \(profile.maximumFailedAttempts) wrong answers, \
            cooldown \(strict.cooldown) s) \(chance(profile)). See --odds.
            """
    }

    static var helpText: String {
        """
        Usage: shapelygate [options] [--] [command [argument ...]]

        A parental gate for the terminal: a person must pick the named shape on
        /dev/tty before the countdown ends. Exit status 0 means a person passed; with a
        command, the command runs only on a pass and replaces the gate.
        A speed bump for children and a guard against accidents, not authentication.

        Options:
        \(OptionTable.helpLines)

        \(oddsSummary)

        \(ExitStatus.helpTable)

        Environment: LANGUAGE, LC_ALL, LC_MESSAGES, LANG choose the language;
        NO_COLOR turns colour off; TERM=dumb gives plain ASCII drawings.

        """
    }
}
