// GateTerminal.swift — what the session needs of a terminal, and nothing more, so the
// session's rules can be tested with a fake. The real one is Terminal.swift, whose
// contract says what each call does on /dev/tty.

import Dispatch
import ShapelyGatePolicy
import ShapelyGateScreen

/// What the session needs of a terminal.
package protocol GateTerminal: AnyObject {
    /// The gate's settings; `editing` turns the line discipline's editing and echo off.
    func prepare(editing: Bool, discardTypeAhead: Bool)
    /// The person's own settings while the gate is stopped.
    func lend()
    /// Drops input typed but not yet read.
    func discardInput()
    func write(_ text: String)
    var size: TerminalSize { get }
    /// Whether the gate's process group is the terminal's foreground.
    var isForeground: Bool { get }
    /// Whether the terminal was closed (hung up): then every request on it fails.
    var isHungUp: Bool { get }
    /// The person's erase, kill, word-erase and end-of-file keys.
    var editingKeys: LineEditor.Keys { get }
    /// Calls `handler` on `queue` whenever input may be ready.
    func startReading(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void)
    func readAvailable() -> TerminalInput
    /// Stops reading; `done` runs once nothing will touch the descriptor any more.
    func stopReading(then done: @escaping @Sendable () -> Void)
}
