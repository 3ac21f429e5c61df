import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessRunner
import FairnessStatistics
import Foundation

// Dice: the sampled tests and the outcome tables.
extension SubjectAudit {
    /// Every sampled test of a dice game, in report order, and its exact return to player (nil without a
    /// paytable).
    static func diceSampledChecks<Game: DiceGame>(
        _ game: Game, _ analysis: DiceExactAnalysis, tally: DiceTally, settings: AuditSettings, categories judged: Bool = true
    ) throws -> (checks: [PendingCheck], returnToPlayer: Double?) {
        let name = game.name, f = game.dice.faces, k = game.dice.count
        var checks: [PendingCheck] = []
        for die in 0..<k {
            let counts = (0..<f).map { Double(tally.faces[die * f + $0]) }
            checks.append(
                try goodnessOfFit(
                    name, .dieUniformity(die: die + 1), kind: .sampling, observed: counts,
                    probabilities: Array(repeating: 1 / Double(f), count: f)))
        }
        var pair = 0
        for i in 0..<k {
            for j in (i + 1)..<max(i + 1, k) {
                let table = (0..<f).map { a in (0..<f).map { b in tally.diePairs[pair * f * f + a * f + b] } }
                checks.append(try independence(name, .diceIndependent(i + 1, j + 1), table: table))
                pair += 1
            }
        }
        let categories = analysis.categories
        let observedCategories = categories.map { Double(tally.categories[$0.rawValue]) }
        // A game judged by its rules (bets, rounds, values) has its faces, pairs and bets tested instead.
        if judged {
            checks.append(
                try goodnessOfFit(
                    name, .finalCategories(versus: .designedOdds), kind: .sampling, observed: observedCategories,
                    probabilities: categories.map { analysis.policy.finalCategories[$0]!.value }, names: categories.map(\.name)))
            checks.append(
                try goodnessOfFit(
                    name, .finalCategories(versus: .oneFairRoll), kind: .fairness, observed: observedCategories,
                    probabilities: analysis.singleOdds.map(\.value), names: categories.map(\.name)))
        }
        checks += try diceHandFrequencyChecks(game, analysis, tally: tally, straight: judged)
        if game is any BatchRollingDice {
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: .invalidResults, kind: .invalid, status: tally.invalidPlays == 0 ? .pass : .fail,
                        statistic: Double(tally.invalidPlays),
                        detailFacts: .invalidRolls(invalid: tally.invalidPlays, plays: tally.plays + tally.invalidPlays)))
            )
        }
        var returnToPlayer: Double?
        if let paytable = game.paytable {
            let payouts = try payoutChecks(
                name,
                rtp: ReturnToPlayer(
                    dice: analysis.survey, paytable: paytable, hands: game.hands,
                    rerolls: game.rerollPolicy == .rerollOnceAfterDetectedStraight),
                coverage: analysis.detector.coverage, paytable: paytable, settings: settings,
                sampled: Dictionary(uniqueKeysWithValues: zip(tally.payoutLevels, tally.payouts)))
            checks += payouts.checks
            returnToPlayer = payouts.rtp
        }
        let serial = (0..<f).map { a in (0..<f).map { b in tally.serial[a * f + b] } }
        checks.append(try independence(name, .serialIndependence(.firstDieOfConsecutiveRolls), table: serial))
        return (checks, returnToPlayer)
    }

    /// Exact binomial tests of the final straight's and each hand's frequency against its exact odds under
    /// the reroll policy.
    static func diceHandFrequencyChecks<Game: DiceGame>(
        _ game: Game, _ analysis: DiceExactAnalysis, tally: DiceTally, straight: Bool = true
    ) throws -> [PendingCheck] {
        let policy = analysis.policy
        var checks: [PendingCheck] = []
        var tests: [(check: CheckIdentifier, hits: UInt64, probability: Double, what: CheckDetail.Binomial.Counting)] = []
        // One die has no straight (nor any category but "all of a kind"): its straight tests are skipped.
        if straight, PokerCategory.isDefined(.straight, forDice: game.dice.count) {
            tests.append((.straightProbability, tally.finalStraights, policy.finalStraight.value, .straights))
        }
        for (index, hand) in game.hands.enumerated() {
            guard let odds = policy.hands?[index], odds.final.value > 0, odds.final.value < 1 else { continue }
            tests.append((.handProbability(hand: hand.name), tally.hands[index], odds.final.value, .hand(hand.name)))
        }
        for (index, bet) in analysis.bets.enumerated() {
            guard let win = bet.odds?.winProbability.double, win > 0, win < 1 else { continue }
            tests.append((.betProbability(bet: bet.bet.name), tally.betWins[index], win, .betWins(bet.bet.name)))
        }
        let plays = Double(tally.plays)
        for test in tests {
            guard tally.plays > 0 else {
                // Every play rolled a face no die has (or trapped): nothing to count, and the invalid
                // results check says so.
                checks.append(
                    PendingCheck(
                        record: CheckRecord(
                            subject: game.name, check: test.check, kind: .sampling, status: .inconclusive,
                            detailFacts: .noValidPlays(invalid: tally.invalidPlays))))
                continue
            }
            let hits = Double(test.hits)
            let binomial = try BinomialTest(successes: hits, trials: plays, hypothesised: test.probability)
            let detail = CheckDetail.binomial(
                .init(
                    counting: test.what, successes: test.hits, trials: tally.plays,
                    proportion: binomial.proportion, probability: test.probability, lower: binomial.clopperPearson.lower,
                    upper: binomial.clopperPearson.upper))
            // A straight of probability 0 or 1 states no power; a hand's is always in (0, 1) here.
            let powered = test.what != .straights || (test.probability > 0 && test.probability < 1)
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: game.name, check: test.check, kind: .sampling, status: .inconclusive, statistic: hits,
                        pValue: binomial.verdict.pValue,
                        log10PValue: binomial.verdict.figures.flatMap { $0.log10PValue.isFinite ? $0.log10PValue : nil },
                        pValueMethod: binomial.verdict.figures?.method,
                        detailFacts: detail),
                    power: powered ? .binomial(trials: plays, probability: test.probability) : nil,
                    table: binomialTable(game.name, test.check, successes: hits, trials: plays, probability: test.probability)))
        }
        return checks
    }

    /// The outcome tables of a dice game: final categories against their designed and fair expectations,
    /// and each die's faces.
    static func diceOutcomeRows(_ name: String, _ analysis: DiceExactAnalysis, tally: DiceTally, dice: DiceSet) -> [OutcomeRow] {
        let plays = Double(tally.plays), rolls = Double(tally.rolls), f = dice.faces
        func residual(_ count: UInt64, _ expected: Double) -> Double? {
            expected > 0 ? (Double(count) - expected) / expected.squareRoot() : nil
        }
        var rows: [OutcomeRow] = []
        for (index, category) in analysis.categories.enumerated() {
            let count = tally.categories[category.rawValue]
            let expected = plays * analysis.policy.finalCategories[category]!.value
            rows.append(
                OutcomeRow(
                    subject: name, table: "final category", outcome: category.name, valid: true, observed: count,
                    expectedDesigned: expected, expectedFair: plays * analysis.singleOdds[index].value,
                    standardisedResidual: residual(count, expected)))
        }
        for die in 0..<dice.count {
            for face in 0..<f {
                let count = tally.faces[die * f + face]
                let expected = rolls / Double(f)
                rows.append(
                    OutcomeRow(
                        subject: name, table: "die \(die + 1) face", outcome: "\(face + 1)", valid: true, observed: count,
                        expectedDesigned: expected, expectedFair: expected, standardisedResidual: residual(count, expected)))
            }
        }
        return rows
    }
}
