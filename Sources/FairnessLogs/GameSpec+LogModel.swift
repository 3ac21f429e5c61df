import FairnessChecks
import FairnessModel
import FairnessSpec
import Foundation

extension GameSpec {
    /// What an outcome log of this game is checked against. A wheel: its labels with the odds it claims, or
    /// else the exact odds of its declared design (each sector's share of the circle for uniform stops, the
    /// share of the 360 whole-degree stops for integer stops, the index weights for a wheel told its result
    /// up front), and its paytable. Dice: the final roll's category with its exact odds under the declared
    /// reroll policy (fair dice), each declared hand with its exact odds, the paytable by hand, and each bet
    /// and round with its exact odds of each net. A prize
    /// table: its declared machine, every draw tested against the odds of its player's state.
    /// - Throws: `StatisticsError` or `DiceError` only for dice the exact odds cannot be computed for.
    public func logModel() throws -> LogModel {
        let wheel: WheelSpec
        switch game {
        case .wheel(let declared): wheel = declared
        case .table(let declaration):
            return LogModel(name: name, summary: summary, prizeDraw: declaration.machine, costPerDraw: declaration.costPerDraw?.double)
        case .dice(let declared):
            let model = SpecDice(declared, name: name, summary: summary)
            let survey = DetectorSurvey(model)
            let policy = try PolicyOdds(model, survey: survey)
            let rerolls = declared.reroll == .rerollOnceAfterDetectedStraight
            // Every hand decides payouts; its exact odds exist only when every roll was visited.
            let hands: [(hand: DiceHand, probability: Double?)] = model.hands.enumerated().map { index, hand in
                (hand, policy.hands?[index].final.value)
            }
            let rtp = declared.paytable.flatMap {
                ReturnToPlayer(dice: survey, paytable: $0, hands: model.hands, rerolls: rerolls)?.rtp
            }
            // Each bet's exact odds on the final roll under the reroll policy; each round's as a Markov chain.
            let bets = survey.bets.map { counts in
                let check = BetCheck(
                    counts, coverage: survey.coverage, orderedRolls: declared.dice.orderedRollCount ?? .max,
                    detected: survey.detectedStraights, policy: declared.reroll)
                return LogModel.BetLog(name: counts.bet.name, rules: .bet(counts.bet), odds: check.odds)
            }
            let rounds = declared.rounds.map { round in
                LogModel.BetLog(name: round.name, rules: .round(round), odds: (try? DiceRoundOdds(round, dice: declared.dice))?.odds)
            }
            return try LogModel(
                name: name, summary: summary, categoryOdds: policy.finalCategories.mapValues(\.value),
                dice: LogModel.DiceLog(
                    dice: declared.dice, hands: hands, paytable: declared.paytable, returnToPlayer: rtp, bets: bets + rounds,
                    facesAreFair: declared.reroll == .never))
        }
        let labels = wheel.sectors.map(\.label)
        var probabilities: [Double]
        if let claimed = wheel.claimedOdds {
            probabilities = labels.map { claimed[.label($0)] ?? 0 }
        } else {
            switch wheel.draw {
            case .target:
                let weights = wheel.indexWeights ?? Array(repeating: 1, count: labels.count)
                let total = weights.reduce(0, +)
                probabilities = weights.map { $0 / total }
            case .uniform:
                let geometry = try wheel.geometry()
                probabilities = labels.map { label in geometry.sector(labelled: label)?.widthTurns.value ?? 0 }
            case .integerDegrees:
                let model = try SpecWheel(wheel, name: name, summary: summary)
                var counts = [Int: Int]()
                for degree in 0..<360 {
                    if let label = model.report(model.rotation(afterDrawing: Double(degree), from: 0)).label {
                        counts[label, default: 0] += 1
                    }
                }
                probabilities = labels.map { Double(counts[$0] ?? 0) / 360 }
            }
        }
        // Claims written rounded may miss a sum of 1 slightly: the log is tested against them rescaled.
        let total = probabilities.reduce(0, +)
        probabilities = probabilities.map { $0 / total }
        return try LogModel(name: name, summary: summary, labels: labels, probabilities: probabilities, paytable: wheel.paytable)
    }
}
