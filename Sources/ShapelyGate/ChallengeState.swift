// ChallengeState.swift — where a challenge stands (Challenge.swift): open, passed, or
// denied and why. Once passed or denied it never reopens.

public enum ChallengeState: Equatable, Sendable {
    case open
    case passed
    case denied(DenialReason)
}
