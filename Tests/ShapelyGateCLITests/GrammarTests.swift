// GrammarTests.swift — one grammar at every door: a word and a value are accepted or
// refused alike by the command line, the user's and the system file, the sudo Plugin
// line and the PAM line; a word where it means nothing is refused naming the door; a
// misspelt word gets the one meant. Each reader is driven as its door drives it.

import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

/// What each door's own reader says of `name` set to `value` (nil: accepted).
func said(_ name: String, _ value: String?, at door: Door) -> String? {
    switch door {
    case .commandLine:
        do {
            _ = try OptionParser.read(["--" + name] + (value.map { [$0] } ?? []))
            return nil
        } catch { return error.message }
    case .userFile, .systemFile:
        var options = Options(), policy = Policy()
        do {
            try ConfigFile.apply(text: "\(name) = \(value ?? "yes")\n", name: "f", system: door == .systemFile,
                                 into: &options, policy: &policy)
            return nil
        } catch { return error.message }
    case .sudoLine, .pamLine:
        let person = door == .pamLine && name != "person" ? ["person=caller"] : []
        do {
            _ = try DoorOptions.parse(person + [value.map { "\(name)=\($0)" } ?? name], door: door)
            return nil
        } catch { return error.message }
    }
}

@Suite struct GrammarTests {
    /// A value the word takes, for trying it at every door.
    static func good(_ word: PolicyWord) -> String? {
        switch word.kind {
        case .flag: return nil
        case .wholeNumber(let range): return String(range.lowerBound + (range.count > 1 ? 1 : 0))
        case .seed: return "7"
        case .kinds: return "3"
        case .choice(let choices): return choices[0]
        case .strings, .absolutePath: return "/"
        case .language: return "fr"
        case .text: return "apt upgrade"
        case .descriptor: return "3"
        case .approvers, .users: return "root"
        case .groups: return "root"
        case .commands: return "/usr/bin/"
        }
    }

    @Test func everyWordIsTakenAtItsDoorsAndRefusedNamingTheDoorElsewhere() {
        for word in Grammar.words {
            for door in Door.allCases {
                let problem = said(word.name, Self.good(word), at: door)
                if word.doors.contains(door) {
                    #expect(problem == nil, "\(word.name) at \(door): \(problem ?? "")")
                } else {
                    let named = problem.map { $0.contains(door.place) || $0.contains("only in the system file") }
                    #expect(named == true, "\(word.name) at \(door) should be refused naming the door: \(problem ?? "taken")")
                }
            }
        }
    }

    @Test(arguments: ["+5", "05", "5s", "-0", "5.0", "٥", "0x5"])
    func aWholeNumberHasOneSpellingAtEveryDoor(_ spelling: String) {
        for word in Grammar.words {
            guard case .wholeNumber(let range) = word.kind, range.contains(5) else { continue }
            for door in word.doors {
                #expect(said(word.name, "5", at: door) == nil, "\(word.name)=5 at \(door)")
                let refusal = said(word.name, spelling, at: door)
                #expect(refusal?.contains("expected a whole number \(range.lowerBound)-\(range.upperBound)") == true,
                        "\(word.name)=\(spelling) at \(door): \(refusal ?? "taken")")
            }
        }
    }

    @Test func aBadValueIsSaidAlikeInEachDoorsSpelling() {
        #expect(said("timeout", "0", at: .commandLine) == "invalid --timeout '0': expected a whole number 1-3600")
        #expect(said("timeout", "0", at: .userFile) == "f:1: invalid timeout '0': expected a whole number 1-3600")
        #expect(said("timeout", "0", at: .sudoLine) == "invalid timeout=0: expected a whole number 1-3600")
        #expect(said("timeout", "0", at: .pamLine) == "invalid timeout=0: expected a whole number 1-3600")
        #expect(said("board", "huge", at: .systemFile) == "f:1: invalid board 'huge': expected picture or words")
        #expect(said("board", "huge", at: .sudoLine) == "invalid board=huge: expected picture or words")
        #expect(said("notify", "relative", at: .systemFile) == "f:1: notify needs a full path, starting with /")
        #expect(said("notify", "relative", at: .sudoLine) == "option notify= needs a full path, starting with /")
    }

    @Test func aWordWhereItMeansNothingIsRefusedNamingTheDoor() {
        #expect(said("syslog", "yes", at: .sudoLine)
                == "option syslog means nothing on the sudo.conf Plugin line; it is read in the system file (/etc/shapelygate.conf)")
        #expect(said("login", nil, at: .systemFile)
                == "f:1: 'login' means nothing in the system file (/etc/shapelygate.conf); it is read on the command line")
        #expect(said("approvers", "root", at: .userFile) == "f:1: 'approvers' may be set only in the system file")
        #expect(said("grace", "5", at: .pamLine) == "option grace= means nothing on the PAM line: a PAM door keeps no grace window")
        #expect(said("min-rounds", "2", at: .commandLine)
                == "--min-rounds means nothing on the command line; it is read in the system file (/etc/shapelygate.conf)")
    }

    @Test func aMisspeltWordGetsTheOneMeantAtEveryDoor() {
        #expect(said("timout", "5", at: .commandLine) == "unknown option --timout; did you mean --timeout?")
        #expect(said("cooldwn", "5", at: .systemFile) == "f:1: unknown key 'cooldwn'; did you mean 'cooldown'?")
        #expect(said("timout", "5", at: .sudoLine)
                == "unknown option 'timout' in the sudo.conf Plugin line; did you mean 'timeout'?")
        #expect(said("persn", "caller", at: .pamLine)?.hasSuffix("in the PAM line; did you mean 'person'?") == true)
        #expect(said("xyzzy", "5", at: .userFile) == "f:1: unknown key 'xyzzy'")
    }

    @Test func aChoiceIsTakenInAnyCaseAtEveryDoor() {
        for door in Grammar.word("board")!.doors { #expect(said("board", "Words", at: door) == nil, "\(door)") }
        for door in Grammar.word("approval")!.doors { #expect(said("approval", "BOARD", at: door) == nil, "\(door)") }
    }

    @Test func aFlagTakesYesOrNoInAFileAndNothingElsewhere() {
        #expect(said("strict", "no", at: .userFile) == nil)
        #expect(said("strict", "maybe", at: .userFile) == "f:1: invalid strict 'maybe': expected yes or no")
        #expect(said("strict", "yes", at: .sudoLine) == "option strict takes no value")
        var options = Options(), policy = Policy()
        try? ConfigFile.apply(text: "strict = no\nno-color = no\n", name: "f", system: false, into: &options, policy: &policy)
        #expect(!options.strict && !options.noColor, "a flag set to no changes nothing")
    }
}
