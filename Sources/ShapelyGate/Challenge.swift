// Challenge.swift — the gate's rules as a state machine, with no I/O.
//
// Contract:
// - A challenge is open until it passes or is denied; once closed it never reopens and
//   every further answer is ignored.
// - Each round has a target kind and a board holding it. A tile of the target kind wins
//   the round; the last round won passes the gate.
// - A tile of another kind is a failed attempt: the board is dealt again with the same
//   target. Failed attempts are counted across all rounds; at `maximumFailedAttempts`
//   the gate is denied.
// - With the countdown on, every round has `maximumTimeAllowed` seconds from the moment
//   it starts, and the caller may add the time it takes to hear a board read aloud
//   (`allowListening`): the time to answer is never spent listening. Time is a monotonic reading in seconds handed in by the caller; an answer
//   at or after the deadline is an expiry, never a pass.
// - The person may ask for more time (`extend`): the round's whole time again, at most
//   as many times as the caller allows in a challenge, never after the deadline.
// - An entry that is not a tile number changes nothing.
// - The generator is injected (any RandomNumberGenerator: the gate's, or a test's). It
//   is held as an existential, not a generic parameter: a generic challenge would have
//   its type information assembled by the runtime at the gate's start, which costs more
//   than dealing every board.

public struct Challenge {
    public let configuration: GateConfiguration
    public private(set) var state: ChallengeState = .open
    public private(set) var round = 1
    public private(set) var target: ShapeKind
    public private(set) var board: Board
    public private(set) var failedAttempts = 0
    /// Monotonic time at which the current round expires; nil without a countdown.
    public private(set) var deadline: Double?
    private var generator: any RandomNumberGenerator

    public init(configuration: GateConfiguration, generator: some RandomNumberGenerator, now: Double) {
        precondition(!configuration.kinds.isEmpty && configuration.numberOfEachShape > 0)
        self.configuration = configuration
        self.generator = generator
        target = configuration.kinds[self.generator.uniform(below: configuration.kinds.count)]
        board = Board.deal(kinds: configuration.kinds, perKind: configuration.numberOfEachShape, using: &self.generator)
        deadline = configuration.supportsTimeOut ? now + Double(configuration.maximumTimeAllowed) : nil
    }

    public var attemptsLeft: Int { configuration.maximumFailedAttempts - failedAttempts }

    /// Starts the first round's countdown again from `now`: the caller's moment of
    /// showing the first board, which may come a little after the challenge was made.
    public mutating func startCountdown(at now: Double) {
        guard state == .open, round == 1, configuration.supportsTimeOut else { return }
        deadline = now + Double(configuration.maximumTimeAllowed)
    }

    /// Adds `seconds` to this round's time, when it has a countdown and is open: the time
    /// a board read aloud takes to hear, which is no time to answer in.
    public mutating func allowListening(_ seconds: Double) {
        guard state == .open, let current = deadline, seconds > 0, seconds.isFinite else { return }
        deadline = current + seconds
    }

    /// The times the person asked for more time in this challenge (`extend`).
    public private(set) var extensions = 0

    /// Adds the round's whole time again, as WCAG 2.2.1's "extend" asks, at most `limit`
    /// times in a challenge, while it is open, counts down and has time left. Whether it did.
    public mutating func extend(limit: Int, at now: Double) -> Bool {
        guard state == .open, let current = deadline, now < current, extensions < limit else { return false }
        deadline = current + Double(configuration.maximumTimeAllowed)
        extensions += 1
        return true
    }

    /// Whole seconds left in this round, rounded up, as a countdown shows them.
    public func secondsLeft(at now: Double) -> Int? {
        guard let deadline else { return nil }
        let left = deadline - now
        if left <= 0 { return 0 }
        return Int(left.rounded(.up))
    }

    /// Closes the challenge as expired if its deadline has passed. Returns whether it did.
    @discardableResult
    public mutating func expireIfDue(at now: Double) -> Bool {
        guard state == .open, let deadline, now >= deadline else { return false }
        state = .denied(.timeExpired)
        return true
    }

    /// Applies one entry. `tileNumber` is nil for an entry that is not a number.
    public mutating func answer(tileNumber: Int?, at now: Double) -> AnswerResult {
        guard state == .open else { return .closed }
        if expireIfDue(at: now) { return .timeExpired }
        guard let number = tileNumber, let tile = board.tile(number: number) else { return .notATile }
        if tile.kind == target {
            if round == configuration.rounds {
                state = .passed
                return .passed
            }
            round += 1
            target = configuration.kinds[generator.uniform(below: configuration.kinds.count)]
            redeal()
            if configuration.supportsTimeOut { deadline = now + Double(configuration.maximumTimeAllowed) }
            return .roundWon(nextRound: round)
        }
        failedAttempts += 1
        if failedAttempts >= configuration.maximumFailedAttempts {
            state = .denied(.tooManyAttempts)
            return .tooManyAttempts(chosen: tile.kind)
        }
        redeal()
        return .wrongShape(chosen: tile.kind, attemptsLeft: attemptsLeft)
    }

    private mutating func redeal() {
        board = Board.deal(kinds: configuration.kinds, perKind: configuration.numberOfEachShape, using: &generator)
    }
}
