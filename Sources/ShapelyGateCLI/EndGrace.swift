// EndGrace.swift — `shapelygate --end-grace`: a person ends their own sudo grace window on
// this terminal, with no board. Ending a window only takes away, so it asks for nothing.
//
// Contract:
// - Run by a person, it becomes `sudo -- PROGRAM --end-grace` (PROGRAM this very file):
//   the sudo judge knows that command by its file and arguments, ends the window of
//   this terminal session, and denies it, so nothing runs as root and sudo says so:
//   "the grace window on /dev/pts/3 is ended; nothing was run" (sudo's status is 1, as
//   for every refusal).
// - Run as root (sudo let it through without asking the gate, because the person is not
//   gated, or root ran it), there is no window to end: it says so, with status 0.

import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

enum EndGrace {
    static func run() -> Ending {
        guard Platform.effectiveUser != 0 else {
            return Ending(.informed("no grace window to end: sudo keeps one only for a person the gate asked\n"))
        }
        guard let program = Platform.ownProgramPath() else {
            return Ending(.failed(.usage("cannot name this program's own file")))
        }
        CommandRunner.replaceGate(with: ["sudo", "--", program, "--end-grace"], discardingTypeAhead: {}) { error in
            Platform.printError(error.report)
        }
    }
}
