// ReasonLine.swift — the one line of reason a person may type on the sudo waiting screen
// (ApprovalWait): read from the terminal without ever waiting for it, and handed to the
// desk (ApprovalDesk.give) when Enter ends it, once. The request never waits for it.
//
// Contract:
// - Where the cursor moves, the terminal is in key-by-key input for the wait (no echo;
//   keys still signal, so Ctrl-C still withdraws) and the line is edited here
//   (LineEditor, with the person's own erase and kill keys); `restore` puts the
//   terminal's settings back, however the wait ends. Elsewhere the settings are left as
//   they are, and the terminal's own line discipline hands over a whole line.
// - What is shown of the typed text is printable ASCII (anything else `?`), the tail
//   that fits the line; what is sent is the typed bytes made visible and cut
//   (ApprovalRequest.reason). Once a reason is sent, what is typed is dropped.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package struct ReasonLine {
    let terminal: Int32
    private let saved: TerminalCalls.Saved?
    private var editor: LineEditor
    /// The reason sent, once it is.
    package private(set) var sent: String?

    package init(terminal: Int32, keyByKey: Bool) {
        self.terminal = terminal
        saved = keyByKey ? TerminalCalls.keyByKey(terminal) : nil
        var keys = LineEditor.Keys()
        if let found = saved?.keys {
            (keys.erase, keys.kill, keys.wordErase, keys.endOfFile) = found
        }
        editor = LineEditor(keys: keys, limit: ApprovalRequest.reasonLimit)
        editor.keepsOverlong = true
    }

    package func restore() {
        if let saved { TerminalCalls.restore(terminal, saved) }
    }

    /// Reads what was typed, if anything; true when what is shown changed.
    package mutating func read(into desk: ApprovalDesk) -> Bool {
        guard Platform.waitForInput(terminal, within: 0) > 0, let typed = Platform.readSome(terminal, atMost: 256) else {
            return false
        }
        guard sent == nil else { return false }
        for event in editor.feed(typed) {
            guard case .submitted(let line?) = event, desk.give(reason: line) else { continue }
            sent = desk.reason
            editor.clear()
            return true
        }
        return true
    }

    /// The line as the screen shows it, within `width` columns.
    package func shown(width: Int) -> String {
        if let sent {
            let head = "Reason sent: "
            return head + DisplayWidth.prefix(sent, columns: max(1, width - DisplayWidth.of(head)))
        }
        let head = "Reason: "
        return head + DisplayWidth.suffix(editor.visible, columns: max(1, width - DisplayWidth.of(head) - 1))
    }
}
