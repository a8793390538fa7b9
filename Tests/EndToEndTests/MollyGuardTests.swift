// MollyGuardTests.swift — the molly-guard check (Scripts/molly-guard/40-shapelygate)
// run as molly-guard runs it: on the user's terminal, with `--arg WORD` arguments and
// MOLLYGUARD_* in the environment; then under molly-guard's own wrapper script, copied
// with its folders pointed into a temporary folder, guarding a stub reboot; and the
// forms that wrapper runs without any check (`reboot -f`, `halt -f`, MOLLYGUARD_CMD set),
// shown beside the ones it sends through the gate.

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
    /// exits with GATE_STUB.
    func stubGate(_ scratch: Scratch) -> String {
        scratch.folder("bin")
        scratch.script("bin/shapelygate", """
            echo "gate $*" >>\(quoted(scratch.path))/calls
            [ "$SWIFT_BACKTRACE" = enable=no ] || echo "gate without SWIFT_BACKTRACE=enable=no" >>\(quoted(scratch.path))/calls
            exit "${GATE_STUB:-0}"
            """)
        return scratch.path + "/bin"
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
            let run = GateProcess(["-c", "\(quoted(Self.check)) --arg --pretend-ssh"],
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
        let run = shell("PATH=\(quoted(bin)):/usr/bin:/bin MOLLYGUARD_CMD=poweroff GATE_STUB=1 \(quoted(Self.check)) </dev/null")
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(scratch.lines("calls").isEmpty)
    }

    @Test func aMissingGateStopsTheShutdownAndSaysHowToBypass() {
        let scratch = Scratch()
        let run = GateProcess([Self.check], environment: environment(scratch.path).merging(["PATH": scratch.path]) { $1 },
                              executable: "/bin/sh")
        let status = run.finish()
        // /usr/bin or /usr/local/bin may hold an installed gate on this machine.
        if !exists("/usr/bin/shapelygate") && !exists("/usr/local/bin/shapelygate") {
            #expect(status == .exited(127))
            #expect(run.errorText.contains("shapelygate not found, so reboot is not run"), "\(run.errorText)")
            #expect(run.errorText.contains("/lib/molly-guard/reboot"))
        } else {
            #expect(status != .exited(0))
        }
    }

    @Test(.enabled(if: tool("setsid") != nil, "needs setsid"))
    func theRealGateWithATerminalOnStdinButNoControllingTerminalDenies() {
        let run = GateProcess(["-c", "setsid -w \(quoted(Self.check)) --arg x"],
                              environment: environment(gateFolder), executable: "/bin/sh")
        #expect(run.finish() == .exited(1))
        #expect(run.errorText.contains("no terminal"), "\(run.errorText)")
        #expect(run.errorText.contains("W: molly-guard: shapelygate denied reboot"))
    }

    @Test func theRealGateOnTheTerminalDeniesOnEndOfInput() {
        let run = GateProcess(["-c", quoted(Self.check)], environment: environment(gateFolder), executable: "/bin/sh")
        #expect(run.waitFor("choose 1-"))
        #expect(run.screenText.contains("To run: reboot"), "\(run.screenText)")
        run.type("\u{04}")
        #expect(run.finish() == .exited(1))
        #expect(run.errorText.contains("W: molly-guard: shapelygate denied reboot"), "\(run.errorText)")
    }

    /// molly-guard's wrapper as `command`, its run.d and the real command moved into
    /// `scratch`; the real command records `RAN command arguments`.
    func wrapper(_ scratch: Scratch, _ command: String = "reboot") -> String {
        scratch.folder("run.d")
        scratch.folder("lib")
        scratch.script("lib/" + command, "echo \"RAN \(command)${*:+ $*}\" >>\(quoted(scratch.path))/calls")
        let copy = scratch.path + "/" + command
        let made = shell("""
            sed -e 's|^SCRIPTSDIR=.*|SCRIPTSDIR=\(scratch.path)/run.d|' -e 's|^EXEC=.*|EXEC="\(scratch.path)/lib/$CMD"|' \
                \(quoted(Self.mollyGuard ?? "")) >\(quoted(copy)) && chmod 755 \(quoted(copy)) \
            && ln -sf \(quoted(Self.check)) \(quoted(scratch.path))/run.d/40-shapelygate
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
            let copy = wrapper(scratch, command)
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
            let reboot = wrapper(scratch)
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
        let reboot = wrapper(scratch)
        let run = shell("PATH=\(quoted(bin)):/usr/bin:/bin GATE_STUB=1 \(quoted(reboot)) now </dev/null")
        #expect(run.status == 0, "\(run.output)")
        #expect(scratch.lines("calls") == ["RAN reboot now"])
    }
}
