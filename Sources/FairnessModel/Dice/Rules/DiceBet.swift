/// A bet on one roll, as a game's rules card or paytable states it: cases tried in order, the first that
/// holds settling the bet at its net payout per unit staked; a roll no case takes settles at
/// ``otherwise`` (the stake lost, −1, unless declared).
///
/// Sic bo's "small" is `[all equal: −1, total in 4..10: +1]` (a triple loses, else 4 to 10 wins even
/// money); chuck-a-luck on 4 is `[count of 4 = 3: +3, count of 4 = 2: +2, count of 4 = 1: +1]`; a push is a
/// case paying 0. Payouts are exact fractions ("0.95" is 19/20), net of the stake: "pays 35 to 1" is 35.
public struct DiceBet: Sendable, Hashable, CustomStringConvertible {
    /// One line of the bet's rules: when `condition` holds (and no earlier case did), the bet pays `net`
    /// per unit staked.
    public struct Case: Sendable, Hashable {
        /// When the case settles the bet.
        public let condition: DiceCondition
        /// The net payout per unit staked (−1: the stake lost; 0: a push).
        public let net: ExactFraction

        /// A case paying `net` when `condition` holds.
        public init(when condition: DiceCondition, net: ExactFraction) {
            self.condition = condition
            self.net = net
        }
    }

    /// A figure a game publishes for a bet, as printed: `2.78%` agrees with any exact value within half
    /// a unit of its last digit; a fraction (`105/216`) or a figure declared exact must be equal.
    public struct DeclaredFigure: Sendable, Hashable {
        /// The value as printed, exactly.
        public let value: ExactFraction
        /// How far the exact figure may lie from it and agree (0: exactly equal).
        public let tolerance: ExactFraction

        /// A figure `value` that agrees with exact figures within `tolerance`.
        /// - Precondition: `tolerance` ≥ 0.
        public init(_ value: ExactFraction, tolerance: ExactFraction = .zero) {
            precondition(!(tolerance < .zero), "a tolerance is at least 0")
            self.value = value
            self.tolerance = tolerance
        }

        /// Whether `exact` agrees with the figure.
        public func agrees(with exact: ExactFraction) -> Bool {
            let difference = exact - value
            return !(tolerance < (difference < .zero ? -difference : difference))
        }
    }

    /// The figures a bet can publish.
    public enum Figure: String, Sendable, Hashable, CaseIterable, CustomStringConvertible, Codable {
        /// The probability the bet wins (pays more than 0).
        case winProbability = "win-probability"
        /// The expected loss per unit staked: −E[net].
        case houseEdge = "house-edge"
        /// The expected return per unit staked: 1 + E[net].
        case returnToPlayer = "return"
        /// The expected number of rolls a round takes (a round's figure: a bet is settled on one roll).
        case expectedRolls = "expected-rolls"

        /// The figures a bet settled on one roll can publish (all but ``expectedRolls``).
        public static let ofABet: [Figure] = [.winProbability, .houseEdge, .returnToPlayer]

        public var description: String { rawValue }
    }

    /// The bet's name as the game shows it (`small`, `pass-line`); unique among a game's bets.
    public let name: String
    /// The cases, tried in order.
    public let cases: [Case]
    /// What a roll no case takes pays: −1 (the stake lost) unless declared.
    public let otherwise: ExactFraction
    /// The figures the game publishes for the bet, compared with the exact ones.
    public let declared: [Figure: DeclaredFigure]

    /// A bet settled by `cases` in order, `otherwise` when none holds.
    public init(name: String, cases: [Case], otherwise: ExactFraction = ExactFraction(-1), declared: [Figure: DeclaredFigure] = [:]) {
        self.name = name
        self.cases = cases
        self.otherwise = otherwise
        self.declared = declared
    }

    /// A bet that pays `net` when `condition` holds and loses the stake otherwise.
    public init(name: String, wins condition: DiceCondition, pays net: ExactFraction, declared: [Figure: DeclaredFigure] = [:]) {
        self.init(name: name, cases: [Case(when: condition, net: net)], declared: declared)
    }

    public var description: String {
        (cases.map { "\($0.condition): \($0.net)" } + ["otherwise: \(otherwise)"]).joined(separator: "; ")
    }

    /// The case that settles `roll` by the rules: an index into ``cases``, or `cases.count` for ``otherwise``.
    /// - Complexity: the cases' conditions, in order, until one holds.
    @inlinable
    public func settlingCase(_ roll: DiceRoll) -> Int {
        for (index, item) in cases.enumerated() where item.condition.holds(in: roll) { return index }
        return cases.count
    }

    /// The net payout per unit staked of case `index` (`cases.count`: ``otherwise``).
    public func net(ofCase index: Int) -> ExactFraction { index < cases.count ? cases[index].net : otherwise }

    /// The net payout per unit staked on `roll`, by the rules.
    public func net(on roll: DiceRoll) -> ExactFraction { net(ofCase: settlingCase(roll)) }
}
