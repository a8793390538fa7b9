// Signals.swift — every signal the gate touches, in one place: a concern of the whole
// process, not of one session. What differs between systems is in ShapelyGateSystem.
//
// Contract:
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
    package static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                                  SIGXCPU, SIGXFSZ] + Platform.systemEndingSignals
    package static let suspend: Int32 = SIGTSTP
    /// Stops that come from the terminal rather than a key: handled as the suspend key.
    package static let terminalStops: [Int32] = [SIGTTIN, SIGTTOU]
    package static let redraw: [Int32] = [SIGCONT, SIGWINCH]
    /// The signals that end a judging (the sudo and PAM judges, an approval wait): the
    /// protocol header's one list, which the sudo door passes on to its judge.
    package static let judgeEndings: [Int32] = (0..<Int32(SG_ENDING_SIGNAL_COUNT)).map { sg_ending_signal($0) }

    /// What the caller handed the gate.
    /// Bit n set: signal n was ignored (a plain mask: nothing to build at startup).
    nonisolated(unsafe) private static var inheritedIgnored: UInt64 = 0
    nonisolated(unsafe) private static var inheritedMask = sigset_t()
    /// Whether the mask was captured: a process that never blocked (a test running
    /// `CLI` in its own process) keeps its own.
    nonisolated(unsafe) private static var captured = false

    package static func captureInherited() {
        var ignored: UInt64 = 0
        for number in 1..<Platform.signalLimit where Platform.isIgnored(number) { ignored |= 1 << UInt64(number - 1) }
        inheritedIgnored = ignored
        pthread_sigmask(SIG_BLOCK, nil, &inheritedMask)
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

    private static func set(_ numbers: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// Blocks the gate's signals in the calling thread; threads created later inherit it.
    package static func blockForSession() {
        var blocked = set(ending + [suspend] + terminalStops + redraw)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// The dispositions and mask the caller gave the gate, as the command must find them.
    package static func restoreInherited() {
        for number in 1..<Platform.signalLimit where number != SIGKILL && number != SIGSTOP {
            signal(number, wasIgnored(number) ? SIG_IGN : SIG_DFL)
        }
        pthread_sigmask(SIG_SETMASK, &inheritedMask, nil)
    }

    /// Stops the process as `number` (a stop signal) would have; returns when it is
    /// continued, or at once when the kernel discards the stop (an orphaned process
    /// group, as under `exec` from ssh or tmux).
    package static func stopSelf(by number: Int32 = suspend) {
        signal(number, SIG_DFL)
        var only = set([number])
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        pthread_sigmask(SIG_BLOCK, &only, nil)
    }

    /// The mask the caller gave, back again (informational actions run with it).
    package static func restoreInheritedMask() {
        guard captured else { return }
        pthread_sigmask(SIG_SETMASK, &inheritedMask, nil)
    }

    /// An ending signal that arrives within `seconds`, or nil. Only for use while the
    /// session's signal sources do not exist (they would compete for the signal).
    package static func pendingEnding(within seconds: Double) -> Int32? {
        Platform.waitForSignal(among: ending, within: seconds)
    }

    /// Dies by `number`; exits 128+number only if the signal somehow does not kill.
    package static func die(by number: Int32) -> Never {
        Platform.disableCoreDumps()
        signal(number, SIG_DFL)
        var only = set([number])
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        exit(128 + number)
    }

    package static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        case SIGTSTP: return "SIGTSTP"
        case SIGUSR1: return "SIGUSR1"
        case SIGUSR2: return "SIGUSR2"
        case SIGALRM: return "SIGALRM"
        case SIGVTALRM: return "SIGVTALRM"
        case SIGPROF: return "SIGPROF"
        case SIGXCPU: return "SIGXCPU"
        case SIGXFSZ: return "SIGXFSZ"
        case SIGTTIN: return "SIGTTIN"
        case SIGTTOU: return "SIGTTOU"
        case SIGKILL: return "SIGKILL"
        default: return Platform.systemSignalName(number) ?? "signal \(number)"
        }
    }

    /// The signal a name from `name` stands for (1 to 64), or nil.
    package static func number(named text: String) -> Int32? {
        guard text.hasPrefix("SIG") || text.hasPrefix("signal ") else { return nil }
        return (1...64).first { name(Int32($0)) == text }.map { Int32($0) }
    }
}
