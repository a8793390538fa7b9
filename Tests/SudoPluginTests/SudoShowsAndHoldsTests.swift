// SudoShowsAndHoldsTests.swift — scratch probe
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("probe", .serialized, .enabled(if: sudoUnavailable == nil, "\(sudoUnavailable ?? "")"))
struct SudoShowsAndHoldsProbe {
    @Test func probe() {
        let touch = tool("touch") ?? "/usr/bin/touch"
        let cases: [([String], String)] = [
            (["LD_PRELOAD=/nonexistent/evil.so", touch, "MARK"], ""),
            (["-u", "nobody", "/usr/bin/id"], ""),
            (["-g", "nogroup", "/usr/bin/id"], ""),
            (["-D", "/tmp", "/usr/bin/id"], "Defaults runcwd=*"),
            (["-R", "/", "/usr/bin/id"], "Defaults runchroot=*"),
            (["/bin/sh", "-c", "true cowsay\nid > MARK"], ""),
        ]
        var out = ""
        for (arguments, lines) in cases {
            let run = SudoRun(options: gated(), sudoArguments: arguments.map { $0 == "MARK" ? "/tmp/x/ran" : $0 }, sudoersLines: lines)
            let shown = run.pty.waitFor("choose 1-8", timeout: 10)
            run.pty.type("\u{3}")
            let end = run.pty.finish()
            out += "=== \(arguments) shown=\(shown) end=\(end)\n\(run.pty.terminalScreen.allLines.joined(separator: "\n"))\nRAW: \(run.pty.screenText.debugDescription)\n"
        }
        writeFile("/tmp/helperA-probe.txt", out)
    }
}
