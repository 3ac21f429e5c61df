/// The exact probability of each final outcome of a dice game under its reroll policy, by enumerating
/// the first roll and, where the game's detector triggers a reroll, the fresh roll's exact odds:
///
///     P(final = c) = Σ_first P(first) · (detected(first) ? P(c) : 1[category(first) = c])
///
/// The category is the true one of the roll that stands (what the player sees).
public struct PolicyOdds: Sendable {
    /// The game's name.
    public let game: String
    /// The game's reroll policy, under which the odds are computed.
    public let policy: RerollPolicy
    /// P(the game rerolls).
    public let reroll: ExactProbability
    /// P(the final roll is a straight).
    public let finalStraight: ExactProbability
    /// P(final category = c) for every category defined for the dice.
    public let finalCategories: [PokerCategory: ExactProbability]

    /// Computes the exact final odds of `game` under its own reroll policy.
    ///
    /// - Parameter game: The dice game; its straight detector decides which first rolls are rerolled.
    /// - Throws: `DiceError.tooManyRollsToCount(_:)` if the dice have more than 2⁶⁴ ordered rolls, and
    ///   `DiceError.tooManyRollsToEnumerate(_:limit:)` if they have more than
    ///   `DiceOdds.enumerationLimit`.
    /// - Complexity: O(F^K): every ordered roll of the game's K dice of F faces is visited once (and
    ///   passed to the game's `isStraight(_:)` when the policy rerolls).
    public init<Game: DiceGame>(_ game: Game) throws {
        let dice = game.dice
        let single = try DiceOdds.categoryCounts(dice)
        guard let total = dice.orderedRollCount, total <= DiceOdds.enumerationLimit else {
            throw DiceError.tooManyRollsToEnumerate(dice, limit: DiceOdds.enumerationLimit)
        }
        let categories = PokerCategory.defined(forDice: dice.count)
        var firstRollCounts = [UInt64](repeating: 0, count: PokerCategory.allCases.count)
        var detected: UInt64 = 0
        DiceOdds.forEachOrderedRoll(dice) { roll in
            if game.rerollPolicy == .rerollOnceAfterDetectedStraight && game.isStraight(roll) {
                detected += 1
            } else {
                firstRollCounts[PokerCategory.of(roll).rawValue] += 1
            }
        }
        // Numerators over total²: kept rolls count total each; rerolled ones spread by the fresh odds.
        let denominator = UInt128(total) * UInt128(total)
        var finals: [PokerCategory: ExactProbability] = [:]
        for category in categories {
            let numerator = UInt128(firstRollCounts[category.rawValue]) * UInt128(total)
                + UInt128(detected) * UInt128(single.counts[category] ?? 0)
            finals[category] = ExactProbability(numerator, over: denominator)
        }
        self.game = game.name
        policy = game.rerollPolicy
        reroll = ExactProbability(UInt128(detected), over: UInt128(total))
        finalStraight = finals[.straight] ?? .zero
        finalCategories = finals
    }
}
