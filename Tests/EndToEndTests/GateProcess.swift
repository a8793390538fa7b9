// GateProcess.swift — runs the built shapelygate binary as a person would meet it: on a
// fresh pseudo-terminal that is its controlling terminal, in a session of its own.
// Tests type into the master side and read what the person would see: the raw bytes
// (`screen`) or the screen itself (`terminalScreen`, in GateProcessScreen.swift).
// Every run has a policy and a root's home of its own (OwnPolicy.swift).

import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)
    case stillRunning

    var description: String {
        switch self {
        case .exited(let code): return "exited \(code)"
        case .signaled(let number): return "killed by signal \(number)"
        case .stillRunning: return "still running"
        }
    }
}

/// How the child's standard input is set up.
enum StandardInput {
    case terminal
    case devNull
    case pipe(String)
}

func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The built executable, next to the test bundle in the build folder, or the one
/// SHAPELYGATE_BIN names (to run the same tests against a release or installed build).
let gateBinary: String = {
    if let chosen = getenv("SHAPELYGATE_BIN"), chosen.pointee != 0 { return String(cString: chosen) }
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/shapelygate"
}()

let baseEnvironment: [String: String] = [
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "TERM": "xterm",
    "LANG": "C.UTF-8",
    "NO_COLOR": "1",
    "HOME": "/nonexistent",
]

final class GateProcess {
    let pid: pid_t
    private(set) var master: Int32
    /// Kept open by the test so the terminal's settings can be read after the gate exits.
    let slave: Int32
    let errorPipe: Int32
    /// The terminal's settings before the gate started, for comparing after it ends.
    let initialSettings: termios
    /// The folder that is root's home for this run.
    let home: String
    private(set) var screen: [UInt8] = []
    private(set) var errors: [UInt8] = []
    private var status: Termination = .stillRunning
    /// The terminal model and how many bytes of `screen` it has been fed (GateProcessScreen.swift).
    var model: TerminalScreen
    var modelled = 0

    var screenText: String { String(decoding: screen, as: UTF8.self) }
    var errorText: String { String(decoding: errors, as: UTF8.self) }

    /// - Parameters:
    ///   - size: the terminal's rows and columns when the gate starts.
    ///   - controllingTerminal: false runs the gate in a new session with no terminal at all.
    ///   - stderrToTerminal: false collects stderr through a pipe instead of the terminal.
    ///   - policy: the text of /etc/shapelygate.conf for this run.
    ///   - home: root's home for this run (to share a state between runs); a new empty one by default.
    init(_ arguments: [String], environment: [String: String] = [:], policy: String = "", home: String? = nil,
         size: (rows: UInt16, columns: UInt16) = (24, 80), stdin: StandardInput = .terminal,
         controllingTerminal: Bool = true, stderrToTerminal: Bool = false, executable: String = gateBinary,
         extraDescriptor: Int32? = nil, signalMask: [Int32] = [], configure: ((Int32) -> Void)? = nil) {
        let (opened, slavePath) = openPseudoTerminal(rows: size.rows, columns: size.columns)
        master = opened
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        model = TerminalScreen(rows: Int(size.rows), columns: Int(size.columns))
        configure?(slave)
        var found = termios()
        tcgetattr(slave, &found)
        initialSettings = found

        var errorFDs: [Int32] = [0, 0]
        makePipe(&errorFDs)
        errorPipe = errorFDs[0]
        var inputFDs: [Int32] = [-1, -1]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if controllingTerminal {
            // The first terminal a session leader opens without O_NOCTTY becomes its
            // controlling terminal; setsid happens before the file actions.
            posix_spawn_file_actions_addopen(&actions, 1, slavePath, O_RDWR, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
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
        if stderrToTerminal && controllingTerminal {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_adddup2(&actions, errorFDs[1], 2)
        }

        if let extraDescriptor {
            // Left open in the gate on purpose: the command must not inherit it.
            posix_spawn_file_actions_adddup2(&actions, errorFDs[1], extraDescriptor)
        }

        let attributes = SessionSpawnAttributes(blocked: signalMask)

        var environmentStrings = baseEnvironment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        environmentStrings.removeAll { $0.hasSuffix("=\u{0}") }
        self.home = home ?? temporaryFolder()
        let command = ownPolicyCommand(etcLayer: etcLayer(policy: policy), home: self.home, argv: [executable] + arguments)
        let argv = command.map { strdup($0) } + [nil]
        let envp = environmentStrings.map { strdup($0) } + [nil]
        var child: pid_t = 0
        let result = posix_spawn(&child, command[0], &actions, &attributes.value, argv, envp)
        precondition(result == 0, "posix_spawn failed: \(result)")
        pid = child
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        close(errorFDs[1])
        if case .pipe(let text) = stdin {
            close(inputFDs[0])
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(inputFDs[1], $0.baseAddress, $0.count) }
            close(inputFDs[1])
        }
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
    func hangUp() {
        close(master)
        master = -1
    }

    /// Types `text` as a person would (the terminal turns \r into \n).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Types many bytes without ever blocking: what the terminal will not take yet is
    /// retried while the gate's output is read, for at most ten seconds.
    func typeBytes(_ bytes: [UInt8]) {
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

    /// Whether the gate has ended, without collecting its status (that is `finish`'s).
    var hasExited: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Reads whatever the gate wrote within `seconds`.
    func pump(_ seconds: Double) {
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

    /// Waits until the screen (from `from` on) contains `text`; returns whether it did.
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0, timeout: Double = 10) -> Bool {
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            if String(decoding: screen.dropFirst(offset), as: UTF8.self).contains(text) { return true }
            pump(0.05)
        }
        return String(decoding: screen.dropFirst(offset), as: UTF8.self).contains(text)
    }

    /// Waits for the gate to end, reading its output meanwhile.
    func finish(timeout: Double = 10) -> Termination {
        let deadline = monotonicNow() + timeout
        while true {
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid {
                let signal = raw & 0x7f
                status = signal == 0 ? .exited((raw >> 8) & 0xff) : .signaled(signal)
                pump(0.05)
                return status
            }
            if monotonicNow() >= deadline { return .stillRunning }
            pump(0.02)
        }
    }

    /// The terminal's settings as the gate would find them.
    func settings() -> termios {
        var current = termios()
        tcgetattr(slave, &current)
        return current
    }
}

func sameSettings(_ a: termios, _ b: termios) -> Bool {
    a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
}

/// A pipe whose ends are not inherited by other children.
func makePipe(_ fds: inout [Int32]) {
    _ = pipe(&fds)
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
}

/// Runs `script` with /bin/sh -c in the package root, without a terminal; returns the
/// exit status (or 128+signal) and everything it wrote on stdout and stderr.
func shell(_ script: String, timeout: Double = 300) -> (status: Int32, output: String) {
    let process = GateProcess(["-c", "cd '\(packageRoot)' && exec 1>&2 && " + script],
                              environment: ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"],
                              stdin: .devNull, controllingTerminal: false, executable: "/bin/sh")
    switch process.finish(timeout: timeout) {
    case .exited(let code): return (code, process.errorText)
    case .signaled(let number): return (128 + number, process.errorText)
    case .stillRunning: return (-1, process.errorText)
    }
}
