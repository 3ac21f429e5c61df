/// One play of a dice game: the first roll, whether the game rerolled, and the roll that stands.
public struct DicePlay: Sendable, Hashable {
    public let first: DiceRoll
    public let rerolled: Bool
    public let final: DiceRoll

    @inlinable
    public init(first: DiceRoll, rerolled: Bool, final: DiceRoll) {
        self.first = first
        self.rerolled = rerolled
        self.final = final
    }
}
