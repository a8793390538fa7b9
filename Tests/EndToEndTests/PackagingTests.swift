// PackagingTests.swift — the man page agrees with --help, the install script puts the
// files in place and takes them away, the .deb holds what it should, and the shell
// scripts are shellcheck-clean. Needs mandoc (or man), shellcheck and dpkg-deb, which
// .ci/run installs.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Packaging and documents", .serialized)
struct PackagingTests {
    let manPage = readText(packageRoot + "/man/shapelygate.1")
    let readme = readText(packageRoot + "/README.md")

    func help() -> String {
        let run = shell("'\(gateBinary)' --help")
        #expect(run.status == 0)
        return run.output
    }

    @Test func everyOptionInHelpIsInTheManPageAndTheReadme() {
        let text = help()
        let words = text.split(whereSeparator: { !($0.isLetter || $0 == "-") })
        let options = Set(words.filter { $0.hasPrefix("--") && $0.count > 2 })
        #expect(options.count >= 14)
        for option in options {
            let name = option.dropFirst(2)
            #expect(manPage.contains("Fl \\-\(name)"), "man page lacks \(option)")
            #expect(readme.contains("--\(name)"), "README lacks \(option)")
        }
    }

    @Test func exitStatusesAgree() {
        let text = help()
        let table = text.components(after: "Exit status:")
        for code in ["0", "1", "2", "126", "127", "128+N"] {
            #expect(table.contains("\n  \(code) "), "--help lacks \(code)")
            #expect(manPage.contains(".It \(code)\n"), "man page lacks \(code)")
            #expect(readme.contains("| \(code) |"), "README lacks \(code)")
        }
    }

    @Test func theManPageIsLintFree() {
        let run = shell("mandoc -Tlint -W warning man/shapelygate.1")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.isEmpty)
    }

    @Test func installRunsAndUninstallLeavesNothing() {
        let prefix = temporaryFolder() + "/prefix"
        let install = shell("Scripts/install.sh --prefix '\(prefix)' --binary '\(gateBinary)'")
        #expect(install.status == 0, "\(install.output)")
        let version = shell("'\(prefix)/bin/shapelygate' --version")
        #expect(version.output == "shapelygate 1.0.0\n")
        let denied = shell("setsid -w '\(prefix)/bin/shapelygate' </dev/null")
        #expect(denied.status == 1)
        let rendered = shell("if command -v man >/dev/null; then MANPAGER=cat man -l '\(prefix)/share/man/man1/shapelygate.1'; else mandoc -Tascii '\(prefix)/share/man/man1/shapelygate.1'; fi")
        #expect(rendered.status == 0)
        #expect(rendered.output.contains("ask a person to pick the named shape"))
        for file in ["share/bash-completion/completions/shapelygate", "share/zsh/site-functions/_shapelygate",
                     "share/fish/vendor_completions.d/shapelygate.fish"] {
            #expect(access("\(prefix)/\(file)", R_OK) == 0, "\(file) missing")
        }
        let uninstall = shell("Scripts/install.sh --prefix '\(prefix)' --uninstall")
        #expect(uninstall.status == 0)
        #expect(uninstall.output.split(whereSeparator: \.isNewline).count == 7, "\(uninstall.output)")
        let left = shell("find '\(prefix)' -type f")
        #expect(left.status == 0 && left.output.isEmpty, "\(left.output)")
    }

    @Test func theDebHoldsTheBinaryManPageAndCompletions() {
        let build = shell("Scripts/package-deb.sh --binary '\(gateBinary)'")
        #expect(build.status == 0, "\(build.output)")
        let deb = build.output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        #expect(deb.hasPrefix("dist/shapelygate_1.0.0_") && deb.hasSuffix(".deb"))
        let contents = shell("dpkg-deb --contents '\(deb)' && dpkg-deb --field '\(deb)' Package Version")
        #expect(contents.status == 0)
        for path in ["./usr/bin/shapelygate", "./usr/share/man/man1/shapelygate.1.gz",
                     "./usr/share/bash-completion/completions/shapelygate", "./usr/share/zsh/site-functions/_shapelygate",
                     "./usr/share/fish/vendor_completions.d/shapelygate.fish", "Package: shapelygate"] {
            #expect(contents.output.contains(path), "\(path) missing")
        }
    }

    @Test func shellScriptsAreShellcheckClean() {
        let run = shell("shellcheck Scripts/*.sh Scripts/examples/*.sh Scripts/completions/shapelygate.bash .ci/run")
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func theCronSampleDeniesAndLogs() {
        let log = temporaryFolder() + "/cron.log"
        let folder = gateBinary.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let run = shell("PATH='\(folder)':$PATH SHAPELYGATE_CRON_LOG='\(log)' setsid -w Scripts/examples/cron-sample.sh </dev/null")
        #expect(run.status == 1)
        #expect(run.output.contains("no terminal to ask a person on: denied"))
        #expect(readText(log).contains("nightly job not run: shapelygate denied it (status 1)"))
    }
}

extension String {
    func components(after marker: String) -> String {
        var rest = self[...]
        while !rest.isEmpty {
            if rest.hasPrefix(marker) { return String(rest.dropFirst(marker.count)) }
            rest = rest.dropFirst()
        }
        return ""
    }
}
