// AuditFacilityTests.swift — the syslog line and the journal record name one facility,
// authpriv (10): the bytes a logger on /dev/log receives, and the journal's
// SYSLOG_FACILITY field. Uses a socket in a temporary folder only.

import ShapelyGateSystem
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

#if canImport(Glibc)
import Glibc
#endif

@Suite struct AuditFacilityTests {
    let folder = temporaryFolder()

    /// PRI is facility × 8 + severity: authpriv (10) and info (6) make 86, notice (5) 85.
    @Test(arguments: [(LOG_INFO, "<86>"), (LOG_NOTICE, "<85>"), (LOG_ERR, "<83>")])
    func theSyslogLineSaysAuthpriv(_ priority: Int32, _ prefix: String) throws {
        let logger = try #require(JournalListener(path: folder + "/log"))
        #expect(Platform.sendToSystemLog("outcome=passed", priority: priority, ident: "shapelygate", socketPath: logger.path))
        let line = logger.receiveBytes().map { String(decoding: $0, as: UTF8.self) }
        #expect(line?.hasPrefix(prefix) == true, "\(line ?? "nothing arrived")")
    }

    @Test func theJournalRecordSaysTheSameFacility() {
        let log = AuditLog(policy: Policy(), user: "ann", terminal: "/dev/pts/1", command: [])
        let fields = log.journalFields(.passed(.board), line: "x", progress: AuditProgress())
        #expect(fields.filter { $0.name == "SYSLOG_FACILITY" }.map { String(decoding: $0.value, as: UTF8.self) } == ["10"])
    }
}
