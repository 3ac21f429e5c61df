/// Exhaustive comparison of a game's own category classifier (if it has one) with the reference.
public struct CategoryDetectorCheck: Sendable {
    public let game: String
    /// Ordered rolls per (game's category, true category) where they differ.
    public let confusions: [Confusion]

    public struct Confusion: Sendable, Hashable {
        public let reported: PokerCategory
        public let truth: PokerCategory
        public let orderedRolls: UInt64
    }

    public var passed: Bool { confusions.isEmpty }

    /// Nil when the game does not classify rolls.
    public init?<Game: DiceGame>(_ game: Game) throws {
        let dice = game.dice
        guard let total = dice.orderedRollCount, total <= DiceOdds.enumerationLimit else {
            throw DiceError.tooManyRollsToEnumerate(dice, limit: DiceOdds.enumerationLimit)
        }
        var probe = DiceRoll(count: dice.count)
        for index in 0..<dice.count { probe[index] = 1 }
        guard game.category(probe) != nil else { return nil }
        var table: [PokerCategory: [PokerCategory: UInt64]] = [:]
        DiceOdds.forEachOrderedRoll(dice) { roll in
            let truth = PokerCategory.of(roll)
            let reported = game.category(roll) ?? .nothing
            if reported != truth { table[reported, default: [:]][truth, default: 0] += 1 }
        }
        confusions = table.flatMap { reported, row in
            row.map { Confusion(reported: reported, truth: $0.key, orderedRolls: $0.value) }
        }.sorted { ($0.reported, $0.truth) < ($1.reported, $1.truth) }
        self.game = game.name
    }
}
