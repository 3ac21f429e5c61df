import FairnessChecks
import FairnessModel
import Foundation

// Dice.
extension SubjectAudit {
    /// Patterns listed per hand detector in the probe rows (all are counted in the check).
    static let handMismatchRows = 100

    /// What a dice game's exact checks add to its result.
    struct DiceExactPart {
        var checks: [PendingCheck] = []
        var counterexamples: [CounterexampleRow] = []
        var findings: [String] = []
    }

    /// The audit of a dice game; `sample` as for ``wheel(_:settings:sample:)``.
    @usableFromInline
    static func dice<Game: DiceGame>(_ game: Game, settings: AuditSettings, sample: Sampler<DiceDriver<Game>>) throws -> SubjectResult {
        let analysis = try DiceExactAnalysis(game)
        var exact = DiceExactPart()
        diceDetectorChecks(game.name, analysis, settings: settings, into: &exact)
        try diceOddsChecks(game, analysis, settings: settings, into: &exact)
        if let mapping = rollMappingCheck(game.name, analysis, faces: game.dice.faces, settings: settings) { exact.checks.append(mapping) }
        let policy = analysis.policy
        exact.findings.append(
            "Exact P(final straight) under the \(policy.policy.rawValue) policy: \(policy.finalStraight) ≈ \(String(format: "%.9g", policy.finalStraight.value))."
        )
        let tally = try sampled(game.name, DiceDriver(game), settings, sample)
        let (sampledChecks, returnToPlayer) = try diceSampledChecks(game, analysis, tally: tally, settings: settings)
        let detector = analysis.detector, classes = analysis.classes
        return SubjectResult(
            verdict: SubjectVerdict(
                name: game.name, summary: game.summary, kind: "dice", verdict: .pass, findings: exact.findings,
                affectedShare: analysis.invalidShare
                    + max(
                        Double(detector.falseAccepts + detector.falseRejects) / Double(detector.orderedRolls),
                        classes.handDetectors.compactMap { $0?.magnitude }.max() ?? 0),
                invalidPerMillion: 1e6 * analysis.invalidShare,
                largestOddsDifference: max(
                    classes.finalOdds?.magnitude ?? 0, classes.claimedOdds?.magnitude ?? 0, analysis.mappingDifference),
                returnToPlayer: returnToPlayer),
            checks: exact.checks + sampledChecks, outcomes: diceOutcomeRows(game.name, analysis, tally: tally, dice: game.dice),
            arcs: [], counterexamples: exact.counterexamples)
    }

    /// The straight detector and the category classifier against the reference, with the patterns the
    /// straight detector gets wrong.
    static func diceDetectorChecks(_ name: String, _ analysis: DiceExactAnalysis, settings: AuditSettings, into part: inout DiceExactPart) {
        let detector = analysis.detector
        var detail =
            "\(detector.falseAccepts) false straights and \(detector.falseRejects) missed straights over \(detector.coverage)"
            + "; with the game's own state holding a straight: \(detector.mismatchesWithStraightState) wrong, holding no straight: \(detector.mismatchesWithNonStraightState) wrong"
        if !detector.orderDependentPatterns.isEmpty {
            detail +=
                "; answers depend on the order of the dice for \(detector.orderDependentPatterns.count) multisets (e.g. \(detector.orderDependentPatterns[0]))"
        }
        part.checks.append(
            exact(
                name, .straightDetector, passed: detector.passed, finding: analysis.classes.straightDetector,
                settings: settings, detail))
        for m in detector.mismatches {
            part.counterexamples.append(
                CounterexampleRow(
                    subject: name, check: .straightDetector, input: m.pattern.description,
                    context: "\(m.mismatchingOrderedRolls) of \(m.orderedRollsOfPattern) orderings",
                    reported: m.truth ? "not a straight" : "straight", expected: m.truth ? "straight" : "not a straight"))
        }
        if detector.mismatchesWithStraightState > 0 || detector.mismatchesWithNonStraightState > 0 {
            part.findings.append("The straight check does not read the roll it is given: its answer depends on the game's own state.")
        }
        guard let categories = analysis.classifier else { return }
        part.checks.append(
            exact(
                name, .categoryClassifier, passed: categories.passed, finding: analysis.classes.categoryClassifier,
                settings: settings,
                categories.confusions.isEmpty
                    ? "agrees with the reference on \(detector.coverage)"
                    : categories.confusions.map { "\($0.orderedRolls) rolls of \($0.truth.name) called \($0.reported.name)" }.joined(
                        separator: "; ")))
    }

    /// The final odds under the reroll policy against one fair roll, each hand's detector, and the odds the
    /// game claims against the exact ones.
    static func diceOddsChecks<Game: DiceGame>(
        _ game: Game, _ analysis: DiceExactAnalysis, settings: AuditSettings, into part: inout DiceExactPart
    ) throws {
        let name = game.name, policy = analysis.policy, classes = analysis.classes
        // One die has no straight (nor any category but "all of a kind"): its straight tests are skipped.
        let straightDefined = PokerCategory.isDefined(.straight, forDice: game.dice.count)
        let equal = zip(analysis.categories, analysis.singleOdds).allSatisfy { policy.finalCategories[$0.0] == $0.1 }
        part.checks.append(
            exact(
                name, .finalOddsEqualOneFairRoll, kind: .fairness, passed: equal, finding: classes.finalOdds, settings: settings,
                "P(final straight) = \(policy.finalStraight) = \(String(format: "%.9g", policy.finalStraight.value)) vs \(straightDefined ? try analysis.single.probability(of: .straight) : .zero) for one fair roll; P(reroll) = \(policy.reroll)"
            ))
        handDetectorChecks(name, analysis, settings: settings, into: &part)
        if let claims = claimedOddsCheck(game, analysis, settings: settings) { part.checks.append(claims) }
        for (hand, single, final) in policy.hands ?? [] {
            part.findings.append(
                "Exact P(\(hand.name)): one fair roll \(single) ≈ \(String(format: "%.9g", single.value)); final roll under the \(policy.policy.rawValue) policy \(final) ≈ \(String(format: "%.9g", final.value))."
            )
        }
    }

    /// Each hand detector the game has, against the hand's reference rule, with the patterns it gets wrong.
    static func handDetectorChecks(_ name: String, _ analysis: DiceExactAnalysis, settings: AuditSettings, into part: inout DiceExactPart) {
        for (index, counts) in analysis.survey.hands.enumerated() where counts.gameDetects {
            let hand = counts.hand
            part.checks.append(
                exact(
                    name, .handDetector(hand: hand.name), passed: analysis.classes.handDetectors[index] == nil,
                    finding: analysis.classes.handDetectors[index], settings: settings,
                    "\(counts.falseAccepts) rolls wrongly called \(hand.name) and \(counts.falseRejects) missed over \(analysis.detector.coverage); rule: \(hand.rule)"
                ))
            for m in counts.mismatches.prefix(Self.handMismatchRows) {
                part.counterexamples.append(
                    CounterexampleRow(
                        subject: name, check: .handDetector(hand: hand.name), input: m.pattern.description,
                        context: "\(m.wrongInPlay) of \(m.orderings) orderings", reported: m.truth ? "not \(hand.name)" : hand.name,
                        expected: m.truth ? hand.name : "not \(hand.name)"))
            }
        }
    }

    /// What the game says against what its dice and policy give, exactly; nil when it claims nothing.
    static func claimedOddsCheck<Game: DiceGame>(_ game: Game, _ analysis: DiceExactAnalysis, settings: AuditSettings) -> PendingCheck? {
        let claims = analysis.claims, unexactClaims = analysis.unexactClaims, classes = analysis.classes
        guard !claims.isEmpty || !unexactClaims.isEmpty else { return nil }
        let compared = claims.map {
            "\($0.what): claimed \(String(format: "%.9g", $0.claimed)), exact \(String(format: "%.9g", $0.exact))"
        }
        let notExact =
            unexactClaims.map { "\($0): not exact (\(analysis.detector.coverage))" }
            + [String(format: "claims agree within %.3g", max(1e-9, game.claimTolerance))]
        var record = exact(
            game.name, .claimedOddsEqualExactOdds, kind: .fairness, passed: classes.claimedOdds == nil,
            finding: classes.claimedOdds, settings: settings,
            (compared + notExact).joined(separator: "; ")
                + roundedClaimsHint(difference: classes.claimedOdds?.magnitude ?? 0, tolerance: max(1e-9, game.claimTolerance)))
        if classes.claimedOdds == nil && !unexactClaims.isEmpty {
            record.record.status = .inconclusive
            record.record.detail += " — too many rolls to compute every hand's odds exactly"
        }
        return record
    }

    /// The game's own mapping from draws to faces, die by die over all 2^53 draws; nil for a game that
    /// rolls its own dice.
    static func rollMappingCheck(_ name: String, _ analysis: DiceExactAnalysis, faces: Int, settings: AuditSettings) -> PendingCheck? {
        guard let mapping = analysis.rollMapping else { return nil }
        if let unstable = mapping.unstable {
            let why =
                switch unstable.kind {
                case .changesBetweenRequests:
                    "answered the same draws differently (die \(unstable.die + 1) at u = \(unstable.draw): \(unstable.first), then \(unstable.later)): it depends on earlier requests or on a random source of its own"
                case .changesBetweenDraws:
                    "changes face more often than the sweep resolves (die \(unstable.die + 1) at u = \(unstable.draw): the partition has \(unstable.first), the game rolls \(unstable.later))"
                }
            return PendingCheck(
                record: CheckRecord(
                    subject: name, check: .rollMapping, kind: .exact, status: .inconclusive,
                    detail: "the game's roll \(why), so no face's share can be computed exactly; sampling still rolls its own dice"))
        }
        let invalidShare = analysis.invalidShare
        let finding: Finding?
        if invalidShare > 0 {
            let example = mapping.mappings.compactMap(\.invalidExample).first!
            finding = Finding(
                .invalid, magnitude: invalidShare, fact: .impossibleFace(face: example.face, u: example.u, share: invalidShare))
        } else if mapping.largestDifference > mapping.gridTolerance {
            finding = Finding(
                .odds, magnitude: mapping.largestDifference, fact: .faceOddsSkewed(faces: faces, difference: mapping.largestDifference))
        } else {
            finding = nil
        }
        let grid = Double(RollMappingCheck.gridSize)
        let worst = mapping.mappings.map { die in
            "die \(die.index + 1): " + die.counts.dropFirst().map { String(format: "%.9g", Double($0) / grid) }.joined(separator: " ")
                + (die.counts[0] > 0
                    ? " (faces outside 1...\(faces): \(String(format: "%.3g", Double(die.counts[0]) / grid)))" : "")
        }
        return exact(
            name, .rollMapping, passed: finding == nil, finding: finding, settings: settings,
            "each face's share of the 2^53 draws, die by die, by bisection to the exact draw where the face changes: "
                + worst.joined(separator: "; "))
    }
}
