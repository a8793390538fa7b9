// ConfigurationCheckTests.swift — `shapelygate --check`: files told apart by what they
// hold, a PAM stack's lines read as PAM reads them, what PAM would make of a line's type
// and control, a line that does not gate as written, the odds warning, and a policy
// file's problems one per line. Files are the test's own, in its temporary folder.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

@Suite struct ConfigurationCheckTests {
    @Test func aFileIsToldApartByWhatItHolds() {
        typealias Content = ConfigurationCheck.Content
        #expect(Content.of("#%PAM-1.0\nauth required pam_shapelygate.so person=caller\n") == .pamStack)
        #expect(Content.of("@include common-auth\n") == .pamStack)
        #expect(Content.of("-auth optional pam_gnome_keyring.so\n") == .pamStack)
        #expect(Content.of("Path plugin_dir /usr/lib/sudo\nPlugin shapelygate_approval x.so\n") == .sudoConf)
        #expect(Content.of("# auth required\nrounds = 3\n") == .policy)
        #expect(Content.of("") == .policy)
    }

    @Test func aStacksLinesAreReadAsPAMReadsThem() {
        let text = """
            #%PAM-1.0
            auth [success=1 default=ignore] pam_shapelygate.so person=caller \\
                timeout=20
            auth required pam_unix.so
            # auth required pam_shapelygate.so person=login
            -auth sufficient /usr/lib/security/pam_shapelygate.so person=login
            """
        let lines = PamStackCheck.read(text)
        #expect(lines == [
            .init(number: 2, type: "auth", control: "[success=1 default=ignore]", module: "pam_shapelygate.so",
                  words: ["person=caller", "timeout=20"]),
            .init(number: 6, type: "-auth", control: "sufficient", module: "/usr/lib/security/pam_shapelygate.so",
                  words: ["person=login"]),
        ])
    }

    @Test func whatPAMWouldMakeOfALineIsSaid() {
        let check = PamStackCheck(path: "x")
        func problems(_ line: String) -> [String] { check.stackProblems(PamStackCheck.parse(line, number: 1)!).problems }
        #expect(problems("auth required /dev/null").isEmpty)
        #expect(problems("auth requisite /dev/null").isEmpty)
        #expect(problems("auth sufficient /dev/null").first?.hasPrefix("sufficient: a pass on the board would authenticate alone") == true)
        #expect(problems("auth optional /dev/null").first?.hasPrefix("optional: a denial is let through") == true)
        #expect(problems("-auth required /dev/null").first?.hasPrefix("-auth: PAM skips this line") == true)
        #expect(problems("session required /dev/null") == ["pam_shapelygate.so gates only in the auth stack, not in session"])
        #expect(problems("auth required /nonexistent/pam_shapelygate.so") == ["/nonexistent/pam_shapelygate.so: no such file"])
        #expect(check.stackProblems(PamStackCheck.parse("auth [default=die] /dev/null", number: 1)!).warnings.count == 1)
    }

    @Test func aLineThatStrictOrAFloorChangesDoesNotGateAsWritten() throws {
        let check = DoorLineCheck(files: .init(system: "/nonexistent", systemOwner: 0, user: 0))
        let line = try DoorOptions.parse(["kinds=2", "strict", "timeout=20"])
        let settings = try line.settings(files: check.files).get()
        #expect(check.asWritten(line, effective: settings.options) == ["kinds=2 becomes 8: strict wins; write kinds=8 or leave it out"])
        let plain = try DoorOptions.parse(["rounds=3", "kinds=8"])
        #expect(check.asWritten(plain, effective: try plain.settings(files: check.files).get().options).isEmpty)
    }

    @Test func aGuessersOddsAboveOneInAHundredAreAWarning() {
        let check = DoorLineCheck(files: .init(system: "/nonexistent", systemOwner: 0, user: 0))
        #expect(check.odds(Options()) == ["warning: a random guesser passes 7 in 16 (43.75%) here; strict holds a door to root under 1 in 100"])
        var strict = Options()
        strict.strict = true
        Policy().enforce(on: &strict)
        #expect(check.odds(strict).isEmpty)
    }

    @Test func aPolicyFileHasOneLinePerProblemAndStatusTwo() {
        let folder = temporaryFolder()
        writeFile(folder + "/bad.conf", "timeout = 5\ncooldwn = 3\nrounds = +5\nlogin = yes\n")
        writeFile(folder + "/good.conf", "# fine\nrounds = 3\nsyslog = yes\n")
        let said = CapturedOutput()
        let status = ConfigurationCheck(paths: [folder + "/bad.conf", folder + "/good.conf"]).run().finish(said.output)
        #expect(status == .usage)
        #expect(said.error == """
            shapelygate: \(folder)/bad.conf:2: unknown key 'cooldwn'; did you mean 'cooldown'?
            shapelygate: \(folder)/bad.conf:3: invalid rounds '+5': expected a whole number 1-20
            shapelygate: \(folder)/bad.conf:4: 'login' means nothing in the system file (/etc/shapelygate.conf); it is read on the command line

            """)
        #expect(said.standard == "\(folder)/good.conf: ok\n")
        let good = CapturedOutput()
        #expect(ConfigurationCheck(paths: [folder + "/good.conf"]).run().finish(good.output) == .passed)
        #expect(good.error.isEmpty)
    }

    @Test func aMissingFileIsAProblemAndTheInstalledOnesMayBeAbsent() {
        let folder = temporaryFolder()
        let said = CapturedOutput()
        #expect(ConfigurationCheck(paths: [folder + "/none"]).run().finish(said.output) == .usage)
        #expect(said.error == "shapelygate: \(folder)/none: no such file\n")
        var installed = ConfigurationCheck.Installed()
        installed.policy = folder + "/none.conf"
        installed.sudoConf = folder + "/sudo.conf"
        installed.pamFolder = folder + "/pam.d"
        let nothing = CapturedOutput()
        #expect(ConfigurationCheck(paths: nil, installed: installed).run().finish(nothing.output) == .passed)
        #expect(nothing.standard.hasSuffix("names shapelygate: no door is gated\n"))
    }
}
