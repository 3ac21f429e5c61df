import FairnessModel

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
    /// For each of the game's hands, in order: P(one fair roll is the hand) and P(the final roll is the
    /// hand) under the policy; nil when the survey did not visit every roll (too many multisets), so the
    /// odds are not exact.
    public let hands: [(hand: DiceHand, single: ExactProbability, final: ExactProbability)]?

    /// Computes the exact final odds of `game` under its own reroll policy.
    ///
    /// - Parameter game: The dice game; its straight detector decides which first rolls are rerolled.
    /// - Throws: `DiceError.tooManyRollsToCount(_:)` only for dice whose F^K ordered rolls exceed 2^64,
    ///   which `DiceSet` refuses to build.
    /// - Complexity: that of ``DetectorSurvey`` (which rolls are rerolled is read from the survey), plus
    ///   O(p(K)) for the exact single-roll odds over the partitions of K.
    public init<Game: DiceGame>(_ game: Game) throws {
        try self.init(game, survey: DetectorSurvey(game))
    }

    /// The odds read from a survey already made of `game` (which rolls its detector calls straights).
    /// - Throws: as ``init(_:)``.
    public init<Game: DiceGame>(_ game: Game, survey: DetectorSurvey) throws {
        let dice = game.dice
        let single = try DiceOdds.categoryCounts(dice)
        let total = single.total
        let categories = PokerCategory.defined(forDice: dice.count)
        let rerolls = game.rerollPolicy == .rerollOnceAfterDetectedStraight
        let detected = rerolls ? survey.detectedStraights : 0
        // Numerators over total²: kept rolls count total each; rerolled ones spread by the fresh odds.
        let denominator = UInt128(total) * UInt128(total)
        var finals: [PokerCategory: ExactProbability] = [:]
        for category in categories {
            let detectedHere = rerolls ? survey.detectedStraightsByCategory[category.rawValue] : 0
            let kept = (single.counts[category] ?? 0) - detectedHere
            let numerator = UInt128(kept) * UInt128(total) + UInt128(detected) * UInt128(single.counts[category] ?? 0)
            finals[category] = ExactProbability(numerator, over: denominator)
        }
        // Hands, the same way: P(final = h) = [(holds − holds and rerolled) · T + rerolled · holds] / T².
        if survey.coverage.isExhaustive {
            hands = survey.hands.map { counts in
                let kept = counts.holds - (rerolls ? counts.holdsAndRerolled : 0)
                let numerator = UInt128(kept) * UInt128(total) + UInt128(detected) * UInt128(counts.holds)
                return (
                    counts.hand, ExactProbability(UInt128(counts.holds), over: UInt128(total)),
                    ExactProbability(numerator, over: denominator)
                )
            }
        } else {
            hands = nil
        }
        self.game = game.name
        policy = game.rerollPolicy
        reroll = ExactProbability(UInt128(detected), over: UInt128(total))
        finalStraight = finals[.straight] ?? .zero
        finalCategories = finals
    }
}
