// CLI.swift — shapelygate from arguments to exit status, in three stages:
//
//     Settings.resolve(arguments, files, environment)   what the gate is told, read once:
//       │                                                options, policy, and the environment
//       │                                                as typed values (language, display…)
//       -> run(settings)                                 the action, or GateRun: lockout,
//       │                                                terminal, session, record → one
//       │                                                GateOutcome, in an Ending
//       -> Ending.finish(output)                         say it, log it, the status from
//                                                        the outcome
//
// Contract:
// - `run(arguments:)` is the installed program's way in: it blocks the gate's signals
//   before anything else (see Signals.swift), then runs the three stages with the real
//   policy file, environment and output. It never exits by itself: `main.swift` ends
//   the process with the status, or the command replaces it on a pass.
// - Every path that is not a pass ends in a denial or an error status. Errors are one
//   line on stderr, `shapelygate: ...`. Nothing is written to stdout except what an
//   informational action (--help, --version, --odds, --strings-template, --check, --doors) prints.
// - The stages below `run(arguments:)` touch no signal mask and write only through
//   the `Output` they are given, so tests run them in their own process. An
//   informational action gets the caller's signal mask back (there) before it prints,
//   so Ctrl-C still ends it.
// - The terminal's settings are restored by `Terminal.close()` before anything is
//   printed on stderr or a command is run, on every path that opened it; a real-time
//   or crash signal restores them from its handler (guard.c) before it ends the gate.
// - `hardenProcess`, first thing in main.swift, makes the process non-dumpable
//   (Platform.refuseTracing) and installs the fatal-signal handler (guard.c).

import ShapelyGate
import ShapelyGateJudge
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

public enum CLI {
    package static let version = ProgramVersion.number

    /// What the shapelygate process does before anything else (main.swift), and tests
    /// running the stages in their own process do not: it becomes non-dumpable, so the
    /// user's other processes cannot trace it or reach its memory and descriptors, and
    /// real-time and crash signals put the terminal back before they end it.
    public static func hardenProcess() {
        Platform.refuseTracing()
        Signals.guardAgainstFatalSignals()
    }

    /// The installed program: signals blocked first, then the three stages.
    public static func run(arguments: [String]) -> ExitStatus {
        Signals.captureInherited()
        Signals.blockForSession()
        // The sudo plugin's judge reads no option, file or variable of the gate's.
        if arguments == ["--sudo-judge"] { return SudoJudge.run() }
        // So does the PAM module's.
        if arguments == ["--pam-judge"] { return PamJudge.run() }
        let ending = decide(arguments, files: .installed, environment: Platform.environment())
        if ending.isInformational { Signals.restoreInheritedMask() }
        return ending.finish(.process)
    }

    package static func run(_ arguments: [String], files: Settings.Files, environment: [String: String],
                    output: Output) -> ExitStatus {
        decide(arguments, files: files, environment: environment).finish(output)
    }

    /// The first two stages: the ending the run comes to.
    package static func decide(_ arguments: [String], files: Settings.Files, environment: [String: String],
                       world: GateWorld = .system) -> Ending {
        do {
            let settings = try Settings.resolve(arguments, files: files, environment: environment)
            return try run(settings, world: world)
        } catch {
            return .failed(error)
        }
    }

    /// The second stage: an informational action's text, or the gate (GateRun.swift).
    package static func run(_ settings: Settings, world: GateWorld = .system) throws(GateError) -> Ending {
        let options = settings.options
        let choice = settings.language
        if options.json, case .doors = options.action {} else if options.json {
            throw .usage("option --json goes with --doors")
        }
        switch options.action {
        case .help:
            return Ending(.informed(helpText))
        case .version:
            return Ending(.informed("shapelygate \(version)\n"))
        case .stringsTemplate(let requested):
            let language = requested.map { LanguageResolver.choice(from: $0) } ?? choice
            // Only a built-in language's code, as it is listed: nothing that merely falls
            // back to English.
            if let requested, !BuiltInStrings.languages.contains(requested.lowercased()) {
                throw .usage("no built-in strings for '\(requested)' (built in: \(BuiltInStrings.languages.joined(separator: ", ")))")
            }
            return Ending(.informed(GateStrings.template(language: language.language)))
        case .odds:
            return Ending(.informed(oddsReport(options.configuration)))
        case .check(let paths, let asSudoConf):
            let named = paths ?? (options.command.isEmpty ? nil : options.command)
            return ConfigurationCheck(paths: named, asSudoConf: asSudoConf).run()
        case .doors(let user):
            guard options.command.isEmpty else { throw .usage("--doors takes one account, and no command") }
            return try DoorsAudit.run(user: user, json: options.json)
        case .endGrace:
            return EndGrace.run()
        case .approval(var request):
            // `--approve ID --for DURATION`: a yes that lasts.
            if case .approve(let id, nil) = request, let text = options.purpose {
                guard let seconds = ApprovalRequest.duration(text) else {
                    throw .usage("invalid --for '\(text.prefix(40))' with --approve: expected seconds, or minutes or hours (600, 10m, 1h), at most 24h")
                }
                request = .approve(id, window: seconds)
            }
            return ApprovalClient(request: request).run()
        case .gate:
            return try GateRun(settings: settings, world: world).run()
        }
    }

    package static func oddsReport(_ configuration: GateConfiguration) -> String {
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
    package static var oddsSummary: String {
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

    package static var helpText: String {
        """
        Usage: shapelygate [options] [--] [command [argument ...]]

        A parental gate for the terminal: a person must pick the named shape on
        /dev/tty before the countdown ends. Exit status 0 means a person passed; with a
        command, the command runs only on a pass and replaces the gate.
        A speed bump for children and a guard against accidents, not authentication.

        Options:
        \(OptionTable.helpLines)

        \(TextLayout.wrap(oddsSummary.split(separator: "\n").joined(separator: " "), width: 80).joined(separator: "\n"))

        \(ExitStatus.helpTable)

        Environment: LANGUAGE, LC_ALL, LC_MESSAGES, LANG choose the language;
        NO_COLOR turns colour off; TERM=dumb gives plain ASCII drawings.

        """
    }
}
