// SessionInput.swift — what the session does with what is typed: the answer line
// edited by the gate (cursor mode) or canonical lines (plain mode), and each entry
// handed to the challenge. Runs on the session's queue only, like the rest of it.
//
// Contract:
// - An entry that deals a new board ends the read: whatever followed it in the same
//   read was typed before the new board appeared and does not count.
// - While the screen is too small for the board, entries are not answers.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen

extension Session {
    package func readInput() {
        guard outcome == nil else { return }
        switch terminal.readAvailable() {
        case .nothing: return
        case .endOfInput: finish(.denied(.endOfInput))
        case .hangup: finish(.denied(.hangup))
        case .bytes(let bytes): editsLine ? edit(bytes) : readLine(bytes)
        }
    }

    package func edit(_ bytes: [UInt8]) {
        for event in editor.feed(bytes) {
            switch event {
            case .endOfInput:
                finish(.denied(.endOfInput))
                return
            case .submitted(let entry):
                // While the screen is too small for the board there is nothing to answer.
                guard cursorMode ? frame != nil : needed == nil else { continue }
                if !cursorMode { echoWords(submitted: true) }
                if let entry, AnswerParser.asksForMoreTime(entry) {
                    moreTime()
                    continue
                }
                if answer(entry.flatMap(AnswerParser.tileNumber(from:))) != .prompted { return }
            }
        }
        if let frame { terminal.write(Painter.answerText(frame, editor.visible, columns: terminal.size.columns)) }
        if !cursorMode { echoWords(submitted: false) }
    }

    /// The words board's echo, as plain text: what was added to the answer is written
    /// after it; anything else (an erase, a kill) writes the prompt again on a line of its
    /// own, with the answer as it now stands, which a screen reader reads out whole.
    package func echoWords(submitted: Bool) {
        if submitted {
            terminal.write("\n")
            echoed = ""
            return
        }
        let now = editor.visible
        if now.hasPrefix(echoed) {
            terminal.write(String(now.dropFirst(echoed.count)))
        } else {
            terminal.write("\n" + renderer.wordsPrompt(target: challenge.target, tileCount: challenge.board.tiles.count,
                                                       secondsLeft: nil) + now)
        }
        echoed = now
    }

    package func readLine(_ bytes: [UInt8]) {
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                if pending.count <= editor.limit { pending.append(byte) }
                continue
            }
            let entry = pending.count > editor.limit ? nil : AnswerParser.tileNumber(from: pending)
            let asksForTime = pending.count <= editor.limit && AnswerParser.asksForMoreTime(pending)
            pending.removeAll(keepingCapacity: true)
            // While the screen is too narrow for the board there is nothing to answer.
            guard needed == nil else { continue }
            if asksForTime {
                moreTime()
                continue
            }
            // After a new board, the rest of what was read was typed before it appeared.
            if answer(entry) != .prompted { return }
        }
    }

    /// `+` then Enter: the round's time again, while the person may still ask; said
    /// either way, and the board stays as it is.
    package func moreTime() {
        let seconds = challenge.configuration.maximumTimeAllowed
        message = challenge.extend(limit: extensions, at: clock.now()) ? .moreTime(seconds: seconds) : .noMoreTime
        armTimers()
        if cursorMode {
            draw()
        } else if renderer.speaksWords {
            terminal.write(renderer.wordsMessage(message!, tileCount: challenge.board.tiles.count))
            showWordsPrompt()
        } else {
            terminal.write(renderer.plainMessage(message!, tileCount: challenge.board.tiles.count, width: terminal.size.columns))
            showPrompt()
        }
    }

    /// Whether to say how to ask for more time now: with the last warning (on the picture,
    /// once half the round's time and at most ten seconds are left; on the words board,
    /// with its last spoken time), while more may be asked.
    package func announcesMoreTime(_ secondsLeft: Int) -> Bool {
        let last = renderer.speaksWords ? (WordsBoard.spokenThresholds.last ?? 5)
            : min(10, challenge.configuration.maximumTimeAllowed / 2)
        return secondsLeft <= last && challenge.deadline != nil && challenge.extensions < extensions
            && message != .moreTimeHint
    }

    package enum AfterAnswer { case redrawn, prompted, closed }

    package func answer(_ tileNumber: Int?) -> AfterAnswer {
        let tileCount = challenge.board.tiles.count
        switch challenge.answer(tileNumber: tileNumber, at: clock.now()) {
        case .notATile:
            message = .notATile
            if cursorMode {
                draw()
            } else {
                terminal.write(renderer.plainMessage(.notATile, tileCount: tileCount, width: terminal.size.columns))
                showPrompt()
            }
            return .prompted
        case .wrongShape(let chosen, let attemptsLeft):
            message = .wrongShape(chosen, attemptsLeft: attemptsLeft)
            showBoard()
            return .redrawn
        case .roundWon(let next):
            message = .roundWon(next: next, of: challenge.configuration.rounds)
            armTimers()
            showBoard()
            return .redrawn
        case .passed:
            finish(.passed(.board))
        case .tooManyAttempts(let chosen):
            if !cursorMode {
                terminal.write(renderer.plainMessage(.wrongShape(chosen, attemptsLeft: 0), tileCount: tileCount,
                                                     width: terminal.size.columns))
            }
            finish(.denied(.tooManyAttempts))
        case .timeExpired:
            finish(.denied(.timeExpired))
        case .closed:
            break
        }
        return .closed
    }
}
