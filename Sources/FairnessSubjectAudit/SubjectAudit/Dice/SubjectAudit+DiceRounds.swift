import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessStatistics
import Foundation

// Rounds of several rolls.
extension SubjectAudit {
    /// Each round's exact odds as a Markov chain (a note), its published figures against them, and the
    /// game's own round logic against the rules on every sequence of rolls the walk affords. Returns the
    /// largest share of rounds settled otherwise and the largest figure difference.
    /// `faceOdds`: each face's probability under the game's own mapping when it is not fair (the shares are
    /// then in play under it).
    static func roundChecks<Game: DiceGame>(
        _ game: Game, settings: AuditSettings, faceOdds: [ExactFraction]? = nil, into part: inout DiceExactPart
    ) -> (misSettled: Double, figures: Double) {
        var worst = (misSettled: 0.0, figures: 0.0)
        for round in game.rounds {
            let odds: DiceRoundOdds
            do {
                odds = try DiceRoundOdds(round, dice: game.dice)
            } catch {
                part.checks.append(
                    PendingCheck(
                        record: CheckRecord(
                            subject: game.name, check: .roundSettlement(round: round.name), kind: .exact, status: .inconclusive,
                            detailFacts: .fault("\(error)"))))
                continue
            }
            let figures = odds.odds
            part.notes.append(
                .betOdds(
                    BetOddsNote(
                        bet: round.name, rules: round.description, win: figures.winProbability, push: figures.pushProbability,
                        lose: figures.loseProbability, returnToPlayer: figures.returnToPlayer, houseEdge: figures.houseEdge,
                        expectedRolls: odds.expectedRolls)))
            let walk = RoundWalk(game, round: round, seed: settings.run.seed, faceOdds: faceOdds)
            if walk.gameSettles {
                worst.misSettled = max(worst.misSettled, walk.misSettled.double)
                roundSettlementCheck(game.name, round: round, walk: walk, settings: settings, into: &part)
            }
            if let difference = roundFiguresCheck(game.name, round: round, odds: figures, settings: settings, into: &part) {
                worst.figures = max(worst.figures, difference)
            }
        }
        return worst
    }

    /// The game's round logic against the rules: a mislabel at its exact share in play, latent where only
    /// faces its own dice never show part them, or the sampled rounds' count with its interval.
    static func roundSettlementCheck(
        _ name: String, round: DiceRound, walk: RoundWalk, settings: AuditSettings, into part: inout DiceExactPart
    ) {
        let share = walk.misSettled.double
        var finding =
            walk.misSettled.isZero
            ? nil
            : Finding(
                .mislabel, magnitude: share,
                fact: .roundMisSettled(round: round.name, share: share, depth: walk.depth, underOwnDice: walk.underOwnDice))
        if finding == nil && !walk.misSettledUnderFairDice.isZero {
            // Wrong only where the game's own dice never go: latent (the fair sample would meet it there too,
            // and is not read as a defect in play).
            finding = Finding(
                .latent, magnitude: 0,
                fact: .roundMisSettledOnUnseenFaces(round: round.name, share: walk.misSettledUnderFairDice.double, depth: walk.depth))
        } else if finding == nil && walk.sampledMisSettled > 0 {
            // Found only past the exhaustive depth: the count of sampled rounds and its interval, no exact share.
            let interval = try? BinomialTest.clopperPearsonInterval(
                successes: Double(walk.sampledMisSettled), trials: Double(walk.sampledRounds), confidenceLevel: 0.95)
            finding = Finding(
                .mislabel, magnitude: nil,
                fact: .roundMisSettledSampled(
                    round: round.name, rounds: walk.sampledMisSettled, sampled: walk.sampledRounds, depth: walk.depth,
                    lower: interval?.lower ?? 0, upper: interval?.upper ?? 1))
        }
        part.checks.append(
            exact(
                name, .roundSettlement(round: round.name), passed: finding == nil, finding: finding, settings: settings,
                .roundSettlement(
                    round: round.name, depth: walk.depth, sequences: walk.sequencesJudged, misSettled: walk.misSettled,
                    beyond: walk.beyond, sampled: walk.sampledRounds, sampledWrong: walk.sampledMisSettled, rules: round.description)))
        for mismatch in walk.examples {
            part.counterexamples.append(
                CounterexampleRow(
                    subject: name, check: .roundSettlement(round: round.name),
                    facts: .roundSettlement(.init(rolls: mismatch.rolls, rules: mismatch.rules, game: mismatch.game))))
        }
    }

    /// A round's published figures against its exact ones: the largest gap among the shares (win
    /// probability, house edge, return) is the finding's magnitude, which it returns; a wrong expected-rolls
    /// alone (rolls, not a share of plays) is a finding without one. Nil when the round publishes nothing.
    static func roundFiguresCheck(
        _ name: String, round: DiceRound, odds figures: DiceBetOdds, settings: AuditSettings, into part: inout DiceExactPart
    ) -> Double? {
        let compared = DiceBet.Figure.allCases.compactMap { figure in
            round.declared[figure].map { (figure, $0, figures.figure(figure)) }
        }
        guard !compared.isEmpty else { return nil }
        let differing = compared.filter { !$0.1.agrees(with: $0.2) }
        let shares = differing.filter { $0.0 != .expectedRolls }.map { ($0, abs(($0.1.value - $0.2).double)) }
        let finding =
            shares.max { $0.1 < $1.1 }.map { worstFigure, difference in
                Finding(
                    .odds, magnitude: difference,
                    fact: .betFigureDiffers(
                        bet: round.name, figure: worstFigure.0, declared: worstFigure.1.value.double, exact: worstFigure.2.double))
            }
            ?? differing.first.map { figure in
                Finding(
                    .odds, magnitude: nil,
                    fact: .betFigureDiffers(bet: round.name, figure: figure.0, declared: figure.1.value.double, exact: figure.2.double))
            }
        part.checks.append(
            exact(
                name, .betFigures(bet: round.name), kind: .fairness, passed: finding == nil, finding: finding, settings: settings,
                .betFigures(bet: round.name, compared: compared.map { .init(figure: $0.0, declared: $0.1.value, exact: $0.2) })))
        return finding?.magnitude ?? 0
    }
}
