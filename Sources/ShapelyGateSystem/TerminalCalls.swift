// TerminalCalls.swift — the terminal system calls the sudo judge and the approval wait
// make on a descriptor they were handed (sudo's terminal), where TerminalDevice
// (the gate's own /dev/tty) does not apply.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum TerminalCalls {
    /// The terminal's foreground process group, or -1.
    package static func foregroundGroup(_ descriptor: Int32) -> pid_t { tcgetpgrp(descriptor) }

    /// Drops what was typed and not read.
    package static func flushInput(_ descriptor: Int32) { _ = tcflush(descriptor, TCIFLUSH) }

    /// The settings now, or nil when the terminal no longer answers (hung up).
    package static func settings(_ descriptor: Int32) -> termios? {
        var settings = termios()
        return tcgetattr(descriptor, &settings) == 0 ? settings : nil
    }

    /// The window's columns, or nil when the terminal does not say.
    package static func columns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }
}
