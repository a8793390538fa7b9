// SessionWords.swift — the session's side of the words board (`--board words`): every
// screen appended as plain lines, in the order a screen reader speaks them, and the
// time left spoken at the prompt and then only at a few thresholds (WordsBoard.swift,
// in ShapelyGateScreen).
// Runs on the session's queue only, like the rest of the session.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen

extension Session {
    /// The message (why the board changed), the board in words and the prompt.
    package func showWordsBoard() {
        let tileCount = challenge.board.tiles.count
        let text = renderer.wordsBoard(challenge.board, target: challenge.target, round: challenge.round,
                                       rounds: challenge.configuration.rounds)
        let prompt = renderer.wordsPrompt(target: challenge.target, tileCount: tileCount,
                                          secondsLeft: challenge.secondsLeft(at: clock.now()))
        guard keepsGuardedInView(text, prompt: prompt) else { return }
        needed = nil
        boardShown = true
        // The time to answer starts once the board has been heard.
        challenge.allowListening(WordsBoard.listeningSeconds(text + prompt))
        armTimers()
        if let message { terminal.write("\n" + renderer.wordsMessage(message, tileCount: tileCount)) }
        terminal.write(text)
        showWordsPrompt()
    }

    /// The prompt, with what was typed so far after it: after a spoken time, the answer
    /// line shows the whole answer that Enter will give.
    package func showWordsPrompt() {
        terminal.write(renderer.wordsPrompt(target: challenge.target, tileCount: challenge.board.tiles.count,
                                            secondsLeft: challenge.secondsLeft(at: clock.now())) + editor.visible)
        echoed = editor.visible
    }

    /// Arms the tick timer for the next threshold below the time left now.
    package func scheduleSpokenTime() {
        // Never while the board is being heard: only below the time to answer.
        guard let tickTimer, let deadline = challenge.deadline, let left = challenge.secondsLeft(at: clock.now()),
            let next = WordsBoard.nextThreshold(below: min(left, challenge.configuration.maximumTimeAllowed))
        else { return }
        tickTimer.schedule(at: deadline - Double(next))
    }

    /// A threshold passed: the time left on a new line, then the prompt again.
    package func speakTimeLeft() {
        terminal.write("\n")
        if let left = challenge.secondsLeft(at: clock.now()), announcesMoreTime(left) {
            message = .moreTimeHint
            terminal.write(renderer.wordsMessage(.moreTimeHint, tileCount: challenge.board.tiles.count))
        }
        showWordsPrompt()
        scheduleSpokenTime()
    }
}
