// SudoGateChild.swift — the gate under the judge: started as the person asking, on
// their terminal, in a process group of its own (spawn.c), and waited for with the
// terminal passed between it and sudo as a shell would.
//
// Contract:
// - Ctrl-C, Ctrl-\ and Ctrl-Z reach the gate only (its group holds the terminal).
//   When the gate stops, the judge takes the terminal back for sudo's group and stops
//   that group (sudo and the judge), so the shell sees its job stopped; continued in
//   the background (`bg`) it stops again at once, as a password prompt does, and only
//   once it is in front (`fg`) is the gate given the terminal and continued.
// - An ending signal to the judge (sudo passes on SIGTERM, SIGHUP, SIGINT, SIGQUIT;
//   SIGHUP also comes when sudo dies) kills the gate's group, and so does a terminal
//   taken by another group while the gate runs (sudo stopped or killed from outside,
//   the shell back in front): the board's answer can no longer be a person's.
// - However the gate ends, the terminal is put back: its settings, when sudo's group
//   holds it (the shell keeps its own otherwise), and, after a gate killed with
//   SIGKILL on a terminal that moves the cursor, the bytes that leave the alternate
//   screen. A gate that ended by its own signal left its screen itself, and nothing
//   more is written after its closing lines. When the shell took the terminal back
//   (sudo stopped or killed from outside), a line says so: the shell's own notice and
//   prompt, if it wrote them on the gate's screen first, went with it. When sudo dies
//   the screen is left at once, before the shell can write.
// - The terminal only ever passes from the group that holds it.

import CShapelyGateGuard
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct SudoGateChild {
    /// How the gate ended, and what the judge saw while it ran.
    package struct End {
        package var status: Int32?
        package var killedByJudge = false
        package var terminalTaken = false
        package var interjected = false
        /// The alternate screen was already left (sudo died: at once, before the shell writes).
        package var screenLeft = false
        package var failure: sg_spawn_failure?
    }

    package static let endings = Signals.judgeEndings
    package static let takenAway = "\r\nshapelygate: sudo was stopped or ended at the board; nothing was approved (Enter for a prompt)\r\n"

    package let terminal: Int32
    package let leavesScreen: Bool
    /// Asked while the gate runs; true ends it (an approver answered first).
    package var interject: () -> Bool = { false }

    /// Starts the gate and waits for it; nil when it could not be started (errno).
    package func run(_ spawn: inout sg_spawn, report: Int32) -> End? {
        let saved = TerminalCalls.settings(terminal)
        let child = sg_spawn_gate(&spawn)
        // The child has its end of the report pipe, or there is no child: either way it is
        // not the judge's to keep.
        _ = Platform.closeDescriptor(spawn.report)
        guard child > 0 else { return nil }
        var end = wait(for: child)
        end.failure = Self.readFailure(report)
        let ours = Platform.processGroup
        let killed = end.status.map { status in (status & 0x7F) == Signals.killChild } ?? false
        let leave = killed && leavesScreen && !end.screenLeft ? Painter.leaveAfterSignal : ""
        // The settings go back only while sudo's group holds the terminal; the bytes that
        // leave the screen go to whoever holds it, when the gate could not write them.
        let holder = TerminalCalls.foregroundGroup(terminal)
        if holder == ours {
            putBack(saved, leave)
        } else if end.killedByJudge && holder > 0 {
            // The shell took the terminal back (sudo stopped or killed from outside) and may
            // have written its notice and prompt on the gate's screen, which leaving takes
            // away: say what happened, and how to have the prompt again.
            putBack(nil, leave + Self.takenAway)
        }
        return end
    }

    private func putBack(_ settings: termios?, _ leave: String) {
        var copy = settings ?? termios()
        let bytes = Array(leave.utf8).map { CChar(bitPattern: $0) }
        _ = bytes.withUnsafeBufferPointer { buffer in
            withUnsafePointer(to: &copy) { pointer in
                sg_write_in_background(terminal, settings == nil ? nil : pointer, buffer.baseAddress, buffer.count)
            }
        }
    }

    private func wait(for child: ProcessID) -> End {
        var end = End()
        let ours = Platform.processGroup
        let sudo = Platform.parentProcessID
        while true {
            let (result, status) = Platform.childState(child)
            if result == child {
                if (status & 0xFF) == 0x7F {  // stopped
                    stopped(child, &end)
                    continue
                }
                if TerminalCalls.foregroundGroup(terminal) == child { _ = sg_give_terminal(terminal, ours) }
                end.status = status
                return end
            }
            if result < 0 && SystemError.last != SystemError.interrupted { return end }
            let holder = TerminalCalls.foregroundGroup(terminal)
            if !end.killedByJudge, holder > 0, holder != child, holder != ours {
                end.terminalTaken = true
                Platform.send(signal: Signals.killChild, to: -child)
                end.killedByJudge = true
            }
            if let number = Platform.waitForSignal(among: Signals.gateChildWatch, within: 0.1), number != Signals.childChanged,
               !end.killedByJudge {
                Platform.send(signal: Signals.killChild, to: -child)
                end.killedByJudge = true
                // sudo is gone, and its shell is about to write: the gate's screen goes first.
                if Platform.parentProcessID != sudo && leavesScreen {
                    putBack(nil, Painter.leaveAfterSignal)
                    end.screenLeft = true
                }
            }
            if !end.killedByJudge, interject() {
                Platform.send(signal: Signals.killChild, to: -child)
                end.killedByJudge = true
                end.interjected = true
            }
        }
    }

    /// The gate stopped (Ctrl-Z): sudo's job stops with it, and goes on only in front.
    private func stopped(_ child: ProcessID, _ end: inout End) {
        let ours = Platform.processGroup
        let holder = TerminalCalls.foregroundGroup(terminal)
        if !end.killedByJudge && holder != child && holder != ours {
            end.terminalTaken = true
            end.killedByJudge = true
        }
        if end.killedByJudge {
            Platform.send(signal: Signals.killChild, to: -child)
            return
        }
        if holder == child { _ = sg_give_terminal(terminal, ours) }
        repeat {
            Platform.send(signal: Signals.stopGroup, to: -ours)
            if Platform.waitForSignal(among: Self.endings, within: 0) != nil {
                end.killedByJudge = true
                Platform.send(signal: Signals.killChild, to: -child)
                return
            }
        } while TerminalCalls.foregroundGroup(terminal) != ours && Platform.parentProcessID != 1
        _ = sg_give_terminal(terminal, child)
        Platform.send(signal: Signals.continueChild, to: -child)
    }

    private static func readFailure(_ report: Int32) -> sg_spawn_failure? {
        var failure = sg_spawn_failure()
        return Platform.readWhole(report, into: &failure) ? failure : nil
    }
}
