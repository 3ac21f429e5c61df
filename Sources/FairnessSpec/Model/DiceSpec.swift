import FairnessModel

/// A dice game as declared.
public struct DiceSpec: Sendable, Hashable {
    /// A category whose probability the game claims.
    public struct Claim: Sendable, Hashable {
        /// The category.
        public var category: PokerCategory
        /// The probability claimed for the final roll to be in it.
        public var probability: Double
    }

    /// The dice.
    public var dice: DiceSet
    /// What the game does after a roll its detector calls a straight.
    public var reroll: RerollPolicy
    /// The probabilities the game claims, by category.
    public var claims: [Claim]
    /// The hands the game names beyond the categories (small straight, ...), in the file's order.
    public var hands: [Hand] = []
    /// The unit the game rounds its printed claims to, or nil for claims given exactly (see
    /// ``WheelSpec/claimsRoundedTo``).
    public var claimsRoundedTo: Double? = nil
    /// The stake and declared and minimum RTP, if given.
    public var payout: PayoutSpec? = nil
    /// Whether the game sorts its dice before its detectors and settlement see them (`sees: sorted`).
    public var seesSortedDice = false
    /// The bets the game offers on its final roll, in the file's order.
    public var bets: [DiceBet] = []
    /// Whether the game shows dice faces (`shows: faces`, the default) or only values (`shows: values`).
    public var showsFaces = true
    /// The values the game reports from its draws, in the file's order.
    public var values: [DrawnValue] = []
    /// The rounds of several rolls the game offers, in the file's order.
    public var rounds: [DiceRound] = []

    /// What the game pays per hand — each hand's `prize` — with the `payout` terms; nil if no hand declares
    /// a prize and there is no `payout` block.
    public var paytable: Paytable<String>? {
        guard payout != nil || hands.contains(where: { $0.prize != nil }) else { return nil }
        var prizes: [String: Double] = [:]
        for hand in hands { if let prize = hand.prize { prizes[hand.name] = prize } }
        return (payout ?? PayoutSpec()).paytable(prizes)
    }

    /// A hand the game names, with its rule and what the game claims and pays for it.
    public struct Hand: Sendable, Hashable {
        /// The name in reports and in the probe's `hand NAME ...` requests (letters, digits, `-`, `_`, `.`).
        public var name: String
        /// What makes a roll the hand.
        public var rule: DiceHand.Rule
        /// The probability the game claims for its final roll to be the hand, if declared.
        public var claimed: Double?
        /// The prize it pays, if declared (recorded for return-to-player checks).
        public var prize: Double?

        /// The hand for the audit.
        public var diceHand: DiceHand { DiceHand(name: name, rule: rule, claimed: claimed) }
    }

    /// The declared hands for the audit.
    public var diceHands: [DiceHand] { hands.map(\.diceHand) }

    /// Half of ``claimsRoundedTo``, or 1e-9 for claims given exactly.
    public var claimTolerance: Double { claimsRoundedTo.map { $0 / 2 } ?? 1e-9 }

    /// The claims by category, or nil if there are none.
    public var claimedOdds: [PokerCategory: Double]? {
        claims.isEmpty ? nil : Dictionary(uniqueKeysWithValues: claims.map { ($0.category, $0.probability) })
    }
}
