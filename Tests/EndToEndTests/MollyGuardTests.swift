// MollyGuardTests.swift — the molly-guard check (Scripts/molly-guard/40-shapelygate)
// run as molly-guard runs it: on the user's terminal, with `--arg WORD` arguments and
// MOLLYGUARD_* in the environment; then under molly-guard's own wrapper script, copied
// with its folders pointed into a temporary folder, guarding a stub reboot.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("molly-guard check", .serialized, .ownPolicy)
struct MollyGuardTests {
    static let check = packageRoot + "/Scripts/molly-guard/40-shapelygate"
    static let mollyGuard: String? = ["/usr/lib/molly-guard/molly-guard", "/lib/molly-guard/molly-guard"].first { access($0, R_OK) == 0 }

    /// A gate stub that records its call and exits with GATE_STUB.
    func stubGate(_ scratch: Scratch) -> String {
        scratch.folder("bin")
        scratch.script("bin/shapelygate", "echo \"gate $*\" >>\(quoted(scratch.path))/calls\nexit \"${GATE_STUB:-0}\"")
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

    /// molly-guard's wrapper, its run.d and the real command moved into `scratch`.
    func wrapper(_ scratch: Scratch) -> String {
        scratch.folder("run.d")
        scratch.script("lib/reboot", "echo \"REBOOTED $*\" >>\(quoted(scratch.path))/calls")
        let reboot = scratch.path + "/reboot"
        let copy = shell("""
            sed -e 's|^SCRIPTSDIR=.*|SCRIPTSDIR=\(scratch.path)/run.d|' -e 's|^EXEC=.*|EXEC="\(scratch.path)/lib/$CMD"|' \
                \(quoted(Self.mollyGuard ?? "")) >\(quoted(reboot)) && chmod 755 \(quoted(reboot)) \
            && ln -s \(quoted(Self.check)) \(quoted(scratch.path))/run.d/40-shapelygate
            """)
        #expect(copy.status == 0, "\(copy.output)")
        return reboot
    }

    @Test(.enabled(if: mollyGuard != nil && tool("run-parts") != nil, "needs molly-guard"))
    func underMollyGuardsOwnWrapperAnInteractiveRebootWaitsForTheGate() {
        for gate in [0, 1] {
            let scratch = Scratch()
            scratch.folder("lib")
            let bin = stubGate(scratch)
            let reboot = wrapper(scratch)
            var env = environment(bin, gate: gate)
            env["MOLLYGUARD_CMD"] = nil
            let run = GateProcess(["-c", "\(quoted(reboot)) now -- --pretend-ssh"], environment: env, executable: "/bin/sh")
            #expect(run.finish() == .exited(Int32(gate)))
            if gate == 0 {
                #expect(scratch.lines("calls") == ["gate --for reboot", "REBOOTED now"])
            } else {
                #expect(scratch.lines("calls") == ["gate --for reboot"])
                #expect(run.errorText.contains("aborting reboot due to 40-shapelygate exiting with code 1"), "\(run.errorText)")
            }
        }
    }

    @Test(.enabled(if: mollyGuard != nil && tool("run-parts") != nil, "needs molly-guard"))
    func underMollyGuardsOwnWrapperANonInteractiveRebootGoesThrough() {
        let scratch = Scratch()
        scratch.folder("lib")
        let bin = stubGate(scratch)
        let reboot = wrapper(scratch)
        let run = shell("PATH=\(quoted(bin)):/usr/bin:/bin GATE_STUB=1 \(quoted(reboot)) now </dev/null")
        #expect(run.status == 0, "\(run.output)")
        #expect(scratch.lines("calls") == ["REBOOTED now"])
    }
}
