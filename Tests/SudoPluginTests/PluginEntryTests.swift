// PluginEntryTests.swift — the built plugin loaded with dlopen and called through its
// exported `struct approval_plugin`, as sudo calls it, by the layout sudo_plugin(5)
// gives (two unsigned ints, then four function pointers). Only paths that start no
// gate are called here; the gate itself is run under sudo in SudoApprovalTests and
// SudoHoldsTests.

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

/// check() for `command`; the result and the message left in errstr.
func checkPlugin(_ command: String) -> (Int32, String?) {
    var message: UnsafePointer<CChar>?
    let result = withVector(["command=\(command)", "runas_uid=0"]) { info in
        withVector([command]) { argv in
            withVector(["PATH=/bin"]) { Plugin.loaded!.check!(info, argv, $0, &message) }
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
        (["timout=5"], "shapelygate: unknown option 'timout' in the sudo.conf Plugin line"),
        (["=5"], "shapelygate: unknown option '=5' in the sudo.conf Plugin line"),
        (["users=root", "nonsense"], "shapelygate: unknown option 'nonsense' in the sudo.conf Plugin line"),
        (["timeout=0"], "shapelygate: invalid timeout=0: expected a whole number 1-3600"),
        (["timeout=3601"], "shapelygate: invalid timeout=3601: expected a whole number 1-3600"),
        (["attempts=two"], "shapelygate: invalid attempts=two: expected a whole number 1-99"),
        (["rounds=21"], "shapelygate: invalid rounds=21: expected a whole number 1-20"),
        (["cooldown=-1"], "shapelygate: invalid cooldown=-1: expected a whole number 0-86400"),
        (["shapes-per-kind=+3"], "shapelygate: invalid shapes-per-kind=+3: expected a whole number 1-9"),
        (["seed=99999999999999999999"], "shapelygate: invalid seed=99999999999999999999: expected a whole number 0-18446744073709551615"),
        (["kinds=Star;rm"], "shapelygate: invalid kinds=Star;rm: expected 2-9 or a comma list of shape names"),
        (["kinds=1"], "shapelygate: invalid kinds=1: expected 2-9 or a comma list of shape names"),
        (["kinds=10"], "shapelygate: invalid kinds=10: expected 2-9 or a comma list of shape names"),
        (["kinds=circle"], "shapelygate: invalid kinds=circle: name at least two different shapes"),
        (["kinds=circle,circle"], "shapelygate: invalid kinds=circle,circle: name at least two different shapes"),
        (["kinds=circle,blob"], "shapelygate: invalid kinds=circle,blob: unknown shape 'blob'"),
        (["kinds=circle,"], "shapelygate: invalid kinds=circle,: unknown shape ''"),
        (["strings=/dev/null/none"], "shapelygate: option strings=/dev/null/none: no such file or folder"),
        (["lang=$(id)"], "shapelygate: invalid lang=$(id): expected a language code such as fr"),
        (["strict=yes"], "shapelygate: option strict takes no value"),
        (["timeout="], "shapelygate: option timeout= needs a value"),
        (["users"], "shapelygate: option users= needs a value"),
        (["users=root,,kid"], "shapelygate: option users= has an empty entry"),
        (["commands=/usr/bin/apt,"], "shapelygate: option commands= has an empty entry"),
        (["commands=apt"], "shapelygate: option commands= needs full paths, starting with /"),
        (["path=shapelygate"], "shapelygate: option path= needs a full path, starting with /"),
        (["strings=strings/"], "shapelygate: option strings= needs a full path, starting with /"),
        (["users=no-such-user-here"], "shapelygate: option users= names an unknown user 'no-such-user-here'"),
        (["groups=no-such-group-here"], "shapelygate: option groups= names an unknown group 'no-such-group-here'"),
        (["lang=fr\u{1b}[2J"], "shapelygate: a plugin option holds a control character"),
        (["users=" + String(repeating: "a", count: 5000)], "shapelygate: a plugin option is longer than 4096 bytes"),
    ])
    func aBadOptionFailsOpenNamingIt(options: [String], message: String) {
        let (result, errstr) = openPlugin(options)
        #expect(result == -1)
        #expect(errstr == message)
        Plugin.loaded!.close!()
    }

    @Test func everyGoodOptionOpens() {
        let options = ["users=root,0,nobody", "groups=root,65534", "commands=/usr/bin/apt,/usr/sbin/", "timeout=20",
                       "attempts=1", "rounds=3", "shapes-per-kind=2", "kinds=circle,star", "strict", "cooldown=60",
                       "lang=pt_BR.UTF-8", "strings=/usr/share", "path=/usr/local/bin/shapelygate", "seed=7",
                       "timeout=30"]
        #expect(openPlugin(options).0 == 1)
        Plugin.loaded!.close!()
        #expect(openPlugin(nil).0 == 1)
        Plugin.loaded!.close!()
    }

    @Test func theNumberRangesAreTheGates() {
        let ranges = [("timeout", GateConfiguration.timeoutRange), ("attempts", GateConfiguration.attemptsRange),
                      ("rounds", GateConfiguration.roundsRange), ("shapes-per-kind", GateConfiguration.shapesPerKindRange),
                      ("cooldown", GateConfiguration.cooldownRange)]
        for (name, range) in ranges {
            for (value, accepted) in [(range.lowerBound, true), (range.upperBound, true),
                                      (range.lowerBound - 1, false), (range.upperBound + 1, false)] {
                #expect(openPlugin(["\(name)=\(value)"]).0 == (accepted ? 1 : -1), "\(name)=\(value)")
                Plugin.loaded!.close!()
            }
        }
    }

    @Test func sudosMajorVersionMustMatch() {
        let (result, errstr) = openPlugin(nil, version: 0x2_0000)
        #expect(result == -1)
        #expect(errstr == "shapelygate: sudo's plugin interface 2.0 is not supported")
        Plugin.loaded!.close!()
    }

    @Test func anUngatedUserOrCommandIsApprovedAtOnce() {
        #expect(openPlugin(["users=nobody", "groups=nogroup"]).0 == 1)
        #expect(checkPlugin("/usr/bin/true") == (1, nil))
        Plugin.loaded!.close!()
        #expect(openPlugin(["users=root", "commands=/usr/sbin/reboot,/nonexistent/"]).0 == 1)
        #expect(checkPlugin("/usr/bin/true") == (1, nil))
        #expect(checkPlugin("/nonexistent2/x") == (1, nil))
        Plugin.loaded!.close!()
    }

    @Test func aGatedCommandWithoutATerminalIsDenied() {
        let noTerminal = rootInfo.filter { !$0.hasPrefix("tty=") } + ["tty="]
        for command in ["/usr/bin/true", "/nonexistent/x/y", "relative", ""] {
            #expect(openPlugin(["commands=/usr/bin,/nonexistent/x", "users=0"], userInfo: noTerminal).0 == 1)
            let expected = command.hasPrefix("/usr/bin") || command.hasPrefix("/nonexistent") || !command.hasPrefix("/")
            let (result, errstr) = checkPlugin(command)
            #expect(result == (expected ? 0 : 1), "\(command)")
            if expected { #expect(errstr == "shapelygate: a terminal is required to approve this command") }
            Plugin.loaded!.close!()
        }
    }

    @Test func sudoDashNIsDenied() {
        #expect(openPlugin(["groups=root"], settings: ["noninteractive=true"]).0 == 1)
        let (result, errstr) = checkPlugin("/usr/bin/true")
        #expect(result == 0)
        #expect(errstr == "shapelygate: a person must approve this command, and sudo -n asks no one")
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
