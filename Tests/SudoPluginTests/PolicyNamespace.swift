// PolicyNamespace.swift — a private mount namespace in which the test owns what the
// gate and the plugin find at their fixed paths: /etc is overlaid (a policy of the
// test's in /etc/shapelygate.conf, its own sudo.conf and sudoers), a tmpfs covers /run,
// the test's socket stands at /run/systemd/journal/socket, and /run/shapelygate and
// /run/shapelygate-requests are folders of the test's, so runs on different terminals
// share grace records and approval requests; /mnt holds
// the trusted copies of the gate (`Gates`). Each run is
// a shell script on a fresh pseudo-terminal of its own (a session of its own).

import TestSupport

#if canImport(Glibc)
import Glibc
#endif

final class PolicyNamespace {
    let folder = temporaryFolder()
    let journal: JournalListener
    private var runs = 0

    /// - Parameters:
    ///   - policy: the text of /etc/shapelygate.conf.
    ///   - pluginOptions: the options of the plugin's line in sudo.conf.
    ///   - users: accounts besides root that sudoers lets run anything.
    init?(policy: String, pluginOptions: String, users: [String] = []) {
        // Others may pass through: the overlay's upper layer lives here, and a gate run
        // as another user must reach the files it finds in /etc.
        chmod(folder, 0o755)
        guard let journal = JournalListener(path: folder + "/journal") else { return nil }
        self.journal = journal
        mkdir(folder + "/grace", 0o700)
        mkdir(folder + "/requests", 0o755)
        mkdir(folder + "/home", 0o700)
        writeFile(folder + "/shapelygate.conf", policy)
        writeFile(folder + "/sudo.conf", "Plugin sudoers_policy sudoers.so\nPlugin shapelygate_approval \(pluginPath) \(pluginOptions)\n")
        let allowed = (["root"] + users).map { "\($0) ALL=(ALL:ALL) NOPASSWD: ALL\n" }.joined()
        writeFile(folder + "/sudoers", "Defaults !syslog, !lecture, !use_pty, env_reset\n" + allowed, mode: 0o440)
    }

    /// Runs `commands` (shell lines) as root in the namespace; `tty` in the script's
    /// folder names the terminal afterwards.
    func run(_ commands: String) -> PtyProcess {
        runs += 1
        let base = folder + "/run\(runs)"
        for name in ["", "/upper", "/work"] { mkdir(base + name, 0o755) }
        writeFile(base + "/run.sh", """
            set -e
            mount -t overlay overlay -o 'lowerdir=/etc,upperdir=\(base)/upper,workdir=\(base)/work' /etc
            cp '\(folder)/shapelygate.conf' '\(folder)/sudo.conf' /etc/
            cp -p '\(folder)/sudoers' /etc/sudoers
            mount -t tmpfs -o mode=0755 tmpfs /run
            mkdir -p /run/systemd/journal /run/sudo /run/shapelygate
            touch /run/systemd/journal/socket
            mount --bind '\(folder)/journal' /run/systemd/journal/socket
            mount --bind '\(folder)/grace' /run/shapelygate
            mkdir -p /run/shapelygate-requests
            mount --bind '\(folder)/requests' /run/shapelygate-requests
            mount --bind '\(folder)/home' /root
            \(Gates.setup)
            tty > '\(base)/tty'
            set +e
            \(commands)

            """)
        return startProcess([tool("unshare")!, "-m", "--propagation", "private", "/bin/sh", base + "/run.sh"])
    }

    /// The terminal run number `run` had.
    func terminal(ofRun run: Int) -> String {
        readText(folder + "/run\(run)/tty").split(separator: "\n").first.map(String.init) ?? "?"
    }

    /// Every record that arrived, waiting up to `timeout` seconds for each.
    func records(timeout: Double = 1) -> [[(name: String, value: [UInt8])]] {
        var all: [[(name: String, value: [UInt8])]] = []
        while let record = journal.receive(timeout: timeout) { all.append(record) }
        return all
    }
}

/// Where the output of `pty` stands just after `marker`, which a run's script echoes
/// between two commands, once it has come: the next board is after it.
func after(_ marker: String, in pty: PtyProcess) -> Int {
    guard pty.waitFor(marker) else { return pty.screen.count }
    let needle = Array(marker.utf8)
    var index = pty.screen.count - needle.count
    while index >= 0 && Array(pty.screen[index..<(index + needle.count)]) != needle { index -= 1 }
    return index + needle.count
}
