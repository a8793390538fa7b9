// GateOutcomeTests.swift — every way a run can end maps to a documented exit status, an
// audit outcome and MESSAGE_ID as the man page lists them, and a reason the man page
// lists; the words read back (the sudo judge reading the gate's verdict line) are the
// same denial, and never a pass.

import Foundation
import ShapelyGate
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession
@testable import ShapelyGateScreen

@Suite struct GateOutcomeTests {
    static let every: [GateOutcome] =
        GateOutcome.Denial.all.map { .denied($0) }
        + [.passed(.board), .passed(.grace), .passed(.approved), .locked(untrustedRecord: false),
           .locked(untrustedRecord: true), .interrupted(Interruption(SIGINT)), .interrupted(Interruption(SIGPWR)),
           .requested]
        + GateOutcome.Failure.allCases.map { .failed($0) }

    static let manPage = (try? String(contentsOfFile: packageRoot + "/man/shapelygate.1", encoding: .utf8)) ?? ""

    /// `.It Cm a , b , c` lines of the man page's list of reasons.
    static var documentedReasons: Set<String> {
        let start = manPage.range(of: "is one of these:")?.upperBound ?? manPage.endIndex
        let list = manPage[start...].prefix { _ in true }.split(separator: "\n").prefix { $0 != ".El" }
        return Set(list.filter { $0.hasPrefix(".It Cm ") }.flatMap { line in
            line.dropFirst(7).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        })
    }

    /// The MESSAGE_ID lines of the man page: id and outcome.
    static var documentedMessageIDs: [String: String] {
        var ids: [String: String] = [:]
        for line in manPage.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, words[0].count == 32, words[0].allSatisfy(\.isHexDigit) {
                ids[String(words[1].trimmingCharacters(in: .punctuationCharacters))] = String(words[0])
            }
        }
        return ids
    }

    @Test func everyOutcomeHasADocumentedStatusReasonAndMessageID() {
        let statuses = Set(ExitStatus.documented.map(\.status))
        let reasons = Self.documentedReasons
        let ids = Self.documentedMessageIDs
        #expect(ids.count == 5, "\(ids)")
        for outcome in Self.every {
            for login in [false, true] {
                let status = outcome.status(loginMode: login)
                let documented = status.code >= 128 ? "128+N" : String(status.code)
                #expect(statuses.contains(documented), "\(outcome): status \(status.code)")
            }
            if let reason = outcome.reason {
                let signal = reason.hasPrefix("SIG")
                #expect(signal || reasons.contains(reason), "\(outcome): reason \(reason) is not in the man page")
            }
            #expect(ids[outcome.auditOutcome] == outcome.messageID, "\(outcome)")
        }
    }

    @Test func theFamiliarOnesAsTheREADMESaysThem() {
        #expect(GateOutcome.denied(.timeExpired).status(loginMode: false) == .denied)
        #expect(GateOutcome.denied(.timeExpired).reason == "time-expired")
        #expect(GateOutcome.interrupted(Interruption(SIGINT)).status(loginMode: false) == .killedBy(signal: SIGINT))
        #expect(GateOutcome.interrupted(Interruption(SIGINT)).status(loginMode: true) == .denied)
        #expect(GateOutcome.interrupted(Interruption(SIGINT)).auditOutcome == "denied")
        #expect(GateOutcome.locked(untrustedRecord: false).auditOutcome == "locked")
        #expect(GateOutcome.locked(untrustedRecord: false).reason == nil)
        #expect(GateOutcome.passed(.grace).reason == "grace")
        #expect(GateOutcome.denied(.tooSmall(TerminalSize(columns: 40, rows: 20))).isAnswer == false)
        #expect(GateOutcome.denied(.tooLong).isAnswer)
    }

    @Test func aReasonReadBackIsTheSameDenialAndNeverAPass() {
        for outcome in Self.every {
            let back = GateOutcome(deniedFor: outcome.reason)
            #expect(!back.isPass)
            switch outcome {
            case .denied(.tooSmall): #expect(back == .denied(.tooSmall(TerminalSize(columns: 0, rows: 0))))
            case .denied, .interrupted: #expect(back == outcome)
            default: break
            }
        }
        #expect(GateOutcome(deniedFor: "passed") == .denied(.unexplained))
        #expect(GateOutcome(deniedFor: nil) == .denied(.unexplained))
    }
}
