// Grammar.swift — every policy word, described once (PolicyWord): the command line's
// options that configure the gate, /etc/shapelygate.conf and the user's file, the sudo
// Plugin line, the PAM module line and the approval settings all read their words here,
// and shapelygate.conf(5), --help and the completions are held to this table by tests.
//
// Contract:
// - A word is accepted or refused alike at every door that reads it (GrammarReading).
// - A word given at a door where it means nothing is refused, naming the door.
// - The ranges are the gate's own (GateConfiguration), written nowhere else.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGateScreen

package enum Grammar {
    static let everywhere: Set<Door> = Set(Door.allCases)
    static let filesAndCommandLine: Set<Door> = [.commandLine, .userFile, .systemFile]
    static let approvalDoors: Set<Door> = [.systemFile, .sudoLine, .pamLine]

    private static func number(_ name: String, short: Character? = nil, doors: Set<Door> = everywhere,
                               _ range: ClosedRange<Int>, unit: String = "N", default value: Int,
                               floor: String? = nil, help: String,
                               _ change: @escaping @Sendable (Int, inout Options) -> Void) -> PolicyWord {
        PolicyWord(name, short: short, doors: doors, kind: .wholeNumber(range), valueName: unit, defaultValue: "\(value)",
                   floor: floor, help: help, target: .options { change($0.number, &$1) })
    }

    private static func bound(_ name: String, _ range: ClosedRange<Int>, default value: Int, help: String,
                              _ field: WritableKeyPath<Policy, Int> & Sendable) -> PolicyWord {
        PolicyWord(name, doors: [.systemFile], kind: .wholeNumber(range), valueName: "N", defaultValue: "\(value)",
                   help: help, target: .policy { $1[keyPath: field] = $0.number })
    }

    /// The gate's words: what a challenge is and how it looks.
    static let gateWords: [PolicyWord] = [
        number("attempts", short: "a", GateConfiguration.attemptsRange, default: 2, floor: "max-attempts",
               help: "wrong answers that deny the gate, 1-99 (default 2)") { $1.configuration.maximumFailedAttempts = $0 },
        number("timeout", short: "t", GateConfiguration.timeoutRange, unit: "SECONDS", default: 10, floor: "max-timeout",
               help: "seconds for each round, 1-3600 (default 10)") {
            $1.configuration.maximumTimeAllowed = $0
            $1.configuration.supportsTimeOut = true
        },
        PolicyWord("no-timeout", doors: filesAndCommandLine, kind: .flag, floor: "require-timeout",
                   help: "no countdown: wait for an answer for ever",
                   target: .options { _, options in options.configuration.supportsTimeOut = false }),
        number("shapes-per-kind", short: "n", GateConfiguration.shapesPerKindRange, default: 2,
               help: "tiles of each shape on the board, 1-9 (default 2)") { $1.configuration.numberOfEachShape = $0 },
        number("rounds", short: "r", GateConfiguration.roundsRange, default: 1, floor: "min-rounds",
               help: "challenges to pass in a row, 1-20 (default 1)") { $1.configuration.rounds = $0 },
        PolicyWord("kinds", short: "k", doors: everywhere, kind: .kinds, valueName: "N|LIST", defaultValue: "4",
                   floor: "min-kinds", help: "how many shape kinds (2-9) or a comma list of names (default 4)",
                   target: .options { value, options in
                       if case .kinds(let kinds) = value { options.configuration.kinds = kinds }
                   }),
        number("cooldown", GateConfiguration.cooldownRange, unit: "SECONDS", default: 0, floor: "min-cooldown",
               help: "stay shut this long after a denial, doubling each time, 0-86400 (default 0)") { $1.cooldown = $0 },
        number("extensions", doors: [.commandLine, .userFile, .systemFile, .sudoLine], Options.extensionsRange, default: Options.defaultExtensions, floor: "max-extensions",
               help: "times a person may type + then Enter for the round's time again, 0-10 (default 10)") {
            $1.extensions = $0
        },
        PolicyWord("strict", doors: everywhere, kind: .flag,
                   help: "at least 3 rounds, 8 kinds, cooldown 60; at most 2 wrong answers",
                   target: .options { _, options in options.strict = true }),
        PolicyWord("login", doors: [.commandLine], kind: .flag,
                   help: "for ~/.profile: Ctrl-C, Ctrl-\\, Ctrl-Z and hangups deny with status 1",
                   target: .options { _, options in options.loginMode = true }),
        PolicyWord("for", doors: [.commandLine], kind: .text, valueName: "TEXT",
                   help: "what a pass allows, shown above the board and logged",
                   target: .options { value, options in options.purpose = value.text }),
        PolicyWord("verdict-fd", doors: [.commandLine], kind: .descriptor, valueName: "FD",
                   help: "write a pass to this open descriptor (for the sudo plugin)",
                   target: .options { value, options in options.verdictDescriptor = Int32(value.number) }),
        PolicyWord("strings", short: "s", doors: Set(Door.allCases), kind: .strings, valueName: "PATH",
                   help: "override plist, or a folder of <lang>.lproj/ParentalGateStrings.plist",
                   target: .options { value, options in options.stringsPath = value.text }),
        PolicyWord("lang", short: "l", doors: everywhere, kind: .language, valueName: "CODE",
                   help: "language: en, es, fr, de (default: from the environment)",
                   target: .options { value, options in options.language = value.text }),
        PolicyWord("seed", doors: [.commandLine, .sudoLine, .pamLine], kind: .seed, valueName: "N",
                   help: "make every deal reproducible (for tests and demos)",
                   target: .options { value, options in if case .seed(let seed) = value { options.seed = seed } }),
        PolicyWord("no-color", doors: filesAndCommandLine, kind: .flag, help: "draw without colour (as does NO_COLOR)",
                   target: .options { _, options in options.noColor = true }),
        PolicyWord("board", doors: [.commandLine, .userFile, .systemFile, .sudoLine],
                   kind: .choice(BoardStyle.allCases.map(\.rawValue)), valueName: "picture|words", defaultValue: "picture",
                   help: "words: plain lines for screen readers (default picture)",
                   target: .options { value, options in options.board = BoardStyle(rawValue: value.text) ?? .picture }),
    ]

    /// The system file's own words: floors, logging and the longest grace window.
    static let systemWords: [PolicyWord] = [
        bound("min-rounds", GateConfiguration.roundsRange, default: 1, help: "at least this many rounds", \.minRounds),
        bound("min-kinds", GateConfiguration.kindsRange, default: 2, help: "at least this many shape kinds", \.minKinds),
        bound("max-attempts", GateConfiguration.attemptsRange, default: 99, help: "at most this many wrong answers",
              \.maxAttempts),
        bound("max-timeout", GateConfiguration.timeoutRange, default: 3600,
              help: "at most this many seconds a round; below 3600 it turns the countdown on", \.maxTimeout),
        bound("min-cooldown", GateConfiguration.cooldownRange, default: 0, help: "at least this cooldown", \.minCooldown),
        bound("max-extensions", Options.extensionsRange, default: Options.defaultExtensions,
              help: "at most this many times a person may ask for more time", \.maxExtensions),
        PolicyWord("require-timeout", doors: [.systemFile], kind: .flag, defaultValue: "no",
                   help: "the countdown is always on: no-timeout is ignored",
                   target: .policy { value, policy in policy.requireTimeout = value.isOn }),
        PolicyWord("syslog", doors: [.systemFile], kind: .flag, defaultValue: "no",
                   help: "record every run in the system log (authpriv)",
                   target: .policy { value, policy in policy.syslog = value.isOn }),
        PolicyWord("log-file", doors: [.systemFile], kind: .absolutePath, valueName: "PATH",
                   help: "record every run in this file too",
                   target: .policy { value, policy in policy.logFile = value.text }),
        PolicyWord("max-approval-window", doors: [.systemFile], kind: .wholeNumber(1...86400), valueName: "SECONDS",
                   defaultValue: "\(Approvers.defaultMaxWindow)", help: "the longest window an approver's yes may last",
                   target: .policy { value, policy in policy.maxApprovalWindow = value.number }),
        PolicyWord("max-grace", doors: [.systemFile], kind: .wholeNumber(0...86400), valueName: "SECONDS",
                   defaultValue: "300", help: "the longest grace window a sudo line may keep",
                   target: .policy { value, policy in policy.maxGrace = value.number }),
    ]

    /// Who may approve and how: in the system file, and over it on a door's line.
    static let approvalWords: [PolicyWord] = [
        PolicyWord("approvers", doors: approvalDoors, kind: .approvers, valueName: "LIST",
                   help: "users and %groups whose yes lets a gated person through",
                   target: .policy { value, policy in if case .approvers(let who) = value { policy.approvers = who } }),
        PolicyWord("approval", doors: approvalDoors, kind: .choice(ApprovalMode.allCases.map(\.rawValue)),
                   valueName: "board|parent|either|both", defaultValue: "board",
                   help: "the board alone, a parent's yes alone, either, or both",
                   target: .policy { value, policy in policy.approval = ApprovalMode(rawValue: value.text) }),
        PolicyWord("approval-timeout", doors: approvalDoors, kind: .wholeNumber(Approvers.timeoutRange),
                   valueName: "SECONDS", defaultValue: "\(Approvers.defaultTimeout)",
                   help: "how long a request waits for an approver",
                   target: .policy { value, policy in policy.approvalTimeout = value.number }),
        PolicyWord("request-cooldown", doors: approvalDoors, kind: .wholeNumber(GateConfiguration.cooldownRange),
                   valueName: "SECONDS", defaultValue: "\(Approvers.defaultRequestCooldown)",
                   help: "after a no, or a request no one answered, how long before the same person may ask again",
                   target: .policy { value, policy in policy.requestCooldown = value.number }),
        PolicyWord("notify", doors: approvalDoors, kind: .absolutePath, valueName: "PATH",
                   help: "a program told of each request, run without privileges",
                   target: .policy { value, policy in policy.notify = value.text }),
    ]

    /// The door lines' own words, which the line reads itself (DoorOptions).
    static let lineWords: [PolicyWord] = [
        PolicyWord("users", doors: [.sudoLine, .pamLine], kind: .users, valueName: "LIST",
                   help: "gate only these users (names or IDs); default everyone", target: .door),
        PolicyWord("groups", doors: [.sudoLine, .pamLine], kind: .groups, valueName: "LIST",
                   help: "gate only members of these groups", target: .door),
        PolicyWord("commands", doors: [.sudoLine], kind: .commands, valueName: "LIST",
                   help: "gate only these programs, or programs under these folders (ending in /)", target: .door),
        PolicyWord("path", doors: [.sudoLine, .pamLine], kind: .absolutePath, valueName: "PATH",
                   defaultValue: SG_DEFAULT_PROGRAM, help: "the shapelygate program the door starts", target: .door),
        PolicyWord("grace", doors: [.sudoLine], kind: .wholeNumber(0...86400), valueName: "SECONDS", defaultValue: "0",
                   help: "after a pass, the same person on the same terminal is not asked again for this long",
                   target: .door),
        PolicyWord("person", doors: [.pamLine], kind: .choice(["caller", "login"]), valueName: "caller|login",
                   help: "who is gated: the caller (su, pkexec, run0) or the account logged in to (login, sshd)",
                   target: .door),
    ]

    package static let words: [PolicyWord] = gateWords + systemWords + approvalWords + lineWords

    package static func word(_ name: some StringProtocol) -> PolicyWord? { words.first { $0.name == name } }

    /// The words a door reads.
    package static func words(at door: Door) -> [PolicyWord] { words.filter { $0.doors.contains(door) } }
}
