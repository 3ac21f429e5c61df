import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessRunner
import Foundation

// Dice.
extension SubjectAudit {
    /// Patterns listed per hand detector in the probe rows (all are counted in the check).
    static let handMismatchRows = 100

    /// What a dice game's exact checks add to its result.
    struct DiceExactPart {
        var checks: [PendingCheck] = []
        var counterexamples: [CounterexampleRow] = []
        var notes: [SubjectNote] = []
    }

    /// The audit of a dice game; `sample` as for ``wheel(_:settings:sample:)``.
    @usableFromInline
    static func dice<Game: DiceGame>(_ game: Game, settings: AuditSettings, sample: Sampler<DiceDriver<Game>>) throws -> SubjectResult {
        let analysis = try DiceExactAnalysis(game)
        var exact = DiceExactPart()
        let categories = judgedByCategories(game, analysis)
        diceDetectorChecks(game.name, analysis, settings: settings, categories: categories, into: &exact)
        try diceOddsChecks(game, analysis, settings: settings, categories: categories, into: &exact)
        betChecks(game.name, analysis, settings: settings, into: &exact)
        let rounds = roundChecks(game, settings: settings, faceOdds: DiceExactAnalysis.exactFaceOdds(analysis.rollMapping), into: &exact)
        let drawnGap = drawnValueChecks(game, settings: settings, into: &exact)
        if let mapping = rollMappingCheck(game.name, analysis, faces: game.dice.faces, settings: settings) { exact.checks.append(mapping) }
        let policy = analysis.policy
        exact.notes.append(.finalStraight(policy: policy.policy, probability: policy.finalStraight))
        let tally = try sampled(game.name, DiceDriver(game), settings, sample)
        let (sampledChecks, returnToPlayer) = try diceSampledChecks(
            game, analysis, tally: tally, settings: settings, categories: categories)
        let detector = analysis.detector, classes = analysis.classes
        return SubjectResult(
            verdict: SubjectVerdict(
                name: game.name, summary: game.summary, kind: .dice, verdict: .pass, notes: exact.notes,
                affectedShare: analysis.invalidShare
                    + max(
                        Double(detector.falseAccepts + detector.falseRejects) / Double(detector.orderedRolls),
                        classes.handDetectors.compactMap { $0?.magnitude }.max() ?? 0,
                        classes.betSettlements.compactMap { $0?.magnitude }.max() ?? 0, rounds.misSettled),
                invalidPerMillion: 1e6 * analysis.invalidShare,
                largestOddsDifference: max(
                    classes.finalOdds?.magnitude ?? 0, classes.claimedOdds?.magnitude ?? 0, analysis.mappingDifference,
                    classes.betFigures.compactMap { $0?.magnitude }.max() ?? 0, rounds.figures, drawnGap),
                returnToPlayer: returnToPlayer),
            checks: exact.checks + sampledChecks, outcomes: diceOutcomeRows(game.name, analysis, tally: tally, dice: game.dice),
            arcs: [], counterexamples: exact.counterexamples)
    }

    /// Whether a dice game is judged by poker categories (its straight, its categories and their odds):
    /// every game but one declaring bets, rounds or values it reports that never rerolls, claims no
    /// category odds and classifies no categories of its own. Such a game (sic bo, craps, a 3d6 total) is
    /// judged by its rules, and its straight detector shows only when it is wrong.
    static func judgedByCategories<Game: DiceGame>(_ game: Game, _ analysis: DiceExactAnalysis) -> Bool {
        let declaresRules =
            !game.bets.isEmpty || !game.rounds.isEmpty || !((game as? any BatchRollingDice)?.drawnValues.isEmpty ?? true)
        return !declaresRules || game.rerollPolicy != .never || game.claimedOdds != nil || analysis.classifier != nil
    }

    /// The straight detector and the category classifier against the reference, with the patterns the
    /// straight detector gets wrong (for a game not judged by `categories`, the detector only when wrong).
    static func diceDetectorChecks(
        _ name: String, _ analysis: DiceExactAnalysis, settings: AuditSettings, categories: Bool = true, into part: inout DiceExactPart
    ) {
        let detector = analysis.detector
        guard categories || !detector.passed else { return }
        let detail = CheckDetail.straightDetector(
            .init(
                falseAccepts: detector.falseAccepts, falseRejects: detector.falseRejects, coverage: detector.coverage,
                withStraightState: detector.mismatchesWithStraightState, withoutStraightState: detector.mismatchesWithNonStraightState,
                orderDependent: detector.orderDependentPatterns.count,
                orderDependentExample: detector.orderDependentPatterns.first.map { "\($0)" }
            ))
        part.checks.append(
            exact(
                name, .straightDetector, passed: detector.passed, finding: analysis.classes.straightDetector,
                settings: settings, detail))
        for m in detector.mismatches {
            part.counterexamples.append(
                CounterexampleRow(
                    subject: name, check: .straightDetector,
                    facts: .detector(
                        .init(
                            pattern: m.pattern, wrong: m.mismatchingOrderedRolls, orderings: m.orderedRollsOfPattern, holds: m.truth,
                            hand: nil))))
        }
        if detector.mismatchesWithStraightState > 0 || detector.mismatchesWithNonStraightState > 0 {
            part.notes.append(.straightReadsGameState)
        }
        guard let categories = analysis.classifier else { return }
        part.checks.append(
            exact(
                name, .categoryClassifier, passed: categories.passed, finding: analysis.classes.categoryClassifier,
                settings: settings,
                .categoryClassifier(
                    coverage: detector.coverage,
                    confusions: categories.confusions.map {
                        .init(rolls: $0.orderedRolls, truth: $0.truth.name, reported: $0.reported.name)
                    })))
    }

    /// The final odds under the reroll policy against one fair roll, each hand's detector, and the odds the
    /// game claims against the exact ones.
    static func diceOddsChecks<Game: DiceGame>(
        _ game: Game, _ analysis: DiceExactAnalysis, settings: AuditSettings, categories: Bool = true, into part: inout DiceExactPart
    ) throws {
        let name = game.name, policy = analysis.policy, classes = analysis.classes
        // One die has no straight (nor any category but "all of a kind"): its straight tests are skipped.
        let straightDefined = PokerCategory.isDefined(.straight, forDice: game.dice.count)
        let equal = zip(analysis.categories, analysis.singleOdds).allSatisfy { policy.finalCategories[$0.0] == $0.1 }
        if categories || !equal {
            part.checks.append(
                exact(
                    name, .finalOddsEqualOneFairRoll, kind: .fairness, passed: equal, finding: classes.finalOdds, settings: settings,
                    .finalOdds(
                        final: policy.finalStraight, single: straightDefined ? try analysis.single.probability(of: .straight) : .zero,
                        reroll: policy.reroll)))
        }
        handDetectorChecks(name, analysis, settings: settings, into: &part)
        if let claims = claimedOddsCheck(game, analysis, settings: settings) { part.checks.append(claims) }
        for (hand, single, final) in policy.hands ?? [] {
            part.notes.append(.handOdds(hand: hand.name, single: single, policy: policy.policy, final: final))
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
                    .handDetector(
                        hand: hand.name, falseAccepts: counts.falseAccepts, falseRejects: counts.falseRejects,
                        coverage: analysis.detector.coverage, rule: "\(hand.rule)")))
            for m in counts.mismatches.prefix(Self.handMismatchRows) {
                part.counterexamples.append(
                    CounterexampleRow(
                        subject: name, check: .handDetector(hand: hand.name),
                        facts: .detector(
                            .init(pattern: m.pattern, wrong: m.wrongInPlay, orderings: m.orderings, holds: m.truth, hand: hand.name))))
            }
        }
    }

    /// What the game says against what its dice and policy give, exactly; nil when it claims nothing.
    static func claimedOddsCheck<Game: DiceGame>(_ game: Game, _ analysis: DiceExactAnalysis, settings: AuditSettings) -> PendingCheck? {
        let claims = analysis.claims, unexactClaims = analysis.unexactClaims, classes = analysis.classes
        guard !claims.isEmpty || !unexactClaims.isEmpty else { return nil }
        let inconclusive = classes.claimedOdds == nil && !unexactClaims.isEmpty
        var record = exact(
            game.name, .claimedOddsEqualExactOdds, kind: .fairness, passed: classes.claimedOdds == nil,
            finding: classes.claimedOdds, settings: settings,
            .claimedDiceOdds(
                compared: claims.map { .init(what: $0.what, claimed: $0.claimed, exact: $0.exact) }, notExact: unexactClaims,
                coverage: analysis.detector.coverage, tolerance: max(1e-9, game.claimTolerance),
                difference: classes.claimedOdds?.magnitude ?? 0, inconclusive: inconclusive))
        if inconclusive { record.record.status = .inconclusive }
        return record
    }

    /// The game's own mapping from draws to faces, die by die over all 2^53 draws; nil for a game that
    /// rolls its own dice.
    static func rollMappingCheck(_ name: String, _ analysis: DiceExactAnalysis, faces: Int, settings: AuditSettings) -> PendingCheck? {
        guard let mapping = analysis.rollMapping else { return nil }
        if let unstable = mapping.unstable {
            return PendingCheck(
                record: CheckRecord(
                    subject: name, check: .rollMapping, kind: .exact, status: .inconclusive, detailFacts: .rollMappingUnstable(unstable)))
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
        return exact(
            name, .rollMapping, passed: finding == nil, finding: finding, settings: settings,
            .rollMapping(faces: faces, counts: mapping.mappings.map(\.counts)))
    }
}

// Bets.
extension SubjectAudit {
    /// Each bet's settlement by the game against its rules, its published figures against the exact ones,
    /// and a note of its exact figures.
    static func betChecks(_ name: String, _ analysis: DiceExactAnalysis, settings: AuditSettings, into part: inout DiceExactPart) {
        for (index, bet) in analysis.bets.enumerated() {
            let counts = bet.counts
            if let odds = bet.odds {
                part.notes.append(
                    .betOdds(
                        BetOddsNote(
                            bet: bet.bet.name, rules: bet.bet.description, win: odds.winProbability, push: odds.pushProbability,
                            lose: odds.loseProbability, returnToPlayer: odds.returnToPlayer, houseEdge: odds.houseEdge)))
            }
            if counts.gameSettles {
                part.checks.append(
                    exact(
                        name, .betSettlement(bet: bet.bet.name), passed: analysis.classes.betSettlements[index] == nil,
                        finding: analysis.classes.betSettlements[index], settings: settings,
                        .betSettlement(
                            bet: bet.bet.name, misSettled: counts.misSettled, coverage: analysis.detector.coverage,
                            rules: bet.bet.description, byRules: bet.odds.map { $0.returnToPlayer.double }, asSettled: bet.returnAsSettled))
                )
                for m in counts.mismatches.prefix(Self.handMismatchRows) {
                    part.counterexamples.append(
                        CounterexampleRow(
                            subject: name, check: .betSettlement(bet: bet.bet.name),
                            facts: .betSettlement(
                                .init(
                                    example: m.example, pattern: m.pattern, wrong: m.wrongInPlay, orderings: m.orderings, rules: m.rules,
                                    game: m.game))))
                }
            }
            guard !bet.bet.declared.isEmpty else { continue }
            var record = exact(
                name, .betFigures(bet: bet.bet.name), kind: .fairness, passed: analysis.classes.betFigures[index] == nil,
                finding: analysis.classes.betFigures[index], settings: settings,
                .betFigures(
                    bet: bet.bet.name,
                    compared: bet.figures.map { .init(figure: $0.figure, declared: $0.declared.value, exact: $0.exact) }))
            if bet.odds == nil { record.record.status = .inconclusive }
            part.checks.append(record)
        }
    }
}
