// ApprovalWait.swift — the person waits for an approver: the judge holds their terminal
// and the request's desk (ApprovalDesk) until an answer, the deadline, Ctrl-C, or the
// end of the terminal or of sudo.
//
// Contract:
// - For the wait the judge leads a process group of its own, made the terminal's
//   foreground group (so Ctrl-C and Ctrl-\ reach the judge alone, and withdraw the
//   request; Ctrl-Z is ignored: a request cannot be stopped and kept), and gives the
//   terminal back to sudo's group and rejoins it when the wait ends, however it ends.
// - The screen says what is asked (the words the board would show), who may approve,
//   how they answer (the request's id), that a reason may be typed (ReasonLine) and
//   Ctrl-C withdraws it, and the time left, each line wrapped at words to the terminal's
//   width; on a terminal that moves the cursor the time is rewritten once a second on
//   its own line above the reason's, elsewhere said once. Every string there is already
//   visible text.
// - SIGTERM or SIGHUP (sudo ended, or passed on its own ending) ends the wait as
//   interrupted; a terminal that hangs up, as hung up. Nothing here approves but an
//   approver's `approve` for this request's id.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package struct ApprovalWait {
    package enum Ending: Equatable {
        case answered(ApprovalAnswer)
        case timedOut
        case withdrawn
        case interrupted
        case hungUp
    }

    package let terminal: Int32
    package let desk: ApprovalDesk
    package let seconds: Int
    package let movesCursor: Bool
    package init(terminal: Int32, desk: ApprovalDesk, seconds: Int, movesCursor: Bool) {
        self.terminal = terminal
        self.desk = desk
        self.seconds = seconds
        self.movesCursor = movesCursor
    }

    package func run() -> Ending {
        let sudoGroup = Platform.processGroup
        Platform.setProcessGroup(0, 0)
        _ = sg_give_terminal(terminal, Platform.processID)
        // Keys typed before the question are no answer to it.
        TerminalCalls.flushInput(terminal)
        var reason = ReasonLine(terminal: terminal, keyByKey: movesCursor)
        defer {
            reason.restore()
            // Keys typed while waiting answer nothing: not the command, not the shell.
            TerminalCalls.flushInput(terminal)
            if TerminalCalls.foregroundGroup(terminal) == Platform.processGroup { _ = sg_give_terminal(terminal, sudoGroup) }
            Platform.setProcessGroup(0, sudoGroup)
        }
        say(introduction(reason))
        let deadline = Platform.monotonicSeconds() + Double(seconds)
        var shown = seconds
        while true {
            if let answer = desk.serve() { return finish(.answered(answer)) }
            let left = Int((deadline - Platform.monotonicSeconds()).rounded(.up))
            if left <= 0 { return finish(.timedOut) }
            let typed = reason.read(into: desk)
            if movesCursor && (left != shown || typed) {
                say("\r\u{1B}[1A\u{1B}[K" + timeLeft(left) + "\r\n\u{1B}[K" + reason.shown(width: width))
                shown = left
            } else if typed, let sent = reason.sent {
                say("Reason sent: \(sent)\n")
            }
            if TerminalCalls.settings(terminal) == nil { return .hungUp }
            // Another group took the terminal (sudo stopped from outside, the shell back in
            // front): the request goes, and nothing more is written there.
            if TerminalCalls.foregroundGroup(terminal) != Platform.processGroup { return .interrupted }
            let number = Platform.waitForSignal(among: Signals.approvalWatch, within: 0.1)
            if let number, Signals.approvalWithdrawals.contains(number) { return finish(.withdrawn) }
            if let number, Signals.approvalInterruptions.contains(number) { return finish(.interrupted) }
        }
    }

    /// What is asked, of whom, and how they answer, each line wrapped at words to the
    /// terminal's width; then the time left and, where the cursor moves, the reason's line
    /// (the cursor left at its end).
    private func introduction(_ reason: ReasonLine) -> String {
        let lines = Self.whatIsAsked(desk) + ["You may type a reason for them; Enter sends it.", "Ctrl-C withdraws the request."]
        // The terminal is in its cooked settings: it turns each newline into CR LF.
        let text = lines.flatMap { TextLayout.wrap($0, width: width) }.joined(separator: "\n")
        return "\n" + text + "\n" + timeLeft(seconds) + "\n" + (movesCursor ? reason.shown(width: width) : "")
    }

    /// What is asked, of whom, and how they answer (also said at a PAM door).
    package static func whatIsAsked(_ desk: ApprovalDesk) -> [String] {
        ["Asking for approval.", "To run: \(desk.request.shown)", "Who may approve: \(desk.approvers.description)",
         "They answer with: shapelygate --approve \(desk.request.id)"]
    }

    /// The columns a line may take: one fewer than the terminal's, so none wraps.
    private var width: Int {
        max(20, (TerminalCalls.columns(terminal) ?? 80) - 1)
    }

    private func timeLeft(_ seconds: Int) -> String {
        let pad: (Int) -> String = { $0 < 10 ? "0\($0)" : String($0) }
        return "Time left: \(pad(seconds / 60)):\(pad(seconds % 60))"
    }

    private func finish(_ ending: Ending) -> Ending {
        say(movesCursor ? "\n" : "")
        return ending
    }

    private func say(_ text: String) {
        Platform.writePatiently(terminal, Array(text.utf8))
    }
}
