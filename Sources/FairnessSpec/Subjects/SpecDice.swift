import FairnessModel
import Foundation

/// The toolkit's exact model of a declared dice game: fair independent dice, the reference straight
/// detector and categories, the declared hands (by their rules), the declared reroll policy, and the
/// declared claims.
public struct SpecDice: DiceGame {
    /// The declaration.
    public let spec: DiceSpec
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The declared hands; the model has no detector of its own for them (their rules are the truth), so
    /// the audit computes their exact odds and compares them with the claims.
    public let hands: [DiceHand]

    /// The model of `spec`, named `name`.
    public init(_ spec: DiceSpec, name: String, summary: String) {
        self.spec = spec
        self.name = name
        self.summary = summary
        hands = spec.diceHands
    }

    /// The declared dice.
    public var dice: DiceSet { spec.dice }
    /// The declared reroll policy.
    public var rerollPolicy: RerollPolicy { spec.reroll }
    /// The declared claims, if any.
    public var claimedOdds: [PokerCategory: Double]? { spec.claimedOdds }
    /// How far exact odds may lie from the claims (half of `claims-rounded-to`).
    public var claimTolerance: Double { spec.claimTolerance }
    /// The declared prizes and payout terms, if any.
    public var paytable: Paytable<String>? { spec.paytable }
    /// Whether the game sees its dice sorted (as declared).
    public var seesSortedDice: Bool { spec.seesSortedDice }
    /// The declared bets; the model settles none itself (their rules are the truth), so the audit computes
    /// their exact odds and compares them with the published figures.
    public var bets: [DiceBet] { spec.bets }
    /// The declared rounds; the model plays none itself (their rules are the truth).
    public var rounds: [DiceRound] { spec.rounds }

    /// Every die fair and independent.
    @inlinable
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    /// The reference straight.
    public func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    /// The reference category.
    public func category(_ roll: DiceRoll) -> PokerCategory? { PokerCategory.of(roll) }
}
