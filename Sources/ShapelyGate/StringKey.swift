// StringKey.swift — every visible string is looked up by category and key, in the
// seed's two-level scheme. `Primary`, `TooManyAttempts` and `TimeExpired` are the seed's
// own categories; `Terminal` and `Shapes` hold what only a terminal gate needs.

public struct StringKey: Hashable, Sendable, CustomStringConvertible {
    public let category: String
    public let key: String

    public init(_ category: String, _ key: String) {
        self.category = category
        self.key = key
    }

    public var description: String { "\(category)/\(key)" }

    // The seed's keys.
    public static let title = StringKey("Primary", "Title")
    public static let countdown = StringKey("Primary", "Countdown")
    public static func description(of kind: ShapeKind) -> StringKey {
        StringKey("Primary", "Description\(kind.keyName)")
    }
    public static let tooManyTitle = StringKey("TooManyAttempts", "Title")
    public static let tooManyDescription = StringKey("TooManyAttempts", "Description")
    public static let tooManyOK = StringKey("TooManyAttempts", "OK")
    public static let expiredTitle = StringKey("TimeExpired", "Title")
    public static let expiredDescription = StringKey("TimeExpired", "Description")
    public static let expiredOK = StringKey("TimeExpired", "OK")

    // shapelygate's own keys.
    public static let prompt = StringKey("Terminal", "Prompt")
    public static let wrongShape = StringKey("Terminal", "WrongShape")
    public static let lastTry = StringKey("Terminal", "LastTry")
    public static let notATile = StringKey("Terminal", "NotATile")
    public static let round = StringKey("Terminal", "Round")
    public static let passed = StringKey("Terminal", "Passed")
    public static let noTerminal = StringKey("Terminal", "NoTerminal")
    public static let endOfInput = StringKey("Terminal", "EndOfInput")
    public static let interrupted = StringKey("Terminal", "Interrupted")
    public static let locked = StringKey("Terminal", "Locked")
    public static let noTerminalPAM = StringKey("Terminal", "NoTerminalPAM")
    public static let toRun = StringKey("Terminal", "ToRun")
    public static let logIn = StringKey("Terminal", "LogIn")
    public static let pressEnter = StringKey("Terminal", "PressEnter")
    public static let roundWon = StringKey("Terminal", "RoundWon")
    public static let moreTime = StringKey("Terminal", "MoreTime")
    public static let noMoreTime = StringKey("Terminal", "NoMoreTime")
    public static let moreTimeHint = StringKey("Terminal", "MoreTimeHint")
    public static let tooSmall = StringKey("Terminal", "TooSmall")
    public static let tooSmallNow = StringKey("Terminal", "TooSmallNow")
    public static let notRun = StringKey("Terminal", "NotRun")
    public static let tooLong = StringKey("Terminal", "TooLong")
    public static let signalInterrupt = StringKey("Terminal", "SignalInterrupt")
    public static let signalQuit = StringKey("Terminal", "SignalQuit")
    public static let signalSuspend = StringKey("Terminal", "SignalSuspend")
    public static let signalHangup = StringKey("Terminal", "SignalHangup")
    public static let signalTerminate = StringKey("Terminal", "SignalTerminate")
    public static let colon = StringKey("Terminal", "Colon")
    public static func name(of kind: ShapeKind) -> StringKey {
        StringKey("Shapes", kind.keyName)
    }

    // The words board (`--board words`).
    public static let wordsTiles = StringKey("Terminal", "WordsTiles")
    public static let wordsTile = StringKey("Terminal", "WordsTile")
    public static let secondsLeft = StringKey("Terminal", "SecondsLeft")
    /// How the words board describes a shape, without its name.
    public static func words(for kind: ShapeKind) -> StringKey {
        StringKey("Words", kind.keyName)
    }

    /// Every key, in the order a template lists them.
    public static let all: [StringKey] =
        [title, countdown] + ShapeKind.allCases.map(description(of:))
        + [tooManyTitle, tooManyDescription, tooManyOK, expiredTitle, expiredDescription, expiredOK]
        + [prompt, wrongShape, lastTry, notATile, round, passed, noTerminal, endOfInput, interrupted, locked]
        + [noTerminalPAM, toRun, logIn, pressEnter, roundWon, tooSmall, tooSmallNow, notRun, tooLong, colon]
        + [signalInterrupt, signalQuit, signalSuspend, signalHangup, signalTerminate]
        + ShapeKind.allCases.map(name(of:))
        + [wordsTiles, wordsTile, secondsLeft] + ShapeKind.allCases.map(words(for:))
        + [moreTime, noMoreTime, moreTimeHint]

    /// What each key is for, and the placeholders it may use: the template's comments.
    public var comment: String {
        switch (category, key) {
        case ("Primary", "Title"): return "Header at the top of the gate"
        case ("Primary", "Countdown"): return "Label before the time left, as in 'Time left: 00:10'"
        case ("Primary", _): return "Instruction when the target shape is this one"
        case (_, "Title"): return "First line of the closing message"
        case (_, "Description"): return "Second line of the closing message"
        case (_, "OK"): return "The alert's button label; a terminal has no button, so it is not shown"
        case ("Terminal", "Prompt"): return "Prompt; {shape} is the target's name, {count} the number of tiles"
        case ("Terminal", "WrongShape"): return "After a wrong tile; {shape} is what was chosen, {count} the answers the person may still give"
        case ("Terminal", "LastTry"): return "After a wrong tile when one answer is left; {shape} is what was chosen"
        case ("Terminal", "NotATile"): return "After an entry that is not a tile number; {count} is the number of tiles"
        case ("Terminal", "Round"): return "Before each round when there are several; {round} of {rounds}"
        case ("Terminal", "Passed"): return "After the right answer"
        case ("Terminal", "NoTerminal"): return "On stderr when no person can be asked"
        case ("Terminal", "EndOfInput"): return "When the terminal reports end of input (Ctrl-D)"
        case ("Terminal", "Interrupted"): return "When a signal ends the gate; {signal} says which, in plain words"
        case ("Terminal", "Locked"): return "On stderr while a lockout runs; {seconds} is the time left"
        case ("Terminal", "NoTerminalPAM"): return "On stderr when PAM (pam_exec) ran the gate without a terminal"
        case ("Terminal", "ToRun"): return "Above the board: what a pass allows; {command} is the command line"
        case ("Terminal", "LogIn"): return "What a pass allows at a login door, as {command} in ToRun; {service} is the door (sshd, login), {user} the account"
        case ("Terminal", "PressEnter"): return "Under the instruction: how to answer"
        case ("Terminal", "RoundWon"): return "After a right answer when another round follows; {round} of {rounds} is the next"
        case ("Terminal", "TooSmall"): return "On stderr when time ran out before the board ever fitted; {columns}x{rows} is a size that fits"
        case ("Terminal", "TooSmallNow"): return "In place of the board while it does not fit; {sizes} lists sizes that fit, {columns}x{rows} is one"
        case ("Terminal", "Colon"): return "After a label, as in 'Time left: 00:10'; French puts a no-break space before it"
        case ("Terminal", "NotRun"): return "After a denial in wrapper mode; {command} is what was not run"
        case ("Terminal", "TooLong"): return "On stderr when what a pass allows is too long to show; {count} characters, {limit} at most"
        case ("Terminal", let key) where key.hasPrefix("Signal"): return "The way a gate was ended, as {signal} in Interrupted"
        case ("Shapes", _): return "Shape name, with an article where the language's sentences need one"
        case ("Terminal", "WordsTiles"): return "Words board: the line before the tiles"
        case ("Terminal", "WordsTile"): return "Words board: one tile; {number} is its number, {description} what it looks like"
        case ("Terminal", "SecondsLeft"): return "Words board: the time left, spoken at the prompt and a few times after; {seconds}"
        case ("Terminal", "MoreTime"): return "After + then Enter: the round's time added again; {seconds}"
        case ("Terminal", "NoMoreTime"): return "After + then Enter when no more time may be added"
        case ("Terminal", "MoreTimeHint"): return "With the last warning of the time: how to ask for more"
        case ("Words", _): return "Words board: this shape described by its form, never by its name nor the letters of its name; counts as digits"
        default: return ""
        }
    }
}
