// SudoHarness.swift — runs the real sudo with the built approval plugin, without
// touching the machine's configuration: each run is `unshare -m` (a private mount
// namespace) around a script that bind-mounts a test sudo.conf, a test sudoers, an
// empty /etc/shapelygate.conf (when there is one) and a home folder for root (empty,
// or holding only a configuration file the test gives), a tmpfs over /run (so sudo's
// time stamps and the judge's lockout records are the run's own), mounts a tmpfs of root's on
// /mnt holding the gates the plugin may be pointed at (`Gates`), then runs sudo, or
// an interactive shell the test types sudo into. The run happens on a fresh
// pseudo-terminal that is its controlling terminal (or with no terminal at all; TestSupport's
// PtyProcess), and the test reads what a person would see.

import TestSupport

#if canImport(Glibc)
import Glibc
#endif

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

/// `text` with each run of blanks and line ends as one space: an error line on a
/// terminal is wrapped at its width.
func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

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
    let probe = startProcess(["/bin/sh", "-c", "unshare -m --propagation private true"], terminal: false)
    guard probe.finish() == .exited(0) else { return "unshare -m is not permitted here" }
    return nil
}()

/// One sudo run in its own mount namespace, with its own folder for the files it needs.
final class SudoRun {
    let folder = temporaryFolder()
    var marker: String { folder + "/ran" }
    var ran: Bool { exists(marker) }
    private(set) var pty: PtyProcess!

    /// - Parameters:
    ///   - options: the plugin options in the sudo.conf Plugin line.
    ///   - sudoArguments: what follows `sudo`; by default a command that leaves the marker file.
    ///   - terminal: false runs sudo with no terminal at all.
    ///   - user: runs sudo as this user (allowed everything without a password) instead of root.
    ///   - background: runs sudo as a background job of a job-control shell.
    ///   - userConfig: a configuration file of root's own, in root's home folder and, when
    ///     `exportsConfigHome`, also in a folder sudo's caller names in XDG_CONFIG_HOME.
    ///   - shell: runs an interactive bash (prompt `$ `) instead of sudo; the test types.
    ///   - exports: variables in sudo's caller's environment (the shell's too, with `shell`).
    ///   - sudoersLines: more lines for the test sudoers (`Defaults runcwd=*`).
    init(options: String, sudoArguments: [String]? = nil, terminal: Bool = true, user: String? = nil,
         background: Bool = false, userConfig: String? = nil, exportsConfigHome: Bool = false, shell: Bool = false,
         exports: [String: String] = [:], sudoersLines: String = "") {
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
            \(sudoersLines)

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
            mount -t tmpfs -o mode=0755 tmpfs /run
            mkdir -m 0711 /run/sudo
            \(Gates.setup)
            \(exportsConfigHome ? "export XDG_CONFIG_HOME='\(folder)/config'" : "")
            \(exports.sorted { $0.key < $1.key }.map { "export \($0.key)='\($0.value)'" }.joined(separator: "\n"))
            \(shell ? "exec env PS1='$ ' bash --norc --noprofile -i" : "")
            \(background ? "exec /bin/sh -m -c 'sudo \"$@\" & wait $!' sh \"$@\"" : "")
            exec \(user.map { "setpriv --reuid=\($0) --regid=\(account($0)?.gid ?? 65534) --init-groups " } ?? "")sudo "$@"

            """)
        let arguments = sudoArguments ?? [tool("touch") ?? "/usr/bin/touch", marker]
        pty = startProcess([tool("unshare")!, "-m", "--propagation", "private", "/bin/sh", folder + "/run.sh"] + arguments,
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

/// A program with the environment sudo's tests give it, on a new pseudo-terminal that is
/// its controlling terminal (it leads a new session), with stdin, stdout and stderr all
/// on it; or, with `terminal: false`, in a new session with no terminal, stdin from
/// /dev/null and its output in `errors`.
func startProcess(_ argv: [String], terminal: Bool = true) -> PtyProcess {
    PtyProcess(argv, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1"],
               stdin: terminal ? .terminal : .devNull, controllingTerminal: terminal, stderrToTerminal: true, patience: 30)
}
