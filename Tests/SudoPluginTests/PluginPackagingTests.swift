// PluginPackagingTests.swift — the plugin as it is shipped: a shared object that needs
// only the C library (no Swift runtime inside sudo) and exports only its plugin
// struct; installed by Scripts/install.sh where the man page says, mode 0644; its man
// page, and shapelygate.conf(5), which holds its words, lint-free and installed.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `script` with /bin/sh in the package root, without a terminal: status and output.
func runScript(_ script: String) -> (status: Int32?, output: String) {
    let process = startProcess(["/bin/sh", "-c", "cd '\(packageRoot)' && " + script], terminal: false)
    return (process.finish(timeout: 120).shellStatus, process.errorText)
}

@Suite("The plugin as shipped")
struct PluginPackagingTests {
    @Test(.enabled(if: tools("readelf") && exists(pluginPath), "needs readelf and the built plugin"))
    func itNeedsOnlyTheCLibrary() {
        let dynamic = runScript("readelf -d '\(pluginPath)'")
        #expect(dynamic.status == 0)
        let needed = dynamic.output.split(whereSeparator: \.isNewline).filter { $0.contains("(NEEDED)") }
        #expect(needed.count == 1 && needed[0].contains("[libc.so.6]"), "\(needed)")
        #expect(!dynamic.output.contains("swift"), "\(dynamic.output)")
        #expect(dynamic.output.contains("BIND_NOW"))
        let symbols = runScript("readelf --dyn-syms -W '\(pluginPath)'")
        let exported = symbols.output.split(whereSeparator: \.isNewline)
            .filter { $0.contains(" GLOBAL ") && !$0.contains(" UND ") }
            .compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(exported.contains("shapelygate_approval"), "\(exported)")
        #expect(!exported.contains { $0.hasPrefix("sg_") || $0.hasPrefix("swift") }, "\(exported)")
    }

    @Test(.enabled(if: tool("mandoc") != nil, "needs mandoc"),
          arguments: ["man/shapelygate_approval.8", "man/shapelygate.conf.5"])
    func theManPageIsLintFree(_ page: String) {
        let lint = runScript("mandoc -Tlint -W warning \(page) 2>&1")
        #expect(lint.status == 0 && lint.output.isEmpty, "\(lint.output)")
    }

    @Test(.enabled(if: exists(pluginPath) && exists(gatePath), "needs the plugin and the gate built by swift build"))
    func installPutsItInTheLibraryFolderAndUninstallRemovesIt() {
        let prefix = temporaryFolder()
        defer { _ = runScript("rm -rf '\(prefix)'") }
        let install = runScript("Scripts/install.sh --prefix '\(prefix)' --binary '\(gatePath)' 2>&1")
        #expect(install.status == 0, "\(install.output)")
        let file = prefix + "/lib/shapelygate/shapelygate_approval.so"
        var info = stat()
        #expect(stat(file, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o644)
        if runningAsRoot { #expect(info.st_uid == 0 && info.st_gid == 0) }
        #expect(exists(prefix + "/share/man/man8/shapelygate_approval.8"))
        // The page of the words the Plugin line shares with every other door.
        #expect(exists(prefix + "/share/man/man5/shapelygate.conf.5"))
        // The PAM module beside it, built by the same swift build.
        let pam = prefix + "/lib/shapelygate/pam_shapelygate.so"
        #expect(stat(pam, &info) == 0 && info.st_mode & 0o7777 == 0o644)
        #expect(exists(prefix + "/share/man/man8/pam_shapelygate.8"))
        let uninstall = runScript("Scripts/install.sh --prefix '\(prefix)' --uninstall 2>&1")
        #expect(uninstall.status == 0)
        #expect(uninstall.output.contains("removed \(file)"))
        #expect(uninstall.output.contains("removed \(pam)"))
        #expect(!exists(file) && !exists(pam) && !exists(prefix + "/lib/shapelygate"))
    }
}
