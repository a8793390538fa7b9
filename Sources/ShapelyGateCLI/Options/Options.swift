// Options.swift — the settings of one run as the command line and the files set them,
// before the floors and --strict are applied (Settings.swift): the action, the
// challenge's parameters, the strings and language, how the board looks, the lockout's
// cooldown, login mode, what a pass allows and where it is reported, and the command.
// Its defaults are the gate's defaults.

import ShapelyGate
import ShapelyGateScreen

struct Options: Equatable, Sendable {
    var action: Action = .gate
    var configuration = GateConfiguration()
    var stringsPath: String?
    var language: String?
    var seed: UInt64?
    var noColor = false
    var board = BoardStyle.picture
    /// Seconds the gate stays shut after a denial (doubling with each one); 0 is off.
    var cooldown = 0
    var strict = false
    /// Login mode: Ctrl-C, Ctrl-\, Ctrl-Z and a hangup are plain denials (status 1).
    var loginMode = false
    /// What a pass allows, shown on the board and logged (`--for`).
    var purpose: String?
    /// Where a pass is reported (`--verdict-fd`): the sudo plugin's pipe.
    var verdictDescriptor: Int32?
    var command: [String] = []
    init() {}
}
