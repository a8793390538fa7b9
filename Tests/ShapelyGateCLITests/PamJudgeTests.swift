// PamJudgeTests.swift — the PAM judge's pieces without a module: the line's options
// (person= required, the sudo line's parser for the rest, what means nothing at a PAM
// door refused by name), the conversation's pieces within PAM's message size, the
// module's facts, and who is gated by users= and groups=.

@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
import ShapelyGate
import ShapelyGateScreen
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

struct PamJudgeTests {
    @Test func personIsRequiredAndSaysWhoIsGated() throws {
        #expect(try DoorOptions.parse(["person=caller"], door: .pamLine).person == .caller)
        #expect(try DoorOptions.parse(["person=login", "timeout=20"], door: .pamLine).person == .login)
        #expect(throws: Refusal("the PAM line needs person=caller or person=login: say who is gated")) {
            try DoorOptions.parse(["timeout=20"], door: .pamLine)
        }
        #expect(throws: Refusal("invalid person=root: expected caller or login")) {
            try DoorOptions.parse(["person=root"], door: .pamLine)
        }
        #expect(throws: Refusal("option person= is given twice: give each option once")) {
            try DoorOptions.parse(["person=login", "person=caller"], door: .pamLine)
        }
        #expect(throws: Refusal("option users= is given twice: give each option once")) {
            try DoorOptions.parse(["person=caller", "users=root", "users=nobody"], door: .pamLine)
        }
    }

    @Test func theSudoLinesOptionsAreCheckedByItsOwnParser() throws {
        let options = try DoorOptions.parse(["person=caller", "timeout=20", "strict", "users=root", "approval=board"], door: .pamLine)
        #expect(options.gateArguments == ["--timeout", "20", "--strict"])
        #expect(options.users == ["root"])
        #expect(throws: Refusal("invalid timeout=0: expected a whole number 1-3600")) {
            try DoorOptions.parse(["person=caller", "timeout=0"], door: .pamLine)
        }
    }

    @Test func whatMeansNothingAtAPamDoorIsRefusedByName() {
        for name in ["commands=/bin/sh", "grace=30", "board=words"] {
            #expect(throws: Refusal.self) { try DoorOptions.parse(["person=caller", name], door: .pamLine) }
        }
        #expect(throws: Refusal("unknown option 'colour' in the PAM line")) {
            try DoorOptions.parse(["person=caller", "colour=red"], door: .pamLine)
        }
        #expect(throws: Refusal.self) { try DoorOptions.parse(["person=caller", "lang=e\u{1B}n"], door: .pamLine) }
    }

    @Test func piecesFitPAMsMessageSizeAndBreakAtLineEnds() {
        #expect(PamConversation.pieces("\nA\nB\n\n") == ["A\nB"])
        let line = String(repeating: "x", count: 300)
        #expect(PamConversation.pieces(line + "\n" + line) == [line, line])
        let long = String(repeating: "é", count: 400)
        let pieces = PamConversation.pieces(long)
        #expect(pieces.allSatisfy { $0.utf8.count <= 511 } && pieces.joined() == long)
        #expect(PamConversation.pieces("") == [])
    }

    @Test func theFactsAreReadFromTheModulesEntries() {
        typealias Kind = JudgeLink.Kind
        var facts = PamFacts()
        facts.read([.init(tag: Kind.protocolVersion, text: String(Kind.version)), .init(tag: Kind.option, text: "person=caller"),
                    .init(tag: Kind.service, text: "su"), .init(tag: Kind.user, text: "root"),
                    .init(tag: Kind.remoteUser, text: "kid"), .init(tag: Kind.realUID, text: "2001"),
                    .init(tag: Kind.terminal, text: "")])
        #expect(facts.options == ["person=caller"] && facts.service == "su" && facts.user == "root")
        #expect(facts.remoteUser == "kid" && facts.caller == 2001 && facts.terminal == nil)
        facts.service = "s\u{1B}[2Ju"
        #expect(!facts.serviceName.contains("\u{1B}"))
    }

    /// Who calls is what the kernel says, and a real uid of 0 is never the caller.
    @Test(arguments: [
        ("2001", nil, UInt32?.some(2001)),        // su, run by kid: its real uid
        ("2001", "0", UInt32?.some(2001)),        // a setuid program whose input is root's socket: still kid
        ("0", "2001", UInt32?.some(2001)),        // polkit 127's helper: the peer of its socket
        ("0", "0", UInt32?.some(0)),              // root's own agent
        ("0", "", UInt32?.none),                  // a socket whose peer the kernel did not name
        ("0", nil, UInt32?.none),                 // a root program with no socket: cannot tell
    ] as [(String, String?, UInt32?)])
    func theCallerIsTheRealUIDOrTheSocketsPeer(real: String, peer: String?, caller: UInt32?) {
        typealias Kind = JudgeLink.Kind
        var facts = PamFacts()
        facts.read([.init(tag: Kind.realUID, text: real)] + (peer.map { [.init(tag: Kind.inputPeer, text: $0)] } ?? []))
        #expect(facts.caller == caller)
    }

    @Test func aDoorOfAnotherProtocolIsRefusedNamingBothVersions() {
        typealias Kind = JudgeLink.Kind
        let current = [JudgeLink.Entry(tag: Kind.protocolVersion, text: String(Kind.version))]
        #expect(JudgeLink.refusal(of: current) == nil)
        let other = JudgeLink.refusal(of: [.init(tag: Kind.protocolVersion, text: "7")]) ?? ""
        #expect(other.contains("protocol 7") && other.contains("protocol \(Kind.version)"), "\(other)")
        // The doors before the protocol had a number sent no version first.
        let old = JudgeLink.refusal(of: [.init(tag: "V", text: "1"), .init(tag: "P", text: "/usr/bin/shapelygate")]) ?? ""
        #expect(old.contains("protocol (1)") && old.contains("protocol \(Kind.version)"), "\(old)")
    }

    /// At a login door the board names the login in its own language; the records keep
    /// one wording whatever the language, so a search of the logs finds every login.
    @Test(arguments: [("en", "sshd: log in as kid"), ("es", "sshd: entrar como kid"),
                      ("fr", "sshd\u{00A0}: connexion de kid"), ("de", "sshd: Anmeldung als kid")])
    func aLoginDoorSaysLogInInTheBoardsLanguage(language: String, shown: String) throws {
        var facts = PamFacts()
        facts.options = ["person=login", "lang=" + language]
        facts.service = "sshd"
        facts.user = "kid"
        let files = Settings.Files(system: temporaryFolder() + "/no-policy", systemOwner: getuid(), user: getuid())
        let judgement = try PamJudgement(facts: facts, files: files)
        #expect(judgement.guarding(in: judgement.strings) == shown)
        #expect(judgement.guarding == "sshd: log in as kid")
        facts.options = ["person=caller", "lang=" + language]
        #expect(try PamJudgement(facts: facts, files: files).guarding(in: judgement.strings) == "sshd kid")
    }

    /// A yes lasts a window only at a door whose pass opens an account's session and no
    /// more; polkit, doas and services of no known purpose get a yes for one run.
    @Test func aYesLastsOnlyWhereThePassOpensAnAccount() throws {
        let files = Settings.Files(system: temporaryFolder() + "/no-policy", systemOwner: getuid(), user: getuid())
        func lasts(_ service: String) throws -> Bool {
            var facts = PamFacts()
            facts.options = ["person=caller"]
            facts.service = service
            facts.user = "root"
            return try PamJudgement(facts: facts, files: files).yesMayLast
        }
        for service in ["su", "login", "sshd"] { #expect(try lasts(service), "\(service)") }
        for service in ["polkit-1", "doas", "sudo", "gate-test", "", "su\u{1B}"] { #expect(try !lasts(service), "\(service)") }
    }

    @Test func aPersonsGroupsComeFromTheGroupFile() {
        let passwd = "root:x:0:0::/root:/bin/sh\nkid:x:2001:100::/home/kid:/bin/sh\n"
        let group = "users:x:100:\nparents:x:2010:mum\nkids:x:2011:ann,kid\n"
        let kid = AccountPerson.find(name: "kid", passwd: passwd, group: group)
        #expect(kid == AccountPerson(name: "kid", uid: 2001, gid: 100, groups: [100, 2011]))
        #expect(AccountPerson.find(uid: 0, passwd: passwd, group: group)?.name == "root")
        #expect(AccountPerson.find(name: "nobody-here", passwd: passwd, group: group) == nil)
    }
}

/// Each board a PAM door shows is one information message within PAM's 512 bytes, in
/// every language, at the strictest settings, after every kind of message: an agent that
/// shows only its latest message still shows every tile and the time.
@Suite struct PamBoardFitsOneMessage {
    static let configurations: [(name: String, configuration: GateConfiguration)] = {
        var strict = Options()
        strict.strict = true
        Policy().enforce(on: &strict)
        var nine = strict
        nine.configuration.kinds = GateConfiguration.kinds(count: 9)
        return [("default", GateConfiguration()), ("strict", strict.configuration), ("strict kinds=9", nine.configuration)]
    }()

    @Test(arguments: ["en", "es", "fr", "de"])
    func everyBoardIsOneMessage(_ language: String) {
        let strings = GateStrings(language: language)
        // The longest a door writes: a service and an account name of 32 characters.
        let logins = ["kid", String(repeating: "k", count: 32)].map { strings.text(.logIn, ["service": "sshd", "user": $0]) }
        for guarding in ["su root"] + logins {
            let renderer = Renderer(strings: strings, display: Display.detect(environment: [:], noColor: true),
                                    guarding: guarding, board: .words)
            for (name, configuration) in Self.configurations {
                let board = PamBoard(configuration: configuration, renderer: renderer, strings: strings, seed: nil)
                for seed in 0..<20 as Range<UInt64> {
                    var challenge = Challenge(configuration: configuration, generator: GateRandom(seed: seed), now: 0)
                    let other = ShapeKind.allCases.first { $0 != challenge.target } ?? .circle
                    let messages: [ScreenMessage?] = [nil, .wrongShape(other, attemptsLeft: 1),
                                                      .roundWon(next: 2, of: configuration.rounds)]
                    for message in messages {
                        let (said, prompt) = board.screen(&challenge, message: message, showBoard: true, now: 0)
                        let text = said.last ?? ""
                        let pieces = PamConversation.pieces(text)
                        #expect(pieces.count == 1, "\(language) \(name) \(guarding) \(String(describing: message)): \(text.utf8.count) bytes")
                        // The board names every tile, and ends with the time.
                        let numbers = (1...challenge.board.tiles.count).allSatisfy { number in
                            text.split(whereSeparator: { !$0.isNumber }).contains { $0 == String(number) }
                        }
                        #expect(numbers && text.contains(String(challenge.secondsLeft(at: 0) ?? 0)) && prompt.utf8.count < 120)
                        #expect(said.count == (message == nil ? 1 : 2))
                    }
                }
            }
        }
    }
}
