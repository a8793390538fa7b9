// AuditJournal.swift — an outcome as a journal record: the readable line as MESSAGE,
// and every part of it as a field of its own, exact bytes, for `journalctl FIELD=value`.
//
// Contract:
// - Fields: MESSAGE, PRIORITY, SYSLOG_IDENTIFIER=shapelygate, SYSLOG_FACILITY=10
//   (authpriv), MESSAGE_ID (one fixed id per outcome kind, GateOutcome.messageID), SHAPELYGATE_OUTCOME,
//   SHAPELYGATE_REASON (when there is one), SHAPELYGATE_USER, SHAPELYGATE_TTY,
//   SHAPELYGATE_FOR (when given), SHAPELYGATE_KEEPS (the sudo judge: variables sudo
//   keeps by default, by name), SHAPELYGATE_COMMAND (when there is one: the words
//   joined by single spaces, each exactly as the kernel passed it), SHAPELYGATE_ARGC,
//   SHAPELYGATE_ROUNDS, SHAPELYGATE_WRONG, SHAPELYGATE_MODE, and for the sudo judge's
//   approval requests SHAPELYGATE_REQUEST and SHAPELYGATE_APPROVER, and for a PAM
//   door SHAPELYGATE_SERVICE. man/shapelygate.1
//   lists them.
// - Values are not escaped or cut: the native protocol carries any bytes, and a record
//   too large for a datagram goes in a memory file (Journal.swift).

import ShapelyGateSystem

extension AuditLog {
    package func journalFields(_ outcome: GateOutcome, line: String, progress: AuditProgress) -> [JournalField] {
        var fields = [
            JournalField("MESSAGE", line),
            JournalField("PRIORITY", String(outcome.priority)),
            JournalField("SYSLOG_IDENTIFIER", "shapelygate"),
            JournalField("SYSLOG_FACILITY", String(Platform.auditFacility >> 3)),
            JournalField("MESSAGE_ID", outcome.messageID),
            JournalField("SHAPELYGATE_OUTCOME", outcome.auditOutcome),
        ]
        if let reason = outcome.reason { fields.append(JournalField("SHAPELYGATE_REASON", reason)) }
        if let request { fields.append(JournalField("SHAPELYGATE_REQUEST", request)) }
        if let approver { fields.append(JournalField("SHAPELYGATE_APPROVER", approver)) }
        if let service { fields.append(JournalField("SHAPELYGATE_SERVICE", service)) }
        fields.append(JournalField("SHAPELYGATE_USER", user))
        fields.append(JournalField("SHAPELYGATE_TTY", terminal))
        if let purpose { fields.append(JournalField("SHAPELYGATE_FOR", purpose)) }
        if !keeps.isEmpty { fields.append(JournalField("SHAPELYGATE_KEEPS", keeps.joined(separator: " "))) }
        if !commandBytes.isEmpty {
            fields.append(JournalField("SHAPELYGATE_COMMAND", Array(commandBytes.joined(separator: [0x20]))))
        }
        fields += [
            JournalField("SHAPELYGATE_ARGC", String(commandBytes.count)),
            JournalField("SHAPELYGATE_ROUNDS", String(progress.rounds)),
            JournalField("SHAPELYGATE_WRONG", String(progress.wrong)),
            JournalField("SHAPELYGATE_MODE", mode),
        ]
        return fields
    }

    /// The exact bytes of `command`, the last words of this process's arguments, when
    /// they are those words (an invalid UTF-8 byte was repaired in the String); else
    /// the words' UTF-8.
    package static func exactBytes(of command: [String]) -> [[UInt8]] {
        let count = Int(CommandLine.argc)
        guard command.count <= count else { return command.map { Array($0.utf8) } }
        var raw: [[UInt8]] = []
        for index in (count - command.count)..<count {
            guard let pointer = CommandLine.unsafeArgv[index] else { return command.map { Array($0.utf8) } }
            raw.append(Array(UnsafeBufferPointer(start: pointer, count: Platform.length(of: pointer))).map { UInt8(bitPattern: $0) })
        }
        let same = zip(raw, command).allSatisfy { String(decoding: $0, as: UTF8.self) == $1 }
        return same ? raw : command.map { Array($0.utf8) }
    }
}
