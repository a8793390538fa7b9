// StringsFileTests.swift — finding and reading the override plist: the iOS app's folder
// as it ships, the lookup order, and files that cannot be used.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

#if canImport(Glibc)
import Glibc
#endif

@Suite struct StringsFileTests {
    @Test func theIOSAppFolderPicksItsLanguageAndFallsBack() throws {
        let folder = fixture("ios-example")
        let spanish = try StringsFile.locate(folder, language: "es", region: "MX")
        #expect(spanish.hasSuffix("/es.lproj/ParentalGateStrings.plist"))
        let other = try StringsFile.locate(folder, language: "fr", region: nil)
        #expect(other.hasSuffix("/Base.lproj/ParentalGateStrings.plist"))
        let strings = try StringsFile.load(folder, LanguageResolver.choice(from: "es_MX.UTF-8"))
        #expect(strings.overrides == [.tooManyOK: "Bueno", .tooManyTitle: "abucheo"])
        #expect(strings.text(.tooManyTitle) == "abucheo")
        #expect(strings.text(.tooManyDescription) == "Se eligió la forma equivocada demasiadas veces.")
        #expect(strings.text(.expiredOK) == "Aceptar")
    }

    @Test func aFolderWithoutAnyLprojNamesEachFolderOnce() {
        #expect(throws: GateError.configuration("/: no en.lproj or Base.lproj holding ParentalGateStrings.plist")) {
            try StringsFile.locate("/", language: "en", region: nil)
        }
        #expect(throws: GateError.configuration("/: no fr_CA.lproj, fr-CA.lproj, fr.lproj, Base.lproj or en.lproj holding ParentalGateStrings.plist")) {
            try StringsFile.locate("/", language: "fr", region: "CA")
        }
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect(throws: GateError.configuration("/nonexistent/x.plist: No such file or directory")) {
            try StringsFile.load("/nonexistent/x.plist", LanguageResolver.choice(from: "en"))
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() {
        let folder = temporaryFolder()
        let path = folder + "/fifo.plist"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: GateError.configuration("\(path): not a regular file")) {
            try StringsFile.load(path, LanguageResolver.choice(from: "en"))
        }
    }
}
