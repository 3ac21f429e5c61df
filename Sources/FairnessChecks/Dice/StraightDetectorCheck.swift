import FairnessModel

/// Exhaustive comparison of a dice game's straight detector with the reference: on every ordered roll
/// up to ``DetectorSurvey/orderedRollLimit``, through every multiset of faces beyond (see
/// ``DiceCoverage``) — no sampling of the game's play, so the counts are exact.
public struct StraightDetectorCheck: Sendable {
    /// The game's name.
    public let game: String
    /// The game's dice.
    public let dice: DiceSet
    /// How the rolls were visited.
    public let coverage: DiceCoverage
    /// Ordered rolls the game can produce (F^K).
    public let orderedRolls: UInt64
    /// Disagreements in play (the detector as the game calls it), by sorted pattern, ascending.
    public let mismatches: [DetectorMismatch]
    /// Ordered rolls the detector wrongly accepts (false straights).
    public let falseAccepts: UInt64
    /// Ordered rolls that are straights the detector rejects.
    public let falseRejects: UInt64
    /// Disagreements when the game's own state holds a straight (1 ... K) instead of the roll being
    /// judged: non-zero only for detectors that read state, not their argument.
    public let mismatchesWithStraightState: UInt64
    /// Disagreements when the game's own state holds a non-straight (all ones) instead of the roll.
    public let mismatchesWithNonStraightState: UInt64
    /// Multisets whose orderings the detector judged differently (only where not every ordering was
    /// called; with every ordering called, order dependence shows in the counts themselves).
    public let orderDependentPatterns: [DiceRoll]

    /// Whether the detector agrees with the reference on every roll, whatever the game's state.
    public var passed: Bool {
        mismatches.isEmpty && mismatchesWithStraightState == 0 && mismatchesWithNonStraightState == 0
            && orderDependentPatterns.isEmpty
    }

    /// Surveys `game` and compares its straight detector with the reference.
    /// - Complexity: see ``DetectorSurvey``.
    public init<Game: DiceGame>(_ game: Game) {
        self.init(game, survey: DetectorSurvey(game))
    }

    /// The comparison read from a survey already made of `game`.
    public init<Game: DiceGame>(_ game: Game, survey: DetectorSurvey) {
        self.game = game.name
        dice = game.dice
        coverage = survey.coverage
        orderedRolls = game.dice.orderedRollCount ?? .max
        mismatches = survey.mismatches.map {
            DetectorMismatch(
                pattern: $0.pattern, truth: $0.truth, mismatchingOrderedRolls: $0.wrongInPlay,
                orderedRollsOfPattern: $0.orderings)
        }
        falseAccepts = survey.falseAccepts
        falseRejects = survey.falseRejects
        mismatchesWithStraightState = survey.mismatchesWithStraightState
        mismatchesWithNonStraightState = survey.mismatchesWithNonStraightState
        orderDependentPatterns = survey.orderDependentPatterns
    }
}
