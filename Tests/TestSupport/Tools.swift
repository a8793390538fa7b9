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
