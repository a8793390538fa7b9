// ChallengeTests.swift — the engine's rules over many seeds, with time handed in.

import Testing
@testable import ShapelyGate

@Suite struct ChallengeTests {
    @Test func boardsHaveTheRightCountsAndHoldTheTarget() {
        for seed in UInt64(0)..<500 {
            let perKind = Int(seed % 9) + 1
            let kinds = GateConfiguration.kinds(count: Int(seed % 8) + 2)
            let configuration = GateConfiguration(numberOfEachShape: perKind, kinds: kinds)
            let challenge = Challenge(configuration: configuration, generator: SplitMix64(seed: seed), now: 0)
            #expect(challenge.board.tiles.count == perKind * kinds.count)
            for kind in kinds {
                #expect(challenge.board.tiles.filter { $0.kind == kind }.count == perKind)
            }
            #expect(kinds.contains(challenge.target))
        }
    }

    @Test func everyKindAndColourTurnsUpAsTarget() {
        var targets = Set<ShapeKind>()
        var colours = Set<TileColor>()
        for seed in UInt64(0)..<200 {
            let challenge = Challenge(configuration: GateConfiguration(), generator: SplitMix64(seed: seed), now: 0)
            targets.insert(challenge.target)
            challenge.board.tiles.forEach { colours.insert($0.color) }
        }
        #expect(targets == Set(ShapeKind.seedKinds))
        #expect(colours == Set(TileColor.allCases))
    }

    @Test func theSameSeedDealsTheSameBoards() {
        var a = Challenge(configuration: GateConfiguration(), generator: GateRandom(seed: 42), now: 0)
        var b = Challenge(configuration: GateConfiguration(), generator: GateRandom(seed: 42), now: 0)
        #expect(a.board == b.board && a.target == b.target)
        let wrong = a.board.tiles.firstIndex { $0.kind != a.target }! + 1
        _ = a.answer(tileNumber: wrong, at: 1)
        _ = b.answer(tileNumber: wrong, at: 1)
        #expect(a.board == b.board && a.target == b.target)
        let other = Challenge(configuration: GateConfiguration(), generator: GateRandom(seed: 43), now: 0)
        #expect(other.board != a.board || other.target != a.target)
    }

    @Test func wrongAnswersRedealWithTheSameTargetUntilDenied() {
        for seed in UInt64(0)..<200 {
            var challenge = Challenge(configuration: GateConfiguration(maximumFailedAttempts: 3),
                                      generator: SplitMix64(seed: seed), now: 0)
            let target = challenge.target
            for expectedLeft in [2, 1] {
                let wrong = challenge.board.tiles.firstIndex { $0.kind != target }! + 1
                let kind = challenge.board.tiles[wrong - 1].kind
                #expect(challenge.answer(tileNumber: wrong, at: 1) == .wrongShape(chosen: kind, attemptsLeft: expectedLeft))
                #expect(challenge.target == target)
                #expect(challenge.state == .open)
            }
            let wrong = challenge.board.tiles.firstIndex { $0.kind != target }! + 1
            #expect(challenge.answer(tileNumber: wrong, at: 1) == .tooManyAttempts(chosen: challenge.board.tiles[wrong - 1].kind))
            #expect(challenge.state == .denied(.tooManyAttempts))
            let right = challenge.board.tiles.firstIndex { $0.kind == target }! + 1
            #expect(challenge.answer(tileNumber: right, at: 1) == .closed)
        }
    }

    @Test func anyTileOfTheTargetKindPasses() {
        let challenge = Challenge(configuration: GateConfiguration(numberOfEachShape: 3), generator: SplitMix64(seed: 9), now: 0)
        let rightTiles = challenge.board.tiles.indices.filter { challenge.board.tiles[$0].kind == challenge.target }
        #expect(rightTiles.count == 3)
        for index in rightTiles {
            var copy = challenge
            #expect(copy.answer(tileNumber: index + 1, at: 0) == .passed)
            #expect(copy.state == .passed)
        }
    }

    @Test func entriesOffTheBoardChangeNothing() {
        var challenge = Challenge(configuration: GateConfiguration(), generator: SplitMix64(seed: 5), now: 0)
        let board = challenge.board
        for entry in [nil, 0, 9, 100, -1] as [Int?] {
            #expect(challenge.answer(tileNumber: entry, at: 1) == .notATile)
        }
        #expect(challenge.board == board && challenge.failedAttempts == 0 && challenge.state == .open)
    }

    @Test func theInjectedClockDrivesExpiry() {
        var challenge = Challenge(configuration: GateConfiguration(maximumTimeAllowed: 10), generator: SplitMix64(seed: 1), now: 100)
        #expect(challenge.secondsLeft(at: 100) == 10)
        #expect(challenge.secondsLeft(at: 100.2) == 10)
        #expect(challenge.secondsLeft(at: 109.5) == 1)
        let early = challenge.expireIfDue(at: 109.999)
        #expect(!early)
        let right = challenge.board.tiles.firstIndex { $0.kind == challenge.target }! + 1
        var late = challenge
        #expect(late.answer(tileNumber: right, at: 110) == .timeExpired)
        #expect(late.state == .denied(.timeExpired))
        let due = challenge.expireIfDue(at: 110)
        #expect(due)
        #expect(challenge.secondsLeft(at: 111) == 0)
    }

    @Test func withoutACountdownNothingExpires() {
        var challenge = Challenge(configuration: GateConfiguration(supportsTimeOut: false), generator: SplitMix64(seed: 1), now: 0)
        #expect(challenge.secondsLeft(at: 1e9) == nil)
        let expired = challenge.expireIfDue(at: 1e9)
        #expect(!expired)
        let right = challenge.board.tiles.firstIndex { $0.kind == challenge.target }! + 1
        #expect(challenge.answer(tileNumber: right, at: 1e9) == .passed)
    }

    @Test func roundsNeedEveryRoundAndShareTheAttempts() {
        var challenge = Challenge(configuration: GateConfiguration(maximumFailedAttempts: 2, maximumTimeAllowed: 10, rounds: 3),
                                  generator: SplitMix64(seed: 77), now: 0)
        func right() -> Int { challenge.board.tiles.firstIndex { $0.kind == challenge.target }! + 1 }
        func wrong() -> Int { challenge.board.tiles.firstIndex { $0.kind != challenge.target }! + 1 }
        #expect(challenge.answer(tileNumber: right(), at: 5) == .roundWon(nextRound: 2))
        #expect(challenge.deadline == 15, "each round has the full countdown")
        if case .wrongShape(_, let left) = challenge.answer(tileNumber: wrong(), at: 6) { #expect(left == 1) } else { Issue.record("expected a wrong shape") }
        #expect(challenge.answer(tileNumber: right(), at: 7) == .roundWon(nextRound: 3))
        #expect(challenge.attemptsLeft == 1, "attempts are shared across rounds")
        #expect(challenge.answer(tileNumber: right(), at: 8) == .passed)
    }
}

@Suite struct AnswerParserTests {
    @Test(arguments: [("1", 1), (" 8 ", 8), ("07", 7), ("3\r", 3), ("\t2", 2), ("0", 0), ("999", 999)])
    func numbers(_ text: String, _ value: Int) {
        #expect(AnswerParser.tileNumber(from: Array(text.utf8)) == value)
    }

    @Test(arguments: ["", " ", "abc", "3abc", "1 2", "-1", "+1", "1.0", "1000", String(repeating: "9", count: 100), "１"])
    func notNumbers(_ text: String) {
        #expect(AnswerParser.tileNumber(from: Array(text.utf8)) == nil)
    }

    @Test func bytesThatAreNotText() {
        #expect(AnswerParser.tileNumber(from: [0xFF, 0x31]) == nil)
        #expect(AnswerParser.tileNumber(from: [0x31, 0x00]) == nil)
        #expect(AnswerParser.tileNumber(from: [UInt8](repeating: 0x35, count: 1 << 20)) == nil)
    }
}

@Suite struct OddsTests {
    @Test func theSeedDefaultsGiveSevenInSixteen() {
        let odds = GateOdds(configuration: GateConfiguration())
        #expect(odds.fraction! == (7, 16))
        #expect(abs(odds.probability - 0.4375) < 1e-12)
    }

    @Test func matchesASimulationOfRandomGuessing() {
        let settings = [GateConfiguration(), GateConfiguration(maximumFailedAttempts: 3, rounds: 2, kinds: GateConfiguration.kinds(count: 6)),
                        GateConfiguration(maximumFailedAttempts: 1, rounds: 3, kinds: GateConfiguration.kinds(count: 5))]
        for configuration in settings {
            var guesser = SplitMix64(seed: 2024)
            var passes = 0
            let runs = 20_000
            for run in 0..<runs {
                var challenge = Challenge(configuration: configuration, generator: SplitMix64(seed: UInt64(run)), now: 0)
                while challenge.state == .open {
                    _ = challenge.answer(tileNumber: guesser.uniform(below: configuration.tileCount) + 1, at: 0)
                }
                if challenge.state == .passed { passes += 1 }
            }
            let expected = GateOdds(configuration: configuration).probability
            let measured = Double(passes) / Double(runs)
            let tolerance = 4 * (expected * (1 - expected) / Double(runs)).squareRoot() + 1e-4
            #expect(abs(measured - expected) < tolerance, "\(configuration): \(measured) vs \(expected)")
        }
    }

    @Test func theCountdownStartsWhenTheFirstBoardIsShown() {
        var challenge = Challenge(configuration: GateConfiguration(), generator: SplitMix64(seed: 1), now: 100)
        challenge.startCountdown(at: 100.5)
        #expect(challenge.deadline == 110.5)
        let early = challenge.expireIfDue(at: 110.2)
        #expect(!early)
        let due = challenge.expireIfDue(at: 110.5)
        #expect(due)
        var untimed = Challenge(configuration: GateConfiguration(supportsTimeOut: false), generator: SplitMix64(seed: 1), now: 0)
        untimed.startCountdown(at: 5)
        #expect(untimed.deadline == nil)
    }
}

/// A board read aloud takes time to hear; that time is added to the round, never taken
/// from the time to answer.
@Suite struct ListeningTimeTests {
    @Test func listeningLengthensTheOpenRoundWithACountdownOnly() {
        var challenge = Challenge(configuration: GateConfiguration(), generator: SplitMix64(seed: 1), now: 100)
        challenge.allowListening(20)
        #expect(challenge.deadline == 130)
        #expect(challenge.secondsLeft(at: 100) == 30)
        #expect(challenge.answer(tileNumber: nil, at: 129) == .notATile, "still open 29 s in")
        challenge.allowListening(-5)
        challenge.allowListening(.infinity)
        #expect(challenge.deadline == 130)
        var untimed = Challenge(configuration: GateConfiguration(supportsTimeOut: false), generator: SplitMix64(seed: 1), now: 0)
        untimed.allowListening(20)
        #expect(untimed.deadline == nil)
    }
}
