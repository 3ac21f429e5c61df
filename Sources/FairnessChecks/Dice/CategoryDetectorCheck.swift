import FairnessModel

/// Exhaustive comparison of a game's own category classifier (if it has one) with the reference, over
/// the same rolls as ``StraightDetectorCheck`` (see ``DiceCoverage``).
public struct CategoryDetectorCheck: Sendable {
    /// The game's name.
    public let game: String
    /// Ordered rolls per (game's category, true category) where they differ, in category order.
    public let confusions: [Confusion]

    /// Rolls of one true category that the game classifies as another.
    public struct Confusion: Sendable, Hashable {
        /// What the game says.
        public let reported: PokerCategory
        /// What the roll is.
        public let truth: PokerCategory
        /// How many ordered rolls.
        public let orderedRolls: UInt64
    }

    /// Every multiset the classifier gets wrong, with the orderings it gets wrong (in pattern order).
    public let mismatches: [DetectorSurvey.PatternCounts]

    /// Whether the classifier agrees with the reference on every roll.
    public var passed: Bool { confusions.isEmpty }

    /// Surveys `game`; nil when the game does not classify rolls.
    /// - Complexity: see ``DetectorSurvey``.
    public init?<Game: DiceGame>(_ game: Game) {
        self.init(game, survey: DetectorSurvey(game))
    }

    /// The comparison read from a survey already made of `game`; nil when the game does not classify rolls.
    public init?<Game: DiceGame>(_ game: Game, survey: DetectorSurvey) {
        guard let table = survey.categoryConfusions else { return nil }
        confusions = table.flatMap { reported, row in
            row.map { Confusion(reported: reported, truth: $0.key, orderedRolls: $0.value) }
        }.sorted { ($0.reported, $0.truth) < ($1.reported, $1.truth) }
        mismatches = survey.categoryMismatches
        self.game = game.name
    }
}
