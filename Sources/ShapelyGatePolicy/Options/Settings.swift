// Settings.swift — the first stage of a run: everything the gate is told, read once.
//
// Contract:
// - Each source is read once, into typed values: argv (each value checked as it is
//   read, so a bad flag is reported before any file is opened), then, for the gate and
//   its odds only, the system file and the user's file (root's always from root's home
//   in the password database; none under --verdict-fd). Flags win over
//   SHAPELYGATE_BOARD=words in the environment, which wins over the user's file, which
//   wins over the system file.
// - The environment is read here and nowhere after: the language, the display (tiles'
//   characters, colours, cursor control), where a command is looked up, the lockout's
//   folder and whether pam_exec started the gate become fields of their own, and later
//   stages take those.
// - The floors and `--strict` are applied last (Policy.enforce), so nothing a user
//   types or writes can loosen them.
// - An informational action (--help, --version, --strings-template) reads no file: a
//   broken policy does not hide the help.
// - Nothing here touches the terminal; every problem is a `GateError`.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package struct Settings {
    package var options: Options
    package var policy: Policy
    /// The strings' language: --language, else the locale's.
    package var language: LanguageChoice
    /// How the terminal is drawn on.
    package var display: Display
    /// Where a command's name is looked up (PATH, or the default).
    package var commandSearchPath: String
    /// The folder of the user's lockout state; nil when nothing names one.
    package var stateFolder: String?
    /// pam_exec started the gate (PAM_TYPE is set): it has no terminal, and says why.
    package var underPAM: Bool

    /// The system policy file and the owner it must have, and the user whose own file
    /// and lockout folder apply. The installed program always reads
    /// `/etc/shapelygate.conf`, root's, for its effective user; only this library's
    /// callers (tests) name others.
    package struct Files: Sendable {
        package var system: String
        package var systemOwner: UserID
        package var user: UserID
        package static var installed: Files { Files(system: "/etc/shapelygate.conf", systemOwner: 0, user: Platform.effectiveUser) }
    }

    package static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    package static func resolve(_ arguments: [String], files: Files, environment: [String: String]) throws(GateError) -> Settings {
        let parsed = try OptionParser.read(arguments)
        let asked = parsed.apply(to: Options())
        guard asked.action == .gate || asked.action == .odds else {
            return Settings(asked, Policy(), files: files, environment: environment)
        }
        var base = Options()
        var policy = Policy()
        try ConfigFile.load(files.system, system: true, owner: files.systemOwner, into: &base, policy: &policy)
        // Under a caller that judges (--verdict-fd, the sudo judge) only its options and
        // the system file apply.
        if asked.verdictDescriptor == nil, let user = ConfigFile.userPath(environment, user: files.user) {
            try ConfigFile.load(user, system: false, into: &base, policy: &policy)
        }
        // A person with a screen reader may keep SHAPELYGATE_BOARD=words in their
        // environment; a flag still wins. (Under sudo the judge passes it no such variable.)
        if environment["SHAPELYGATE_BOARD"] == "words" { base.board = .words }
        var options = parsed.apply(to: base)
        policy.enforce(on: &options)
        return Settings(options, policy, files: files, environment: environment)
    }

    private init(_ options: Options, _ policy: Policy, files: Files, environment: [String: String]) {
        self.options = options
        self.policy = policy
        language = LanguageResolver.resolve(explicit: options.language, environment: environment)
        display = Display.detect(environment: environment, noColor: options.noColor)
        commandSearchPath = environment["PATH"] ?? Self.defaultSearchPath
        stateFolder = options.action == .gate
            ? Self.stateFolder(environment: environment, user: files.user,
                                passwordHome: files.user == 0 ? PasswordEntry.lookUp(uid: 0)?.home : nil)
            : nil
        underPAM = environment["PAM_TYPE"] != nil
    }

    /// Where the state of `user` lives: root's in `passwordHome` (its home in the
    /// password database) or /var/lib/shapelygate, whatever the environment says; any
    /// other user's in XDG_STATE_HOME, else HOME. Nil when neither names a folder.
    package static func stateFolder(environment: [String: String], user: UserID, passwordHome: String?) -> String? {
        if user == 0 {
            guard let home = passwordHome, home.hasPrefix("/"), home.contains(where: { $0 != "/" }) else {
                return "/var/lib/shapelygate"
            }
            return home + "/.local/state/shapelygate"
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/shapelygate" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/shapelygate" }
        return nil
    }
}
