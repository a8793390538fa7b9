// OptionsTests.swift — every option in every spelling, and every kind of mistake.

import ShapelyGate
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

@Suite struct OptionsTests {
    @Test func defaultsAreTheSeeds() throws {
        let options = try OptionParser.parse([])
        #expect(options.configuration == GateConfiguration())
        #expect(options.configuration.maximumFailedAttempts == 2)
        #expect(options.configuration.maximumTimeAllowed == 10)
        #expect(options.configuration.supportsTimeOut)
        #expect(options.configuration.numberOfEachShape == 2)
        #expect(options.stringsPath == nil && options.language == nil && options.seed == nil && !options.noColor)
        #expect(options.action == .gate && options.command.isEmpty)
    }

    @Test(arguments: [
        ["--attempts", "5"], ["--attempts=5"], ["-a", "5"], ["-a5"],
    ])
    func attempts(_ arguments: [String]) throws {
        #expect(try OptionParser.parse(arguments).configuration.maximumFailedAttempts == 5)
    }

    @Test func everyValueOption() throws {
        let options = try OptionParser.parse([
            "-t", "30", "--shapes-per-kind=3", "-r", "2", "--kinds", "star,heart,cross", "-s", "/x.plist",
            "--lang=es", "--seed", "18446744073709551615", "--no-color",
        ])
        #expect(options.configuration.maximumTimeAllowed == 30)
        #expect(options.configuration.numberOfEachShape == 3)
        #expect(options.configuration.rounds == 2)
        #expect(options.configuration.kinds == [.star, .heart, .cross])
        #expect(options.stringsPath == "/x.plist")
        #expect(options.language == "es")
        #expect(options.seed == UInt64.max)
        #expect(options.noColor)
        #expect(try OptionParser.parse(["--timeout", "5", "--no-timeout"]).configuration.supportsTimeOut == false)
        #expect(try OptionParser.parse(["-k", "6"]).configuration.kinds.count == 6)
        #expect(try OptionParser.parse(["-n", "9"]).configuration.numberOfEachShape == 9)
        #expect(try OptionParser.parse(["-l", "de"]).language == "de")
        #expect(try OptionParser.parse(["--strings=dir"]).stringsPath == "dir")
    }

    @Test func actions() throws {
        #expect(try OptionParser.parse(["-h"]).action == .help)
        #expect(try OptionParser.parse(["--help"]).action == .help)
        #expect(try OptionParser.parse(["-V"]).action == .version)
        #expect(try OptionParser.parse(["--version"]).action == .version)
        #expect(try OptionParser.parse(["--odds"]).action == .odds)
        #expect(try OptionParser.parse(["--strings-template"]).action == .stringsTemplate(language: nil))
        #expect(try OptionParser.parse(["--strings-template", "fr"]).action == .stringsTemplate(language: "fr"))
        #expect(try OptionParser.parse(["--strings-template=de"]).action == .stringsTemplate(language: "de"))
        #expect(try OptionParser.parse(["--strings-template", "--no-color"]).action == .stringsTemplate(language: nil))
    }

    @Test func optionsEndAtDoubleDashOrTheFirstWord() throws {
        #expect(try OptionParser.parse(["--", "grep", "--help"]).command == ["grep", "--help"])
        let options = try OptionParser.parse(["-a", "3", "apt", "-y", "--", "upgrade"])
        #expect(options.command == ["apt", "-y", "--", "upgrade"])
        #expect(options.configuration.maximumFailedAttempts == 3)
        #expect(try OptionParser.parse(["--"]).command == [])
        #expect(try OptionParser.parse(["-"]).command == ["-"])
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus"),
        (["-x"], "unknown option -x"),
        // A near miss names the option meant; a word near two, or near none, names none.
        (["--timout", "5"], "unknown option --timout; did you mean --timeout?"),
        (["--stirct"], "unknown option --stirct; did you mean --strict?"),
        (["--cooldwn=5"], "unknown option --cooldwn; did you mean --cooldown?"),
        (["--ln"], "unknown option --ln"),
        (["--attempts"], "option --attempts needs a value"),
        (["--attempts", "0"], "invalid --attempts '0': expected a whole number 1-99"),
        (["--attempts=100"], "invalid --attempts '100': expected a whole number 1-99"),
        (["-a", "two"], "invalid --attempts 'two': expected a whole number 1-99"),
        (["--timeout", "0"], "invalid --timeout '0': expected a whole number 1-3600"),
        (["-t", "3601"], "invalid --timeout '3601': expected a whole number 1-3600"),
        (["-n", "10"], "invalid --shapes-per-kind '10': expected a whole number 1-9"),
        (["--rounds", "21"], "invalid --rounds '21': expected a whole number 1-20"),
        (["--kinds", "1"], "invalid --kinds '1': expected 2-9 or a list of shape names"),
        (["--kinds", "circle,blob"], "invalid --kinds 'circle,blob': unknown shape 'blob' (known: circle, square, triangle, pentagon, hexagon, star, diamond, heart, cross)"),
        (["--kinds", "star,star"], "invalid --kinds 'star,star': name at least two different shapes"),
        (["--seed", "-1"], "invalid --seed '-1': expected a whole number 0-18446744073709551615"),
        (["--no-color=yes"], "option --no-color takes no value"),
        (["-hx"], "option -h takes no value"),
        (["--strings="], "option --strings needs a value"),
        (["--lang="], "option --lang needs a value"),
    ])
    func mistakes(_ arguments: [String], _ message: String) {
        #expect(throws: GateError.usage(message)) { try OptionParser.parse(arguments) }
    }

    @Test func helpFitsEightyColumnsAndKeepsEveryOption() {
        let help = CLI.helpText
        let long = help.split(separator: "\n").filter { $0.count > 80 }
        #expect(long.isEmpty, "\(long)")
        for spec in OptionTable.specs { #expect(help.contains("--\(spec.long)"), "--\(spec.long)") }
        #expect(!help.contains("(default\n"), "a default cut from its value")
    }

    @Test func aMisspeltWordOfTheSudoOrPamLineIsNamed() {
        #expect(throws: Refusal("unknown option 'timout' in the sudo.conf Plugin line; did you mean 'timeout'?")) {
            try DoorOptions.parse(["timout=5"])
        }
        #expect(throws: Refusal("unknown option 'persn' in the PAM line; did you mean 'person'?")) {
            try DoorOptions.parse(["persn=caller"], door: .pamLine)
        }
    }

    @Test func usageErrorsPointAtHelpAndExitTwo() {
        let error = GateError.usage("unknown option --bogus")
        #expect(error.report == "shapelygate: unknown option --bogus\nTry 'shapelygate --help' for more information.\n")
        #expect(error.status.code == 2)
        #expect(GateError.configuration("x").report == "shapelygate: x\n")
    }

    @Test func runReturnsTheDocumentedStatuses() {
        // A policy file of the test's own (absent), never the machine's /etc.
        let folder = temporaryFolder()
        let noPolicy = folder + "/shapelygate.conf"
        func run(_ arguments: [String], _ environment: [String: String] = [:],
                 _ captured: CapturedOutput = CapturedOutput()) -> ShapelyGatePolicy.ExitStatus {
            CLI.run(arguments, files: .init(system: noPolicy, systemOwner: getuid(), user: 1000), environment: environment,
                    output: captured.output)
        }
        let said = CapturedOutput()
        #expect(run(["--bogus"], [:], said) == .usage)
        #expect(said.error == "shapelygate: unknown option --bogus\nTry 'shapelygate --help' for more information.\n")
        #expect(said.standard.isEmpty)
        let version = CapturedOutput()
        #expect(run(["--version"], [:], version) == .passed)
        #expect(version.standard == "shapelygate \(CLI.version)\n" && version.error.isEmpty)
        #expect(run(["--strings", "/nonexistent/file.plist"]) == .usage)
        #expect(run(["--strings-template", "it"]) == .usage)
        for language in ["xx", "C", "en@evil", "", "\u{1B}"] { #expect(run(["--strings-template=\(language)"]) == .usage) }
        #expect(run(["--", "/nonexistent/command"]) == .commandNotFound)
        let plainFile = folder + "/not-executable"
        writeFile(plainFile, "echo hi\n")
        #expect(run(["--", plainFile]) == .commandNotExecutable)
        #expect(run(["--", folder]) == .commandNotExecutable)
        #expect(run(["no-such-command-anywhere"], ["PATH": "/usr/bin:/bin"]) == .commandNotFound)
    }
}
