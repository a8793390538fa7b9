// SudoJudge.swift — `shapelygate --sudo-judge`: every decision about a run of sudo, made
// once, as root, for the approval plugin that started it (door.c).
//
//     open():  facts ─▶ options checked, person matched ─▶ D1 (G0: nothing of theirs is gated)
//     check(): command ─▶ -n? terminal? grace? lockout? ─▶ the gate as the person ─▶ D1 / D0
//
// Contract:
// - The judge reads nothing from its environment or any user's files: only the
//   plugin's messages (JudgeLink), root's policy /etc/shapelygate.conf (the gate's own
//   reader, ConfigFile), the account files, and root's records (PersonRecords). It runs
//   only as root; run by anyone else it refuses at once (status 2).
// - open(): a bad Plugin line is one message naming the option, and sudo stops
//   (D-1). Otherwise D1, with G0 when neither users= nor groups= names this person.
// - check(): the command is approved (D1) when it is not gated, or passed on the board
//   or within the grace window; otherwise denied (D0) with one message: sudo -n,
//   no terminal, a broken policy, a command too long to show, sudo in the
//   background, a lockout, or a gate that did not pass. Failures to start the gate
//   are errors (D-1). Every gated run is one audit record, written here as root with
//   SHAPELYGATE_MODE=sudo-plugin (the gate it starts writes none).
// - The gate runs as the person (SudoGateChild, spawn.c) from this same program
//   file, with the Plugin line's gate options, --verdict-fd (under which it reads no
//   file of the person's), --for and the words the board shows; its environment holds
//   only PATH, HOME, USER, LOGNAME, the backtracer off, and the person's TERM, language
//   and colour variables when they are printable. The board is the Plugin line's board=
//   or the system policy's: SHAPELYGATE_BOARD in the person's environment chooses nothing
//   here.
// - A pass is the gate's exit status 0 AND exactly `Verdict.passed` on the pipe only
//   it holds; a gate that exits 0 without it approves nothing.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package enum SudoJudge {
    /// The judge's whole run: its status is for no one (the plugin reads the answers).
    package static func run() -> ExitStatus {
        let held = Signals.sudoJudgeHeld
        guard JudgeLink.beginJudging("--sudo-judge", startedBy: "the sudo plugin", holding: held) else { return .usage }
        var link = JudgeLink(descriptor: 0)
        let output = JudgeLink(descriptor: 1)
        typealias Kind = JudgeLink.Kind
        guard let opening = link.receive() else { return .denied }
        if let refusal = JudgeLink.refusal(of: opening) {
            output.answer([.init(tag: Kind.message, text: "shapelygate: " + refusal), .init(tag: Kind.decision, text: Kind.failure)])
            return .usage
        }
        var facts = SudoFacts()
        facts.read(opening)
        var judgement: SudoJudgement
        do {
            judgement = try SudoJudgement(facts: facts)
            judgement.warn = { output.say([.init(tag: Kind.warning, text: "shapelygate: " + Visible.screen($0))]) }
            judgement.restore = { output.say([.init(tag: Kind.restore, text: $0)]) }
        } catch {
            output.answer([.init(tag: Kind.message, text: "shapelygate: " + Visible.screen(error.message)),
                           .init(tag: Kind.decision, text: Kind.failure)])
            return .usage
        }
        let version = JudgeLink.Entry(tag: Kind.judgeVersion, text: ProgramVersion.number)
        guard judgement.gatesPerson else {
            output.answer([.init(tag: Kind.notGated, text: ""), version, .init(tag: Kind.decision, text: Kind.pass)])
            return .passed
        }
        output.answer([version, .init(tag: Kind.decision, text: Kind.pass)])
        guard let checking = link.receive() else { return .passed }
        facts.read(checking)
        // Keys pressed at sudo's own prompt are not an ending of the gate's; an ending sent
        // to sudo (and passed on) is.
        while Platform.waitForSignal(among: Signals.promptKeys, within: 0) != nil {}
        let decision = judgement.decide(facts)
        var answer: [JudgeLink.Entry] = []
        if let message = decision.message {
            answer.append(.init(tag: Kind.message, text: "shapelygate: " + Visible.screen(message)))
        }
        let text = decision.result == 1 ? Kind.pass : decision.result == 0 ? Kind.deny : Kind.failure
        output.answer(answer + [.init(tag: Kind.decision, text: text)])
        return .passed
    }
}

/// What the judge decided about one command.
package struct SudoDecision: Error, Equatable {
    package var result: Int
    package var message: String?

    package static let approved = SudoDecision(result: 1, message: nil)
    package static func denied(_ message: String) -> SudoDecision { SudoDecision(result: 0, message: message) }
    package static func failed(_ message: String) -> SudoDecision { SudoDecision(result: -1, message: message) }
}
