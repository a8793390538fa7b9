// ScriptFailureTests.swift — the build, install and packaging scripts fail loudly: a
// failed build or a missing toolchain gives a non-zero status, no path and no installed
// or packaged file (never a stale binary); relative paths are the caller's; --help
// prints the header and nothing else.
//
// The broken build runs in a temporary copy of the package (without .build), with a
// stale binary planted where a successful build would leave one; every target gets a
// source file that does not compile, so the build fails at its first module.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The folder holding `swift`, when it is in PATH.
let swiftFolder: String? = tool("swift").map { path in
    path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
}

@Suite("Scripts fail loudly", .serialized, .ownPolicy)
struct ScriptFailureTests {
    @Test(.enabled(if: swiftFolder != nil, "needs swift in PATH"))
    func aBrokenBuildInstallsAndPackagesNothingNotEvenAStaleBinary() {
        let scratch = Scratch()
        let copy = scratch.path + "/copy"
        let path = "PATH=\(quoted(swiftFolder ?? "")):/usr/bin:/bin"
        let prepare = shell("""
            mkdir \(quoted(copy)) && tar -C \(quoted(packageRoot)) --exclude=./.build --exclude=./.git -cf - . | tar -C \(quoted(copy)) --no-same-owner -xf - \
            && cd \(quoted(copy)) && for target in Sources/*/; do echo 'this is not swift' >"$target/Broken.swift"; done \
            && bin=$(\(path) swift build --scratch-path .build/static -c release --static-swift-stdlib -Xswiftc -static-executable --show-bin-path) \
            && mkdir -p "$bin" && printf '#!/bin/sh\\necho shapelygate 1.0.0\\n' >"$bin/shapelygate" && chmod 755 "$bin/shapelygate"
            """)
        #expect(prepare.status == 0, "\(prepare.output)")

        let build = shell("cd \(quoted(copy)) && \(path) Scripts/build-release.sh 2>/dev/null")
        #expect(build.status != 0)
        #expect(build.output.isEmpty, "printed: \(build.output)")

        let prefix = scratch.path + "/prefix"
        let install = shell("cd \(quoted(copy)) && \(path) Scripts/install.sh --prefix \(quoted(prefix))")
        #expect(install.status != 0)
        #expect(install.output.contains("install.sh: the build failed; nothing was installed"), "\(install.output)")
        #expect(!install.output.contains("installed /"))
        #expect(!exists(prefix))

        let output = scratch.path + "/out"
        let package = shell("cd \(quoted(copy)) && \(path) Scripts/package-deb.sh --output \(quoted(output))")
        #expect(package.status != 0)
        #expect(package.output.contains("package-deb.sh: the build failed; no package was made"), "\(package.output)")
        #expect(!exists(output))
    }

    @Test func withoutSwiftInPathNothingIsInstalled() {
        // A PATH holding only what the scripts need before they look for swift.
        let scratch = Scratch()
        let bin = scratch.folder("bin")
        let link = shell("for name in bash dirname; do ln -s \"$(command -v $name)\" \(quoted(bin))/; done")
        #expect(link.status == 0, "\(link.output)")
        let prefix = scratch.path + "/prefix"
        let build = shell("PATH=\(quoted(bin)) Scripts/build-release.sh 2>/dev/null")
        #expect(build.status == 1)
        #expect(build.output.isEmpty)
        let install = shell("PATH=\(quoted(bin)) Scripts/install.sh --prefix \(quoted(prefix))")
        #expect(install.status == 1)
        #expect(install.output.contains("build-release.sh: swift not found in PATH"), "\(install.output)")
        #expect(!install.output.contains("installed /"))
        #expect(!exists(prefix))
    }

    @Test func relativePathsAreTakenFromTheCallersDirectory() {
        let scratch = Scratch()
        _ = shell("ln -s \(quoted(gateBinary)) \(quoted(scratch.path))/gate")
        let run = shell("cd \(quoted(scratch.path)) && \(quoted(packageRoot))/Scripts/install.sh --prefix /usr --destdir stage --binary gate "
            + "&& \(quoted(packageRoot))/Scripts/install.sh --prefix mine --binary ./gate")
        #expect(run.status == 0, "\(run.output)")
        #expect(access(scratch.path + "/stage/usr/bin/shapelygate", X_OK) == 0)
        #expect(access(scratch.path + "/mine/bin/shapelygate", X_OK) == 0)
        #expect(run.output.contains("installed \(scratch.path)/mine/bin/shapelygate\n"))
    }

    @Test func aPrefixSpelledWithDotsIsUninstalledWithEveryFolderItMade() {
        let scratch = Scratch()
        _ = shell("ln -s \(quoted(gateBinary)) \(quoted(scratch.path))/gate")
        let install = shell("cd \(quoted(scratch.path)) && \(quoted(packageRoot))/Scripts/install.sh --prefix ./p --binary ./gate")
        #expect(install.status == 0, "\(install.output)")
        #expect(install.output.contains("installed \(scratch.path)/p/bin/shapelygate\n"), "\(install.output)")
        let manifest = scratch.path + "/p/share/shapelygate/created-folders"
        #expect(readText(manifest).hasPrefix(scratch.path + "/p\n"), "\(readText(manifest))")
        // Another spelling of the same prefix finds the same files and folders.
        let uninstall = shell("cd \(quoted(scratch.path)) && \(quoted(packageRoot))/Scripts/install.sh --prefix p//./ --uninstall")
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(uninstall.output.contains("removed \(scratch.path)/p/\n"), "\(uninstall.output)")
        #expect(!exists(scratch.path + "/p"))
    }

    @Test func aManifestSpellingFoldersWithDotsStillHasThemRemoved() {
        let scratch = Scratch()
        let prefix = scratch.path + "/p"
        let install = shell("Scripts/install.sh --prefix \(quoted(prefix)) --binary \(quoted(gateBinary))")
        #expect(install.status == 0, "\(install.output)")
        // As an install that kept the prefix as given (`--prefix ./p`) wrote it.
        let manifest = prefix + "/share/shapelygate/created-folders"
        let rewrite = shell("sed -i 's|^\(scratch.path)/p|\(scratch.path)/./p|' \(quoted(manifest)) && grep -c '/\\./p' \(quoted(manifest))")
        #expect(rewrite.status == 0 && rewrite.output != "0\n", "\(rewrite.output)")
        let uninstall = shell("Scripts/install.sh --prefix \(quoted(prefix)) --uninstall")
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(!exists(prefix), "\(uninstall.output)")
    }

    @Test func helpPrintsTheHeaderAndNothingElse() {
        for (script, first) in [("install.sh", "Installs shapelygate: the static release binary"),
                                ("package-deb.sh", "Builds shapelygate_VERSION_ARCH.deb with dpkg-deb"),
                                ("build-release.sh", "Builds the release executable")] {
            let run = shell("Scripts/\(script) --help")
            #expect(run.status == 0)
            #expect(run.output.hasPrefix(first), "\(run.output)")
            let header = readText("\(packageRoot)/Scripts/\(script)").split(separator: "\n").dropFirst()
                .prefix { $0.hasPrefix("#") }
            #expect(run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count == header.count)
            #expect(!run.output.contains("set -euo"))
        }
    }
}
