// TileColor.swift — the colours a tile can have. They are names, not codes: how each
// is shown on a terminal is the screen's choice, and colour is never the only cue.

public enum TileColor: String, CaseIterable, Sendable, Hashable {
    case red, green, yellow, blue, magenta, cyan
}
