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

    /// Settings to put back, and the person's erase, kill, word-erase and end-of-file
    /// keys in them.
    package struct Saved {
        fileprivate let settings: termios
        package var keys: (erase: UInt8, kill: UInt8, wordErase: UInt8, endOfFile: UInt8) {
            withUnsafeBytes(of: settings.c_cc) { cc in (cc[Int(VERASE)], cc[Int(VKILL)], cc[Int(VWERASE)], cc[Int(VEOF)]) }
        }
    }

    /// Puts the terminal in key-by-key input (no editing, no echo; keys still signal,
    /// output still processed): the settings it had, to put back, or nil.
    package static func keyByKey(_ descriptor: Int32) -> Saved? {
        guard let saved = settings(descriptor) else { return nil }
        var changed = saved
        changed.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        changed.c_lflag |= tcflag_t(ISIG)
        withUnsafeMutableBytes(of: &changed.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return tcsetattr(descriptor, TCSANOW, &changed) == 0 ? Saved(settings: saved) : nil
    }

    /// Puts `saved` settings back.
    package static func restore(_ descriptor: Int32, _ saved: Saved) {
        var settings = saved.settings
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// The window's columns, or nil when the terminal does not say.
    package static func columns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }
}
