// CLI.swift — shapelygate from arguments to exit status.
//
// Contract:
// - `run` parses the options, performs an informational action or runs the gate, and
//   returns how the process must end; on a pass with a command it does not return (the
//   command replaces it). It never exits by itself: `main.swift` does.
// - Every path that is not a pass ends in a denial or an error status. Errors are one
//   line on stderr, `shapelygate: ...`. Nothing is written to stdout except what an
//   informational action (--help, --version, --odds, --strings-template) prints.
// - The terminal is restored at one place, after the session, before anything is
//   printed on stderr or a command is run.

import ShapelyGate
import ShapelyGateSystem

public enum CLI {
    public static let version = "1.0.0"

    /// The system policy file. Only this library's callers (tests) can name another;
    /// the installed program always reads this one.
    public static let systemConfigPath = "/etc/shapelygate.conf"

    public static func run(arguments: [String], environment: [String: String]? = nil,
                           systemConfig: String = systemConfigPath) -> ExitStatus {
        let environment = environment ?? Platform.environment()
        do {
            return try runGate(arguments: arguments, environment: environment, systemConfig: systemConfig)
        } catch {
            Platform.printError(error.report)
            return error.status
        }
    }

    /// Options from the files and the flags, with `--strict` and the floors applied.
    static func settle(arguments: [String], environment: [String: String],
                       systemConfig: String) throws(GateError) -> (Options, Policy) {
        var base = Options()
        var policy = Policy()
        var warnings = try ConfigFile.load(systemConfig, system: true, into: &base, policy: &policy)
        if let user = ConfigFile.userPath(environment) {
            warnings += try ConfigFile.load(user, system: false, into: &base, policy: &policy)
        }
        for warning in warnings { Platform.printError("shapelygate: \(warning)\n") }
        var options = try OptionParser.parse(arguments, base: base)
        policy.enforce(on: &options)
        return (options, policy)
    }

    private static func runGate(arguments: [String], environment: [String: String],
                                systemConfig: String) throws(GateError) -> ExitStatus {
        var options = try OptionParser.parse(arguments)
        var policy = Policy()
        if options.action == .gate || options.action == .odds {
            (options, policy) = try settle(arguments: arguments, environment: environment, systemConfig: systemConfig)
        }
        let choice = LanguageResolver.resolve(explicit: options.language, environment: environment)
        switch options.action {
        case .help:
            Platform.printOutput(helpText)
            return .passed
        case .version:
            Platform.printOutput("shapelygate \(version)\n")
            return .passed
        case .stringsTemplate(let requested):
            let language = requested.map { LanguageResolver.choice(from: $0) } ?? choice
            if let requested, language.language != language.requested {
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

        let strings = try StringsFile.load(options.stringsPath, choice)
        if let name = options.command.first { try CommandRunner.check(name, environment: environment) }

        Signals.blockForSession()
        guard let terminal = Terminal.openControlling() else {
            AuditLog(policy: policy, terminal: "none", command: options.command).record(outcome: "denied", reason: "no-terminal")
            throw .denied(strings.text(.noTerminal))
        }
        let log = AuditLog(policy: policy, terminal: terminal.name, command: options.command)
        let lockout = Lockout(cooldown: options.cooldown, environment: environment)
        if let refusal = lockout.check(strings) {
            terminal.close()
            log.record(outcome: "locked")
            throw refusal
        }
        let display = Display.detect(environment: environment, noColor: options.noColor, width: terminal.columns)
        let session = Session(
            terminal: terminal, renderer: Renderer(strings: strings, display: display),
            configuration: options.configuration, generator: GateRandom(seed: options.seed),
            clock: { Platform.monotonicSeconds() })
        let outcome = session.run()
        terminal.close()
        lockout.record(passed: outcome == .passed)
        log.record(outcome: outcome == .passed ? "passed" : "denied", reason: outcome.reason)

        switch outcome {
        case .passed:
            if options.command.isEmpty { return .passed }
            throw CommandRunner.exec(options.command)
        case .denied:
            return .denied
        case .endOfInput:
            throw .denied(strings.text(.endOfInput))
        case .signal(let number):
            Platform.printError("shapelygate: \(strings.text(.interrupted, ["signal": Signals.name(number)]))\n")
            return .killedBy(signal: number)
        }
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

    static var helpText: String {
        """
        Usage: shapelygate [options] [--] [command [argument ...]]

        A parental gate for the terminal: a person must pick the named shape on
        /dev/tty before the countdown ends. Exit status 0 means a person passed; with a
        command, the command runs only on a pass and replaces the gate.
        A speed bump for children and a guard against accidents, not authentication.

        Options:
        \(OptionParser.optionLines)

        With the defaults a random guess passes 7 times in 16 (43.75%); with --strict
        (3 rounds, 8 kinds, 2 wrong answers, cooldown 60 s) 29 in 4096 (0.708%). See --odds.

        \(ExitStatus.helpTable)

        Environment: LANGUAGE, LC_ALL, LC_MESSAGES, LANG choose the language;
        NO_COLOR turns colour off; TERM=dumb gives plain ASCII drawings.

        """
    }
}
