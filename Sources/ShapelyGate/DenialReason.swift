// DenialReason.swift — why a challenge was denied: too many wrong answers, or the
// countdown ran out. Every other ending (no answer, a signal, no terminal) is the
// command line's to name.

public enum DenialReason: Equatable, Sendable {
    case tooManyAttempts
    case timeExpired
}
