// Verdict.swift — the gate's own word, for the program that started it (`--verdict-fd`):
// the sudo judge approves only when it reads exactly `Verdict.passed` from the pipe it
// handed over AND the gate exited 0, so another program that merely exits 0 approves
// nothing. A denial says why in one line (`Denial`), for the judge's audit record.
//
// A caller that hands over a verdict descriptor judges for itself: it keeps the lockout
// and writes the audit record, and the gate reads no file of its user's (GateRun).
//
// Contract:
// - `claim` runs before the session: the descriptor must be open, and is made
//   close-on-exec at once, so a command run on a pass never holds it.
// - `report` writes the token once, only on a pass, right before the gate exits 0 or
//   the command replaces it, and closes the descriptor; `reportDenial` writes the
//   denial line once instead. Nothing else is ever written.
// - The gate is not dumpable (Platform.refuseTracing), so no other process of the user
//   can reach the descriptor through /proc.

import ShapelyGatePolicy
import ShapelyGateSystem

package struct Verdict {
    /// What the sudo judge waits for (SudoGateRun.swift).
    package static let passed = "shapelygate: passed\n"

    package let descriptor: Int32?

    /// Takes the descriptor `--verdict-fd` named, or throws a usage error.
    package static func claim(_ descriptor: Int32?) throws(GateError) -> Verdict {
        guard let descriptor else { return Verdict(descriptor: nil) }
        guard Platform.markCloseOnExec(descriptor) else {
            throw .usage("invalid --verdict-fd '\(descriptor)': not an open descriptor")
        }
        return Verdict(descriptor: descriptor)
    }

    /// Says the gate was passed, once.
    package func report() {
        guard let descriptor else { return }
        Platform.writeAll(descriptor, Array(Verdict.passed.utf8))
        _ = Platform.closeDescriptor(descriptor)
    }

    /// Says why the gate denied, once.
    package func reportDenial(_ denial: Denial) {
        guard let descriptor else { return }
        Platform.writeAll(descriptor, Array(denial.line.utf8))
        _ = Platform.closeDescriptor(descriptor)
    }

    /// `shapelygate: denied reason=time-expired rounds=0 wrong=1`: the audit record's facts.
    package struct Denial: Equatable {
        package var outcome: GateOutcome
        package var progress: AuditProgress

        package init(outcome: GateOutcome, progress: AuditProgress) {
            self.outcome = outcome
            self.progress = progress
        }

        package var line: String {
            "shapelygate: denied reason=\(outcome.reason ?? "none") rounds=\(progress.rounds) wrong=\(progress.wrong)\n"
        }

        /// The line back, or nil for anything else: a reason of at most 40 letters, digits and
        /// dashes, counts of at most 4 digits.
        package init?(parsing bytes: [UInt8]) {
            guard let text = String(validating: bytes, as: UTF8.self), text.hasPrefix("shapelygate: denied "), text.hasSuffix("\n") else {
                return nil
            }
            let fields = text.dropFirst(20).dropLast().split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].hasPrefix("reason="), fields[1].hasPrefix("rounds="), fields[2].hasPrefix("wrong=") else {
                return nil
            }
            let reason = fields[0].dropFirst(7)
            guard (1...40).contains(reason.count), reason.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
                  let rounds = Self.count(fields[1].dropFirst(7)), let wrong = Self.count(fields[2].dropFirst(6)) else {
                return nil
            }
            outcome = GateOutcome(deniedFor: reason == "none" ? nil : String(reason))
            progress = AuditProgress(rounds: rounds, wrong: wrong)
        }

        private static func count(_ text: Substring) -> Int? {
            guard (1...4).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text)
        }
    }
}
