import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessRunner
import Foundation

// Values a game reports from its draws.
extension SubjectAudit {
    /// Each value the game reports from its draws, its exact odds against the declared value's over fair
    /// dice. Returns the largest gap in one value's odds.
    static func drawnValueChecks<Game: DiceGame>(_ game: Game, settings: AuditSettings, into part: inout DiceExactPart) -> Double {
        guard let batching = game as? any BatchRollingDice else { return 0 }
        var worst = 0.0
        for drawn in batching.drawnValues {
            let check = DrawnValueCheck(name: drawn.name, value: drawn.value, dice: game.dice) { batching.reported(drawn, from: $0) }
            guard let gap = check.largestGap, let misplaced = check.misplaced, let odds = check.game else {
                part.checks.append(
                    PendingCheck(
                        record: CheckRecord(
                            subject: game.name, check: .drawnValue(value: drawn.name), kind: .fairness, status: .inconclusive,
                            detailFacts: .drawnValueInconclusive(value: drawn.name, reason: check.inconclusive!))))
                continue
            }
            let difference = gap.gap.double
            let finding =
                difference <= DrawnValueCheck.gridTolerance(game.dice)
                ? nil
                : Finding(
                    .odds, magnitude: difference,
                    fact: .drawnValueDiffers(value: drawn.name, at: gap.value, difference: difference, misplaced: misplaced.double))
            worst = max(worst, finding?.magnitude ?? 0)
            let values = Set(odds.keys).union(check.declared.keys).sorted()
            part.checks.append(
                exact(
                    game.name, .drawnValue(value: drawn.name), kind: .fairness, passed: finding == nil, finding: finding,
                    settings: settings,
                    .drawnValue(
                        value: drawn.name, rule: "\(drawn.value) of \(game.dice)", cells: check.cells,
                        odds: values.map { .init(value: $0, game: odds[$0] ?? .zero, declared: check.declared[$0] ?? .zero) },
                        misplaced: misplaced)))
        }
        return worst
    }
}
