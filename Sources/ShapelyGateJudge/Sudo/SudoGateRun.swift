// SudoGateRun.swift — one gate under the judge, from its command line to its verdict.
//
// Contract:
// - The gate is this program's own file (/proc/self/exe, opened before anything runs
//   as the person), run with: --verdict-fd, the Plugin line's gate options, --board
//   words when the person's environment asks for it, and --for with the words the
//   board must show (SudoJudge.swift lists its environment).
// - The verdict: a pass is exit status 0 with exactly `Verdict.passed` on the pipe; the
//   gate's denial line (`Verdict.denial`) gives the audit record its reason and
//   progress, and is trusted for nothing else.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct SudoGateRun {
    package let facts: SudoFacts
    package let plugin: DoorOptions
    package let account: PasswordEntry
    package let uid: UserID
    package let gid: GroupID
    package let shown: String
    /// The challenge's rounds, for the record of a pass.
    package var rounds = 1

    package struct Outcome {
        package var decision: SudoDecision
        /// What the audit record says; a gate that could not be started is a failure.
        package var audit: GateOutcome = .failed(.gateFailed)
        package var progress = AuditProgress()
        /// An approver answered while the board was up, and the board was ended.
        package var interjected = false
    }

    package var environment: [String] {
        var entries = ["PATH=/usr/bin:/bin", "HOME=\(account.home)", "USER=\(account.name)", "LOGNAME=\(account.name)",
                       "SWIFT_BACKTRACE=enable=no"]
        for name in SudoJudgement.passedEnvironment {
            guard let value = facts.submitEnvironment[name], value.utf8.count <= DoorOptions.longest,
                  !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { continue }
            entries.append("\(name)=\(value)")
        }
        return entries
    }

    /// What the terminal needs if the gate and its judge are killed with the board up:
    /// the board's own screen left, the cursor shown (nothing on a terminal with no
    /// cursor control, where the board never leaves the text).
    package var leaveAfterDeath: String {
        Display.detect(environment: facts.submitEnvironment.filter { $0.key == "TERM" }, noColor: true).cursorControl
            ? Painter.leaveAfterSignal : ""
    }

    package func arguments(verdict: Int32) -> [String] {
        // The board is the Plugin line's or the system policy's: a words board chosen in the
        // person's own environment would be a knowledge test, no reading test, where the
        // gate must hold.
        ["shapelygate", "--verdict-fd", String(verdict)] + plugin.gateArguments + ["--for", shown]
    }

    package func start(on terminal: Int32, interject: @escaping () -> Bool = { false }) -> Outcome {
        let program = Platform.openOwnProgram()
        var verdict: [Int32] = [-1, -1], report: [Int32] = [-1, -1]
        defer { for fd in [program] + verdict + report where fd >= 0 { _ = Platform.closeDescriptor(fd) } }
        guard program >= 0, Self.pipe(&verdict), Self.pipe(&report) else {
            return Outcome(decision: .failed("cannot start the gate: \(Platform.describe(errno: SystemError.last).lowercased())"))
        }
        let groups = facts.groups.isEmpty ? [gid] : facts.groups
        let display = Display.detect(environment: facts.submitEnvironment.filter { $0.key == "TERM" }, noColor: true)
        var child = SudoGateChild(terminal: terminal, leavesScreen: display.cursorControl)
        child.interject = interject
        let end: SudoGateChild.End? = Platform.withCStrings(arguments(verdict: verdict[1])) { argv in Platform.withCStrings(environment) { envp in
            argv.withUnsafeBufferPointer { argvBuffer in envp.withUnsafeBufferPointer { envpBuffer in
                groups.withUnsafeBufferPointer { groupBuffer in
                    var spawn = sg_spawn(program: program, argv: argvBuffer.baseAddress, envp: envpBuffer.baseAddress,
                                         uid: uid, gid: gid, groups: groupBuffer.baseAddress, group_count: groups.count,
                                         umask: facts.umask, verdict: verdict[1], report: report[1])
                    return child.run(&spawn, report: report[0])
                }
            } }
        } }
        report[1] = -1  // closed by SudoGateChild once the child had it
        _ = Platform.closeDescriptor(verdict[1])
        verdict[1] = -1
        guard let end else {
            return Outcome(decision: .failed("cannot start the gate: \(Platform.describe(errno: SystemError.last).lowercased())"))
        }
        var outcome = judge(end, said: Self.readVerdict(verdict[0]))
        outcome.interjected = end.interjected
        return outcome
    }

    private func judge(_ end: SudoGateChild.End, said: [UInt8]) -> Outcome {
        if let failure = end.failure {
            let reason = Platform.describe(errno: failure.error).lowercased()
            let stage = ["cannot take the user's groups", "cannot become the user", "cannot open the terminal", "cannot run"]
            let what = (0..<stage.count).contains(Int(failure.stage)) ? stage[Int(failure.stage)] : "cannot run"
            return Outcome(decision: .failed("the gate \(what): \(reason)"), audit: .failed(.gateFailed))
        }
        guard let status = end.status else {
            return Outcome(decision: .failed("lost track of the gate, the command was not run"), audit: .failed(.lostGate))
        }
        let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
        let denial = Verdict.Denial(parsing: said)
        var outcome = Outcome(decision: .denied("not approved, the command was not run"),
                              audit: denial?.outcome ?? .denied(.unexplained), progress: denial?.progress ?? AuditProgress())
        if exited && code == 0 && said == Array(Verdict.passed.utf8) && !end.killedByJudge {
            return Outcome(decision: .approved, audit: .passed(.board), progress: AuditProgress(rounds: rounds, wrong: 0))
        }
        if end.killedByJudge || !exited {
            outcome.decision = .denied("the gate was interrupted, the command was not run")
            if end.terminalTaken {
                outcome.audit = .denied(.terminalTaken)
            } else if denial == nil {
                outcome.audit = .denied(.interrupted)
            }
        } else if code == 0 {
            outcome.decision = .denied("\(facts.programPath) did not report a pass, the command was not run")
        } else if code == 2 {
            outcome.decision = .denied("the gate refused its options (see above), the command was not run")
            outcome.audit = .failed(.refusedOptions)
        } else if code != 1 {
            outcome.decision = .denied("the gate ended with status \(code), the command was not run")
        }
        return outcome
    }

    /// A pipe whose ends close on exec (the judge is single-threaded: nothing execs between).
    package static func pipe(_ ends: inout [Int32]) -> Bool {
        guard Platform.makePipe(&ends) else { return false }
        return ends.allSatisfy { Platform.markCloseOnExec($0) }
    }

    /// What the gate left in the pipe, read once it has ended (at most a line's worth).
    package static func readVerdict(_ descriptor: Int32) -> [UInt8] {
        Platform.readWaiting(descriptor, limit: 256)
    }
}
