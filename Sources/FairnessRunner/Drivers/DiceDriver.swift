import FairnessModel

/// Drives a dice game: one play per trial under its reroll policy.
public struct DiceDriver<Game: DiceGame>: TrialDriver {
    /// The dice game played.
    public let game: Game

    /// Creates a driver that plays `game`.
    public init(_ game: Game) { self.game = game }

    public func makeTally() -> DiceTally {
        DiceTally(
            dice: game.dice, handCount: game.hands.count, betCount: game.bets.count,
            payoutLevels: game.paytable.map { Array(Set([0] + $0.prizes.values)).sorted() } ?? [])
    }

    @inlinable
    public func run<R: BlockRandomness>(_ range: Range<UInt64>, randomness: inout R, into tally: inout DiceTally) {
        // The hands and their prizes are read once per block (a game may build them on each call).
        let hands = game.hands
        let prizes = game.paytable.map { paytable in hands.map { paytable.prize($0.name) } }
        // Each bet, with which of its cases win (pay more than 0), read once per block.
        let bets = game.bets.map { bet in (bet, (0...bet.cases.count).map { ExactFraction.zero < bet.net(ofCase: $0) }) }
        if let batching = game as? any BatchRollingDice {
            // A game behind a probe rolls the whole block in one batch (one cast per block, none per trial).
            let k = game.dice.count
            var sets: [[Double]] = []
            sets.reserveCapacity(2 * range.count)
            for trial in range {
                randomness.withTrial(trial) { generator in
                    for _ in 0..<2 { sets.append((0..<k).map { _ in Sampling.unitInterval(using: &generator) }) }
                }
            }
            let rolls = batching.rolls(from: sets)
            var previousFirst = -1
            let faces = game.dice.faces
            func valid(_ roll: DiceRoll) -> Bool { (0..<roll.count).allSatisfy { roll[$0] >= 1 && roll[$0] <= faces } }
            var invalid: UInt64 = 0
            for index in 0..<range.count {
                let first = rolls[2 * index]
                guard valid(first) else {
                    invalid &+= 1
                    continue
                }
                let rerolled = game.rerollPolicy == .rerollOnceAfterDetectedStraight && game.isStraight(game.seen(first))
                let final = rerolled ? rolls[2 * index + 1] : first
                guard valid(final) else {
                    invalid &+= 1
                    continue
                }
                tally.record(first, previousFirst: &previousFirst)
                if rerolled {
                    tally.rerolls &+= 1
                    tally.record(final, previousFirst: &previousFirst)
                }
                recordFinal(final, hands: hands, prizes: prizes, bets: bets, into: &tally)
            }
            tally.invalidPlays &+= invalid
            tally.plays &+= UInt64(range.count) - invalid
            return
        }
        var previousFirst = -1
        for trial in range {
            let play = randomness.withTrial(trial) { generator in game.play(using: &generator) }
            tally.record(play.first, previousFirst: &previousFirst)
            if play.rerolled {
                tally.rerolls &+= 1
                tally.record(play.final, previousFirst: &previousFirst)
            }
            recordFinal(play.final, hands: hands, prizes: prizes, bets: bets, into: &tally)
        }
        tally.plays &+= UInt64(range.count)
    }

    /// Counts a play's final roll: its category, whether it is a straight, each hand it is by the hand's
    /// rule, and what it pays. The first 64 hands' rules are evaluated once, for the count and the payout
    /// (a game with more evaluates the rest again for the payout).
    @inlinable
    func recordFinal(
        _ final: DiceRoll, hands: [DiceHand], prizes: [Double]?, bets: [(DiceBet, [Bool])], into tally: inout DiceTally
    ) {
        for (index, (bet, wins)) in bets.enumerated() where wins[bet.settlingCase(final)] { tally.betWins[index] &+= 1 }
        tally.categories[PokerCategory.of(final).rawValue] &+= 1
        if PokerCategory.isStraight(final) { tally.finalStraights &+= 1 }
        var held: UInt64 = 0
        for index in hands.indices where hands[index].holds(in: final) {
            tally.hands[index] &+= 1
            if index < 64 { held |= 1 << UInt64(index) }
        }
        if let prizes {
            let payout = game.payout(
                for: final, hands: hands, prizes: prizes,
                holds: { $0 < 64 ? held & (1 << UInt64($0)) != 0 : hands[$0].holds(in: final) })
            tally.recordPayout(payout.prize)
        }
    }
}
