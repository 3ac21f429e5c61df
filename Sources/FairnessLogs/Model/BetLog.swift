import FairnessModel
import FairnessReport

extension LogModel {
    /// A bet or a round of a dice game, as a log names it on its lines (the `bet` column): its rules and its
    /// exact odds of each net payout.
    ///
    /// A line of a bet shows one roll (the final roll under the game's reroll policy); a line of a round
    /// shows every roll of the round in order, separated by `/` (`4-3 / 6-5 / 4-3`), each the whole roll
    /// the game shows, kept dice included. Its `payout` is what the player got back, stake included: a
    /// bet settled at net n (per unit staked) pays stake · (1 + n).
    public struct BetLog: Sendable {
        /// What settles it.
        public enum Rules: Sendable {
            /// A bet settled on one roll.
            case bet(DiceBet)
            /// A round of several rolls.
            case round(DiceRound)
        }

        /// What a line's rolls come to under the rules (`BetLineSettlement`, a value of the report model).
        public typealias Settlement = BetLineSettlement

        /// The name lines give in the `bet` column.
        public let name: String
        /// Its rules.
        public let rules: Rules
        /// Its exact odds of each net (a bet's on the final roll under the reroll policy); nil where they
        /// could not be computed exactly.
        public let odds: DiceBetOdds?

        /// A bet or round of a log.
        public init(name: String, rules: Rules, odds: DiceBetOdds?) {
            self.name = name
            self.rules = rules
            self.odds = odds
        }

        /// Whether a line of it shows one roll (a bet) rather than a round's rolls.
        public var isSingleRoll: Bool {
            if case .bet = rules { return true }
            return false
        }

        /// What `rolls` of `dice` come to under the rules (an invalid roll is an empty one; a round's roll
        /// must show as many dice as the round rolls then: every die, or after a move that rerolls some,
        /// those alone).
        public func settle(_ rolls: [DiceRoll], dice: Int) -> Settlement {
            if let invalid = rolls.firstIndex(where: { $0.count == 0 }) { return .invalidRoll(index: invalid + 1) }
            switch rules {
            case .bet(let bet):
                guard rolls.count == 1 else { return .severalRolls }
                return rolls[0].count == dice ? .net(bet.net(on: rolls[0])) : .invalidRoll(index: 1)
            case .round(let round):
                var state = DiceRound.start
                for (index, roll) in rolls.enumerated() {
                    guard roll.count == state.kept.count + state.diceRolled(of: dice) else { return .invalidRoll(index: index + 1) }
                    switch round.step(state, roll) {
                    case .settled(let net): return index + 1 < rolls.count ? .endsEarlier(at: index + 1) : .net(net)
                    case .continues(let next): state = next
                    }
                }
                return .unfinished
            }
        }

        /// The payouts per unit staked the rules can give (1 + each net), ascending, with their exact odds
        /// (nil without exact odds; a round's levels are then unknown).
        public var returnLevels: (levels: [Double], odds: [Double]?) {
            var probability: [Double: ExactFraction] = [:]
            if let odds {
                for outcome in odds.outcomes {
                    probability[(ExactFraction.one + outcome.net).double, default: .zero] += outcome.probability
                }
            } else if case .bet(let bet) = rules {
                for net in bet.cases.map(\.net) + [bet.otherwise] { probability[(ExactFraction.one + net).double] = .zero }
            }
            let levels = probability.keys.sorted()
            return (levels, odds == nil ? nil : levels.map { probability[$0]!.double })
        }
    }
}
