// DoorsReportTests.swift — how `--doors` prints: aligned columns, WHY wrapped under its
// own column on a terminal, a JSON array whose strings are escaped, hostile text made
// visible, and the status (open counts, warn does not); who may ask about whom; and how
// the programs it asks are run: their status, their errors, and no hang.

import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGatePolicy
@testable import ShapelyGateSystem

@Suite struct DoorsReportTests {
    let sample = [DoorLine.open("sudo", "kid may run ALL"), .closed("group docker", "none"), DoorLine("setuid", .warn, "w")]

    @Test func theColumnsAreAligned() {
        let text = DoorReport.text(sample)
        #expect(text == """
            sudo          open    kid may run ALL
            group docker  closed  none
            setuid        warn    w

            """)
    }

    @Test func onATerminalWhyIsWrappedUnderItsOwnColumn() {
        let long = DoorLine.open("su", "root's password works and no shapelygate line in /etc/pam.d/su: add a line")
        let text = DoorReport.text([long], width: 40)
        let rows = text.split(separator: "\n")
        #expect(rows.count > 1)
        for row in rows { #expect(row.count <= 40, "\(row)") }
        for row in rows.dropFirst() { #expect(row.hasPrefix(String(repeating: " ", count: 10)) && row.dropFirst(10).first != " ") }
        #expect(rows.map { $0.drop { $0 == " " } }.joined(separator: " ").contains("add a line"))
    }

    @Test func theStatusIsOneWhenADoorIsOpenAndWarningsDoNotCount() {
        #expect(DoorReport.status(sample) == .denied)
        #expect(DoorReport.status([.closed("su", "x"), DoorLine("setuid", .warn, "w"), .guarded("sudo", "y")]) == .passed)
        #expect(DoorReport.status([]) == .passed)
    }

    @Test func jsonIsAnArrayOfObjectsWithEscapedStrings() {
        let json = DoorReport.json([.open("polkit rule", #"a "quoted" \ path"#), .closed("su", "fine")])
        #expect(json == """
            [{"door":"polkit rule","state":"open","why":"a \\"quoted\\" \\\\ path"},
             {"door":"su","state":"closed","why":"fine"}]

            """)
        #expect(DoorReport.string("a\u{01}b\nc\u{2028}") == #""a\u0001b\nc\u2028""#)
        #expect(DoorReport.json([]) == "[]\n")
    }

    @Test func hostileTextIsMadeVisibleInBothForms() {
        let hostile = DoorLine.open("ssh", "sshd said: \u{1B}[2J\u{07}gone\r")
        let text = DoorReport.text([hostile])
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } && !text.contains("\u{1B}"))
        #expect(text.contains(#"\x1b[2J\x07gone\x0d"#))
        let json = DoorReport.json([hostile])
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(json.contains(#"\\x1b[2J"#))
    }

    @Test func whoMayAskAboutWhom() throws {
        let accounts = DoorsWorld.accounts
        #expect(try DoorsAudit.find("kid", in: accounts, asker: 0, root: true).uid == 2001)
        #expect(try DoorsAudit.find("2002", in: accounts, asker: 0, root: true).name == "mum")
        #expect(try DoorsAudit.find("kid", in: accounts, asker: 2001, root: false).name == "kid")
        #expect(throws: GateError.usage("--doors: only root may ask about another account")) {
            try DoorsAudit.find("mum", in: accounts, asker: 2001, root: false)
        }
        #expect(throws: GateError.usage("--doors: no account named 'nobody-here'")) {
            try DoorsAudit.find("nobody-here", in: accounts, asker: 0, root: true)
        }
        #expect(throws: GateError.self) { try DoorsAudit.find("", in: accounts, asker: 0, root: true) }
    }

    @Test func jsonGoesWithDoorsOnly() throws {
        let settings = try Settings.resolve(["--json", "--version"], files: .init(system: "/nonexistent", systemOwner: 0, user: 0),
                                            environment: [:])
        #expect(throws: GateError.usage("option --json goes with --doors")) { try CLI.run(settings) }
        let asked = try Settings.resolve(["--json", "--doors", "kid"], files: .init(system: "/nonexistent", systemOwner: 0, user: 0),
                                         environment: [:])
        #expect(asked.options.action == .doors(user: "kid") && asked.options.json)
        #expect(throws: GateError.usage("option --doors needs a value")) { try OptionParser.read(["--doors"]) }
        let two = try Settings.resolve(["--doors", "kid", "mum"], files: .init(system: "/nonexistent", systemOwner: 0, user: 0),
                                       environment: [:])
        #expect(throws: GateError.usage("--doors takes one account, and no command")) { try CLI.run(two) }
    }

    @Test func aProgramsAnswerHasItsStatusAndItsErrorsWhenAsked() {
        let both = Platform.run("/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"], limit: 100, mergingErrors: true)
        #expect(both == ProgramRun(output: Array("out\nerr\n".utf8), status: 3))
        let quiet = Platform.run("/bin/sh", arguments: ["-c", "echo out; echo err >&2"], limit: 100)
        #expect(quiet == ProgramRun(output: Array("out\n".utf8), status: 0))
        #expect(Platform.run("/nonexistent/program", arguments: [], limit: 100) == ProgramRun(output: [], status: nil))
        // The environment is clean: nothing of the test's own reaches it.
        #expect(Platform.run("/usr/bin/env", arguments: [], limit: 1000).text == "PATH=/usr/bin:/bin\n")
    }

    @Test func aProgramThatSaysTooMuchOrNeverEndsIsStoppedWithNoAnswer() {
        #expect(Platform.run("/usr/bin/yes", arguments: [], limit: 10_000) == ProgramRun(output: [], status: nil))
        #expect(Platform.run("/bin/sh", arguments: ["-c", "echo partial; exec sleep 600"], limit: 100, patience: 0.3)
                == ProgramRun(output: [], status: nil))
    }

    @Test func onlyAProgramOfRootsAloneIsRun() {
        #expect(DoorGathering.distrust("/bin/sh") == nil)
        let program = temporaryFolder() + "/sudo"
        writeFile(program, "#!/bin/sh\n", mode: 0o777)
        let said = DoorGathering.distrust(program)
        #expect(said?.hasSuffix("can be written by others than root: not run") == true
                || said?.contains("not root: not run") == true, "\(said ?? "nil")")
        #expect(DoorGathering.distrust(program + "-gone") != nil)
    }
}
