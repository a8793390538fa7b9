// ProcessInspection.swift — what the sudo tests read about the processes of a run from
// /proc: which process has a name in a session, its credentials and state, and the
// accounts they run as. Read only; nothing here changes a process.

#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// The process named `name` in session `session`, or nil when there is none. Under sudo
/// two processes are named shapelygate: the judge (root, `--sudo-judge`) and the gate it
/// starts as the person; the gate is the one meant.
func processID(of name: String, inSession session: pid_t) -> pid_t? {
    guard let folder = opendir("/proc") else { return nil }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
        let text = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        guard let pid = Int32(text) else { continue }
        let stat = readText("/proc/\(pid)/stat")
        // pid (comm) state ppid pgrp session ...
        guard let close = stat.lastIndex(of: ")"), stat.contains("(\(name))") else { continue }
        if readText("/proc/\(pid)/cmdline").contains("--sudo-judge") { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 3, Int32(fields[3]) == session { return pid }
    }
    return nil
}

/// The `Uid:` and `Gid:` lines (real, effective, saved and file-system IDs) of the
/// status of the process named `name` in session `session`, or nil when there is none.
func credentials(of name: String, inSession session: pid_t) -> [String]? {
    guard let pid = processID(of: name, inSession: session) else { return nil }
    return readText("/proc/\(pid)/status").split(separator: "\n")
        .filter { $0.hasPrefix("Uid:") || $0.hasPrefix("Gid:") }.map(String.init)
}

/// The one-letter state of process `pid` (R, S, T...), from /proc.
func processState(_ pid: pid_t) -> Character? {
    let stat = readText("/proc/\(pid)/stat")
    guard let close = stat.lastIndex(of: ")") else { return nil }
    return stat[stat.index(after: close)...].dropFirst().first
}

/// Polls `condition` for up to ten seconds.
func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = monotonicNow() + 10
    while monotonicNow() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// The user and group IDs of account `name`, read with getpwnam_r: the plugin tests in
/// this process call getpwnam at the same time, and its static buffer is shared.
func account(_ name: String) -> (uid: uid_t, gid: gid_t)? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 16384)
    guard getpwnam_r(name, &entry, &buffer, buffer.count, &found) == 0, found != nil else { return nil }
    return (entry.pw_uid, entry.pw_gid)
}
