import Foundation

// Dice.
extension SubjectAudit {
    /// Patterns listed per hand detector in the probe rows (all are counted in the check).
    static let handMismatchRows = 100

    /// The audit of a dice game; `sample` as for ``wheel(_:settings:sample:)``.
    @usableFromInline
    static func dice<Game: DiceGame>(_ game: Game, settings: AuditSettings, sample: Sampler<DiceDriver<Game>>) throws -> SubjectResult {
        let name = game.name
        let dice = game.dice
        var checks: [PendingCheck] = []
        var probes: [ProbeRow] = []
        var findings: [String] = []

        // One pass over the rolls serves the detector, classifier and policy checks.
        let survey = DetectorSurvey(
            game, orderedRollLimit: (game as? any BatchRollingDice)?.orderedRollLimit ?? DetectorSurvey.orderedRollLimit)
        let detector = StraightDetectorCheck(game, survey: survey)
        var detail = "\(detector.falseAccepts) false straights and \(detector.falseRejects) missed straights over \(detector.coverage)"
        detail +=
            "; with the game's own state holding a straight: \(detector.mismatchesWithStraightState) wrong, holding no straight: \(detector.mismatchesWithNonStraightState) wrong"
        let classifier = CategoryDetectorCheck(game, survey: survey)
        let policy = try PolicyOdds(game, survey: survey)
        let single = try DiceOdds.categoryCounts(dice)
        let categoryList = PokerCategory.defined(forDice: dice.count)
        let singleOdds = try categoryList.map { try single.probability(of: $0) }
        // What the game claims, categories then hands, against its exact final odds.
        var claims: [(what: String, claimed: Double, exact: Double)] =
            (game.claimedOdds ?? [:]).sorted { $0.key < $1.key }.map { ($0.key.name, $0.value, policy.finalCategories[$0.key]?.value ?? 0) }
        var unexactClaims: [String] = []
        for (index, hand) in game.hands.enumerated() {
            guard let claimed = hand.claimed else { continue }
            if let odds = policy.hands?[index] {
                claims.append((hand.name, claimed, odds.final.value))
            } else {
                unexactClaims.append(hand.name)
            }
        }
        // The game's own mapping from draws to faces, exactly (games that roll from given draws: probes).
        // When it is not fair, a detector's wrong rolls weigh what they weigh in play under it.
        let rollMapping = (game as? any BatchRollingDice).map { batching in RollMappingCheck(dice: dice) { batching.faces(from: $0) } }
        var faceOdds: [Double]?
        if let rollMapping, let first = rollMapping.mappings.first, rollMapping.mappings.allSatisfy({ $0.counts == first.counts }),
            rollMapping.largestDifference > rollMapping.gridTolerance || first.counts[0] > 0
        {
            faceOdds = first.counts.dropFirst().map { Double($0) / Double(RollMappingCheck.gridSize) }
        }
        let classes = DiceFindings(
            detector: detector, categories: classifier, policy: policy,
            single: Dictionary(uniqueKeysWithValues: zip(categoryList, singleOdds)), hands: survey.hands, claims: claims,
            claimTolerance: game.claimTolerance, faceOdds: faceOdds)
        checks.append(
            exact(
                name, "straight detector (exhaustive)", passed: detector.passed, finding: classes.straightDetector, settings: settings,
                detail))
        for m in detector.mismatches {
            probes.append(
                ProbeRow(
                    subject: name, check: "straight detector", input: m.pattern.description,
                    context: "\(m.mismatchingOrderedRolls) of \(m.orderedRollsOfPattern) orderings",
                    reported: m.truth ? "not a straight" : "straight", expected: m.truth ? "straight" : "not a straight"))
        }
        if detector.mismatchesWithStraightState > 0 || detector.mismatchesWithNonStraightState > 0 {
            findings.append("The straight check does not read the roll it is given: its answer depends on the game's own state.")
        }
        if !detector.orderDependentPatterns.isEmpty {
            detail +=
                "; answers depend on the order of the dice for \(detector.orderDependentPatterns.count) multisets (e.g. \(detector.orderDependentPatterns[0]))"
        }
        if let categories = classifier {
            checks.append(
                exact(
                    name, "category classifier (exhaustive)", passed: categories.passed, finding: classes.categoryClassifier,
                    settings: settings,
                    categories.confusions.isEmpty
                        ? "agrees with the reference on \(detector.coverage)"
                        : categories.confusions.map { "\($0.orderedRolls) rolls of \($0.truth.name) called \($0.reported.name)" }.joined(
                            separator: "; ")))
        }
        // One die has no straight (nor any category but "all of a kind"): its straight tests are skipped.
        let straightDefined = PokerCategory.isDefined(.straight, forDice: dice.count)
        let categories = categoryList
        let equal = zip(categories, singleOdds).allSatisfy { policy.finalCategories[$0.0] == $0.1 }
        checks.append(
            exact(
                name, "final odds equal one fair roll", kind: .fairness, passed: equal, finding: classes.finalOdds, settings: settings,
                "P(final straight) = \(policy.finalStraight) = \(String(format: "%.9g", policy.finalStraight.value)) vs \(straightDefined ? try single.probability(of: .straight) : .zero) for one fair roll; P(reroll) = \(policy.reroll)"
            ))
        for (index, counts) in survey.hands.enumerated() where counts.gameDetects {
            let hand = counts.hand
            checks.append(
                exact(
                    name, "\(hand.name) detector (exhaustive)", passed: classes.handDetectors[index] == nil,
                    finding: classes.handDetectors[index], settings: settings,
                    "\(counts.falseAccepts) rolls wrongly called \(hand.name) and \(counts.falseRejects) missed over \(detector.coverage); rule: \(hand.rule)"
                ))
            for m in counts.mismatches.prefix(Self.handMismatchRows) {
                probes.append(
                    ProbeRow(
                        subject: name, check: "\(hand.name) detector", input: m.pattern.description,
                        context: "\(m.wrongInPlay) of \(m.orderings) orderings", reported: m.truth ? "not \(hand.name)" : hand.name,
                        expected: m.truth ? hand.name : "not \(hand.name)"))
            }
        }
        if !claims.isEmpty || !unexactClaims.isEmpty {
            // What the game says against what its dice and policy give, exactly.
            let compared = claims.map {
                "\($0.what): claimed \(String(format: "%.9g", $0.claimed)), exact \(String(format: "%.9g", $0.exact))"
            }
            let notExact =
                unexactClaims.map { "\($0): not exact (\(detector.coverage))" }
                + [String(format: "claims agree within %.3g", max(1e-9, game.claimTolerance))]
            var record = exact(
                name, "claimed odds equal exact odds", kind: .fairness, passed: classes.claimedOdds == nil,
                finding: classes.claimedOdds, settings: settings,
                (compared + notExact).joined(separator: "; ")
                    + roundedClaimsHint(
                        difference: classes.claimedOdds?.magnitude ?? 0, tolerance: max(1e-9, game.claimTolerance)))
            if classes.claimedOdds == nil && !unexactClaims.isEmpty {
                record.record.status = .inconclusive
                record.record.detail += " — too many rolls to compute every hand's odds exactly"
            }
            checks.append(record)
        }
        for (hand, single, final) in policy.hands ?? [] {
            findings.append(
                "Exact P(\(hand.name)): one fair roll \(single) ≈ \(String(format: "%.9g", single.value)); final roll under the \(policy.policy.rawValue) policy \(final) ≈ \(String(format: "%.9g", final.value))."
            )
        }
        var invalidShare = 0.0, mappingDifference = 0.0
        if let mapping = rollMapping {
            mappingDifference = mapping.largestDifference > mapping.gridTolerance ? mapping.largestDifference : 0
            invalidShare = 1 - mapping.mappings.reduce(1.0) { $0 * (1 - Double($1.counts[0]) / Double(RollMappingCheck.gridSize)) }
            let finding: Finding?
            if invalidShare > 0 {
                let example = mapping.mappings.compactMap(\.invalidExample).first!
                finding = Finding(
                    .invalid, magnitude: invalidShare,
                    summary:
                        "rolls a face no die has (\(example.face) at u = \(example.u)) on \(Finding.describeShare(invalidShare)) of plays")
            } else if mapping.largestDifference > mapping.gridTolerance {
                finding = Finding(
                    .odds, magnitude: mapping.largestDifference,
                    summary:
                        "its mapping from draws to faces gives a face odds off 1/\(dice.faces) by \(Finding.describeShare(mapping.largestDifference))"
                )
            } else {
                finding = nil
            }
            let worst = mapping.mappings.map { die in
                "die \(die.index + 1): "
                    + die.counts.dropFirst().map { String(format: "%.9g", Double($0) / Double(RollMappingCheck.gridSize)) }
                    .joined(separator: " ")
                    + (die.counts[0] > 0
                        ? " (faces outside 1...\(dice.faces): \(String(format: "%.3g", Double(die.counts[0]) / Double(RollMappingCheck.gridSize))))"
                        : "")
            }
            checks.append(
                exact(
                    name, "roll mapping (exact)", passed: finding == nil, finding: finding, settings: settings,
                    "each face's share of the 2^53 draws, die by die, by bisection to the exact draw where the face changes: "
                        + worst.joined(separator: "; ")))
        }
        findings.append(
            "Exact P(final straight) under the \(policy.policy.rawValue) policy: \(policy.finalStraight) ≈ \(String(format: "%.9g", policy.finalStraight.value))."
        )

        let tally = try sampled(name, DiceDriver(game), settings, sample)
        let f = dice.faces, k = dice.count
        let rolls = Double(tally.rolls)
        for die in 0..<k {
            let counts = (0..<f).map { Double(tally.faces[die * f + $0]) }
            checks.append(
                try goodnessOfFit(
                    name, "die \(die + 1) uniformity", kind: .sampling, observed: counts,
                    probabilities: Array(repeating: 1 / Double(f), count: f)))
        }
        var pair = 0
        for i in 0..<k {
            for j in (i + 1)..<max(i + 1, k) {
                let table = (0..<f).map { a in (0..<f).map { b in tally.diePairs[pair * f * f + a * f + b] } }
                checks.append(try independence(name, "dice \(i + 1) and \(j + 1) independent", table: table))
                pair += 1
            }
        }
        let observedCategories = categories.map { Double(tally.categories[$0.rawValue]) }
        let designed = categories.map { policy.finalCategories[$0]!.value }
        checks.append(
            try goodnessOfFit(
                name, "final categories vs designed odds", kind: .sampling, observed: observedCategories, probabilities: designed,
                names: categories.map(\.name)))
        checks.append(
            try goodnessOfFit(
                name, "final categories vs one fair roll", kind: .fairness, observed: observedCategories,
                probabilities: singleOdds.map(\.value), names: categories.map(\.name)))
        let plays = Double(tally.plays)
        if straightDefined {
            let straight = try BinomialTest(
                successes: Double(tally.finalStraights), trials: plays, hypothesised: policy.finalStraight.value)
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: "straight probability (exact binomial)", kind: .sampling, status: .inconclusive,
                        statistic: Double(tally.finalStraights), pValue: straight.verdict.pValue,
                        detail: String(
                            format: "%llu straights in %llu plays: %.6g; exact %.9g; 95%% Clopper-Pearson [%.6g, %.6g]",
                            tally.finalStraights, tally.plays, straight.proportion, policy.finalStraight.value,
                            straight.clopperPearson.lower, straight.clopperPearson.upper)),
                    power: policy.finalStraight.value > 0 && policy.finalStraight.value < 1
                        ? .binomial(trials: plays, probability: policy.finalStraight.value) : nil,
                    table: binomialTable(
                        name, "straight probability (exact binomial)", successes: Double(tally.finalStraights), trials: plays,
                        probability: policy.finalStraight.value)))
        }
        for (index, hand) in game.hands.enumerated() {
            guard let odds = policy.hands?[index], odds.final.value > 0, odds.final.value < 1 else { continue }
            let check = "\(hand.name) probability (exact binomial)"
            let hits = Double(tally.hands[index])
            let test = try BinomialTest(successes: hits, trials: plays, hypothesised: odds.final.value)
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: check, kind: .sampling, status: .inconclusive, statistic: hits,
                        pValue: test.verdict.pValue,
                        detail: String(
                            format: "%llu final rolls %@ in %llu plays: %.6g; exact %.9g; 95%% Clopper-Pearson [%.6g, %.6g]",
                            tally.hands[index], hand.name, tally.plays, test.proportion, odds.final.value, test.clopperPearson.lower,
                            test.clopperPearson.upper)),
                    power: .binomial(trials: plays, probability: odds.final.value),
                    table: binomialTable(name, check, successes: hits, trials: plays, probability: odds.final.value)))
        }
        if game is any BatchRollingDice {
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: "invalid results", kind: .invalid, status: tally.invalidPlays == 0 ? .pass : .fail,
                        statistic: Double(tally.invalidPlays),
                        detail: "\(tally.invalidPlays) of \(tally.plays + tally.invalidPlays) plays rolled a face no die has (or trapped)"))
            )
        }
        var returnToPlayer: Double?
        if let paytable = game.paytable {
            let payouts = try payoutChecks(
                name,
                rtp: ReturnToPlayer(
                    dice: survey, paytable: paytable, hands: game.hands, rerolls: game.rerollPolicy == .rerollOnceAfterDetectedStraight),
                why: "the rolls were sampled (\(detector.coverage))", paytable: paytable, settings: settings,
                sampled: Dictionary(uniqueKeysWithValues: zip(tally.payoutLevels, tally.payouts)))
            checks += payouts.checks
            returnToPlayer = payouts.rtp
        }
        let serial = (0..<f).map { a in (0..<f).map { b in tally.serial[a * f + b] } }
        checks.append(try independence(name, "serial independence (first die of consecutive rolls)", table: serial))

        var rows: [OutcomeRow] = []
        for (index, category) in categories.enumerated() {
            let count = tally.categories[category.rawValue]
            let expected = plays * designed[index]
            rows.append(
                OutcomeRow(
                    subject: name, table: "final category", outcome: category.name, valid: true, observed: count,
                    expectedDesigned: expected, expectedFair: plays * singleOdds[index].value,
                    standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
        }
        for die in 0..<k {
            for face in 0..<f {
                let count = tally.faces[die * f + face]
                let expected = rolls / Double(f)
                rows.append(
                    OutcomeRow(
                        subject: name, table: "die \(die + 1) face", outcome: "\(face + 1)", valid: true, observed: count,
                        expectedDesigned: expected, expectedFair: expected,
                        standardisedResidual: expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil))
            }
        }
        return SubjectResult(
            verdict: SubjectVerdict(
                name: name, summary: game.summary, kind: "dice", verdict: .pass, findings: findings,
                affectedShare: invalidShare
                    + max(
                        Double(detector.falseAccepts + detector.falseRejects) / Double(detector.orderedRolls),
                        classes.handDetectors.compactMap { $0?.magnitude }.max() ?? 0),
                invalidPerMillion: 1e6 * invalidShare,
                largestOddsDifference: max(classes.finalOdds?.magnitude ?? 0, classes.claimedOdds?.magnitude ?? 0, mappingDifference),
                returnToPlayer: returnToPlayer),
            checks: checks, outcomes: rows, arcs: [], probes: probes)
    }
}
