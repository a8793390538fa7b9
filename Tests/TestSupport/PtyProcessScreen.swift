// PtyProcessScreen.swift — a program's pseudo-terminal seen as a person sees it: a
// terminal model of the window's size fed with every byte the program wrote, and resizing
// the window as a terminal emulator does.
//
// The model is fed lazily, when a test asks for it, so runs that only look at the byte
// stream pay nothing. It answers no queries: a program that waits for a cursor report
// gets none, as on a terminal that does not support them.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PtyProcess {
    /// What a person sees now, given everything read from the program so far.
    public var terminalScreen: TerminalScreen {
        if modelled < screen.count {
            model.feed(Array(screen[modelled...]))
            modelled = screen.count
        }
        return model
    }

    /// The window changes size, as when a person drags its corner: what the program has
    /// written so far is drawn at the old size, the model takes the new size, then the
    /// kernel is told, and it sends SIGWINCH to the terminal's foreground process group.
    public func resize(rows: UInt16, columns: UInt16) {
        var before: Int
        repeat {
            before = screen.count
            pump(0)
        } while screen.count > before
        _ = terminalScreen
        model.resize(rows: Int(rows), columns: Int(columns))
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    /// The window's size as the kernel has it.
    public var windowSize: (rows: UInt16, columns: UInt16) {
        var window = winsize()
        _ = ioctl(master, UInt(TIOCGWINSZ), &window)
        return (window.ws_row, window.ws_col)
    }

    /// Waits until the screen a person sees satisfies `condition`; returns whether it did.
    @discardableResult
    public func waitForScreen(timeout: Double = 10, _ condition: (TerminalScreen) -> Bool) -> Bool {
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            if condition(terminalScreen) { return true }
            pump(0.05)
        }
        return condition(terminalScreen)
    }
}
