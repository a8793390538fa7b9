// GuardScriptTests.swift — the apt guard sample in bash and zsh, and the molly-guard
// check, driven as their callers drive them: `sudo`, `apt`, `dpkg` and the gate itself
// replaced by stubs on PATH that record their arguments, then the real gate with no
// terminal to show that it denies.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Stubs for the apt guard: every call is one line in `calls` (the gate stub adds one when
/// SWIFT_BACKTRACE=enable=no is missing); the gate stub passes (and runs the command
/// after `--`, as the gate does) unless GATE_STUB=deny; the others only record.
func aptStubs(_ scratch: Scratch) -> String {
    let bin = scratch.folder("bin")
    let log = scratch.path + "/calls"
    for name in ["sudo", "apt", "apt-get", "aptitude", "dpkg"] {
        scratch.script("bin/" + name, "echo \"\(name)${*:+ $*}\" >>\(quoted(log))")
    }
    scratch.script("bin/shapelygate", """
        echo "gate $*" >>\(quoted(log))
        [ "$SWIFT_BACKTRACE" = enable=no ] || echo "gate without SWIFT_BACKTRACE=enable=no" >>\(quoted(log))
        [ "${GATE_STUB:-pass}" = pass ] || exit 1
        while [ "$1" != -- ]; do shift; done
        shift
        exec "$@"
        """)
    return bin
}

@Suite("Guard scripts", .serialized, .ownPolicy)
struct GuardScriptTests {
    static let shells = ["bash", "zsh"].filter { tool($0) != nil }

    /// Command lines and whether the guard must ask the gate first.
    static let aptCases: [(line: String, guarded: Bool)] = [
        ("sudo apt install cowsay", true), ("sudo apt-get -y upgrade", true), ("sudo -u root apt remove x", true),
        ("sudo -E DEBIAN_FRONTEND=noninteractive apt-get purge x", true), ("sudo -- dpkg -i x.deb", true),
        ("sudo aptitude safe-upgrade", true), ("apt full-upgrade", true), ("apt-get dist-upgrade", true),
        ("apt-get dselect-upgrade", true), ("apt-get build-dep x", true), ("apt satisfy 'x (>= 1)'", true),
        ("apt autoremove", true), ("apt reinstall x", true), ("apt-get -o Debug::x=1 install x", true),
        ("dpkg -r x", true), ("dpkg -P x", true), ("dpkg --install x.deb", true), ("dpkg --purge x", true),
        ("sudo apt search upgrade", false), ("apt show install", false), ("apt list --upgradable", false),
        ("sudo apt-get update", false), ("apt-get -o Dir=install source x", false), ("apt policy", false),
        ("dpkg -l", false), ("dpkg -L x", false), ("sudo dpkg --status x", false), ("sudo ls install", false),
        ("sudo -u root true", false),
    ]

    /// sudo's options bundled or abbreviated as sudo reads them, and the tools' less
    /// common ways to change the system.
    static let harderAptCases: [(line: String, guarded: Bool)] = [
        ("sudo -Hu root apt install x", true), ("sudo -iu root apt install x", true), ("sudo -Eu root apt-get install x", true),
        ("sudo -nu root dpkg -i x.deb", true), ("sudo -h host apt install x", true), ("sudo -uroot apt install x", true),
        ("sudo --user root apt install x", true), ("sudo --us root apt install x", true), ("sudo --user=root apt install x", true),
        ("sudo -g adm -Hu root -- apt install x", true), ("sudo -EHh host apt install x", true), ("sudo --login apt install x", true),
        ("aptitude", true), ("sudo aptitude", true), ("aptitude -u", true), ("aptitude hold x", true),
        ("aptitude --log-file search install x", true), ("aptitude -F %p install x", true),
        ("apt-get -yo Dir=x install x", true), ("apt edit-sources", true),
        ("dpkg -x x.deb /", true), ("dpkg -X x.deb /", true), ("dpkg --extract x.deb /", true), ("dpkg --configure -a", true),
        ("sudo dpkg --set-selections", true), ("dpkg --add-architecture i386", true), ("dpkg -Ri folder", true),
        ("sudo -h", false), ("sudo -h host ls", false), ("sudo -u root -- true", false), ("apt-get -t stable source x", false),
        ("aptitude search x", false), ("aptitude -F %p search x", false), ("apt", false), ("apt-get --help", false),
        ("dpkg --print-architecture", false), ("dpkg -c x.deb", false), ("dpkg -I x.deb", false),
    ]

    /// Options whose value is the next word, read as apt-get(8) and dpkg(1) read them:
    /// the value is never the subcommand, an action or the `--` that ends the options;
    /// apt names long options whole in any case, and its -a and -s take a value for some
    /// subcommands only (`apt -s policy install x` installs).
    static let valueCases: [(line: String, guarded: Bool)] = [
        ("sudo dpkg --log -- -i x.deb", true), ("sudo dpkg --root -- -i x.deb", true), ("dpkg --admindir -- --install x.deb", true),
        ("dpkg --instdir -- -i x.deb", true), ("dpkg -D -- -i x.deb", true), ("dpkg -RD -- -i x.deb", true),
        ("dpkg --force -- -i x.deb", true), ("dpkg --status-fd -- -P x", true), ("dpkg --path-exclude -- -r x", true),
        ("apt-get --with-source show install cowsay", true), ("sudo apt-get --with-source show install cowsay", true),
        ("apt -s policy install x", true), ("apt-get --Target-Release show install x", true), ("apt-get -a show install x", true),
        ("dpkg --log x.log -l", false), ("sudo dpkg --admindir /var/lib/dpkg -s x", false), ("dpkg --root -- -- -i x.deb", false),
        ("apt-get --with-source x.dsc source x", false), ("apt-get --Target-Release stable source x", false),
        ("apt policy -s cache.bin x", false), ("apt show -a x", false),
    ]

    func runGuard(_ shellName: String, _ line: String, gate: String, bin: String) -> (status: Int32, output: String) {
        let script = ". \(quoted(packageRoot))/Scripts/examples/apt-guard.sh; \(line)"
        let start = shellName == "zsh" ? "zsh -f -c" : "bash --norc --noprofile -c"
        return shell("GATE_STUB=\(gate) PATH=\(quoted(bin)):/usr/bin:/bin \(start) \(quoted(script))")
    }

    @Test(.enabled(if: !shells.isEmpty, "needs bash or zsh"), arguments: shells)
    func theAptGuardAsksOnlyBeforeChanges(shell name: String) {
        check(name, Self.aptCases)
    }

    @Test(.enabled(if: !shells.isEmpty, "needs bash or zsh"), arguments: shells)
    func bundledSudoOptionsAptitudesScreenAndDpkgsOtherActionsAsk(shell name: String) {
        check(name, Self.harderAptCases)
    }

    @Test(.enabled(if: !shells.isEmpty, "needs bash or zsh"), arguments: shells)
    func anOptionsValueIsNeverTheSubcommandNorTheEndOfOptions(shell name: String) {
        check(name, Self.valueCases)
    }

    func check(_ name: String, _ cases: [(line: String, guarded: Bool)]) {
        for (line, guarded) in cases {
            for gate in ["pass", "deny"] {
                let scratch = Scratch()
                let bin = aptStubs(scratch)
                let run = runGuard(name, line, gate: gate, bin: bin)
                let calls = scratch.lines("calls")
                let command = line.replacing("'", with: "")
                if !guarded {
                    #expect(run.status == 0, "\(name): \(line): \(run.output)")
                    #expect(!calls.contains { $0.hasPrefix("gate ") }, "\(name): \(line) asked the gate")
                    #expect(calls.first == command, "\(name): \(line): \(calls)")
                } else if gate == "pass" {
                    #expect(run.status == 0, "\(name): \(line): \(run.output)")
                    #expect(calls.first == "gate --timeout 20 -- " + command, "\(name): \(line): \(calls)")
                    #expect(calls.dropFirst().first == command, "\(name): \(line): \(calls)")
                } else {
                    #expect(run.status == 1, "\(name): \(line)")
                    #expect(calls == ["gate --timeout 20 -- " + command], "\(name): \(line): \(calls)")
                }
            }
        }
    }

    @Test(.enabled(if: !shells.isEmpty, "needs bash or zsh"), arguments: shells)
    func theRealGateWithNoTerminalStopsSudoApt(shell name: String) {
        let scratch = Scratch()
        let bin = aptStubs(scratch)
        _ = shell("rm \(quoted(bin))/shapelygate && ln -s \(quoted(gateBinary)) \(quoted(bin))/shapelygate")
        let run = runGuard(name, "sudo apt install cowsay", gate: "pass", bin: bin)
        #expect(run.status == 1)
        #expect(run.output.contains("no terminal"), "\(run.output)")
        #expect(scratch.lines("calls").isEmpty)
    }
}
