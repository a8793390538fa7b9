// Tools.swift — finding the outside programs some tests need (mandoc, shellcheck,
// dpkg-deb, lintian, sudo, a shell). A test that needs one is enabled only when it is
// found, with the reason in its trait, so a machine with only the Swift toolchain
// shows the test as skipped, never as failed:
//
//     @Test(.enabled(if: tool("mandoc") != nil, "needs mandoc"))
//
// `.ci/run` installs every tool and fails the run if any test was skipped.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The full path of `name` in PATH or the usual system folders, or nil.
public func tool(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? ""
    let folders = path.split(separator: ":").map(String.init)
        + ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"]
    for folder in folders where folder.hasPrefix("/") {
        let candidate = folder + "/" + name
        var info = stat()
        if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
            return candidate
        }
    }
    return nil
}

/// Whether every one of `names` is found.
public func tools(_ names: String...) -> Bool {
    names.allSatisfy { tool($0) != nil }
}

/// Whether the tests run as root (some need to, e.g. to make mount namespaces).
public var runningAsRoot: Bool { geteuid() == 0 }

/// posix_spawn attributes for a child that leads a session of its own (so the first
/// terminal it opens becomes its controlling terminal), with every signal at its
/// default and only `blocked` in its mask.
public final class SessionSpawnAttributes {
    public var value = posix_spawnattr_t()

    public init(blocked: [Int32] = []) {
        posix_spawnattr_init(&value)
        var defaults = sigset_t()
        sigfillset(&defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in blocked { sigaddset(&mask, number) }
        posix_spawnattr_setsigdefault(&value, &defaults)
        posix_spawnattr_setsigmask(&value, &mask)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26 and later)
        posix_spawnattr_setflags(&value, Int16(setsid | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    }

    deinit { posix_spawnattr_destroy(&value) }
}

/// A new pseudo-terminal of `rows` × `columns`: the master side, and the path of the
/// slave side for a child to open. Linux's multiplexer, unlocked and named with ioctls
/// (the C library's posix_openpt, unlockpt and ptsname are not visible to Swift).
public func openPseudoTerminal(rows: UInt16 = 24, columns: UInt16 = 80) -> (master: Int32, slavePath: String) {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    precondition(master >= 0, "cannot open /dev/ptmx")
    var unlock: Int32 = 0
    _ = ioctl(master, UInt(0x4004_5431) /* TIOCSPTLCK */, &unlock)
    var number: UInt32 = 0
    _ = ioctl(master, UInt(0x8004_5430) /* TIOCGPTN */, &number)
    let slavePath = "/dev/pts/\(number)"
    var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    return (master, slavePath)
}
