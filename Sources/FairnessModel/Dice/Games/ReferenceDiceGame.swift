/// The toolkit's reference dice game: any K dice of F faces, fair and independent, classified by
/// ``PokerCategory/of(_:)`` and ``PokerCategory/isStraight(_:)``. Correct by construction; the model to copy.
public struct ReferenceDiceGame: DiceGame {
    public let dice: DiceSet
    public let rerollPolicy: RerollPolicy

    public init(dice: DiceSet = .fiveSixSided, rerollPolicy: RerollPolicy = .never) {
        self.dice = dice
        self.rerollPolicy = rerollPolicy
    }

    public var name: String {
        "reference-dice-\(dice)" + (rerollPolicy == .never ? "" : "-reroll")
    }

    public var summary: String {
        "The toolkit's reference: \(dice), fair independent dice, exact classification"
            + (rerollPolicy == .never ? "" : ", one reroll after a straight")
    }

    @inlinable
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    public func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    public func category(_ roll: DiceRoll) -> PokerCategory? { PokerCategory.of(roll) }
}
