// PluginEntryTests.swift — the built plugin loaded with dlopen and called through its
// exported `struct approval_plugin`, as sudo calls it, by the layout sudo_plugin(5)
// gives (two unsigned ints, then four function pointers). Only paths that start no
// judge are called here (the build folder's program is not one root may trust); the
// judge is run under sudo in the other suites, and its option checks are unit-tested
// (ShapelyGateCLITests/DoorOptionsTests).

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

typealias Vector = UnsafePointer<UnsafeMutablePointer<CChar>?>?
typealias OpenEntry = @convention(c) (UInt32, OpaquePointer?, OpaquePointer?, Vector, Vector, Int32, Vector, Vector,
                                      Vector, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
typealias CloseEntry = @convention(c) () -> Void
typealias CheckEntry = @convention(c) (Vector, Vector, Vector, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
typealias VersionEntry = @convention(c) (Int32) -> Int32

/// The plugin's exported struct, read field by field.
struct Plugin {
    let type: UInt32
    let version: UInt32
    let open: OpenEntry?
    let close: CloseEntry?
    let check: CheckEntry?
    let showVersion: VersionEntry?

    static let loaded: Plugin? = {
        guard let handle = dlopen(pluginPath, RTLD_NOW | RTLD_LOCAL),
              let symbol = dlsym(handle, "shapelygate_approval") else { return nil }
        let raw = UnsafeRawPointer(symbol)
        return Plugin(type: raw.load(as: UInt32.self), version: raw.load(fromByteOffset: 4, as: UInt32.self),
                      open: raw.load(fromByteOffset: 8, as: OpenEntry?.self),
                      close: raw.load(fromByteOffset: 16, as: CloseEntry?.self),
                      check: raw.load(fromByteOffset: 24, as: CheckEntry?.self),
                      showVersion: raw.load(fromByteOffset: 32, as: VersionEntry?.self))
    }()
}

/// Calls `body` with `strings` as a NULL-terminated C vector (or NULL for nil).
func withVector<R>(_ strings: [String]?, _ body: (Vector) -> R) -> R {
    guard let strings else { return body(nil) }
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

let rootInfo = ["user=root", "uid=0", "gid=0", "groups=0", "tty=/dev/pts/99", "cwd=/", "umask=022"]

/// open() with these options and user_info; the result and the message left in errstr.
func openPlugin(_ options: [String]?, userInfo: [String] = rootInfo, settings: [String] = [],
                version: UInt32 = 0x1_0011) -> (Int32, String?) {
    let plugin = Plugin.loaded!
    var message: UnsafePointer<CChar>?
    let result = withVector(settings) { settingsVector in
        withVector(userInfo) { info in
            withVector(["PATH=/bin", "TERM=xterm", "LANG=fr_FR.UTF-8\u{1b}]0;x"]) { environment in
                withVector(options) { optionVector in
                    plugin.open!(version, nil, nil, settingsVector, info, 1, nil, environment, optionVector, &message)
                }
            }
        }
    }
    return (result, message.map { String(cString: $0) })
}

@Suite("The plugin's entry points", .serialized, .enabled(if: exists(pluginPath), "needs the plugin built by swift build"))
struct PluginEntryTests {
    @Test func theExportedStructIsAnApprovalPlugin() throws {
        let plugin = try #require(Plugin.loaded)
        #expect(plugin.type == 4)
        #expect(plugin.version >> 16 == 1)
        #expect(plugin.version & 0xffff >= 15)
        #expect(plugin.open != nil && plugin.close != nil && plugin.check != nil && plugin.showVersion != nil)
        #expect(plugin.showVersion!(1) == 1)
    }

    @Test(arguments: [
        (["path=shapelygate"], "shapelygate: option path= needs a full path, starting with /"),
        (["timeout=5", "path=/nonexistent/shapelygate"], "shapelygate: option path=/nonexistent/shapelygate: no such file"),
        ([], "shapelygate: option path=/usr/bin/shapelygate: no such file"),
    ])
    func aProgramThatCannotBeFoundFailsOpenBeforeAnythingRuns(options: [String], message: String) {
        // The default path= is the installed program's; where it is installed, this case does not apply.
        if options.isEmpty && exists("/usr/bin/shapelygate") { return }
        let (result, errstr) = openPlugin(options)
        #expect(result == -1)
        #expect(errstr == message)
        Plugin.loaded!.close!()
    }

    @Test func aProgramOthersCanReadOrWriteIsNotTrusted() {
        // The build folder's program is readable by everyone (and its folders need not be root's).
        let (result, errstr) = openPlugin(["path=\(gatePath)"])
        #expect(result == -1)
        #expect(errstr?.hasPrefix("shapelygate: the gate \(gatePath) ") == true, "\(errstr ?? "nil")")
        Plugin.loaded!.close!()
    }

    @Test func sudosMajorVersionMustMatch() {
        let (result, errstr) = openPlugin(nil, version: 0x2_0000)
        #expect(result == -1)
        #expect(errstr == "shapelygate: sudo's plugin interface 2.0 is not supported")
        Plugin.loaded!.close!()
    }

    @Test(.enabled(if: tool("cc") != nil, "needs a C compiler"))
    func theCSourcesCompileWithoutWarnings() {
        let folder = packageRoot + "/Sources/CShapelyGateApproval"
        // Every C file of the plugin, as the shell's glob finds them: a new one is never left out.
        let compiler = startProcess(["/bin/sh", "-c", "exec \"$0\" -std=gnu11 -Wall -Wextra -Wshadow -Wformat=2 -Werror "
                                     + "-fsyntax-only -I \"$1/include\" \"$1\"/*.c", tool("cc")!, folder], terminal: false)
        #expect(compiler.finish(timeout: 120) == .exited(0), "\(compiler.errorText)")
    }
}
