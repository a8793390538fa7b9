// Signals.swift — which signals the gate catches and how.
//
// The signals that end the gate (INT, TERM, HUP, QUIT) and the ones that only ask for a
// redraw (CONT, WINCH) are blocked in every thread before Dispatch starts any, and read
// through dispatch signal sources on the session's queue; no code runs in a signal
// handler. SIGPIPE is ignored so that a closed stdout or stderr cannot kill the gate.
// `resetForExec()` undoes all of it before a command replaces the gate.

import ShapelyGate
import ShapelyGateSystem

enum Signals {
    static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let redraw: [Int32] = [SIGCONT, SIGWINCH]

    /// Blocks the gate's signals in the calling thread; threads created later inherit it.
    static func blockForSession() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in ending + redraw { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Every disposition back to default and an empty mask, as a new program expects.
    static func resetForExec() {
        for number in 1..<Int32(65) where number != SIGKILL && number != SIGSTOP {
            signal(number, SIG_DFL)
        }
        var empty = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, nil)
    }

    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        default: return "signal \(number)"
        }
    }
}
