// PtyProcess.swift — a program run as a person would meet it: on a fresh
// pseudo-terminal that is its controlling terminal, in a session of its own. Tests type
// into the master side and read what the person would see: the raw bytes (`screen`)
// or the screen itself (`terminalScreen`, in PtyProcessScreen.swift).
//
// Contract:
// - The child leads a new session with every signal at its default and only the given
//   signals blocked; its environment is exactly the one given.
// - With a controlling terminal, stdin (unless another input is chosen) and stdout are
//   the terminal; stderr is the terminal or a pipe read into `errors`. Without one, the
//   child has no terminal at all, stdin is /dev/null or a pipe, and stdout and stderr
//   both go to the pipe.
// - The test keeps the terminal's slave side open, so its settings can be read after
//   the child ends; a child still running when the object goes away is killed.
// - Every wait has a deadline (`patience` seconds unless the test gives one): nothing
//   the child does can hang the test.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum Termination: Equatable, CustomStringConvertible, Sendable {
    case exited(Int32)
    case signaled(Int32)
    case stillRunning

    public var description: String {
        switch self {
        case .exited(let code): return "exited \(code)"
        case .signaled(let number): return "killed by signal \(number)"
        case .stillRunning: return "still running"
        }
    }

    /// The status a shell would report: the exit status, or 128 plus the signal; nil
    /// while still running.
    public var shellStatus: Int32? {
        switch self {
        case .exited(let code): return code
        case .signaled(let number): return 128 + number
        case .stillRunning: return nil
        }
    }
}

/// How the child's standard input is set up.
public enum StandardInput: Sendable {
    case terminal
    case devNull
    case pipe(String)
}

/// Seconds on a clock that never goes back, for deadlines.
public func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

open class PtyProcess {
    public let pid: pid_t
    public private(set) var master: Int32
    /// Kept open by the test so the terminal's settings can be read after the child exits.
    public let slave: Int32
    public let errorPipe: Int32
    /// The terminal's settings before the child started, for comparing after it ends.
    public let initialSettings: termios
    /// The default deadline, in seconds, of `waitFor` and `finish`.
    public let patience: Double
    public private(set) var screen: [UInt8] = []
    public private(set) var errors: [UInt8] = []
    private var status: Termination = .stillRunning
    /// The terminal model and how many bytes of `screen` it has been fed (PtyProcessScreen.swift).
    var model: TerminalScreen
    var modelled = 0

    public var screenText: String { String(decoding: screen, as: UTF8.self) }
    public var errorText: String { String(decoding: errors, as: UTF8.self) }

    /// - Parameters:
    ///   - argv: the program (a full path) and its arguments.
    ///   - size: the terminal's rows and columns when the child starts.
    ///   - controllingTerminal: false runs the child in a new session with no terminal at all.
    ///   - stderrToTerminal: false collects stderr through a pipe instead of the terminal.
    ///   - extraDescriptor: a descriptor number the child finds open (on the error pipe).
    ///   - signalMask: the signals blocked in the child.
    ///   - configure: changes the terminal's settings before the child starts.
    public init(_ argv: [String], environment: [String: String], size: (rows: UInt16, columns: UInt16) = (24, 80),
                stdin: StandardInput = .terminal, controllingTerminal: Bool = true, stderrToTerminal: Bool = false,
                extraDescriptor: Int32? = nil, signalMask: [Int32] = [], patience: Double = 10,
                configure: ((Int32) -> Void)? = nil) {
        let (opened, slavePath) = openPseudoTerminal(rows: size.rows, columns: size.columns)
        master = opened
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        model = TerminalScreen(rows: Int(size.rows), columns: Int(size.columns))
        self.patience = patience
        configure?(slave)
        var found = termios()
        tcgetattr(slave, &found)
        initialSettings = found

        var errorFDs: [Int32] = [0, 0]
        makePipe(&errorFDs)
        errorPipe = errorFDs[0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let inputFDs = Self.connect(&actions, slavePath: slavePath, errorWriteEnd: errorFDs[1], stdin: stdin,
                                    controllingTerminal: controllingTerminal, stderrToTerminal: stderrToTerminal,
                                    extraDescriptor: extraDescriptor)
        let attributes = SessionSpawnAttributes(blocked: signalMask)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var child: pid_t = 0
        let result = posix_spawn(&child, argv[0], &actions, &attributes.value, cArguments, cEnvironment)
        precondition(result == 0, "posix_spawn failed: \(result)")
        pid = child
        cArguments.forEach { free($0) }
        cEnvironment.forEach { free($0) }
        // This process's copy of the pipe's write end, or reading would never see the end.
        close(errorFDs[1])
        if case .pipe(let text) = stdin {
            close(inputFDs[0])
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(inputFDs[1], $0.baseAddress, $0.count) }
            close(inputFDs[1])
        }
    }

    /// Leads the child's stdin, stdout and stderr (and `extraDescriptor`) where `init`
    /// says; returns the stdin pipe, if there is one, for the caller to fill and close.
    private static func connect(_ actions: inout posix_spawn_file_actions_t, slavePath: String, errorWriteEnd: Int32,
                                stdin: StandardInput, controllingTerminal: Bool, stderrToTerminal: Bool,
                                extraDescriptor: Int32?) -> [Int32] {
        var inputFDs: [Int32] = [-1, -1]
        if controllingTerminal {
            // The first terminal a session leader opens without O_NOCTTY becomes its
            // controlling terminal; setsid happens before the file actions.
            posix_spawn_file_actions_addopen(&actions, 1, slavePath, O_RDWR, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, errorWriteEnd, 1)
        }
        switch stdin {
        case .terminal where controllingTerminal:
            posix_spawn_file_actions_adddup2(&actions, 1, 0)
        case .terminal, .devNull:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .pipe:
            makePipe(&inputFDs)
            posix_spawn_file_actions_adddup2(&actions, inputFDs[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stderrToTerminal && controllingTerminal ? 1 : errorWriteEnd, 2)
        if let extraDescriptor {
            posix_spawn_file_actions_adddup2(&actions, errorWriteEnd, extraDescriptor)
        }
        return inputFDs
    }

    deinit {
        if status == .stillRunning {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        if master >= 0 { close(master) }
        close(slave)
        close(errorPipe)
    }

    /// Hangs up the terminal as closing a terminal window does: the master side closes
    /// (the kernel then hangs up the session on the slave side).
    public func hangUp() {
        close(master)
        master = -1
    }

    /// Types `text` as a person would (the terminal turns \r into \n).
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Types many bytes without ever blocking: what the terminal will not take yet is
    /// retried while the child's output is read, for at most ten seconds.
    public func typeBytes(_ bytes: [UInt8]) {
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(master, F_SETFL, flags) }
        let deadline = monotonicNow() + 10
        var offset = 0
        while offset < bytes.count && monotonicNow() < deadline && !hasExited {
            let count = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, min($0.count, 4096)) }
            if count <= 0 { pump(0.005) } else { offset += count }
        }
    }

    /// Whether the child has ended, without collecting its status (that is `finish`'s).
    public var hasExited: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Reads whatever the child wrote within `seconds`.
    public func pump(_ seconds: Double) {
        let deadline = monotonicNow() + seconds
        repeat {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errorPipe, events: Int16(POLLIN), revents: 0)]
            let wait = max(0, Int32((deadline - monotonicNow()) * 1000))
            if poll(&fds, 2, wait) <= 0 { return }
            var buffer = [UInt8](repeating: 0, count: 65536)
            if fds[0].revents & Int16(POLLIN) != 0 {
                let count = read(master, &buffer, buffer.count)
                if count > 0 { screen += buffer[0..<count] }
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let count = read(errorPipe, &buffer, buffer.count)
                if count > 0 { errors += buffer[0..<count] }
            }
            if fds[1].revents & Int16(POLLHUP) != 0 && fds[0].revents & Int16(POLLIN) == 0 {
                return
            }
        } while monotonicNow() < deadline
    }

    /// Waits until the screen (from `offset` on) contains `text`; returns whether it did.
    @discardableResult
    public func waitFor(_ text: String, after offset: Int = 0, timeout: Double? = nil) -> Bool {
        let deadline = monotonicNow() + (timeout ?? patience)
        while monotonicNow() < deadline {
            if String(decoding: screen.dropFirst(offset), as: UTF8.self).contains(text) { return true }
            pump(0.05)
        }
        return String(decoding: screen.dropFirst(offset), as: UTF8.self).contains(text)
    }

    /// Waits for the child to end, reading its output meanwhile; `.stillRunning` if it
    /// has not ended by the deadline.
    @discardableResult
    public func finish(timeout: Double? = nil) -> Termination {
        if status != .stillRunning { return status }
        let deadline = monotonicNow() + (timeout ?? patience)
        while true {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                let signal = raw & 0x7f
                status = signal == 0 ? .exited((raw >> 8) & 0xff) : .signaled(signal)
                pump(0.05)
                return status
            }
            if monotonicNow() >= deadline { return .stillRunning }
            pump(0.02)
        }
    }

    /// The terminal's settings as the child would find them.
    public func settings() -> termios {
        var current = termios()
        tcgetattr(slave, &current)
        return current
    }
}

public func sameSettings(_ a: termios, _ b: termios) -> Bool {
    a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
}

/// A pipe whose ends are not inherited by other children.
public func makePipe(_ fds: inout [Int32]) {
    _ = pipe(&fds)
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
}
