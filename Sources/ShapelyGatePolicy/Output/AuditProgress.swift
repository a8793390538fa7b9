// AuditProgress.swift — how far the person got on the boards, as the audit line and the
// journal record report it: rounds answered right, wrong answers given.

/// How far the person got on the boards: rounds answered right, wrong answers given.
package struct AuditProgress: Equatable {
    package var rounds = 0
    package var wrong = 0
    package init(rounds: Int = 0, wrong: Int = 0) {
        self.rounds = rounds
        self.wrong = wrong
    }
}
