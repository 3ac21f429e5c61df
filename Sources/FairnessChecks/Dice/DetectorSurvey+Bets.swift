import FairnessModel

// The bets a dice game offers: each roll settled by the rules and by the game.
extension DetectorSurvey {
    /// One bet's counts (see `DiceGame.bets`), in ordered rolls.
    public struct BetCounts: Sendable {
        /// The bet.
        public let bet: DiceBet
        /// Ordered rolls each case settles by the rules (`bet.cases`, then `otherwise`).
        public var byCase: [UInt64]
        /// Of which the game rerolls (its straight detector fires).
        public var byCaseRerolled: [UInt64]
        /// Whether the game settles the bet itself (`DiceGame.settle(_:on:)` not nil).
        public var gameSettles = false
        /// Ordered rolls the game settles at another net payout than the rules.
        public var misSettled: UInt64 = 0
        /// Patterns the game settles wrongly, ascending.
        public var mismatches: [BetMismatch] = []
        /// Ordered rolls by the net payout the game settles them at, in all and among those it rerolls
        /// (empty when the game does not settle the bet).
        public var settled: [Double: PayoutCounts] = [:]
        /// Ordered rolls the game gave no settlement for (a `none` among numbers, a trap): wrong, and no
        /// return as settled can be computed.
        public var unanswered: UInt64 = 0

        init(bet: DiceBet) {
            self.bet = bet
            byCase = Array(repeating: 0, count: bet.cases.count + 1)
            byCaseRerolled = byCase
        }

        mutating func merge(_ other: BetCounts) {
            for index in byCase.indices {
                byCase[index] += other.byCase[index]
                byCaseRerolled[index] += other.byCaseRerolled[index]
            }
            gameSettles = gameSettles || other.gameSettles
            misSettled += other.misSettled
            unanswered += other.unanswered
            mismatches += other.mismatches
            for (net, counts) in other.settled {
                settled[net, default: PayoutCounts()].all += counts.all
                settled[net, default: PayoutCounts()].rerolled += counts.rerolled
            }
        }
    }

    /// A multiset of faces the game settles a bet on wrongly.
    public struct BetMismatch: Sendable, Hashable {
        /// The multiset, as a sorted roll.
        public let pattern: DiceRoll
        /// Ordered rolls of the pattern the game settles wrongly.
        public let wrongInPlay: UInt64
        /// Of which the game rerolls (its straight detector fires), so they are not final.
        public let wrongRerolled: UInt64
        /// Ordered rolls of the pattern (K!/Π mᵢ!).
        public let orderings: UInt64
        /// The net payout by the rules.
        public let rules: ExactFraction
        /// The net payout the game settled at, on the first ordering it settled wrongly (NaN: it gave no
        /// settlement, or crashed).
        public let game: Double
        /// The first ordering the game settled wrongly, as it was rolled.
        public let example: DiceRoll
    }

    /// Whether the game's settlement `game` agrees with the rules' `rules`: equal within 10⁻⁹ of the larger
    /// of 1 and |rules| (a payout computed in floating point, 0.95 × stake, agrees with 19/20).
    static func agrees(_ game: Double, _ rules: Double) -> Bool { abs(game - rules) <= 1e-9 * max(1, abs(rules)) }

    /// A bet's case for a pattern and the game's settlement of each ordering judged, counted.
    struct BetJudgement {
        var wrong: UInt64 = 0
        var wrongRerolled: UInt64 = 0
        var firstWrong: (said: Double, roll: DiceRoll)?
    }
}

extension DetectorSurvey.Partial {
    /// Judges the game's settlement of every bet on `roll` (an ordering of `pattern`, standing for `weight`
    /// ordered rolls), against each bet's case `cases[i]` for the pattern.
    mutating func settle<Game: DiceGame>(
        _ roll: DiceRoll, weight: UInt64, rerolled: Bool, game: Game, cases: [Int], into judgements: inout [DetectorSurvey.BetJudgement]
    ) {
        for index in bets.indices {
            let bet = bets[index].bet
            guard let said = game.settle(bet, on: roll) else { continue }
            bets[index].gameSettles = true
            // NaN (no settlement) is counted apart: it is no dictionary key (NaN ≠ NaN).
            if said.isNaN {
                bets[index].unanswered &+= weight
            } else {
                bets[index].settled[said, default: DetectorSurvey.PayoutCounts()].add(weight, rerolled: rerolled)
            }
            if said.isNaN || !DetectorSurvey.agrees(said, betNets[index][cases[index]]) {
                judgements[index].wrong &+= weight
                if rerolled { judgements[index].wrongRerolled &+= weight }
                if judgements[index].firstWrong == nil { judgements[index].firstWrong = (said, roll) }
            }
        }
    }

    /// Counts every bet's case for `pattern` by the rules, and the game's wrong settlements judged on it.
    mutating func countBets(
        _ pattern: DiceRoll, orderings: UInt64, rerolled: UInt64, cases: [Int], judgements: [DetectorSurvey.BetJudgement]
    ) {
        for index in bets.indices {
            bets[index].byCase[cases[index]] += orderings
            bets[index].byCaseRerolled[cases[index]] += rerolled
            let judgement = judgements[index]
            guard judgement.wrong > 0 else { continue }
            bets[index].misSettled += judgement.wrong
            bets[index].mismatches.append(
                DetectorSurvey.BetMismatch(
                    pattern: pattern, wrongInPlay: judgement.wrong, wrongRerolled: judgement.wrongRerolled, orderings: orderings,
                    rules: bets[index].bet.net(ofCase: cases[index]),
                    game: judgement.firstWrong?.said ?? .nan, example: judgement.firstWrong?.roll ?? pattern))
        }
    }
}
