import FairnessModel

/// The classes and magnitudes of what the exact checks of a dice game found.
///
/// In play the game calls its detectors on the roll it just made, with its own state holding that roll:
/// a wrong answer there is a ``FindingClass/mislabel`` of the roll's category (magnitude: the share of
/// ordered rolls it affects). Wrong answers only when the game's state holds another roll than the one
/// judged — the detector called as a function — are ``FindingClass/latent``. Final odds under the reroll
/// policy that differ from one fair roll are ``FindingClass/odds`` (magnitude: the largest difference in
/// one category's probability).
public struct DiceFindings: Sendable {
    /// The straight detector check's finding.
    public let straightDetector: Finding?
    /// The category classifier check's finding (nil also for games that do not classify).
    public let categoryClassifier: Finding?
    /// The finding of the comparison of the final odds with one fair roll.
    public let finalOdds: Finding?
    /// For each of the game's hands, in order: the finding of its detector in play (a ``FindingClass/mislabel``
    /// of the share of rolls it judges wrongly), nil where it is right on every roll or the game has no
    /// detector of its own.
    public let handDetectors: [Finding?]
    /// The finding of the odds the game claims for its categories and hands against their exact final odds
    /// (a ``FindingClass/odds`` of the largest difference), nil when they agree within the claim tolerance or
    /// it claims none.
    public let claimedOdds: Finding?
    /// For each of the game's bets, in order: the finding of its settlement in play (a
    /// ``FindingClass/mislabel`` of the share of final rolls it settles wrongly), nil where it settles
    /// every roll as the rules do or the game does not settle the bet itself.
    public let betSettlements: [Finding?]
    /// For each bet: the finding of the figures it publishes (an ``FindingClass/odds`` of the largest
    /// difference from the exact figure), nil where they agree or it publishes none.
    public let betFigures: [Finding?]

    /// Classifies what the dice checks of a game found.
    /// - Parameters:
    ///   - detector: The straight detector check.
    ///   - categories: The category classifier check, if the game classifies.
    ///   - policy: The exact final odds under the game's reroll policy.
    ///   - single: The exact odds of one fair roll, by category.
    ///   - hands: The survey's counts for the game's hands (none by default).
    ///   - claims: The game's claims compared with exact final odds: `(what, claimed, exact)` (none by default).
    ///   - claimTolerance: How far a claim may lie from the exact odds and agree (the game's
    ///     `claimTolerance`; 1e-9 by default).
    ///   - bets: Each bet's exact check (none by default).
    ///   - faceOdds: The probability of each face 1 ... F under the game's own mapping from draws to faces,
    ///     the same for every die (a probe's `roll`, checked exactly), when it is not fair: a detector's
    ///     share of plays is then the probability of the rolls it gets wrong under that mapping, not their
    ///     share of the ordered rolls. nil: fair dice.
    public init(
        detector: StraightDetectorCheck, categories: CategoryDetectorCheck?, policy: PolicyOdds,
        single: [PokerCategory: ExactProbability], hands: [DetectorSurvey.HandCounts] = [],
        claims: [(what: String, claimed: Double, exact: Double)] = [], claimTolerance: Double = 1e-9, bets: [BetCheck] = [],
        faceOdds: [Double]? = nil
    ) {
        let rolls = Double(detector.orderedRolls)
        let exhaustive = detector.coverage.isExhaustive
        // In play a roll comes up with the probability the game's own dice give it: every ordering of a
        // pattern has the product of its faces' odds (the same for every die).
        func inPlay(_ wrong: [(pattern: DiceRoll, orderedRolls: UInt64)]) -> Double {
            guard let faceOdds else { return Double(wrong.reduce(UInt64(0)) { $0 + $1.orderedRolls }) / rolls }
            return wrong.reduce(0) { total, mismatch in
                total + Double(mismatch.orderedRolls) * mismatch.pattern.faces.reduce(1.0) { $0 * faceOdds[$1 - 1] }
            }
        }
        let underOwnDice = faceOdds != nil
        let wrongInPlay = detector.falseAccepts + detector.falseRejects
        if wrongInPlay > 0 || !detector.orderDependentPatterns.isEmpty {
            let share = inPlay(detector.mismatches.map { ($0.pattern, $0.mismatchingOrderedRolls) })
            straightDetector = Finding(
                .mislabel, magnitude: exhaustive && detector.orderDependentPatterns.isEmpty ? share : nil,
                fact: .detectorWrong(
                    .straight, falseAccepts: detector.falseAccepts, falseRejects: detector.falseRejects, share: exhaustive ? share : nil,
                    checked: wrongInPlay, underOwnDice: underOwnDice))
        } else if detector.mismatchesWithStraightState > 0 || detector.mismatchesWithNonStraightState > 0 {
            straightDetector = Finding(
                .latent, magnitude: 0,
                fact: .detectorWrongOnlyOutOfPlay(rolls: detector.mismatchesWithStraightState + detector.mismatchesWithNonStraightState))
        } else {
            straightDetector = nil
        }
        if let categories, !categories.confusions.isEmpty {
            let wrong = categories.confusions.reduce(UInt64(0)) { $0 + $1.orderedRolls }
            let share = inPlay(categories.mismatches.map { ($0.pattern, $0.wrongInPlay) })
            categoryClassifier = Finding(
                .mislabel, magnitude: exhaustive ? share : nil,
                fact: .classifierWrong(rolls: wrong, share: share, underOwnDice: underOwnDice))
        } else {
            categoryClassifier = nil
        }
        handDetectors = hands.map { counts in
            let wrong = counts.falseAccepts + counts.falseRejects
            guard counts.gameDetects, wrong > 0 else { return nil }
            let share = inPlay(counts.mismatches.map { ($0.pattern, $0.wrongInPlay) })
            return Finding(
                .mislabel, magnitude: exhaustive ? share : nil,
                fact: .detectorWrong(
                    .hand(counts.hand.name), falseAccepts: counts.falseAccepts, falseRejects: counts.falseRejects,
                    share: exhaustive ? share : nil, checked: wrong, underOwnDice: underOwnDice))
        }
        // A bet settles the final roll: a wrong roll the game rerolls is not final, and a reroll is final with
        // the fresh roll's odds, so a wrong pattern weighs (w − w_R) + (D/N)·w orderings (D/N the reroll
        // probability of fair dice).
        let rerollShare = policy.policy == .rerollOnceAfterDetectedStraight ? policy.reroll.value : 0
        func finalInPlay(_ wrong: [DetectorSurvey.BetMismatch]) -> Double {
            func weight(_ m: DetectorSurvey.BetMismatch) -> Double {
                Double(m.wrongInPlay - (rerollShare > 0 ? m.wrongRerolled : 0)) + rerollShare * Double(m.wrongInPlay)
            }
            // Fair dice: one division of the summed weights, so a count of rolls over N stays exact.
            guard faceOdds != nil else { return wrong.reduce(0.0) { $0 + weight($1) } / rolls }
            return wrong.reduce(0.0) { total, m in total + weight(m) * inPlay([(m.pattern, 1)]) }
        }
        (betSettlements, betFigures) = Self.betFindings(bets, exhaustive: exhaustive, underOwnDice: underOwnDice, inPlay: finalInPlay)
        let worstClaim = claims.map { abs($0.claimed - $0.exact) }.max() ?? 0
        claimedOdds =
            worstClaim <= max(1e-9, claimTolerance)
            ? nil
            : Finding(.odds, magnitude: worstClaim, fact: .claimedOddsDiffer(difference: worstClaim))
        let difference = policy.finalCategories.map { abs($0.value.value - (single[$0.key]?.value ?? 0)) }.max() ?? 0
        let equal = policy.finalCategories.allSatisfy { $0.value == (single[$0.key] ?? .zero) }
        finalOdds =
            equal
            ? nil
            : Finding(.odds, magnitude: difference, fact: .finalOddsDiffer(difference: difference))
    }
    /// Each bet's settlement finding (a mislabel of the share of rolls settled wrongly, weighed by `inPlay`)
    /// and published-figures finding (unfair odds of the largest difference).
    static func betFindings(
        _ bets: [BetCheck], exhaustive: Bool, underOwnDice: Bool, inPlay: ([DetectorSurvey.BetMismatch]) -> Double
    ) -> (settlements: [Finding?], figures: [Finding?]) {
        let settlements = bets.map { check -> Finding? in
            guard check.counts.gameSettles, check.counts.misSettled > 0 else { return nil }
            let share = inPlay(check.counts.mismatches)
            return Finding(
                .mislabel, magnitude: exhaustive ? share : nil,
                fact: .betMisSettled(
                    bet: check.bet.name, rolls: check.counts.misSettled, share: exhaustive ? share : nil, underOwnDice: underOwnDice))
        }
        let figures = bets.map { check -> Finding? in
            let differences = check.figures.filter { !$0.agrees }.map { ($0, abs(($0.declared.value - $0.exact).double)) }
            guard let (worst, difference) = differences.max(by: { $0.1 < $1.1 }) else { return nil }
            return Finding(
                .odds, magnitude: difference,
                fact: .betFigureDiffers(
                    bet: check.bet.name, figure: worst.figure, declared: worst.declared.value.double, exact: worst.exact.double))
        }
        return (settlements, figures)
    }
}
