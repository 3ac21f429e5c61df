import FairnessAudit
import FairnessChecks
import FairnessModel
import FairnessSubjects
import Foundation

/// `audit-bench --scale`: what the exact checks and a short audit cost as the game grows, printed as the
/// Markdown table docs/performance.md quotes ("Cost at scale").
enum ScaleBenchmark {
    static func run(threads: Int) throws {
        print("| game | exact checks (s) | audit at 100,000 trials (s) |")
        print("|---|---|---|")
        let settings = AuditSettings(run: RunSettings(trials: 100_000, seed: 1, threads: threads))
        for count in [8, 37, 100, 1000, 5000, 10_000] {
            let wheel = try ReferenceWheel(equalSectors: count)
            let exact = seconds {
                let consistency = ConsistencyCheck(wheel)
                let boundary = BoundaryCheck(wheel)
                let wraparound = WraparoundCheck(wheel)
                _ = RangeCheck(wheel, consistency: consistency, boundary: boundary, wraparound: wraparound)
                _ = DesignedOdds(wheel, consistency: consistency)
            }
            let audit = try seconds { _ = try Audit.run([AuditSubject(wheel: wheel)], settings: settings) }
            print(String(format: "| wheel, %d equal sectors | %.2f | %.2f |", count, exact, audit))
        }
        let jackpot = try ReferenceWheel(weights: [999_999, 1], name: "jackpot")
        let jackpotExact = seconds { _ = DesignedOdds(jackpot, consistency: ConsistencyCheck(jackpot)) }
        let jackpotAudit = try seconds { _ = try Audit.run([AuditSubject(wheel: jackpot)], settings: settings) }
        print(String(format: "| wheel, 1-in-a-million jackpot | %.2f | %.2f |", jackpotExact, jackpotAudit))
        for (count, faces) in [(5, 6), (8, 6), (10, 6), (5, 20), (12, 10)] {
            let game = ScaledReferenceDice(dice: try DiceSet(count: count, faces: faces))
            var coverage = ""
            let exact = try seconds {
                let survey = DetectorSurvey(game)
                coverage = ReportNarrator.text(survey.coverage)
                _ = try PolicyOdds(game, survey: survey)
            }
            let audit = try seconds { _ = try Audit.run([AuditSubject(dice: game)], settings: settings) }
            print(String(format: "| dice, %dd%d (%@) | %.2f | %.2f |", count, faces, coverage, exact, audit))
        }
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now()
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// The reference dice game with any dice.
struct ScaledReferenceDice: DiceGame {
    let dice: DiceSet
    var name: String { "reference-dice-\(dice)" }
    var summary: String { "reference dice" }
    var rerollPolicy: RerollPolicy { .never }
    func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
}
