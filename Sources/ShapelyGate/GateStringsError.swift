// GateStringsError.swift — why an override strings file could not be used: its path and
// the reason, for a one-line message.

public struct GateStringsError: Error, Equatable, Sendable {
    public let path: String
    public let reason: String
}
