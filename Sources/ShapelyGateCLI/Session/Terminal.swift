// Terminal.swift — the controlling terminal, and nothing about shapes.
//
// Contract:
// - Questions and answers use /dev/tty only, as sudo and readpassphrase do: standard
//   input and output are never read or written, so a pipe cannot answer the gate and
//   stdout stays free for the caller. No controlling terminal means no terminal.
// - The settings found at open are saved once and put back by `restore()`, the single
//   way out; `restore()` may be called more than once.
// - While the gate runs the terminal is in canonical mode with echo (the kernel edits
//   the line), signals from keys on, and XON/XOFF flow control off so that Ctrl-S cannot
//   stall the gate's output and with it the countdown.
// - Input is read without blocking; output is written with blocking writes on a second
//   descriptor. Write errors (a hung-up terminal) are ignored: the outcome never
//   depends on the screen.

import ShapelyGate
import ShapelyGateSystem

/// What one read of the terminal gave.
public enum TerminalInput: Equatable, Sendable {
    case bytes([UInt8])
    /// Nothing is ready yet.
    case nothing
    /// Ctrl-D on an empty line.
    case endOfInput
    /// The terminal is gone (EIO after a hangup).
    case hangup
}

public final class Terminal: @unchecked Sendable {
    public let inputDescriptor: Int32
    public let outputDescriptor: Int32
    private let saved: termios
    private var restored = false

    public static let path = "/dev/tty"

    /// Opens the controlling terminal, or returns nil when there is none.
    public static func openControlling(path: String = Terminal.path) -> Terminal? {
        let input = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { return nil }
        let output = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
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

    /// Puts the terminal in the gate's mode. With `discardTypeAhead`, input typed before
    /// this moment is thrown away (TCSAFLUSH), so keys pressed before the board appeared
    /// cannot answer it.
    public func prepare(discardTypeAhead: Bool) {
        var settings = saved
        settings.c_lflag |= tcflag_t(ICANON | ECHO | ECHOE | ECHOK | ISIG | IEXTEN)
        settings.c_iflag |= tcflag_t(ICRNL)
        settings.c_iflag &= ~tcflag_t(IXON | INLCR | IGNCR)
        settings.c_oflag |= tcflag_t(OPOST)
        _ = tcsetattr(inputDescriptor, discardTypeAhead ? TCSAFLUSH : TCSANOW, &settings)
    }

    /// Drops input typed but not yet submitted (or submitted but not yet read).
    public func discardInput() {
        _ = tcflush(inputDescriptor, TCIFLUSH)
    }

    /// Puts back the settings found at open for a while (the gate is about to stop on
    /// Ctrl-Z); `prepare` takes the gate's settings up again on continue.
    public func lend() {
        guard !restored else { return }
        var settings = saved
        _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
    }

    /// Puts back the settings found at open. Safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        var settings = saved
        _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
    }

    public func close() {
        restore()
        _ = Platform.closeDescriptor(inputDescriptor)
        _ = Platform.closeDescriptor(outputDescriptor)
    }

    public func write(_ text: String) {
        Platform.writeAll(outputDescriptor, Array(text.utf8))
    }

    /// Reads what is available without waiting.
    public func readAvailable() -> TerminalInput {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .endOfInput }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .nothing
            default: return .hangup  // EIO: the terminal was closed
            }
        }
    }

    /// The terminal's device name, e.g. /dev/pts/3.
    public var name: String {
        ttyname(inputDescriptor).map { String(cString: $0) } ?? Terminal.path
    }

    /// Columns of the terminal, or 80 when it does not say.
    public var columns: Int {
        var size = winsize()
        if ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
