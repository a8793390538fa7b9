// PamJudgeTests.swift — the PAM judge's pieces without a module: the line's options
// (person= required, the sudo line's parser for the rest, what means nothing at a PAM
// door refused by name), the conversation's pieces within PAM's message size, the
// module's facts, and who is gated by users= and groups=.

@testable import ShapelyGateCLI
import Testing

struct PamJudgeTests {
    @Test func personIsRequiredAndSaysWhoIsGated() throws {
        #expect(try PamModuleOptions.parse(["person=caller"]).person == .caller)
        #expect(try PamModuleOptions.parse(["person=login", "timeout=20"]).person == .login)
        #expect(throws: SudoRefusal("the PAM line needs person=caller or person=login: say who is gated")) {
            try PamModuleOptions.parse(["timeout=20"])
        }
        #expect(throws: SudoRefusal("invalid person=root: expected person=caller or person=login")) {
            try PamModuleOptions.parse(["person=root"])
        }
        #expect(throws: SudoRefusal("option person= is given twice: give each option once")) {
            try PamModuleOptions.parse(["person=login", "person=caller"])
        }
        #expect(throws: SudoRefusal("option users= is given twice: give each option once")) {
            try PamModuleOptions.parse(["person=caller", "users=root", "users=nobody"])
        }
    }

    @Test func theSudoLinesOptionsAreCheckedByItsOwnParser() throws {
        let options = try PamModuleOptions.parse(["person=caller", "timeout=20", "strict", "users=root", "approval=board"])
        #expect(options.shared.gateArguments == ["--timeout", "20", "--strict"])
        #expect(options.shared.users == ["root"])
        #expect(throws: SudoRefusal("invalid timeout=0: expected a whole number 1-3600")) {
            try PamModuleOptions.parse(["person=caller", "timeout=0"])
        }
    }

    @Test func whatMeansNothingAtAPamDoorIsRefusedByName() {
        for name in ["commands=/bin/sh", "grace=30", "board=words"] {
            #expect(throws: SudoRefusal.self) { try PamModuleOptions.parse(["person=caller", name]) }
        }
        #expect(throws: SudoRefusal("unknown option 'colour' in the PAM line")) {
            try PamModuleOptions.parse(["person=caller", "colour=red"])
        }
        #expect(throws: SudoRefusal.self) { try PamModuleOptions.parse(["person=caller", "lang=e\u{1B}n"]) }
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
        var facts = PamFacts()
        facts.read([.init(tag: "O", text: "person=caller"), .init(tag: "N", text: "su"), .init(tag: "U", text: "root"),
                    .init(tag: "R", text: "kid"), .init(tag: "C", text: "2001"), .init(tag: "T", text: "")])
        #expect(facts.options == ["person=caller"] && facts.service == "su" && facts.user == "root")
        #expect(facts.remoteUser == "kid" && facts.callerUID == 2001 && facts.terminal == nil)
        facts.service = "s\u{1B}[2Ju"
        #expect(!facts.serviceName.contains("\u{1B}"))
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
