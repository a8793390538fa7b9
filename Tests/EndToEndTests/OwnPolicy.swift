// OwnPolicy.swift — every program the end-to-end tests start runs in a private mount
// namespace where the machine's policy and root's home are the test's own, so a
// machine whose /etc/shapelygate.conf sets floors, or is broken, changes no result,
// and no run touches the real root's home.
//
// Contract:
// - /etc is overlaid (read-only) with a folder holding the test's shapelygate.conf
//   (empty unless the test gives one); root's home from the password database is a
//   folder of the test's (fresh and empty unless the test gives one). Nothing else of
//   the machine changes, and nothing of it is written.
// - As root the namespace is made directly; as another user, inside a user namespace
//   where that user is root (`unshare -r`). Where neither is allowed every end-to-end
//   suite is skipped with the reason (`.ownPolicy`): a result that depends on the
//   machine is worse than none.
// - The installed program has no way to move or skip its policy: the tests change
//   what the path shows, never the path.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Root's home in the password database, the folder each run's home is mounted over.
let rootHome: String? = {
    guard let entry = getpwuid(0), let directory = entry.pointee.pw_dir else { return nil }
    let home = String(cString: directory)
    var info = stat()
    guard home.hasPrefix("/"), home.contains(where: { $0 != "/" }), stat(home, &info) == 0,
          (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
    return home
}()

/// The command line that runs `argv` in a namespace whose /etc is overlaid with
/// `etcLayer` and whose root's home is `home`.
func ownPolicyCommand(etcLayer: String, home: String, argv: [String]) -> [String] {
    // bash, not sh: dash clears the signal mask once it has waited for a child, and
    // the mask the test gives must reach the program.
    let script = "\"$1\" -t overlay overlay -o lowerdir=\"$2\":/etc /etc && \"$1\" --bind \"$3\" \"$4\" && shift 4 && exec \"$@\""
    return [tool("unshare") ?? "/usr/bin/unshare", "-m", "--propagation", "private"] + (runningAsRoot ? [] : ["-r"])
        + [tool("bash") ?? "/bin/bash", "-c", script, "own-policy", tool("mount") ?? "/bin/mount", etcLayer, home, rootHome ?? "/root"]
        + argv
}

/// A folder holding `shapelygate.conf` with `policy`, for the overlay over /etc. The
/// overlay's top folder takes this folder's mode, so it gets /etc's (every user reads
/// /etc; mkdtemp's 0700 would shut out all but root).
func etcLayer(policy: String) -> String {
    let folder = temporaryFolder()
    writeFile(folder + "/shapelygate.conf", policy)
    var etc = stat()
    chmod(folder, stat("/etc", &etc) == 0 ? etc.st_mode & 0o7777 : 0o755)
    return folder
}

/// Why the end-to-end tests cannot have a policy of their own here, or nil.
let ownPolicyUnavailable: String? = {
    guard tools("unshare", "mount", "bash") else { return "needs unshare, mount and bash, to give the gate a policy of its own" }
    guard rootHome != nil else { return "root's home in the password database is not a folder to mount over" }
    let home = temporaryFolder()
    let argv = ownPolicyCommand(etcLayer: etcLayer(policy: "# the tests' own\n"), home: home,
                                argv: ["/bin/sh", "-c", "grep -q \"the tests' own\" /etc/shapelygate.conf && touch ~root/probe"])
    var child: pid_t = 0
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    guard posix_spawn(&child, argv[0], nil, nil, cArguments, environ) == 0 else { return "cannot start unshare" }
    var status: Int32 = 0
    waitpid(child, &status, 0)
    guard status == 0, access(home + "/probe", F_OK) == 0 else {
        return runningAsRoot ? "unshare -m with an overlay over /etc is not permitted here"
            : "needs root, or user namespaces (unshare -rm) with overlayfs, to give the gate a policy of its own"
    }
    return nil
}()

extension Trait where Self == ConditionTrait {
    /// Enables a suite only where its programs can run with a policy of their own.
    static var ownPolicy: Self {
        .enabled(if: ownPolicyUnavailable == nil, Comment(rawValue: ownPolicyUnavailable ?? ""))
    }
}

/// The lockout state folder inside a run's `home`, as the gate (root there) uses it.
func stateFolder(in home: String) -> String { home + "/.local/state/shapelygate" }

/// A new home for root whose lockout lock this process holds until the returned
/// descriptor is closed, as another gate would hold it.
func homeWithLockHeld() -> (home: String, holder: Int32) {
    let home = temporaryFolder()
    for folder in [home + "/.local", home + "/.local/state", stateFolder(in: home)] { mkdir(folder, 0o700) }
    let holder = open(stateFolder(in: home) + "/lockout.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    precondition(holder >= 0 && flock(holder, LOCK_EX) == 0, "cannot hold the lock")
    return (home, holder)
}
