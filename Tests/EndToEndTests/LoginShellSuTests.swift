// LoginShellSuTests.swift — `gated-login-shell` installed by the steps in its header,
// for an account `kid`, and reached with su(1) by another unprivileged user (`nobody`)
// who knows kid's password, typed at su's prompt on a pseudo-terminal. `su kid`,
// `su -s /bin/bash kid`, `SHELL=/bin/bash su -m kid` and `PATH=/fake:$PATH su kid` must
// all meet the real gate, with kid's own HOME, none of the caller's XDG_* folders and
// never kid's own ~/.config/shapelygate/config nor the caller's SHAPELYGATE_BOARD;
// and, listed in /etc/shells against the header's advice, `su -s` gets around it.
//
// Each run is in a private mount namespace (`unshare -m`, so root only): a copy of /etc
// (where the account is added and usermod can replace /etc/passwd) and a folder standing
// for /usr/local/bin are mounted over the real ones, so nothing of the machine changes.
// The gate there is a script that records its environment and runs the built gate with
// a fixed deal.

import ShapelyGate
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Why the su tests cannot run here, or nil when they can.
let suUnavailable: String? = {
    guard runningAsRoot else { return "needs root, to make a mount namespace" }
    guard tools("unshare", "mount", "setpriv", "su", "chpasswd", "usermod", "getent", "bash") else {
        return "needs unshare, mount, setpriv, su, chpasswd, usermod, getent and bash"
    }
    guard getpwuid(LoginShellSuTests.kid) == nil, getpwnam("kid") == nil else {
        return "the account kid or uid \(LoginShellSuTests.kid) exists here"
    }
    return shell("unshare -m --propagation private true").status == 0 ? nil : "unshare -m is not permitted here"
}()

@Suite("Login shell under su", .serialized, .ownPolicy, .enabled(if: suUnavailable == nil, "\(suUnavailable ?? "")"))
struct LoginShellSuTests {
    static let script = packageRoot + "/Scripts/examples/gated-login-shell"
    static let marker = "KID-SHELL-STARTED"
    static let fakeMarker = "FAKE-GATE-RAN"
    static let password = "kid-password-7"
    static let kid: uid_t = 61_234
    static let seed: UInt64 = 42

    /// The indented command lines of the script's header: its install steps.
    static var installSteps: [String] {
        readText(script).split(separator: "\n").filter { $0.hasPrefix("#   ") }.map { String($0.dropFirst(4)) }
    }

    /// One su run by `nobody` in a namespace of its own where kid's shell was set by the
    /// header's steps, waiting on a pseudo-terminal; `listed` adds the shell to /etc/shells.
    final class Run {
        let scratch = Scratch()
        let home: String
        let su: GateProcess

        init(_ command: String, listed: Bool = false) {
            let root = scratch.path
            home = root + "/home"
            _ = shell("chmod 755 \(quoted(root))")
            let copy = shell("cp -a /etc \(quoted(root))/etc")
            #expect(copy.status == 0, "\(copy.output)")
            for name in ["bin", "home", "fake"] { scratch.folder(name) }
            // A copy of the built gate: the clone it was built in may be a folder that only
            // root can enter (/root, a mktemp -d), which kid could not run it from.
            let copied = shell("cp \(quoted(gateBinary)) \(quoted(root))/bin/shapelygate-built")
            #expect(copied.status == 0, "\(copied.output)")
            scratch.script("bin/shapelygate", """
                env >"$HOME/gate-environment"
                exec \(quoted(root))/bin/shapelygate-built --seed \(LoginShellSuTests.seed) --attempts 1 "$@"
                """)
            scratch.script("fake/shapelygate", "echo \(LoginShellSuTests.fakeMarker); exec /bin/sh")
            for name in [".profile", ".bashrc"] {
                writeFile(home + "/" + name, "echo \(LoginShellSuTests.marker)\nexit 0\n")
            }
            // kid's own defaults, which would turn the board into words: never read.
            mkdir(home + "/.config", 0o755)
            mkdir(home + "/.config/shapelygate", 0o755)
            writeFile(home + "/.config/shapelygate/config", "board = words\n")
            let kid = LoginShellSuTests.kid
            writeFile(root + "/run.sh", """
                set -e
                mount --bind \(quoted(root))/etc /etc
                mount --bind \(quoted(root))/bin /usr/local/bin
                if [ -e /usr/bin/shapelygate ]; then mount --bind \(quoted(root))/bin/shapelygate /usr/bin/shapelygate; fi
                echo 'kid:x:\(kid):\(kid):kid:\(home):/bin/sh' >>/etc/passwd
                echo 'kid:x:\(kid):' >>/etc/group
                echo 'kid:!:20000:0:99999:7:::' >>/etc/shadow
                echo 'kid:\(LoginShellSuTests.password)' | chpasswd
                chown -R \(kid):\(kid) \(quoted(home))
                cd \(quoted(packageRoot))/Scripts/examples
                \(LoginShellSuTests.installSteps.joined(separator: "\n"))
                \(listed ? "echo /usr/local/bin/gated-login-shell >>/etc/shells" : "")
                cd /
                export XDG_STATE_HOME=\(quoted(root))/elsewhere XDG_CONFIG_HOME=\(quoted(root))/elsewhere FAKE=\(quoted(root))/fake SHAPELYGATE_BOARD=words
                exec setpriv --reuid=65534 --regid=65534 --clear-groups /bin/sh -c \(quoted(command))
                """)
            su = GateProcess(["-c", "exec unshare -m --propagation private /bin/sh \(quoted(root))/run.sh"],
                             environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], stderrToTerminal: true,
                             executable: "/bin/sh")
        }

        /// Types kid's password at su's prompt; whether the prompt came.
        func logIn() -> Bool {
            guard su.waitFor("Password:", timeout: 20) else { return false }
            su.type(LoginShellSuTests.password + "\r")
            return true
        }

        /// What the gate found in its environment, one `NAME=value` a line.
        var gateEnvironment: [String] {
            readText(home + "/gate-environment").split(separator: "\n").map(String.init)
        }
    }

    /// What someone with kid's password tries, from their own account.
    static let bypasses = ["su -s /bin/bash kid", "SHELL=/bin/bash su -m kid", "PATH=\"$FAKE:$PATH\" su kid"]

    @Test(arguments: bypasses)
    func suMeetsTheRealGateAndEndsOnADenial(_ command: String) {
        let run = Run(command)
        #expect(run.logIn(), "no password prompt: \(run.su.screenText)")
        #expect(run.su.waitFor("choose 1-", timeout: 20), "\(command): no gate: \(run.su.screenText)")
        #expect(!run.su.screenText.contains(Self.fakeMarker), "\(command): the gate was looked up in PATH")
        run.su.type("\u{04}")
        let ended = run.su.finish(timeout: 15)
        #expect(ended != .stillRunning && ended != .exited(0), "\(command): \(ended)")
        #expect(!run.su.screenText.contains(Self.marker), "\(command) gave a shell without a pass")
        let environment = run.gateEnvironment
        #expect(environment.contains("HOME=\(run.home)"), "\(command): \(environment)")
        #expect(environment.contains("SWIFT_BACKTRACE=enable=no"), "\(command): \(environment)")
        #expect(!environment.contains { $0.hasPrefix("XDG_STATE_HOME=") }, "\(command): \(environment)")
        #expect(environment.contains("XDG_CONFIG_HOME=/etc/shapelygate-login-no-user-config"), "\(command): \(environment)")
        #expect(!environment.contains { $0.hasPrefix("SHAPELYGATE_BOARD=") }, "\(command): \(environment)")
        #expect(!run.su.screenText.contains("Tiles:"), "\(command): kid's own configuration or environment chose words")
    }

    @Test
    func aPassStartsKidsRealShell() {
        let oracle = BoardOracle(seed: Self.seed, GateConfiguration(maximumFailedAttempts: 1, maximumTimeAllowed: 20))
        let run = Run("su kid")
        #expect(run.logIn(), "no password prompt: \(run.su.screenText)")
        #expect(run.su.waitFor("choose 1-", timeout: 20), "no gate: \(run.su.screenText)")
        run.su.type("\(oracle.right)\r")
        #expect(run.su.waitFor(Self.marker, timeout: 20), "no shell after a pass: \(run.su.screenText)")
        #expect(run.su.finish(timeout: 15) == .exited(0))
    }

    /// Why the header says not to list the shell in /etc/shells.
    @Test
    func listedInEtcShellsSuDashSGoesAroundTheGate() {
        let run = Run("su -s /bin/bash kid", listed: true)
        #expect(run.logIn(), "no password prompt: \(run.su.screenText)")
        #expect(run.su.waitFor(Self.marker, timeout: 20), "\(run.su.screenText)")
        #expect(!run.su.screenText.contains("choose 1-"))
        #expect(run.su.finish(timeout: 15) == .exited(0))
    }
}
