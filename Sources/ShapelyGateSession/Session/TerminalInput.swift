// TerminalInput.swift — what one read of the terminal gave: bytes, nothing yet, the
// end-of-file key on a canonical line, or a terminal that is gone. The session tells
// the last two apart: only a hung-up terminal is recorded as a hangup.

import ShapelyGatePolicy

/// What one read of the terminal gave.
package enum TerminalInput: Equatable, Sendable {
    case bytes([UInt8])
    /// Nothing is ready yet.
    case nothing
    /// The end-of-file key on a canonical line.
    case endOfInput
    /// The terminal is gone: closed (its master side, a terminal window) or hung up.
    case hangup
}
