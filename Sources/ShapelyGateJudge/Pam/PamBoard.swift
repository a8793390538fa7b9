// PamBoard.swift — the challenge asked through the PAM conversation: the engine's rules
// (Challenge), the words board's text (Renderer, WordsBoard), and nothing of a terminal.
//
// Contract:
// - Each board is one information message within PAM's 512 bytes (compact: the tiles of
//   one shape on one line; more only when a strings file makes it longer), with the time
//   left as its last line, then one prompt; a wrong tile or a won round says why the
//   board changed in a message of its own before the new one, so an agent that shows
//   only the latest message still shows the whole board; an entry that is no tile
//   number says so and asks again.
// - The time to answer starts once the board has been heard (as on the words board at
//   a terminal). At the deadline the challenge is denied at once, recorded by the
//   caller, and the module learns the decision when the person next answers.
// - A closed conversation (Ctrl-D, an agent cancelled, a dropped connection) and an
//   ending signal are denials; nothing but the engine's `passed` is a pass.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct PamBoard {
    package let configuration: GateConfiguration
    package let renderer: Renderer
    package let strings: GateStrings
    package let seed: UInt64?

    package struct Outcome: Equatable {
        /// What the audit record says, and with it whether the person passed.
        package var audit: GateOutcome = .denied(.unexplained)
        /// What the person is told at the end, when anything.
        package var message: String?
        package var progress = AuditProgress()
        package var passed: Bool { audit.isPass }
    }

    package func run(_ conversation: inout PamConversation) -> Outcome {
        var challenge = Challenge(configuration: configuration, generator: GateRandom(seed: seed), now: conversation.clock())
        var message: ScreenMessage?
        var showBoard = true
        while true {
            let (said, prompt) = screen(&challenge, message: message, showBoard: showBoard, now: conversation.clock())
            let reply = conversation.ask(prompt, after: said, deadline: challenge.deadline)
            let now = conversation.clock()
            let result: AnswerResult
            switch reply {
            case .answer(let typed): result = challenge.answer(tileNumber: AnswerParser.tileNumber(from: typed), at: now)
            case .timedOut: result = challenge.expireIfDue(at: max(now, challenge.deadline ?? now)) ? .timeExpired : .closed
            case .said, .closed: return denial(.endOfInput, strings.text(.endOfInput), challenge)
            case .interrupted: return denial(.interrupted, nil, challenge)
            case .interjected: return denial(.interrupted, nil, challenge)  // an approver answered first: that is the record
            }
            showBoard = true
            switch result {
            case .passed:
                return Outcome(audit: .passed(.board), progress: AuditProgress(rounds: configuration.rounds, wrong: challenge.failedAttempts))
            case .roundWon(let next): message = .roundWon(next: next, of: configuration.rounds)
            case .wrongShape(let chosen, let left): message = .wrongShape(chosen, attemptsLeft: left)
            case .notATile:
                message = .notATile
                showBoard = false
            case .tooManyAttempts:
                return denial(.tooManyAttempts, alert(.tooManyAttempts), challenge)
            case .timeExpired, .closed:
                return denial(.timeExpired, alert(.timeExpired), challenge)
            }
        }
    }

    /// What to say before the prompt — the message (a wrong tile, a won round), then the
    /// board as one message of its own, the time left as its last line — and the prompt.
    /// The round's time grows by the time it takes to hear a new board.
    func screen(_ challenge: inout Challenge, message: ScreenMessage?, showBoard: Bool, now: Double) -> ([String], String) {
        let tiles = challenge.board.tiles.count
        var said = message.map { [renderer.wordsMessage($0, tileCount: tiles)] } ?? []
        let prompt = renderer.wordsPrompt(target: challenge.target, tileCount: tiles, secondsLeft: nil)
        var text = ""
        if showBoard {
            let board = renderer.wordsBoard(challenge.board, target: challenge.target, round: challenge.round,
                                            rounds: configuration.rounds, compact: true)
            challenge.allowListening(WordsBoard.listeningSeconds(board + prompt))
            text += board
        }
        // "Seconds left: 40." and the prompt: the time goes with the board, the prompt
        // stays one short line.
        let timed = renderer.wordsPrompt(target: challenge.target, tileCount: tiles, secondsLeft: challenge.secondsLeft(at: now))
        if timed != prompt, let cut = timed.lastIndex(of: "\n") { text += timed[...cut] }
        if !text.isEmpty { said.append(text) }
        return (said, prompt)
    }

    /// The seed's alert as one line, as the terminal board writes it: `Title: description`.
    private func alert(_ reason: DenialReason) -> String {
        let alert = strings.alert(reason)
        return alert.heading + " " + alert.description
    }

    private func denial(_ reason: GateOutcome.Denial, _ message: String?, _ challenge: Challenge) -> Outcome {
        Outcome(audit: .denied(reason), message: message.map(Visible.screen),
                progress: AuditProgress(rounds: challenge.round - 1, wrong: challenge.failedAttempts))
    }
}
