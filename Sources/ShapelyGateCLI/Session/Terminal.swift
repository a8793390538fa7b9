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

import CShapelyGateGuard
import Dispatch
import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

final class Terminal: GateTerminal, @unchecked Sendable {
    let inputDescriptor: Int32
    let outputDescriptor: Int32
    private let saved: termios
    private var restored = false
    private var watch: InputWatch?

    static let path = "/dev/tty"

    /// Opens the controlling terminal, or returns nil when there is none.
    static func openControlling(path: String = Terminal.path) -> Terminal? {
        let input = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { return nil }
        let output = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        var settings = termios()
        guard output >= 0, isatty(input) == 1, tcgetattr(input, &settings) == 0 else {
            _ = Platform.closeDescriptor(input)
            if output >= 0 { _ = Platform.closeDescriptor(output) }
            return nil
        }
        return Terminal(input: input, output: output, saved: settings)
    }

    private init(input: Int32, output: Int32, saved: termios) {
        inputDescriptor = input
        outputDescriptor = output
        self.saved = saved
    }

    /// With `discardTypeAhead`, input typed before this moment is thrown away
    /// (TCSAFLUSH), so keys pressed before the board appeared cannot answer it.
    func prepare(editing: Bool, discardTypeAhead: Bool) {
        guard isForeground else { return }
        var settings = saved
        settings.c_lflag |= tcflag_t(ISIG)
        if editing {
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
            withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        } else {
            settings.c_lflag |= tcflag_t(ICANON | ECHO | ECHOE | ECHOK | IEXTEN)
        }
        settings.c_iflag |= tcflag_t(ICRNL)
        settings.c_iflag &= ~tcflag_t(IXON | INLCR | IGNCR)
        settings.c_oflag |= tcflag_t(OPOST)
        _ = tcsetattr(inputDescriptor, discardTypeAhead ? TCSAFLUSH : TCSANOW, &settings)
    }

    func lend() {
        guard !restored, isForeground else { return }
        var settings = saved
        _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
    }

    func discardInput() {
        guard isForeground else { return }
        _ = tcflush(inputDescriptor, TCIFLUSH)
    }

    /// Arms the fatal-signal handler (guard.c) with the settings found at open and
    /// `leave`, the bytes that take the gate's screen away; `restore()` disarms it.
    func guardAgainstFatalSignals(leaving leave: String) {
        guard !restored else { return }
        var settings = saved
        let bytes = Array(leave.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sg_guard_arm(inputDescriptor, outputDescriptor, &settings, $0.baseAddress, $0.count)
            }
        }
    }

    /// Puts back the settings found at open, when the gate is in the foreground. Safe
    /// to call twice.
    func restore() {
        guard !restored else { return }
        sg_guard_disarm()
        restored = true
        guard isForeground else { return }
        var settings = saved
        _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
    }

    func close() {
        restore()
        _ = Platform.closeDescriptor(inputDescriptor)
        _ = Platform.closeDescriptor(outputDescriptor)
    }

    /// Output that the terminal will not take within a second (output stopped with
    /// Ctrl-S or Scroll Lock, a stalled link) is dropped: the session's queue, and with it
    /// the deadline and the signals, never waits on the screen.
    func write(_ text: String) {
        guard isForeground else { return }
        Platform.writePatiently(outputDescriptor, Array(text.utf8))
    }

    var editingKeys: LineEditor.Keys {
        var keys = LineEditor.Keys()
        withUnsafeBytes(of: saved.c_cc) { cc in
            // 0 is _POSIX_VDISABLE: keep the default for a key the person turned off.
            if cc[Int(VERASE)] != 0 { keys.erase = cc[Int(VERASE)] }
            if cc[Int(VKILL)] != 0 { keys.kill = cc[Int(VKILL)] }
            if cc[Int(VWERASE)] != 0 { keys.wordErase = cc[Int(VWERASE)] }
            if cc[Int(VEOF)] != 0 { keys.endOfFile = cc[Int(VEOF)] }
        }
        return keys
    }

    func startReading(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) {
        watch = InputWatch(descriptor: inputDescriptor, queue: queue, handler: handler)
    }

    func stopReading(then done: @escaping @Sendable () -> Void) {
        if let watch {
            watch.stop(then: done)
            self.watch = nil
        } else {
            done()
        }
    }

    func readAvailable() -> TerminalInput {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            // A hung-up terminal reads as end of file too; unlike the end-of-file key,
            // it no longer answers for its settings.
            if count == 0 { return isHungUp ? .hangup : .endOfInput }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .nothing
            default: return .hangup  // EIO: the other side of a pseudo-terminal was closed
            }
        }
    }

    /// Whether the terminal is gone: a hung-up descriptor fails every request with EIO.
    private var isHungUp: Bool {
        var settings = termios()
        return tcgetattr(inputDescriptor, &settings) != 0
    }

    var isForeground: Bool { tcgetpgrp(inputDescriptor) == getpgrp() }

    /// The terminal's device name, e.g. /dev/pts/3, not the /dev/tty it was opened as.
    var name: String {
        Platform.terminalName(inputDescriptor) ?? Terminal.path
    }

    /// The screen's size, or 80×24 when the terminal does not say.
    var size: TerminalSize {
        var size = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0 else { return TerminalSize(columns: 80, rows: 24) }
        return TerminalSize(columns: size.ws_col > 0 ? Int(size.ws_col) : 80, rows: size.ws_row > 0 ? Int(size.ws_row) : 24)
    }
}
