// MollyGuardTests.swift — the molly-guard check (Scripts/molly-guard/40-shapelygate)
// run as molly-guard runs it: on the user's terminal, with `--arg WORD` arguments and
// MOLLYGUARD_* in the environment; then under molly-guard's own wrapper script, copied
// with its folders pointed into a temporary folder, guarding a stub reboot; and the
// forms that wrapper runs without any check (`reboot -f`, `halt -f`, MOLLYGUARD_CMD set),
// shown beside the ones it sends through the gate. The check runs the gate by the
// absolute path install.sh writes into it: each test writes a path of its own the same
// way, and a gate earlier in PATH is never run.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("molly-guard check", .serialized, .ownPolicy)
struct MollyGuardTests {
    static let check = packageRoot + "/Scripts/molly-guard/40-shapelygate"
    static let mollyGuard: String? = ["/usr/lib/molly-guard/molly-guard", "/lib/molly-guard/molly-guard"].first { access($0, R_OK) == 0 }

    /// A gate stub that records its call (and a missing SWIFT_BACKTRACE=enable=no) and
    /// exits with GATE_STUB; `name` tells one stub's calls from another's.
    func stubGate(_ scratch: Scratch, folder: String = "bin", name: String = "gate") -> String {
        scratch.folder(folder)
        scratch.script(folder + "/shapelygate", """
            echo "\(name) $*" >>\(quoted(scratch.path))/calls
            [ "$SWIFT_BACKTRACE" = enable=no ] || echo "gate without SWIFT_BACKTRACE=enable=no" >>\(quoted(scratch.path))/calls
            exit "${GATE_STUB:-0}"
            """)
        return scratch.path + "/" + folder
    }

    /// A copy of the check in `scratch` that runs `gate`, its `gate=/usr/bin/shapelygate`
    /// line rewritten as install.sh rewrites it.
    func check(running gate: String, in scratch: Scratch) -> String {
        let copy = scratch.path + "/40-shapelygate"
        let text = readText(Self.check).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 == "gate=/usr/bin/shapelygate" ? "gate='\(gate)'" : String($0) }.joined(separator: "\n")
        writeFile(copy, text, mode: 0o755)
        return copy
    }

    func environment(_ path: String, gate: Int = 0) -> [String: String] {
        ["PATH": path + ":/usr/bin:/bin", "MOLLYGUARD_CMD": "reboot", "MOLLYGUARD_DO_NOTHING": "0",
         "MOLLYGUARD_SETTINGS": "/nonexistent", "GATE_STUB": "\(gate)"]
    }

    @Test func onATerminalItRunsTheGateAndPassesItsAnswerOn() {
        for (gate, message) in [(0, ""), (1, "W: molly-guard: shapelygate denied reboot"),
                                (2, "W: molly-guard: shapelygate failed (status 2), so reboot is not run")] {
            let scratch = Scratch()
            let bin = stubGate(scratch)
            let run = GateProcess(["-c", "\(quoted(check(running: bin + "/shapelygate", in: scratch))) --arg --pretend-ssh"],
                                  environment: environment(bin, gate: gate), executable: "/bin/sh")
            #expect(run.finish() == .exited(Int32(gate)))
            #expect(run.errorText.contains("I: molly-guard: running \(bin)/shapelygate before reboot"), "\(run.errorText)")
            #expect(run.errorText.contains(message), "\(run.errorText)")
            #expect(scratch.lines("calls") == ["gate --for reboot"])
        }
    }

    @Test func withoutATerminalItStaysOutOfTheWay() {
        let scratch = Scratch()
        let bin = stubGate(scratch)
        let copy = check(running: bin + "/shapelygate", in: scratch)
        let run = shell("PATH=\(quoted(bin)):/usr/bin:/bin MOLLYGUARD_CMD=poweroff GATE_STUB=1 \(quoted(copy)) </dev/null")
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(scratch.lines("calls").isEmpty)
    }

    @Test func aMissingGateStopsTheShutdownAndSaysHowToBypass() {
        let scratch = Scratch()
        let bin = stubGate(scratch)
        let missing = scratch.path + "/prefix/bin/shapelygate"
        let run = GateProcess([check(running: missing, in: scratch)], environment: environment(bin), executable: "/bin/sh")
        #expect(run.finish() == .exited(127))
        #expect(run.errorText.contains("shapelygate not found at \(missing), so reboot is not run"), "\(run.errorText)")
        #expect(run.errorText.contains("/lib/molly-guard/reboot"))
        #expect(scratch.lines("calls").isEmpty, "a gate found in PATH ran")
    }

    /// A caller who cannot write the installed gate can still put a folder of their own
    /// first in PATH: the gate there is never the one that decides.
    @Test func aGateEarlierInPATHIsNeverRun() {
        let scratch = Scratch()
        let fake = stubGate(scratch, folder: "fake", name: "fake")
        let installed = stubGate(scratch, folder: "prefix/bin", name: "gate")
        let run = GateProcess(["-c", quoted(check(running: installed + "/shapelygate", in: scratch))],
                              environment: environment(fake, gate: 1), executable: "/bin/sh")
        #expect(run.finish() == .exited(1))
        #expect(scratch.lines("calls") == ["gate --for reboot"])
        #expect(run.errorText.contains("I: molly-guard: running \(installed)/shapelygate before reboot"), "\(run.errorText)")
    }

    @Test(.enabled(if: tool("setsid") != nil, "needs setsid"))
    func theRealGateWithATerminalOnStdinButNoControllingTerminalDenies() {
        let scratch = Scratch()
        let copy = check(running: gateBinary, in: scratch)
        let run = GateProcess(["-c", "setsid -w \(quoted(copy)) --arg x"], environment: environment(gateFolder), executable: "/bin/sh")
        #expect(run.finish() == .exited(1))
        #expect(run.errorText.contains("no terminal"), "\(run.errorText)")
        #expect(run.errorText.contains("W: molly-guard: shapelygate denied reboot"))
    }

    @Test func theRealGateOnTheTerminalDeniesOnEndOfInput() {
        let scratch = Scratch()
        let copy = check(running: gateBinary, in: scratch)
        let run = GateProcess(["-c", quoted(copy)], environment: environment(gateFolder), executable: "/bin/sh")
        #expect(run.waitFor("choose 1-"))
        #expect(run.screenText.contains("To run: reboot"), "\(run.screenText)")
        run.type("\u{04}")
        #expect(run.finish() == .exited(1))
        #expect(run.errorText.contains("W: molly-guard: shapelygate denied reboot"), "\(run.errorText)")
    }

    /// molly-guard's wrapper as `command`, its run.d and the real command moved into
    /// `scratch`; the real command records `RAN command arguments`.
    func wrapper(_ scratch: Scratch, _ command: String = "reboot", gate: String) -> String {
        scratch.folder("run.d")
        scratch.folder("lib")
        scratch.script("lib/" + command, "echo \"RAN \(command)${*:+ $*}\" >>\(quoted(scratch.path))/calls")
        let copy = scratch.path + "/" + command
        let made = shell("""
            sed -e 's|^SCRIPTSDIR=.*|SCRIPTSDIR=\(scratch.path)/run.d|' -e 's|^EXEC=.*|EXEC="\(scratch.path)/lib/$CMD"|' \
                \(quoted(Self.mollyGuard ?? "")) >\(quoted(copy)) && chmod 755 \(quoted(copy)) \
            && ln -sf \(quoted(check(running: gate, in: scratch))) \(quoted(scratch.path))/run.d/40-shapelygate
            """)
        #expect(made.status == 0, "\(made.output)")
        return copy
    }

    /// What molly-guard's own wrapper (0.4, as Debian ships it) sends through the checks,
    /// and what it runs at once without running any: `shutdown` with `-c` anywhere in its
    /// words, `halt` with `-f` or `-w`, `reboot` with `-f` (so `--force` and
    /// `--firmware-setup` too), and any command run with MOLLYGUARD_CMD already set.
    static let wrapperCases: [(line: String, asks: Bool)] = [
        ("reboot", true), ("reboot now", true), ("shutdown -r now", true), ("shutdown -h +5", true),
        ("halt", true), ("halt -p", true), ("poweroff", true), ("poweroff -f", true),
        ("reboot -f", false), ("reboot --force", false), ("reboot --firmware-setup", false), ("halt -f", false),
        ("halt -w", false), ("shutdown -c", false), ("shutdown -r +5 disk-check", false),
        ("MOLLYGUARD_CMD=x reboot now", false), ("MOLLYGUARD_CMD=reboot poweroff", false),
    ]

    @Test(.enabled(if: mollyGuard != nil && tool("run-parts") != nil, "needs molly-guard"))
    func underMollyGuardsOwnWrapperSomeFormsNeverReachTheCheck() {
        for (line, asks) in Self.wrapperCases {
            let scratch = Scratch()
            let bin = stubGate(scratch)
            let words = line.split(separator: " ").map(String.init)
            let assignment = words.first { $0.contains("=") }
            let command = words.first { !$0.contains("=") }!
            let arguments = words.drop { $0 != command }.dropFirst()
            let copy = wrapper(scratch, command, gate: bin + "/shapelygate")
            var env = environment(bin, gate: 1)
            env["MOLLYGUARD_CMD"] = nil
            let run = GateProcess(["-c", ([assignment].compactMap { $0 } + [quoted(copy)] + arguments).joined(separator: " ")],
                                  environment: env, executable: "/bin/sh")
            let ran = "RAN " + ([command] + arguments).joined(separator: " ")
            if asks {
                #expect(run.finish() == .exited(1), "\(line): \(run.errorText)")
                #expect(scratch.lines("calls") == ["gate --for \(command)"], "\(line)")
            } else {
                #expect(run.finish() == .exited(0), "\(line): \(run.errorText)")
                #expect(scratch.lines("calls") == [ran], "\(line): the gate was asked, or the command did not run")
            }
        }
    }

    @Test(.enabled(if: mollyGuard != nil && tool("run-parts") != nil, "needs molly-guard"))
    func underMollyGuardsOwnWrapperAnInteractiveRebootWaitsForTheGate() {
        for gate in [0, 1] {
            let scratch = Scratch()
            let bin = stubGate(scratch)
            let reboot = wrapper(scratch, gate: bin + "/shapelygate")
            var env = environment(bin, gate: gate)
            env["MOLLYGUARD_CMD"] = nil
            let run = GateProcess(["-c", "\(quoted(reboot)) now -- --pretend-ssh"], environment: env, executable: "/bin/sh")
            #expect(run.finish() == .exited(Int32(gate)))
            if gate == 0 {
                #expect(scratch.lines("calls") == ["gate --for reboot", "RAN reboot now"])
            } else {
                #expect(scratch.lines("calls") == ["gate --for reboot"])
                #expect(run.errorText.contains("aborting reboot due to 40-shapelygate exiting with code 1"), "\(run.errorText)")
            }
        }
    }

    @Test(.enabled(if: mollyGuard != nil && tool("run-parts") != nil, "needs molly-guard"))
    func underMollyGuardsOwnWrapperANonInteractiveRebootGoesThrough() {
        let scratch = Scratch()
        let bin = stubGate(scratch)
        let reboot = wrapper(scratch, gate: bin + "/shapelygate")
        let run = shell("PATH=\(quoted(bin)):/usr/bin:/bin GATE_STUB=1 \(quoted(reboot)) now </dev/null")
        #expect(run.status == 0, "\(run.output)")
        #expect(scratch.lines("calls") == ["RAN reboot now"])
    }
}
