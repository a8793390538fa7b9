// PamModuleShapeTests.swift — the PAM module as built: a shared object that needs only
// the C library (its PAM symbols are the loading program's libpam's, bound at load
// time), exports only the two PAM entry points, and was built without PAM's headers;
// its man page lint-free.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The PAM module as built")
struct PamModuleShapeTests {
    @Test(.enabled(if: tools("readelf") && exists(pamModulePath), "needs readelf and the built module"))
    func itNeedsOnlyTheCLibraryAndExportsOnlyItsEntryPoints() {
        let dynamic = runScript("readelf -d '\(pamModulePath)'")
        #expect(dynamic.status == 0)
        let needed = dynamic.output.split(whereSeparator: \.isNewline).filter { $0.contains("(NEEDED)") }
        #expect(needed.count == 1 && needed[0].contains("[libc.so.6]"), "\(needed)")
        #expect(dynamic.output.contains("BIND_NOW"))
        let symbols = runScript("readelf --dyn-syms -W '\(pamModulePath)'").output.split(whereSeparator: \.isNewline)
        let exported = symbols.filter { $0.contains(" GLOBAL ") && !$0.contains(" UND ") }
            .compactMap { $0.split(separator: " ").last.map(String.init) }
        // The linker's own section markers (_end, _edata, __bss_start) are no functions.
        let functions = Set(exported.filter { !$0.hasPrefix("_") })
        #expect(functions == ["pam_sm_authenticate", "pam_sm_setcred"], "\(exported)")
        let undefined = symbols.filter { $0.contains(" UND ") && $0.contains("pam_") }
            .compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(Set(undefined) == ["pam_get_item", "pam_get_user"], "\(undefined)")
    }

    @Test func itIsBuiltWithoutPAMsHeaders() {
        let sources = runScript("grep -rl 'security/pam' Sources/CShapelyGatePam; echo done")
        #expect(sources.output == "done\n", "\(sources.output)")
    }

    @Test(.enabled(if: tool("mandoc") != nil, "needs mandoc"))
    func theManPageIsLintFree() {
        let lint = runScript("mandoc -Tlint -W warning man/pam_shapelygate.8 2>&1")
        #expect(lint.status == 0 && lint.output.isEmpty, "\(lint.output)")
    }
}
