// PackagingTests.swift — the man page agrees with --help, the install script puts the
// files where each shell looks and takes them away with the folders it made, the .deb
// holds what Debian expects, the shell scripts are shellcheck-clean, and the cron
// sample says what really happened. Each test that needs an outside tool (mandoc,
// shellcheck, dpkg-deb, setsid...) is skipped, with the reason, when it is missing;
// .ci/run installs them all.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Packaging and documents", .serialized, .ownPolicy)
struct PackagingTests {
    let manPage = readText(packageRoot + "/man/shapelygate.1")
    let confPage = readText(packageRoot + "/man/shapelygate.conf.5")
    let readme = readText(packageRoot + "/README.md")

    func help() -> String {
        let run = shell("'\(gateBinary)' --help")
        #expect(run.status == 0)
        return run.output
    }

    /// The reference is the man page; the README is for a newcomer and says only what
    /// one needs first.
    @Test func everyOptionInHelpIsInTheManPage() {
        let text = help()
        let words = text.split(whereSeparator: { !($0.isLetter || $0 == "-") })
        let options = Set(words.filter { $0.hasPrefix("--") && $0.count > 2 })
        #expect(options.count >= 14)
        for option in options {
            let name = option.dropFirst(2)
            #expect(manPage.contains("Fl \\-\(name)"), "man page lacks \(option)")
        }
    }

    @Test func theReadmeIsShortAndStartsWithTheTwoCommands() {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 400 + (readme.hasSuffix("\n") ? 1 : 0), "README.md has \(lines.count) lines, more than 400")
        let opening = lines.prefix(40).joined(separator: "\n")
        #expect(opening.contains("swift run shapelygate"), "swift run shapelygate is not in README's first 40 lines")
        #expect(opening.contains("swift test"), "swift test is not in README's first 40 lines")
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

    @Test func theLicenceIsMITAndNamedEverywhere() {
        #expect(readText(packageRoot + "/LICENSE").hasPrefix("MIT License\n\nCopyright (c) 2026 The shapelygate authors\n"))
        #expect(readText(packageRoot + "/Package.swift").contains("MIT licence"))
        #expect(readme.contains("MIT"))
        #expect(readText(packageRoot + "/Scripts/debian/copyright").contains("Files: *\nCopyright: 2026 The shapelygate authors\nLicense: Expat\n"))
    }

    @Test(.enabled(if: tool("mandoc") != nil, "needs mandoc"), arguments: ["man/shapelygate.1", "man/shapelygate.conf.5"])
    func theManPageIsLintFree(_ page: String) {
        let run = shell("mandoc -Tlint -W warning \(page)")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.isEmpty)
    }

    @Test(.enabled(if: tool("setsid") != nil && (tool("man") != nil || tool("mandoc") != nil), "needs setsid and man or mandoc"))
    func installRunsAndUninstallLeavesNothingItMade() {
        let scratch = Scratch()
        let kept = scratch.folder("prefix/bin")
        let prefix = scratch.path + "/prefix"
        let install = shell("HOME=/nonexistent Scripts/install.sh --prefix \(quoted(prefix)) --binary \(quoted(gateBinary))")
        #expect(install.status == 0, "\(install.output)")
        #expect(install.output.contains("note: zsh does not look in \(prefix)/share/zsh/site-functions"))
        let version = shell("\(quoted(prefix))/bin/shapelygate --version")
        #expect(version.output == "shapelygate 1.0.0\n")
        let denied = shell("setsid -w \(quoted(prefix))/bin/shapelygate </dev/null")
        #expect(denied.status == 1)
        let page = quoted(prefix + "/share/man/man1/shapelygate.1")
        let rendered = shell("if command -v man >/dev/null; then MANPAGER=cat man -l \(page); else mandoc -Tascii \(page); fi")
        #expect(rendered.status == 0)
        #expect(rendered.output.contains("ask a person to pick the named shape"))
        let conf = quoted(prefix + "/share/man/man5/shapelygate.conf.5")
        let renderedConf = shell("if command -v man >/dev/null; then MANPAGER=cat man -l \(conf); else mandoc -Tascii \(conf); fi")
        #expect(renderedConf.status == 0)
        #expect(renderedConf.output.contains("the policy words of shapelygate"))
        for file in ["share/bash-completion/completions/shapelygate", "share/zsh/site-functions/_shapelygate",
                     "share/fish/vendor_completions.d/shapelygate.fish", "share/shapelygate/40-shapelygate"] {
            #expect(access("\(prefix)/\(file)", R_OK) == 0, "\(file) missing")
        }
        #expect(access("\(prefix)/share/shapelygate/40-shapelygate", X_OK) == 0)
        let check = readText(prefix + "/share/shapelygate/40-shapelygate")
        #expect(check.contains("\ngate='\(prefix)/bin/shapelygate'\n"), "the molly-guard check does not name the installed gate")
        // Unreadable to others, so exec leaves the gate non-dumpable: not traceable by them.
        var binary = stat()
        #expect(stat(prefix + "/bin/shapelygate", &binary) == 0 && binary.st_mode & 0o7777 == 0o711)
        // Seven files of the gate, two of the sudo plugin, two of the PAM module.
        let uninstall = shell("Scripts/install.sh --prefix \(quoted(prefix)) --uninstall")
        #expect(uninstall.status == 0)
        #expect(uninstall.output.split(separator: "\n").filter { $0.hasPrefix("removed ") && !$0.hasSuffix("/") }.count == 11,
                "\(uninstall.output)")
        // Every folder the install made is gone; the one that was there before stays.
        let left = shell("find \(quoted(prefix))")
        #expect(left.output == "\(prefix)\n\(kept)\n", "\(left.output)")
    }

    @Test func underUsrTheCompletionsGoWhereDebiansShellsLook() {
        let scratch = Scratch()
        let run = shell("Scripts/install.sh --prefix /usr --destdir \(quoted(scratch.path)) --binary \(quoted(gateBinary))")
        #expect(run.status == 0, "\(run.output)")
        for file in ["bin/shapelygate", "share/man/man5/shapelygate.conf.5",
                     "share/bash-completion/completions/shapelygate", "share/zsh/vendor-completions/_shapelygate",
                     "share/fish/vendor_completions.d/shapelygate.fish", "share/shapelygate/40-shapelygate"] {
            #expect(run.output.contains("installed \(scratch.path)/usr/\(file)\n"), "\(file): \(run.output)")
        }
        #expect(!run.output.contains("note:"))
        #expect(!exists(scratch.path + "/usr/share/shapelygate/created-folders"))
        // The check names the gate where it will be, not where it was staged.
        #expect(readText(scratch.path + "/usr/share/shapelygate/40-shapelygate").contains("\ngate='/usr/bin/shapelygate'\n"))
    }

    /// install.sh strips the binary as the .deb does: no symbol table, no .comment.
    @Test(.enabled(if: tool("readelf") != nil, "needs readelf (binutils), to read the installed binary's sections"))
    func installStripsTheBinary() {
        let scratch = Scratch()
        let run = shell("Scripts/install.sh --prefix /usr --destdir \(quoted(scratch.path)) --binary \(quoted(gateBinary))")
        #expect(run.status == 0, "\(run.output)")
        let sections = shell("readelf -S -W \(quoted(scratch.path))/usr/bin/shapelygate")
        #expect(sections.status == 0, "\(sections.output)")
        #expect(sections.output.contains(".text"))
        #expect(!sections.output.contains(".symtab") && !sections.output.contains(".comment"), "not stripped")
        #expect(shell("\(quoted(scratch.path))/usr/bin/shapelygate --version").output == "shapelygate 1.0.0\n")
    }

    @Test(.enabled(if: tools("dpkg-deb", "dpkg-query", "strip", "readelf", "md5sum"), "needs dpkg-deb, binutils and md5sum"))
    func theDebHoldsWhatDebianExpects() {
        let scratch = Scratch()
        // A relative --output is taken from the caller's directory.
        let build = shell("cd \(quoted(scratch.path)) && \(quoted(packageRoot))/Scripts/package-deb.sh --binary \(quoted(gateBinary)) --output out")
        #expect(build.status == 0, "\(build.output)")
        let deb = build.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(deb.hasPrefix(scratch.path + "/out/shapelygate_1.0.0_") && deb.hasSuffix(".deb"), "\(deb)")
        let contents = shell("dpkg-deb --contents \(quoted(deb)) && dpkg-deb --info \(quoted(deb))")
        #expect(contents.status == 0)
        for line in ["./usr/bin/shapelygate", "./usr/share/man/man1/shapelygate.1.gz", "./usr/share/man/man5/shapelygate.conf.5.gz",
                     "./usr/share/bash-completion/completions/shapelygate", "./usr/share/zsh/vendor-completions/_shapelygate",
                     "./usr/share/fish/vendor_completions.d/shapelygate.fish", "./usr/share/shapelygate/40-shapelygate",
                     "./usr/share/doc/shapelygate/copyright", "./usr/share/doc/shapelygate/changelog.gz",
                     "./usr/share/lintian/overrides/shapelygate", "./etc/shapelygate.conf",
                     "./usr/lib/shapelygate/shapelygate_approval.so", "/security/pam_shapelygate.so",
                     "./usr/share/man/man8/pam_shapelygate.8.gz",
                     "./usr/share/doc/shapelygate/examples/apt-guard.sh",
                     "./usr/share/doc/shapelygate/examples/ntfy/shapelygate-ntfy-notify",
                     "./usr/share/doc/shapelygate/examples/ntfy/shapelygate-ntfy-answer",
                     "./usr/share/doc/shapelygate/examples/ntfy/shapelygate-ntfy-answer.service",
                     " Package: shapelygate", " Version: 1.0.0", " Built-Using: glibc (= ", "conffiles", "md5sums"] {
            #expect(contents.output.contains(line), "\(line) missing")
        }
        #expect(contents.output.split(separator: "\n").contains { $0.hasPrefix("-rwx--x--x root/root") && $0.hasSuffix(" ./usr/bin/shapelygate") },
                "the gate is not mode 0711: \(contents.output)")
        // Examples are shipped to be read and copied, never run where they are.
        #expect(!contents.output.split(separator: "\n").contains { $0.contains("/examples/") && $0.hasPrefix("-") && $0.prefix(10).contains("x") },
                "an example is executable: \(contents.output)")
        let tree = scratch.path + "/tree"
        let unpack = shell("dpkg-deb -R \(quoted(deb)) \(quoted(tree)) && cd \(quoted(tree)) && md5sum --quiet -c DEBIAN/md5sums "
            + "&& cat DEBIAN/conffiles && readelf -S usr/bin/shapelygate && usr/bin/shapelygate --version")
        #expect(unpack.status == 0, "\(unpack.output)")
        #expect(unpack.output.contains("/etc/shapelygate.conf\n"))
        #expect(!unpack.output.contains(".symtab"), "the binary is not stripped")
        #expect(unpack.output.hasSuffix("shapelygate 1.0.0\n"))
        #expect(!readText(tree + "/DEBIAN/md5sums").contains("etc/"), "conffiles are not in md5sums")
    }

    @Test func theExampleConfigurationChangesNothingAndUsesRealKeys() {
        let sample = readText(packageRoot + "/Scripts/debian/shapelygate.conf")
        let lines = sample.split(separator: "\n")
        #expect(lines.count > 20)
        #expect(lines.allSatisfy { $0.hasPrefix("#") }, "a line is not commented out")
        let keys = lines.compactMap { line -> String? in
            guard line.hasPrefix("#"), let equals = line.firstIndex(of: "="), !line.dropFirst().hasPrefix(" ") else { return nil }
            return String(line.dropFirst()[..<equals]).trimmingCharacters(in: " ")
        }
        #expect(keys.count >= 19)
        for key in keys {
            #expect(confPage.contains(".It Cm \(key) ") || confPage.contains(".It Cm \(key)\n"),
                    "shapelygate.conf(5) does not document \(key)")
        }
    }

    /// Whether this process may lay a folder over /etc in a mount namespace of its own.
    static let canOverlayEtc = runningAsRoot && tool("unshare") != nil
        && shell("unshare -m sh -c 'mount --make-rprivate / && mount -t overlay overlay -o lowerdir=/tmp:/etc /etc'").status == 0

    @Test(.enabled(if: canOverlayEtc, "needs root, unshare and overlayfs"))
    func theGateReadsTheExampleConfigurationAsShippedAndUncommented() {
        // The gate always reads /etc/shapelygate.conf, so lay a folder holding the sample
        // over /etc, in a mount namespace that only this shell sees.
        let scratch = Scratch()
        let shipped = scratch.folder("shipped"), uncommented = scratch.folder("uncommented")
        let prepare = shell("""
            cp Scripts/debian/shapelygate.conf \(quoted(shipped))/ \
            && sed -e 's/^#\\([a-z-]* = \\)/\\1/' -e 's|/usr/local/share/shapelygate/strings|\(packageRoot)/Scripts/examples/strings|' \
                Scripts/debian/shapelygate.conf >\(quoted(uncommented))/shapelygate.conf
            """)
        #expect(prepare.status == 0, "\(prepare.output)")
        #expect(readText(uncommented + "/shapelygate.conf").contains("\nmin-rounds = 2\n"))
        func odds(_ folder: String) -> (status: Int32, output: String) {
            shell("unshare -m sh -c 'mount --make-rprivate / && mount -t overlay overlay -o lowerdir=\(folder):/etc /etc "
                + "&& exec \(gateBinary) --odds'")
        }
        let asShipped = odds(shipped)
        #expect(asShipped.status == 0, "\(asShipped.output)")
        #expect(asShipped.output.hasPrefix("kinds 4, shapes-per-kind 2, rounds 1, attempts 2\n"), "\(asShipped.output)")
        let withEveryKey = odds(uncommented)
        #expect(withEveryKey.status == 0, "\(withEveryKey.output)")
        #expect(withEveryKey.output.hasPrefix("kinds 6, shapes-per-kind 2, rounds 2, attempts 2\n"), "\(withEveryKey.output)")
    }

    @Test(.enabled(if: tool("shellcheck") != nil, "needs shellcheck"))
    func shellScriptsAreShellcheckClean() {
        let run = shell("shellcheck Scripts/*.sh Scripts/examples/*.sh Scripts/examples/gated-login-shell Scripts/completions/shapelygate.bash Scripts/molly-guard/* .ci/run")
        #expect(run.status == 0, "\(run.output)")
    }

    @Test(.enabled(if: tool("setsid") != nil, "needs setsid"))
    func theCronSampleDeniesAndLogsADenial() {
        let scratch = Scratch()
        let log = scratch.path + "/cron.log"
        let run = shell("PATH=\(quoted(gateFolder)):$PATH SHAPELYGATE_CRON_LOG=\(quoted(log)) setsid -w Scripts/examples/cron-sample.sh </dev/null")
        #expect(run.status == 1)
        #expect(run.output.contains("no terminal to ask a person on: denied"))
        #expect(readText(log).contains("nightly job not run: shapelygate denied it (status 1)"))
    }

    /// PATH is a folder of the test's holding only what the sample needs besides the
    /// gate, so a gate installed on this machine (/usr/bin/shapelygate) changes nothing.
    @Test(.enabled(if: tools("setsid", "date"), "needs setsid and date"))
    func theCronSampleTellsAMissingGateFromADenial() {
        let scratch = Scratch()
        let log = scratch.path + "/cron.log"
        let bin = scratch.folder("bin")
        #expect(symlink(tool("date")!, bin + "/date") == 0)
        let run = shell("PATH=\(quoted(bin)) SHAPELYGATE_CRON_LOG=\(quoted(log)) \(quoted(tool("setsid")!)) -w Scripts/examples/cron-sample.sh </dev/null")
        #expect(run.status == 127, "\(run.output)")
        #expect(readText(log).contains("nightly job not run: shapelygate not found in PATH (\(bin)) (status 127)"))
        #expect(!readText(log).contains("denied"))
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

extension StringProtocol {
    func trimmingCharacters(in blanks: Character) -> String {
        var slice = self[...]
        while slice.first == blanks { slice = slice.dropFirst() }
        while slice.last == blanks { slice = slice.dropLast() }
        return String(slice)
    }
}
