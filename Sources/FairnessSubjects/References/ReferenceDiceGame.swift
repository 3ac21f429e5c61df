import FairnessModel

/// The toolkit's reference dice game: any K dice of F faces, fair and independent, classified by
/// `PokerCategory/of(_:)` and `PokerCategory/isStraight(_:)`. Correct by construction; the model to copy.
public struct ReferenceDiceGame: DiceGame {
    /// The dice rolled.
    public let dice: DiceSet
    /// What the game does after a roll `PokerCategory/isStraight(_:)` calls a straight.
    public let rerollPolicy: RerollPolicy
    /// The hands the game names (none by default); the reference judges them by their rules.
    public var hands: [DiceHand] = []
    /// What the game pays by hand name, if anything (nil by default).
    public var paytable: Paytable<String>?

    /// A reference game.
    /// - Parameters:
    ///   - dice: The dice rolled; five six-sided dice by default.
    ///   - rerollPolicy: What happens after a straight; by default the first roll is final.
    public init(dice: DiceSet = .fiveSixSided, rerollPolicy: RerollPolicy = .never) {
        self.dice = dice
        self.rerollPolicy = rerollPolicy
    }

    /// `reference-dice-` followed by the dice (`reference-dice-5d6`), with `-reroll` appended under a reroll policy.
    public var name: String {
        "reference-dice-\(dice)" + (rerollPolicy == .never ? "" : "-reroll")
    }

    /// One line naming the dice and, if any, the reroll policy.
    public var summary: String {
        "The toolkit's reference: \(dice), fair independent dice, exact classification"
            + (rerollPolicy == .never ? "" : ", one reroll after a straight")
    }

    /// Rolls every die independently and uniformly (`DiceSet/roll(using:)`).
    @inlinable
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    /// The reference straight predicate, `PokerCategory/isStraight(_:)`.
    public func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    /// The exact category, `PokerCategory/of(_:)`; never nil.
    public func category(_ roll: DiceRoll) -> PokerCategory? { PokerCategory.of(roll) }
}
