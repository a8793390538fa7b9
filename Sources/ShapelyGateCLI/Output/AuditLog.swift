// AuditLog.swift — one line per outcome (passed, denied with its reason, locked) with
// the user, the terminal and the wrapped command: to syslog (facility auth, as doas
// does) when the policy says `syslog = yes`, and appended to the policy's `log-file`.
// Logging never changes an outcome: every failure here is ignored.

import ShapelyGate
import ShapelyGateSystem

struct AuditLog {
    let policy: Policy
    let terminal: String
    let command: [String]

    /// The line's body, e.g. `user=ann tty=/dev/pts/1 outcome=denied reason=time-expired command="apt upgrade"`.
    func line(outcome: String, reason: String?) -> String {
        var text = "user=\(Self.userName()) tty=\(terminal) outcome=\(outcome)"
        if let reason { text += " reason=\(reason)" }
        if !command.isEmpty { text += " command=\"\(command.joined(separator: " ").filter { $0 != "\"" && $0 != "\n" })\"" }
        return text
    }

    func record(outcome: String, reason: String? = nil) {
        guard policy.syslog || policy.logFile != nil else { return }
        let body = line(outcome: outcome, reason: reason)
        if policy.syslog {
            let priority = outcome == "passed" ? LOG_INFO : LOG_NOTICE
            body.withCString { text in
                "shapelygate".withCString { ident in
                    openlog(ident, LOG_PID, LOG_AUTH)
                    withVaList([text]) { vsyslog(priority, "%s", $0) }
                    closelog()
                }
            }
        }
        if let path = policy.logFile {
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd >= 0 {
                Platform.writeAll(fd, Array("\(Self.timestamp()) shapelygate[\(getpid())]: \(body)\n".utf8))
                _ = Platform.closeDescriptor(fd)
            }
        }
    }

    /// The real user's name from /etc/passwd, else `uid<N>`. Read directly rather than
    /// with getpwuid, which a fully static binary cannot use; never from $USER, which the
    /// user sets.
    static func userName() -> String {
        let uid = String(getuid())
        let passwd = (try? Platform.readFile("/etc/passwd")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        for line in passwd.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 2, fields[2] == uid, !fields[0].isEmpty { return String(fields[0]) }
        }
        return "uid" + uid
    }

    /// UTC, ISO 8601, to the second.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func pad(_ value: Int32, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z"
    }
}
