// Verdict.swift — the gate's own word on a pass, for the program that started it
// (`--verdict-fd`): the sudo approval plugin approves only when it reads exactly
// `Verdict.passed` from the pipe it handed over AND the gate exited 0, so another
// program that merely exits 0 approves nothing.
//
// Contract:
// - `claim` runs before the session: the descriptor must be open, and is made
//   close-on-exec at once, so a command run on a pass never holds it.
// - `report` writes the token once, only on a pass, right before the gate exits 0 or
//   the command replaces it, and closes the descriptor. Nothing else is ever written.
// - The gate is not dumpable (Platform.refuseTracing), so no other process of the user
//   can reach the descriptor through /proc.

import ShapelyGateSystem

struct Verdict {
    /// What the plugin waits for (SG_VERDICT_PASSED in the plugin's approval.h).
    static let passed = "shapelygate: passed\n"

    let descriptor: Int32?

    /// Takes the descriptor `--verdict-fd` named, or throws a usage error.
    static func claim(_ descriptor: Int32?) throws(GateError) -> Verdict {
        guard let descriptor else { return Verdict(descriptor: nil) }
        guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
            throw .usage("invalid --verdict-fd '\(descriptor)': not an open descriptor")
        }
        return Verdict(descriptor: descriptor)
    }

    /// Says the gate was passed, once.
    func report() {
        guard let descriptor else { return }
        Platform.writeAll(descriptor, Array(Verdict.passed.utf8))
        _ = Platform.closeDescriptor(descriptor)
    }
}
