/// One play of a dice game: the first roll, whether the game rerolled, and the roll that stands.
public struct DicePlay: Sendable, Hashable {
    /// The first roll.
    public let first: DiceRoll
    /// Whether the game rolled again because its detector called ``first`` a straight.
    public let rerolled: Bool
    /// The roll that stands: the reroll if there was one, otherwise ``first``.
    public let final: DiceRoll

    /// A play with the given rolls; no consistency between them is checked.
    @inlinable
    public init(first: DiceRoll, rerolled: Bool, final: DiceRoll) {
        self.first = first
        self.rerolled = rerolled
        self.final = final
    }
}
