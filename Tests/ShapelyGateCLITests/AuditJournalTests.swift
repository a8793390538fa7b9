// AuditJournalTests.swift — the audit record in journald's native protocol, sent to a
// socket of the test's own: every field, values that need the binary form, a record too
// large for one datagram, and the syslog line when there is no journal.

import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
@testable import ShapelyGateScreen
import ShapelyGateSystem

#if canImport(Glibc)
import Glibc
#endif

@Suite struct AuditJournalTests {
    let folder = temporaryFolder()

    func log(_ command: [[UInt8]], purpose: String? = nil, journal: JournalListener) -> AuditLog {
        var policy = Policy()
        policy.syslog = true
        var log = AuditLog(policy: policy, user: "ann", terminal: "/dev/pts/3", command: command.map { String(decoding: $0, as: UTF8.self) },
                           purpose: purpose)
        log.commandBytes = command
        log.journalSocket = journal.path
        log.syslogSocket = folder + "/no-syslog"
        return log
    }

    @Test func everyFieldOfADenial() throws {
        let journal = try #require(JournalListener(path: folder + "/journal"))
        log([Array("apt".utf8), Array("install".utf8), Array("x".utf8)], journal: journal)
            .record(.denied(.tooManyAttempts), progress: AuditProgress(rounds: 1, wrong: 3), warn: { _ in })
        let fields = try #require(journal.receive())
        #expect(fields.map(\.name) == ["MESSAGE", "PRIORITY", "SYSLOG_IDENTIFIER", "SYSLOG_FACILITY", "MESSAGE_ID",
                                       "SHAPELYGATE_OUTCOME", "SHAPELYGATE_REASON", "SHAPELYGATE_USER", "SHAPELYGATE_TTY",
                                       "SHAPELYGATE_COMMAND", "SHAPELYGATE_ARGC", "SHAPELYGATE_ROUNDS", "SHAPELYGATE_WRONG",
                                       "SHAPELYGATE_MODE"])
        let user = "ann"
        #expect(fields[field: "MESSAGE"] == "user=\(user) tty=/dev/pts/3 outcome=denied reason=too-many-attempts command='apt install x'")
        #expect(fields[field: "PRIORITY"] == "5")
        #expect(fields[field: "SYSLOG_IDENTIFIER"] == "shapelygate")
        #expect(fields[field: "SYSLOG_FACILITY"] == "10")
        #expect(fields[field: "MESSAGE_ID"] == "c8d6c610eef142a18e45a31f1f2e75b6")
        #expect(fields[field: "SHAPELYGATE_OUTCOME"] == "denied")
        #expect(fields[field: "SHAPELYGATE_REASON"] == "too-many-attempts")
        #expect(fields[field: "SHAPELYGATE_USER"] == user)
        #expect(fields[field: "SHAPELYGATE_TTY"] == "/dev/pts/3")
        #expect(fields[field: "SHAPELYGATE_COMMAND"] == "apt install x")
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "3")
        #expect(fields[field: "SHAPELYGATE_ROUNDS"] == "1")
        #expect(fields[field: "SHAPELYGATE_WRONG"] == "3")
        #expect(fields[field: "SHAPELYGATE_MODE"] == "wrapper")
    }

    @Test func aPassOfAPredicateGate() throws {
        let journal = try #require(JournalListener(path: folder + "/journal"))
        log([], purpose: "reboot", journal: journal).record(.passed(.board), progress: AuditProgress(rounds: 3, wrong: 0), warn: { _ in })
        let fields = try #require(journal.receive())
        #expect(fields[field: "MESSAGE_ID"] == "f566834617fd4f15836934871b86e5a1")
        #expect(fields[field: "PRIORITY"] == "6")
        #expect(fields[field: "SHAPELYGATE_FOR"] == "reboot")
        #expect(fields[field: "SHAPELYGATE_REASON"] == nil && fields[field: "SHAPELYGATE_COMMAND"] == nil)
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "0")
        #expect(fields[field: "SHAPELYGATE_MODE"] == "predicate")
    }

    @Test func hostileBytesArriveExactly() throws {
        let journal = try #require(JournalListener(path: folder + "/journal"))
        let words: [[UInt8]] = [Array("echo".utf8), Array("a\nSHAPELYGATE_OUTCOME=passed".utf8), Array("k=v".utf8), [0xFF, 0xC3, 0x28]]
        log(words, journal: journal).record(.denied(.timeExpired), warn: { _ in })
        let fields = try #require(journal.receive())
        #expect(fields[bytes: "SHAPELYGATE_COMMAND"] == Array(words.joined(separator: [0x20])))
        #expect(fields.filter { $0.name == "SHAPELYGATE_OUTCOME" }.map(\.value) == [Array("denied".utf8)])
        #expect(fields[field: "SHAPELYGATE_ARGC"] == "4")
        // The readable line keeps its escapes: one line, no raw control byte.
        let message = try #require(fields[field: "MESSAGE"])
        #expect(!message.unicodeScalars.contains { Visible.isDangerous($0) })
    }

    @Test func hundredsOfKilobytesGoInAMemoryFile() throws {
        let journal = try #require(JournalListener(path: folder + "/journal"))
        for size in [100_000, 1_000_000] {
            let words = (0..<4).map { _ in [UInt8](repeating: UInt8(ascii: "a"), count: size / 4) }
            log(words, journal: journal).record(.passed(.board), warn: { _ in })
            let fields = try #require(journal.receive())
            #expect(fields[bytes: "SHAPELYGATE_COMMAND"]?.count == size + 3)
            #expect(fields[field: "SHAPELYGATE_MODE"] == "wrapper")
        }
    }

    @Test func withoutAJournalTheSyslogLineGoesOut() throws {
        let syslog = try #require(JournalListener(path: folder + "/log"))
        var policy = Policy()
        policy.syslog = true
        var log = AuditLog(policy: policy, user: "ann", terminal: "/dev/pts/3", command: ["ls"])
        log.journalSocket = folder + "/missing"
        log.syslogSocket = syslog.path
        log.record(.locked(untrustedRecord: false), warn: { _ in })
        let datagram = syslog.receiveBytes().map { String(decoding: $0, as: UTF8.self) }
        #expect(datagram?.hasPrefix("<\(LOG_AUTHPRIV | LOG_NOTICE)>") == true)
        #expect(datagram?.hasSuffix("outcome=locked command=ls") == true)
    }

    @Test func aFullJournalNeverHoldsTheGate() throws {
        let journal = try #require(JournalListener(path: folder + "/journal"))
        let log = log([Array(String(repeating: "x", count: 1000).utf8)], journal: journal)
        let fields = log.journalFields(.passed(.board), line: "x", progress: AuditProgress())
        var sent = 0
        while Platform.sendToJournal(fields, socketPath: journal.path), sent < 100_000 { sent += 1 }
        let start = Platform.monotonicSeconds()
        log.record(.denied(.hangup), warn: { _ in })
        #expect(Platform.monotonicSeconds() - start < 1)
    }

    @Test func theTerminalIsNamedByItsDevice() {
        let (master, name) = openPseudoTerminal()
        defer { close(master) }
        let slave = open(name, O_RDWR | O_NOCTTY)
        defer { close(slave) }
        #expect(Platform.terminalName(slave) == name)
    }
}
