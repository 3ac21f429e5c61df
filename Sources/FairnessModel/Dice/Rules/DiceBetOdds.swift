import BigInt

/// A bet's exact odds and return: the probability of each net payout, the probability it wins, pushes and
/// loses, and its return and house edge per unit staked, all as exact fractions.
///
/// With p(c) the probability that case c settles the final roll and net(c) its payout: E[net] = Σ p(c)·net(c),
/// the return to player is 1 + E[net] and the house edge −E[net] (sic bo's small: 105/216 wins even money,
/// the rest loses: E[net] = −6/216, a house edge of 1/36 ≈ 2.78%).
public struct DiceBetOdds: Sendable, Hashable {
    /// One net payout and its probability.
    public struct Outcome: Sendable, Hashable {
        /// The net payout per unit staked.
        public let net: ExactFraction
        /// Its exact probability.
        public let probability: ExactFraction
    }

    /// The bet's name.
    public let bet: String
    /// Each net payout the bet can settle at, ascending, with its probability (payouts of probability 0
    /// left out).
    public let outcomes: [Outcome]
    /// The expected number of rolls until the bet is settled: 1 for a bet on one roll, a round's from its
    /// Markov chain.
    public let expectedRolls: ExactFraction

    /// The exact odds of `bet` when case i (``DiceBet/cases``, then ``DiceBet/otherwise``) settles with
    /// probability `caseProbabilities[i]`.
    /// - Precondition: `caseProbabilities.count == bet.cases.count + 1`.
    public init(_ bet: DiceBet, caseProbabilities: [ExactFraction]) {
        precondition(caseProbabilities.count == bet.cases.count + 1, "one probability per case and one for otherwise")
        var byNet: [ExactFraction: ExactFraction] = [:]
        for (index, probability) in caseProbabilities.enumerated() where !probability.isZero {
            byNet[bet.net(ofCase: index), default: .zero] += probability
        }
        self.bet = bet.name
        outcomes = byNet.sorted { $0.key < $1.key }.map { Outcome(net: $0.key, probability: $0.value) }
        expectedRolls = .one
    }

    /// The odds of a bet named `bet` that settles at each net payout with the probability `distribution`
    /// gives it (a round's, from ``DiceRoundOdds``), in `expectedRolls` rolls on average.
    public init(bet: String, distribution: [ExactFraction: ExactFraction], expectedRolls: ExactFraction = .one) {
        self.bet = bet
        outcomes = distribution.filter { !$0.value.isZero }.sorted { $0.key < $1.key }.map { Outcome(net: $0.key, probability: $0.value) }
        self.expectedRolls = expectedRolls
    }

    /// The exact odds of `bet` on one roll of fair `dice`, by enumerating every multiset of faces weighted
    /// by its orderings.
    /// - Complexity: O(C(F + K − 1, K)) condition evaluations (252 for 5d6, 1,771 for 3d20...).
    public init(_ bet: DiceBet, dice: DiceSet) {
        let counts = Self.caseCounts(bet, dice: dice)
        let total = BigInt(dice.orderedRollCount!)
        self.init(bet, caseProbabilities: counts.map { ExactFraction(BigInt($0), total) })
    }

    /// Ordered rolls of fair `dice` settled by each case of `bet` (then ``DiceBet/otherwise``).
    public static func caseCounts(_ bet: DiceBet, dice: DiceSet) -> [UInt64] {
        var counts = [UInt64](repeating: 0, count: bet.cases.count + 1)
        for (pattern, orderings) in DiceRoundOdds.patterns(dice) { counts[bet.settlingCase(pattern)] += orderings }
        return counts
    }

    /// The probability the bet wins (pays more than 0).
    public var winProbability: ExactFraction { ExactFraction.sum(outcomes.filter { ExactFraction.zero < $0.net }.map(\.probability)) }
    /// The probability the bet pushes (pays 0: the stake returned).
    public var pushProbability: ExactFraction { ExactFraction.sum(outcomes.filter { $0.net.isZero }.map(\.probability)) }
    /// The probability the bet loses money (pays less than 0).
    public var loseProbability: ExactFraction { ExactFraction.sum(outcomes.filter { $0.net < .zero }.map(\.probability)) }
    /// The expected net payout per unit staked, Σ p·net.
    public var expectedNet: ExactFraction { ExactFraction.sum(outcomes.map { $0.net * $0.probability }) }
    /// The expected return per unit staked, 1 + E[net].
    public var returnToPlayer: ExactFraction { .one + expectedNet }
    /// The house edge per unit staked, −E[net].
    public var houseEdge: ExactFraction { -expectedNet }

    /// The exact value of a figure the bet can publish.
    public func figure(_ figure: DiceBet.Figure) -> ExactFraction {
        switch figure {
        case .winProbability: return winProbability
        case .houseEdge: return houseEdge
        case .returnToPlayer: return returnToPlayer
        case .expectedRolls: return expectedRolls
        }
    }
}
