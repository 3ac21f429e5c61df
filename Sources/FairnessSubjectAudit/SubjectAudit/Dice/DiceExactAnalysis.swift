import BigInt
import FairnessChecks
import FairnessModel
import FairnessRunner
import Foundation

/// Everything a dice game's exact checks establish, from one pass over its rolls: the detectors against
/// the reference, the odds under the reroll policy, what the game claims, its own roll mapping, and the
/// findings' classes.
struct DiceExactAnalysis {
    /// A claim the game makes (a category's or a hand's odds) against its exact final odds.
    typealias Claim = (what: String, claimed: Double, exact: Double)

    let survey: DetectorSurvey
    let detector: StraightDetectorCheck
    let classifier: CategoryDetectorCheck?
    let policy: PolicyOdds
    let single: DiceOdds.Counts
    /// The categories defined for this many dice, in report order.
    let categories: [PokerCategory]
    /// Each category's odds in one fair roll.
    let singleOdds: [ExactProbability]
    let claims: [Claim]
    /// Hands whose odds could not be computed exactly (too many rolls), by name.
    let unexactClaims: [String]
    /// The game's own mapping from draws to faces (games that roll from given draws: counterexamples).
    let rollMapping: RollMappingCheck?
    /// Each bet's exact check, in the game's order.
    let bets: [BetCheck]
    let classes: DiceFindings

    package init<Game: DiceGame>(_ game: Game) throws {
        let dice = game.dice
        let survey = DetectorSurvey(
            game, orderedRollLimit: (game as? any BatchRollingDice)?.orderedRollLimit ?? DetectorSurvey.orderedRollLimit)
        let detector = StraightDetectorCheck(game, survey: survey)
        let classifier = CategoryDetectorCheck(game, survey: survey)
        self.survey = survey
        self.detector = detector
        self.classifier = classifier
        let policy = try PolicyOdds(game, survey: survey)
        self.policy = policy
        let single = try DiceOdds.categoryCounts(dice)
        let categories = PokerCategory.defined(forDice: dice.count)
        let singleOdds = try categories.map { try single.probability(of: $0) }
        self.single = single
        self.categories = categories
        self.singleOdds = singleOdds
        // What the game claims, categories then hands, against its exact final odds.
        var claims: [Claim] = (game.claimedOdds ?? [:]).sorted { $0.key < $1.key }.map {
            ($0.key.name, $0.value, policy.finalCategories[$0.key]?.value ?? 0)
        }
        var unexactClaims: [String] = []
        for (index, hand) in game.hands.enumerated() {
            guard let claimed = hand.claimed else { continue }
            if let odds = policy.hands?[index] {
                claims.append((hand.name, claimed, odds.final.value))
            } else {
                unexactClaims.append(hand.name)
            }
        }
        self.claims = claims
        self.unexactClaims = unexactClaims
        let rollMapping = (game as? any BatchRollingDice).flatMap { batching in
            batching.showsFaces ? RollMappingCheck(dice: dice) { batching.faces(from: $0) } : nil
        }
        self.rollMapping = rollMapping
        let bets = survey.bets.map {
            BetCheck(
                $0, coverage: survey.coverage, orderedRolls: dice.orderedRollCount ?? .max, detected: survey.detectedStraights,
                policy: game.rerollPolicy)
        }
        self.bets = bets
        classes = DiceFindings(
            detector: detector, categories: classifier, policy: policy,
            single: Dictionary(uniqueKeysWithValues: zip(categories, singleOdds)), hands: survey.hands, claims: claims,
            claimTolerance: game.claimTolerance, bets: bets, faceOdds: Self.faceOdds(rollMapping))
    }

    /// ``faceOdds(_:)`` as exact fractions (each face's count of the grid over the grid's size), for the
    /// exact shares of rounds.
    static func exactFaceOdds(_ rollMapping: RollMappingCheck?) -> [ExactFraction]? {
        guard faceOdds(rollMapping) != nil, let counts = rollMapping?.mappings.first?.counts else { return nil }
        return counts.dropFirst().map { ExactFraction(BigInt($0), BigInt(RollMappingCheck.gridSize)) }
    }

    /// The faces' odds under the game's own mapping when it is not fair (or rolls faces no die has), so
    /// that a detector's wrong rolls weigh what they weigh in play; nil when the mapping is fair.
    static func faceOdds(_ rollMapping: RollMappingCheck?) -> [Double]? {
        guard let rollMapping, rollMapping.unstable == nil, let first = rollMapping.mappings.first,
            rollMapping.mappings.allSatisfy({ $0.counts == first.counts }),
            rollMapping.largestDifference > rollMapping.gridTolerance || first.counts[0] > 0
        else { return nil }
        return first.counts.dropFirst().map { Double($0) / Double(RollMappingCheck.gridSize) }
    }

    /// The share of plays that roll a face no die has, under the game's own mapping (0 without one, or
    /// when the mapping does not hold a partition).
    var invalidShare: Double {
        guard let mapping = rollMapping, mapping.unstable == nil else { return 0 }
        return 1 - mapping.mappings.reduce(1.0) { $0 * (1 - Double($1.counts[0]) / Double(RollMappingCheck.gridSize)) }
    }

    /// The largest difference of a face's odds from 1/F under the game's own mapping, beyond the grid's
    /// tolerance (0 otherwise).
    var mappingDifference: Double {
        guard let mapping = rollMapping, mapping.unstable == nil, mapping.largestDifference > mapping.gridTolerance else { return 0 }
        return mapping.largestDifference
    }
}
