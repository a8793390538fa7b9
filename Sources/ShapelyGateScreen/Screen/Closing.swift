// Closing.swift — what the paragraph left on screen when the gate ends reports: a pass,
// a denial and its reason, or an ending with no verdict to show (end of input, a
// hangup, a signal, a screen too small), after which only "not run" may follow.

import ShapelyGate

package enum Closing: Equatable, Sendable {
    case passed
    case denied(DenialReason)
    /// No verdict paragraph: the gate ended some other way.
    case ended
}
