// StoreFailure.swift — why the lockout store could not be used: a refusal to report
// (a folder or file that is not safe, a lock held too long), which is a denial, or an
// ending signal that arrived while the store waited for its lock.

/// Why the store could not be used: a denial to report, or an ending signal.
package enum StoreFailure: Error, Equatable {
    case refused(String)
    case interrupted(Interruption)
}
