// StoredState.swift — what reading the lockout file gave (StateStore.swift): no state,
// a state, a damaged file, or a file that cannot be read at all, with why. The lockout
// treats the last two as locked.

import ShapelyGate

package enum StoredState: Equatable {
    case none
    case state(LockoutState)
    case damaged
    case unreadable(String)
}
