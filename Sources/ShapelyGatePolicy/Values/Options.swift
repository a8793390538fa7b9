// Options.swift — the settings of one run as the command line and the files set them,
// before the floors and --strict are applied (Settings.swift): the action, the
// challenge's parameters, the strings and language, how the board looks, the lockout's
// cooldown, login mode, what a pass allows and where it is reported, and the command.
// Its defaults are the gate's defaults.

import ShapelyGate
import ShapelyGateScreen

package struct Options: Equatable, Sendable {
    package var action: Action = .gate
    package var configuration = GateConfiguration()
    package var stringsPath: String?
    package var language: String?
    package var seed: UInt64?
    package var noColor = false
    package var board = BoardStyle.picture
    /// Seconds the gate stays shut after a denial (doubling with each one); 0 is off.
    package var cooldown = 0
    package var strict = false
    /// How many times a person may ask for more time with `+` then Enter.
    package var extensions = Options.defaultExtensions
    package static let defaultExtensions = 10
    package static let extensionsRange = 0...10
    /// Login mode: Ctrl-C, Ctrl-\, Ctrl-Z and a hangup are plain denials (status 1).
    package var loginMode = false
    /// What a pass allows, shown on the board and logged (`--for`).
    package var purpose: String?
    /// Where a pass is reported (`--verdict-fd`): the sudo plugin's pipe.
    package var verdictDescriptor: Int32?
    package var command: [String] = []
    /// `--json`: --doors prints a JSON array.
    package var json = false
    package init() {}
}
