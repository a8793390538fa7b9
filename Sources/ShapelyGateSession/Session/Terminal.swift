// Terminal.swift — the controlling terminal, and nothing about shapes. It is the
// session's `GateTerminal` (GateTerminal.swift); tests hand the session a fake.
//
// Contract:
// - Questions and answers use /dev/tty only, as sudo and readpassphrase do: standard
//   input and output are never read or written, so a pipe cannot answer the gate and
//   stdout stays free for the caller. No controlling terminal means no terminal.
// - The settings found at open are saved once and put back by `restore()`, the single
//   way out; `restore()` may be called more than once. `lend()` puts them back while
//   the gate is stopped (Ctrl-Z); `prepare` takes the gate's settings up again.
// - While another process group holds the terminal (the gate continued with `bg`, or
//   the program that started it stopped and the shell took the terminal back), the
//   terminal belongs to that group: the gate writes nothing, changes no setting and
//   drops no input there, and `restore()` leaves the settings as that group has them.
// - The gate's settings: signals from keys on (Ctrl-C, Ctrl-\, Ctrl-Z), XON/XOFF flow
//   control off so Ctrl-S cannot stall the gate's output and with it the countdown,
//   CR read as NL. When the gate edits the answer line itself (a terminal that can move
//   the cursor) the line discipline neither edits nor echoes; otherwise it is canonical
//   with echo, as a plain prompt.
// - Input is read without blocking, woken by an `InputWatch` (ShapelyGateSystem: a
//   Dispatch read source, or a poll loop where kqueue does not take a terminal); output
//   goes through a second, non-blocking descriptor and is dropped when the terminal
//   takes nothing for a second. Write errors (a hung-up terminal) are ignored: the
//   outcome never depends on the screen.
// - Every system call is TerminalDevice's (ShapelyGateSystem): this file decides when.

import Dispatch
import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSystem

package final class Terminal: GateTerminal, @unchecked Sendable {
    private let device: TerminalDevice
    private var restored = false
    private var watch: InputWatch?

    package static let path = "/dev/tty"

    /// Opens the controlling terminal, or returns nil when there is none.
    package static func openControlling(path: String = Terminal.path) -> Terminal? {
        TerminalDevice.opened(path).map(Terminal.init(device:))
    }

    private init(device: TerminalDevice) {
        self.device = device
    }

    /// With `discardTypeAhead`, input typed before this moment is thrown away
    /// (TCSAFLUSH), so keys pressed before the board appeared cannot answer it.
    package func prepare(editing: Bool, discardTypeAhead: Bool) {
        guard isForeground else { return }
        device.applyGateModes(editing: editing, flushingInput: discardTypeAhead)
    }

    package func lend() {
        guard !restored, isForeground else { return }
        device.applySavedModes()
    }

    package func discardInput() {
        guard isForeground else { return }
        device.flushInput()
    }

    /// Arms the fatal-signal handler (guard.c) with the settings found at open and
    /// `leave`, the bytes that take the gate's screen away; `restore()` disarms it.
    package func guardAgainstFatalSignals(leaving leave: String) {
        guard !restored else { return }
        device.armFatalSignalGuard(leaving: Array(leave.utf8))
    }

    /// Puts back the settings found at open, when the gate is in the foreground. Safe
    /// to call twice.
    package func restore() {
        guard !restored else { return }
        device.disarmFatalSignalGuard()
        restored = true
        guard isForeground else { return }
        device.applySavedModes()
    }

    package func close() {
        restore()
        device.close()
    }

    /// Output that the terminal will not take within a second (output stopped with
    /// Ctrl-S or Scroll Lock, a stalled link) is dropped: the session's queue, and with it
    /// the deadline and the signals, never waits on the screen.
    package func write(_ text: String) {
        guard isForeground else { return }
        device.write(Array(text.utf8))
    }

    package var editingKeys: LineEditor.Keys {
        var keys = LineEditor.Keys()
        let found = device.savedKeys
        // 0 is _POSIX_VDISABLE: keep the default for a key the person turned off.
        if found.erase != 0 { keys.erase = found.erase }
        if found.kill != 0 { keys.kill = found.kill }
        if found.wordErase != 0 { keys.wordErase = found.wordErase }
        if found.endOfFile != 0 { keys.endOfFile = found.endOfFile }
        return keys
    }

    package func startReading(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) {
        watch = InputWatch(descriptor: device.input, queue: queue, handler: handler)
    }

    package func stopReading(then done: @escaping @Sendable () -> Void) {
        if let watch {
            watch.stop(then: done)
            self.watch = nil
        } else {
            done()
        }
    }

    package func readAvailable() -> TerminalInput {
        switch device.readAvailable() {
        case .bytes(let bytes): return .bytes(bytes)
        // A hung-up terminal reads as end of file too; unlike the end-of-file key, it no
        // longer answers for its settings.
        case .endOfFile: return device.isHungUp ? .hangup : .endOfInput
        case .nothing: return .nothing
        case .failed: return .hangup
        }
    }

    package var isForeground: Bool { device.inForeground }
    package var isHungUp: Bool { device.isHungUp }

    /// The terminal's device name, e.g. /dev/pts/3, not the /dev/tty it was opened as.
    package var name: String { device.name ?? Terminal.path }

    /// The screen's size, or 80×24 when the terminal does not say.
    package var size: TerminalSize {
        guard let size = device.windowSize else { return TerminalSize(columns: 80, rows: 24) }
        return TerminalSize(columns: size.columns > 0 ? size.columns : 80, rows: size.rows > 0 ? size.rows : 24)
    }
}
