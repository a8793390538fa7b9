// TerminalDevice.swift — the system calls on a terminal device, and nothing about when
// to make them: that is the CLI's Terminal.swift, which decides (the foreground, the
// single restore) and calls these.
//
// Contract:
// - `opened` opens the device twice, for input and for non-blocking output, both
//   close-on-exec and without becoming its controlling terminal, and saves the settings
//   found; nil when either open fails or the device is not a terminal.
// - The gate's modes: signals from keys on, CR read as NL, XON/XOFF off, output
//   processing on; with `editing` off the line discipline neither edits nor echoes
//   (VMIN 1, VTIME 0), otherwise it is canonical with echo.
// - Nothing here writes to the terminal but `write`, which never waits more than a second
//   (Platform.writePatiently).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CShapelyGateGuard

package final class TerminalDevice: @unchecked Sendable {
    package let input: Int32
    package let output: Int32
    private let saved: termios

    private init(input: Int32, output: Int32, saved: termios) {
        self.input = input
        self.output = output
        self.saved = saved
    }

    package static func opened(_ path: String) -> TerminalDevice? {
        let input = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { return nil }
        let output = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        var settings = termios()
        guard output >= 0, isatty(input) == 1, tcgetattr(input, &settings) == 0 else {
            _ = Platform.closeDescriptor(input)
            if output >= 0 { _ = Platform.closeDescriptor(output) }
            return nil
        }
        return TerminalDevice(input: input, output: output, saved: settings)
    }

    /// The gate's modes; with `flushingInput`, what was typed before now is dropped.
    package func applyGateModes(editing: Bool, flushingInput: Bool) {
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
        _ = tcsetattr(input, flushingInput ? TCSAFLUSH : TCSANOW, &settings)
    }

    /// The settings found at open, back again.
    package func applySavedModes() {
        var settings = saved
        _ = tcsetattr(input, TCSANOW, &settings)
    }

    package func flushInput() {
        _ = tcflush(input, TCIFLUSH)
    }

    /// Whether this process's group is the terminal's foreground.
    package var inForeground: Bool { tcgetpgrp(input) == getpgrp() }

    /// A hung-up terminal fails every request with EIO.
    package var isHungUp: Bool {
        var settings = termios()
        return tcgetattr(input, &settings) != 0
    }

    /// The window's size, when the terminal gives one.
    package var windowSize: (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// The person's erase, kill, word-erase and end-of-file keys as found; 0 is a key
    /// turned off (_POSIX_VDISABLE).
    package var savedKeys: (erase: UInt8, kill: UInt8, wordErase: UInt8, endOfFile: UInt8) {
        withUnsafeBytes(of: saved.c_cc) { cc in (cc[Int(VERASE)], cc[Int(VKILL)], cc[Int(VWERASE)], cc[Int(VEOF)]) }
    }

    package enum Reading {
        case bytes([UInt8])
        case endOfFile
        case nothing
        case failed
    }

    /// What is there to read now, without waiting.
    package func readAvailable() -> Reading {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .endOfFile }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .nothing
            default: return .failed  // EIO: the other side of a pseudo-terminal was closed
            }
        }
    }

    package func write(_ bytes: [UInt8]) {
        Platform.writePatiently(output, bytes)
    }

    /// The device's own name (/dev/pts/3).
    package var name: String? { Platform.terminalName(input) }

    /// Arms the fatal-signal handler (guard.c) with the saved settings and `leave`.
    package func armFatalSignalGuard(leaving leave: [UInt8]) {
        var settings = saved
        leave.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sg_guard_arm(input, output, &settings, $0.baseAddress, $0.count)
            }
        }
    }

    package func disarmFatalSignalGuard() {
        sg_guard_disarm()
    }

    /// The columns of the terminal on `descriptor` (standard error), when it is one.
    package static func columns(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    package func close() {
        _ = Platform.closeDescriptor(input)
        _ = Platform.closeDescriptor(output)
    }
}
