// AuditLog.swift — one record per outcome (passed, denied with its reason, locked) with
// the user, the terminal and what the gate guarded. With `syslog = yes` in the policy it
// goes to the journal as a structured record (AuditJournal.swift) or, where there is no
// journal socket, as a syslog line (facility authpriv, as the journal record's); it is
// also appended to the policy's `log-file`. Its words come from the one GateOutcome.
//
// Contract:
// - Logging never changes or delays an outcome. A `log-file` that cannot be written
//   brings one warning line on stderr and nothing else.
// - Every field from outside is escaped by `Visible.log`. The command is quoted word by
//   word, then the whole command line once more as one shell word, and comes last: a
//   shell's word splitting gives `command=<the command line>` back as one word, so no
//   argument can forge a second line, another field or hide its boundaries.
// - The log file is opened append-only without following a symlink and without
//   blocking (a FIFO cannot hang the gate), and written only if it is a regular file.
// - Syslog is the audit trail for every user (the journal stamps each line with the
//   sender's uid); `log-file` suits one user, since a file others could write to is
//   one they could forge.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package struct AuditLog {
    package let policy: Policy
    package var terminal: String
    package let command: [String]
    /// The command's words as the kernel handed them over, invalid UTF-8 included.
    package var commandBytes: [[UInt8]]
    /// What a predicate gate guards (`--for`), when there is no command.
    package var purpose: String?
    /// How the gate was run: predicate, wrapper, login, sudo-plugin or pam.
    package var mode: String
    /// The person the record is about: the real user's name (`PasswordEntry.name`), or,
    /// for the sudo judge, running as root, the person it judges.
    package var user: String
    /// An approval request's id, and who answered it (the sudo judge's records).
    package var request: String?
    package var approver: String?
    /// The PAM service a PAM door's record is about (su, sshd, polkit-1).
    package var service: String?
    /// Variables sudo keeps by default, by name (the sudo judge's `(keeps …)`).
    package var keeps: [String] = []
    /// Recorded in the journal (or syslog) whatever the policy says: a denial the
    /// administrator must hear of (a PAM door that cannot tell who calls).
    package var forced = false
    /// journald's socket; only this library's callers (tests) name another.
    package var journalSocket = Platform.journalSocket
    /// The syslog socket; only this library's callers (tests) name another.
    package var syslogSocket = "/dev/log"

    package init(policy: Policy, user: String, terminal: String, command: [String], purpose: String? = nil, mode: String? = nil) {
        self.policy = policy
        self.user = user
        self.terminal = terminal
        self.command = command
        self.commandBytes = command.map { Array($0.utf8) }
        self.purpose = purpose
        self.mode = mode ?? (command.isEmpty ? "predicate" : "wrapper")
    }

    /// The line's body, e.g. `user=ann tty=/dev/pts/1 outcome=denied reason=time-expired command=apt upgrade`.
    package func line(_ outcome: GateOutcome) -> String {
        var text = "user=\(Visible.log(user)) tty=\(Visible.log(terminal)) outcome=\(outcome.auditOutcome)"
        if let reason = outcome.reason { text += " reason=\(reason)" }
        if let request { text += " request=\(Visible.log(request))" }
        if let approver { text += " approver=\(Visible.log(approver))" }
        if let service { text += " service=\(Visible.log(service))" }
        if let purpose { text += " for=\(Visible.shellWord(purpose))" }
        if !keeps.isEmpty { text += " keeps=\(Visible.shellWord(keeps.joined(separator: ",")))" }
        if !command.isEmpty { text += " command=\(Visible.shellWord(Visible.commandLine(command)))" }
        return text
    }

    /// - Parameters:
    ///   - progress: how far the person got, when a board was shown.
    ///   - warn: where the one warning about an unwritable `log-file` goes.
    package func record(_ outcome: GateOutcome, progress: AuditProgress = AuditProgress(), warn: (String) -> Void) {
        guard policy.syslog || forced || policy.logFile != nil else { return }
        let body = line(outcome)
        if policy.syslog || forced {
            // Never waits: signals are still blocked here, so a logger that stopped
            // reading must not be able to hold the gate.
            let fields = journalFields(outcome, line: body, progress: progress)
            if !Platform.sendToJournal(fields, socketPath: journalSocket) {
                Platform.sendToSystemLog(body, priority: outcome.priority, ident: "shapelygate", socketPath: syslogSocket)
            }
        }
        if let path = policy.logFile, let problem = append("\(Self.timestamp()) shapelygate[\(Platform.processID)]: \(body)\n", to: path) {
            warn("shapelygate: \(Visible.screen("cannot write log-file \(path): \(problem)"))\n")
        }
    }

    /// Appends `text` to the file at `path`; returns why it could not.
    private func append(_ text: String, to path: String) -> String? {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.openRegularFile(path, flags: [.writeOnly, .append, .create, .noFollow], mode: 0o600).0
        } catch {
            return error.code == SystemError.symbolicLinkLoop ? "it is a symbolic link" : error.reason
        }
        defer { fd.close() }
        return fd.writeOnce(Array(text.utf8)) ? nil : Platform.describe(errno: SystemError.last)
    }

    /// The real user's name from the password database, else `uid<N>`; never from
    /// $USER, which the user sets.
    package static func realUserName() -> String {
        let uid = Platform.realUser
        return PasswordEntry.lookUp(uid: uid).map(\.name).flatMap { $0.isEmpty ? nil : $0 } ?? "uid\(uid)"
    }

    /// UTC, ISO 8601, to the second.
    package static func timestamp() -> String {
        Platform.utcTime("%Y-%m-%dT%H:%M:%SZ")
    }
}
