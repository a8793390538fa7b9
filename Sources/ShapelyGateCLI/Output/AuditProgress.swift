// AuditProgress.swift — how far the person got on the boards, as the audit line and the
// journal record report it: rounds answered right, wrong answers given.

/// How far the person got on the boards: rounds answered right, wrong answers given.
struct AuditProgress: Equatable {
    var rounds = 0
    var wrong = 0
}
