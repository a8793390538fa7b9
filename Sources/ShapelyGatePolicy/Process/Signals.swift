// Signals.swift — every signal the gate touches, in one place: a concern of the whole
// process, not of one session. Which signals end a run, which are held, what each
// ending restores, and the lists every door and judge waits for, passes on or sends are
// all written here; the calls themselves, and what differs between systems, are in
// ShapelyGateSystem (SignalNumber, PlatformSignals, ProcessCalls).
//
// Contract:
// - No other Swift file names a signal number: each list below is named for what it
//   does, and its users take it from here.
// - `captureInherited()` runs first thing and records what the caller gave the gate:
//   which signals were ignored (`nohup` ignores SIGHUP) and the signal mask. Before a
//   command replaces the gate, `restoreInherited()` puts exactly that back, with every
//   other disposition at its default, as sudo does; the command never sees the gate's.
// - The ending signals (INT, TERM, HUP, QUIT, and the other signals that end a
//   process without meaning a crash: USR1, USR2, ALRM, VTALRM, PROF, XCPU, XFSZ, and on
//   Linux PWR, IO and STKFLT), the stop signals (TSTP from the key, TTIN and TTOU from
//   the terminal) and the redraw signals (CONT, WINCH) are blocked first thing, before
//   any file is read and before Dispatch starts a thread, and read through dispatch
//   signal sources on the session's queue: no code runs in a signal handler, and a key
//   pressed while the gate starts is acted on, never lost and never a bypass. SIGPIPE
//   is ignored so that a closed stdout or stderr cannot kill the gate.
// - `stopSelf()` really stops the process after the session put the terminal back:
//   default disposition, unblocked on this thread only, raised on this thread (the
//   Dispatch signalfd on another thread cannot take a thread-directed signal).
// - `pendingEnding(within:)` waits a bounded time for an ending signal outside the
//   session (while waiting for the lockout lock), so Ctrl-C still ends the gate there.
// - The real-time and crash signals are not waited for: `guardAgainstFatalSignals()`
//   gives them a C handler (guard.c) that puts the terminal back, as armed by the
//   terminal, and lets the signal end the gate. It also replaces the Swift runtime's
//   crash handler, so its backtracer never takes the gate's terminal.
// - `die(by:)` ends the process by a signal, as coreutils' timeout does: core dumps off
//   (a re-raised SIGQUIT leaves no core file), default disposition, unblocked and raised
//   on this thread — thread-directed, so Dispatch's signalfd on another thread cannot
//   take it first and leave the process alive.

import CShapelyGateGuard
import ShapelyGateSystem

package enum Signals {
    private typealias N = SignalNumber
    package static let ending: [Int32] = [N.interrupt, N.terminate, N.hangUp, N.quit, N.user1, N.user2, N.alarm,
                                          N.virtualAlarm, N.profile, N.cpuLimit, N.fileSizeLimit] + Platform.systemEndingSignals
    package static let suspend: Int32 = N.terminalStop
    /// Stops that come from the terminal rather than a key: handled as the suspend key.
    package static let terminalStops: [Int32] = [N.backgroundRead, N.backgroundWrite]
    /// Back from a stop: the settings are taken up again and the screen redrawn.
    package static let resume: Int32 = N.continue
    /// The terminal changed size.
    package static let resize: Int32 = N.windowChange
    package static let redraw: [Int32] = [resume, resize]
    /// The terminal hung up (or the session leader went): a hangup when the terminal says so.
    package static let hangUp: Int32 = N.hangUp
    /// Ignored for the whole run: a closed stdout or stderr cannot kill the gate.
    package static let ignored: [Int32] = [N.brokenPipe]
    /// Never given a disposition: the kernel does not let them be caught or ignored.
    package static let uncatchable: [Int32] = [N.kill, N.stop]

    /// The endings a person's words name (Interruption.message): Ctrl-C, Ctrl-\ and
    /// a termination (the suspend key and a hangup are named above).
    package static let interrupt: Int32 = N.interrupt
    package static let quit: Int32 = N.quit
    package static let terminate: Int32 = N.terminate

    /// The signals that end a judging (the sudo and PAM judges, an approval wait): the
    /// protocol header's one list, which the sudo door passes on to its judge.
    package static let judgeEndings: [Int32] = (0..<Int32(SG_ENDING_SIGNAL_COUNT)).map { sg_ending_signal($0) }
    /// What the sudo judge holds from its start: the endings, its gate child's changes,
    /// and the stops a terminal or a key would send it while its child has the terminal.
    package static let sudoJudgeHeld: [Int32] = judgeEndings + [N.child, N.backgroundWrite, N.backgroundRead, N.terminalStop]
    /// What the PAM judge holds: the endings, and a closed link (a write then fails instead).
    package static let pamJudgeHeld: [Int32] = judgeEndings + [N.brokenPipe]
    /// Keys pressed at sudo's own prompt, which sudo passed on: no ending of the gate's.
    package static let promptKeys: [Int32] = [N.interrupt, N.quit]
    /// The sudo judge's gate child changed state (stopped, continued, ended).
    package static let childChanged: Int32 = N.child
    /// What the sudo judge waits for while its gate child runs.
    package static let gateChildWatch: [Int32] = judgeEndings + [childChanged]
    /// The gate child, or its whole group, ended outright (an ending reached the judge).
    package static let killChild: Int32 = N.kill
    /// The judge's own group stopped, as sudo's tgetpass does when in the background.
    package static let stopGroup: Int32 = N.stop
    /// The gate child's group, back in front, carried on.
    package static let continueChild: Int32 = N.continue
    /// An approval wait: the keys that withdraw the request (Ctrl-C, Ctrl-\) and the
    /// endings that interrupt it (sudo ended, or passed on its own ending).
    package static let approvalWithdrawals: [Int32] = [N.interrupt, N.quit]
    package static let approvalInterruptions: [Int32] = [N.terminate, N.hangUp]
    /// Everything an approval wait looks at; the suspend key is taken and does nothing.
    package static let approvalWatch: [Int32] = approvalWithdrawals + approvalInterruptions + [N.terminalStop]

    /// What the caller handed the gate.
    /// Bit n set: signal n was ignored (a plain mask: nothing to build at startup).
    nonisolated(unsafe) private static var inheritedIgnored: UInt64 = 0
    nonisolated(unsafe) private static var inheritedMask = Platform.SignalMask()
    /// Whether the mask was captured: a process that never blocked (a test running
    /// `CLI` in its own process) keeps its own.
    nonisolated(unsafe) private static var captured = false

    package static func captureInherited() {
        var ignored: UInt64 = 0
        for number in 1..<Platform.signalLimit where Platform.isIgnored(number) { ignored |= 1 << UInt64(number - 1) }
        inheritedIgnored = ignored
        inheritedMask = Platform.currentSignalMask()
        captured = true
    }

    /// Real-time and crash signals: terminal back first, then the signal's own ending.
    package static func guardAgainstFatalSignals() {
        sg_guard_install()
    }

    /// Whether the caller left `number` ignored (as `nohup` does SIGHUP).
    package static func wasIgnored(_ number: Int32) -> Bool {
        (1..<Platform.signalLimit).contains(number) && inheritedIgnored & (1 << UInt64(number - 1)) != 0
    }

    /// Blocks the gate's signals in the calling thread; threads created later inherit it.
    package static func blockForSession() {
        Platform.block(signals: ending + [suspend] + terminalStops + redraw)
        for number in ignored { Platform.setDisposition(of: number, ignored: true) }
    }

    /// The dispositions and mask the caller gave the gate, as the command must find them.
    package static func restoreInherited() {
        for number in 1..<Platform.signalLimit where !uncatchable.contains(number) {
            Platform.setDisposition(of: number, ignored: wasIgnored(number))
        }
        Platform.setSignalMask(inheritedMask)
    }

    /// Stops the process as `number` (a stop signal) would have; returns when it is
    /// continued, or at once when the kernel discards the stop (an orphaned process
    /// group, as under `exec` from ssh or tmux).
    package static func stopSelf(by number: Int32 = suspend) {
        Platform.setDisposition(of: number, ignored: false)
        Platform.unblock(signals: [number])
        Platform.raise(signal: number)
        Platform.block(signals: [number])
    }

    /// The mask the caller gave, back again (informational actions run with it).
    package static func restoreInheritedMask() {
        guard captured else { return }
        Platform.setSignalMask(inheritedMask)
    }

    /// An ending signal that arrives within `seconds`, or nil. Only for use while the
    /// session's signal sources do not exist (they would compete for the signal).
    package static func pendingEnding(within seconds: Double) -> Int32? {
        Platform.waitForSignal(among: ending, within: seconds)
    }

    /// Dies by `number`; exits 128+number only if the signal somehow does not kill.
    package static func die(by number: Int32) -> Never {
        Platform.disableCoreDumps()
        Platform.setDisposition(of: number, ignored: false)
        Platform.unblock(signals: [number])
        Platform.raise(signal: number)
        Platform.exit(status: 128 + number)
    }

    package static func name(_ number: Int32) -> String {
        switch number {
        case N.interrupt: return "SIGINT"
        case N.terminate: return "SIGTERM"
        case N.hangUp: return "SIGHUP"
        case N.quit: return "SIGQUIT"
        case N.terminalStop: return "SIGTSTP"
        case N.user1: return "SIGUSR1"
        case N.user2: return "SIGUSR2"
        case N.alarm: return "SIGALRM"
        case N.virtualAlarm: return "SIGVTALRM"
        case N.profile: return "SIGPROF"
        case N.cpuLimit: return "SIGXCPU"
        case N.fileSizeLimit: return "SIGXFSZ"
        case N.backgroundRead: return "SIGTTIN"
        case N.backgroundWrite: return "SIGTTOU"
        case N.kill: return "SIGKILL"
        default: return Platform.systemSignalName(number) ?? "signal \(number)"
        }
    }

    /// The signal a name from `name` stands for (1 to 64), or nil.
    package static func number(named text: String) -> Int32? {
        guard text.hasPrefix("SIG") || text.hasPrefix("signal ") else { return nil }
        return (1...64).first { name(Int32($0)) == text }.map { Int32($0) }
    }
}
