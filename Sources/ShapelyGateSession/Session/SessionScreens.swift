// SessionScreens.swift — what the session puts on the terminal: a board (drawn in place,
// appended plainly, or spoken as words), the prompt, and in place of a board that does
// not fit, the sizes that would. Session.swift's contract says when each comes.

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen

extension Session {
    /// A new board: type-ahead is gone, and so is a half-typed answer.
    package func showBoard() {
        terminal.discardInput()
        editor.clear()
        pending.removeAll()
        if cursorMode {
            draw()
        } else if renderer.speaksWords {
            showWordsBoard()
        } else {
            let columns = terminal.size.columns
            guard renderer.plainBoardFits(challenge.board, width: columns) else {
                // Not one tile fits across: never a prompt without a board.
                let tile = renderer.plainTileSize
                needed = NeededSizes(sizes: [TerminalSize(columns: tile.columns + 3, rows: terminal.size.rows)],
                                     preferred: TerminalSize(columns: tile.columns + 3, rows: terminal.size.rows))
                showNeeded(needed!)
                return
            }
            let text = renderer.board(challenge.board, target: challenge.target, round: challenge.round,
                                      rounds: challenge.configuration.rounds, width: columns)
            guard keepsGuardedInView(text, prompt: plainPrompt) else { return }
            needed = nil
            boardShown = true
            if let message { terminal.write(renderer.plainMessage(message, tileCount: challenge.board.tiles.count, width: columns)) }
            terminal.write(text)
            showPrompt()
        }
    }

    package func showPrompt() {
        if renderer.speaksWords { return showWordsPrompt() }
        terminal.write(plainPrompt)
    }

    private var plainPrompt: String {
        renderer.prompt(target: challenge.target, tileCount: challenge.board.tiles.count,
                        secondsLeft: challenge.secondsLeft(at: clock.now()), width: terminal.size.columns)
    }

    /// A plain board that would push what a pass allows off the top before the prompt is
    /// not shown: the screen is too small for it (as for a drawn board), until it grows.
    package func keepsGuardedInView(_ board: String, prompt: String) -> Bool {
        let size = terminal.size
        guard let lacking = renderer.plainSizeNeeded(board: board, prompt: prompt, size: size) else { return true }
        needed = NeededSizes(sizes: [lacking], preferred: lacking)
        showNeeded(needed!)
        return false
    }

    /// The whole screen, fitted to the terminal's size now.
    package func draw() {
        guard outcome == nil else { return }
        let size = terminal.size
        switch renderer.frame(challenge.board, target: challenge.target, round: challenge.round,
                              rounds: challenge.configuration.rounds,
                              attempts: challenge.configuration.maximumFailedAttempts, message: message,
                              secondsLeft: challenge.secondsLeft(at: clock.now()), size: size) {
        case .success(let fitted):
            if needed != nil {
                // Keys typed while no board could be seen are no answer to this one.
                terminal.discardInput()
                editor.clear()
            }
            frame = fitted
            needed = nil
            boardShown = true
            terminal.write(Painter.full(fitted, answer: editor.visible, columns: size.columns))
        case .failure(let lacking):
            frame = nil
            needed = lacking
            showNeeded(lacking)
        }
    }

    /// In place of the board: the sizes that would fit it, and the time left.
    package func showNeeded(_ needed: NeededSizes) {
        let lines = renderer.tooSmall(needed, secondsLeft: challenge.secondsLeft(at: clock.now()), width: terminal.size.columns)
        terminal.write(cursorMode ? Painter.message(lines) : lines.joined(separator: "\n") + "\n")
    }
}
