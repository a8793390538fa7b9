// SudoHarness.swift — runs the real sudo with the built approval plugin, without
// touching the machine's configuration: each run is `unshare -m` (a private mount
// namespace) around a script that bind-mounts a test sudo.conf, a test sudoers, an
// empty /etc/shapelygate.conf (when there is one) and a home folder for root (empty,
// or holding only a configuration file the test gives), mounts a tmpfs of root's on
// /mnt holding the gates the plugin may be pointed at (`Gates`), then runs sudo, or
// an interactive shell the test types sudo into. The run happens on a fresh pseudo-terminal that is its controlling
// terminal (or with no terminal at all), and the test reads what a person would see.

import ShapelyGate
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The build folder this test runs from, where `swift build` leaves the gate and the plugin.
let buildFolder: String = {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    return path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
}()

let pluginPath = buildFolder + "/libshapelygate_approval.so"
let gatePath = buildFolder + "/shapelygate"

/// Where each run's namespace puts copies of programs for path=, on a tmpfs of root's at
/// /mnt (mode 0711): the build folder itself is not root's all the way from /.
enum Gates {
    /// The built gate, mode 0711, in folders only root can write: the one to use.
    static let installed = "/mnt/shapelygate"
    /// A copy of true(1), mode 0711: exits 0 and never reports a pass.
    static let alwaysTrue = "/mnt/true"
    /// The gate, readable by everyone (0755).
    static let readable = "/mnt/readable"
    /// A shell script, 0711.
    static let script = "/mnt/script"
    /// The gate in a folder anyone can write.
    static let inOpenFolder = "/mnt/open/shapelygate"
    /// A symbolic link to the installed gate, in a folder of nobody's.
    static let behindUsersLink = "/mnt/nobody/link"

    static let setup = """
        mount -t tmpfs -o mode=0711 tmpfs /mnt
        install -m 0711 '\(gatePath)' \(installed)
        install -m 0711 /bin/true \(alwaysTrue)
        install -m 0755 '\(gatePath)' \(readable)
        printf '#!/bin/sh\\nexit 0\\n' >\(script) && chmod 0711 \(script)
        mkdir -m 0777 /mnt/open && ln \(installed) \(inOpenFolder)
        mkdir -m 0755 /mnt/nobody && ln -s \(installed) \(behindUsersLink) && chown -hR nobody /mnt/nobody
        """
}

func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// Whether this test process was built with AddressSanitizer (then so was the plugin,
/// and sudo, which is not, cannot load it).
let sanitized: Bool = dlsym(nil /* RTLD_DEFAULT */, "__asan_init") != nil

/// Why sudo cannot be run here, or nil when it can.
let sudoUnavailable: String? = {
    guard tools("sudo", "unshare", "mount", "setpriv") else { return "needs sudo, unshare, mount and setpriv" }
    guard runningAsRoot else { return "needs root, to make a mount namespace" }
    guard exists("/etc/sudo.conf"), exists("/etc/sudoers") else { return "needs /etc/sudo.conf and /etc/sudoers to mount over" }
    guard exists(pluginPath) else { return "needs the plugin built by swift build (\(pluginPath))" }
    guard !sanitized else { return "the AddressSanitizer build of the plugin cannot load into sudo" }
    let probe = Pty(["/bin/sh", "-c", "unshare -m --propagation private true"], terminal: false)
    guard probe.finish() == 0 else { return "unshare -m is not permitted here" }
    return nil
}()

/// The challenge the gate deals for `seed`, so a test knows the right and wrong tiles.
struct Mirror {
    var challenge: Challenge<GateRandom>
    init(seed: UInt64) {
        challenge = Challenge(configuration: GateConfiguration(), generator: GateRandom(seed: seed), now: 0)
    }
    var right: Int { challenge.board.tiles.firstIndex { $0.kind == challenge.target }! + 1 }
    var wrong: Int { challenge.board.tiles.firstIndex { $0.kind != challenge.target }! + 1 }
    mutating func play(_ tile: Int) { _ = challenge.answer(tileNumber: tile, at: 0) }
}

/// One sudo run in its own mount namespace, with its own folder for the files it needs.
final class SudoRun {
    let folder = temporaryFolder()
    var marker: String { folder + "/ran" }
    var ran: Bool { exists(marker) }
    private(set) var pty: Pty!

    /// - Parameters:
    ///   - options: the plugin options in the sudo.conf Plugin line.
    ///   - sudoArguments: what follows `sudo`; by default a command that leaves the marker file.
    ///   - terminal: false runs sudo with no terminal at all.
    ///   - user: runs sudo as this user (allowed everything without a password) instead of root.
    ///   - background: runs sudo as a background job of a job-control shell.
    ///   - userConfig: a configuration file of root's own, in root's home folder and, when
    ///     `exportsConfigHome`, also in a folder sudo's caller names in XDG_CONFIG_HOME.
    ///   - shell: runs an interactive bash (prompt `$ `) instead of sudo; the test types.
    init(options: String, sudoArguments: [String]? = nil, terminal: Bool = true, user: String? = nil,
         background: Bool = false, userConfig: String? = nil, exportsConfigHome: Bool = false, shell: Bool = false) {
        writeFile(folder + "/sudo.conf", """
            Plugin sudoers_policy sudoers.so
            Plugin sudoers_io sudoers.so
            Plugin sudoers_audit sudoers.so
            Plugin shapelygate_approval \(pluginPath) \(options)

            """)
        writeFile(folder + "/sudoers", """
            Defaults !syslog, !lecture, !use_pty, env_reset
            Defaults secure_path="/usr/sbin:/usr/bin:/sbin:/bin"
            root ALL=(ALL:ALL) NOPASSWD: ALL
            \(user.map { "\($0) ALL=(ALL:ALL) NOPASSWD: ALL" } ?? "")

            """, mode: 0o440)
        writeFile(folder + "/empty.conf", "")
        mkdir(folder + "/home", 0o700)
        if let userConfig {
            for base in [folder + "/home/.config", folder + "/config"] {
                mkdir(base, 0o700)
                mkdir(base + "/shapelygate", 0o700)
                writeFile(base + "/shapelygate/config", userConfig)
            }
        }
        writeFile(folder + "/run.sh", """
            set -e
            mount --bind '\(folder)/sudo.conf' /etc/sudo.conf
            mount --bind '\(folder)/sudoers' /etc/sudoers
            mount --bind '\(folder)/home' /root
            if [ -e /etc/shapelygate.conf ]; then mount --bind '\(folder)/empty.conf' /etc/shapelygate.conf; fi
            if [ -d /run/sudo ]; then mount -t tmpfs tmpfs /run/sudo; fi
            \(Gates.setup)
            \(shell ? "exec env PS1='$ ' bash --norc --noprofile -i" : "")
            \(exportsConfigHome ? "export XDG_CONFIG_HOME='\(folder)/config'" : "")
            \(background ? "exec /bin/sh -m -c 'sudo \"$@\" & wait $!' sh \"$@\"" : "")
            exec \(user.map { "setpriv --reuid=\($0) --regid=\(account($0)?.gid ?? 65534) --init-groups " } ?? "")sudo "$@"

            """)
        let arguments = sudoArguments ?? [tool("touch") ?? "/usr/bin/touch", marker]
        pty = Pty([tool("unshare")!, "-m", "--propagation", "private", "/bin/sh", folder + "/run.sh"] + arguments,
                  terminal: terminal)
    }

    deinit {
        pty = nil
        for name in ["sudo.conf", "sudoers", "empty.conf", "run.sh", "ran"] { unlink(folder + "/" + name) }
        for base in [folder + "/home/.config", folder + "/config"] {
            unlink(base + "/shapelygate/config")
            rmdir(base + "/shapelygate")
            rmdir(base)
        }
        rmdir(folder + "/home")
        rmdir(folder)
    }
}

func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A child on a new pseudo-terminal that is its controlling terminal (it leads a new
/// session), with stdin, stdout and stderr all on it; or, with `terminal: false`, in a
/// new session with no terminal, stdin from /dev/null and its output on a pipe.
final class Pty {
    let pid: pid_t
    let master: Int32
    private(set) var output: [UInt8] = []
    private var status: Int32?
    var text: String { String(decoding: output, as: UTF8.self) }

    init(_ argv: [String], terminal: Bool = true) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var slavePath = ""
        var writeEnd: Int32 = -1
        if terminal {
            (master, slavePath) = openPseudoTerminal()
            // A session leader's first terminal opened without O_NOCTTY becomes its
            // controlling terminal; setsid happens before the file actions.
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            master = fds[0]
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
            writeEnd = fds[1]
        }
        let attributes = SessionSpawnAttributes()
        let environment = ["PATH=/usr/sbin:/usr/bin:/sbin:/bin", "TERM=xterm", "LANG=C.UTF-8", "NO_COLOR=1"]
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        var child: pid_t = 0
        let result = posix_spawn(&child, argv[0], &actions, &attributes.value, cArguments, cEnvironment)
        precondition(result == 0, "posix_spawn failed: \(result)")
        pid = child
        cArguments.forEach { free($0) }
        cEnvironment.forEach { free($0) }
        // This process's copy of the pipe's write end, or reading would never see the end.
        if writeEnd >= 0 { close(writeEnd) }
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        close(master)
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads whatever arrives within `seconds`.
    func pump(_ seconds: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, Int32(seconds * 1000)) <= 0 { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(master, &buffer, buffer.count)
        if count > 0 { output += buffer[0..<count] } else if count == 0 || errno == EIO { usleep(20_000) }
    }

    /// Waits until the output (from `offset` on) contains `text`.
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0, timeout: Double = 20) -> Bool {
        let deadline = monotonicNow() + timeout
        repeat {
            if String(decoding: output.dropFirst(offset), as: UTF8.self).contains(text) { return true }
            pump(0.05)
        } while monotonicNow() < deadline
        return String(decoding: output.dropFirst(offset), as: UTF8.self).contains(text)
    }

    /// Waits for the child to end; its exit status, 128+signal, or nil if still running.
    @discardableResult
    func finish(timeout: Double = 30) -> Int32? {
        if let status { return status }
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                pump(0.05)
                status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                return status
            }
            pump(0.02)
        }
        return nil
    }
}
