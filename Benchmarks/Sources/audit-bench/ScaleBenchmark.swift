import FairnessToolkit
import Foundation

/// `audit-bench --scale`: what the exact checks and a short audit cost as the game grows, printed as the
/// Markdown table docs/performance.md quotes ("Cost at scale"), then what a spec file and a probe add to a
/// built-in subject of the same shape.
///
/// The games are the library's own types (`ReferenceWheel`, `ReferenceDiceGame`), the ones a user's
/// package passes to `Audit.run`: `Benchmarks/Scripts/library-parity/main.swift` times the same rows from a
/// package that depends on the toolkit by version, and `Benchmarks/Scripts/benchmark.sh` prints each ratio.
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
            let audited = try audit(AuditSubject(wheel: wheel), settings: settings)
            print(String(format: "| wheel, %d equal sectors | %.2f | %.3f |", count, exact, audited))
        }
        let jackpot = try ReferenceWheel(weights: [999_999, 1], name: "jackpot")
        let jackpotExact = seconds { _ = DesignedOdds(jackpot, consistency: ConsistencyCheck(jackpot)) }
        let jackpotAudit = try audit(AuditSubject(wheel: jackpot), settings: settings)
        print(String(format: "| wheel, 1-in-a-million jackpot | %.2f | %.3f |", jackpotExact, jackpotAudit))
        for (count, faces) in [(5, 6), (8, 6), (10, 6), (5, 20), (12, 10)] {
            let game = ReferenceDiceGame(dice: try DiceSet(count: count, faces: faces))
            var coverage = ""
            let exact = try seconds {
                let survey = DetectorSurvey(game)
                coverage = ReportNarrator.text(survey.coverage)
                _ = try PolicyOdds(game, survey: survey)
            }
            let audited = try audit(AuditSubject(dice: game), settings: settings)
            print(String(format: "| dice, %dd%d (%@) | %.2f | %.3f |", count, faces, coverage, exact, audited))
        }
        try paths(settings: settings)
    }

    /// What a spec file and a probe cost against a built-in subject of the same shape, one audit each at the
    /// same settings: the prize wheel's spec (8 weighted sectors, with its paytable's checks) against
    /// `ReferenceWheel` with the same weights, the poker-dice spec (5d6 with claimed odds) against
    /// `ReferenceDiceGame`, and a 37-pocket roulette and five poker dice answered by Python probes against 37
    /// equal sectors and the reference 5d6.
    static func paths(settings: AuditSettings) throws {
        print("")
        print("| path | audit at 100,000 trials (s) | built-in subject of the same shape (s) | ratio |")
        print("|---|---|---|---|")
        let weighted = try audit(
            AuditSubject(wheel: try ReferenceWheel(weights: [30, 20, 15, 10, 10, 8, 5, 2], name: "weighted-8")), settings: settings)
        let roulette = try audit(AuditSubject(wheel: try ReferenceWheel(equalSectors: 37)), settings: settings)
        let dice = try audit(AuditSubject(dice: ReferenceDiceGame()), settings: settings)
        let rows: [(path: String, spec: String, probe: String?, builtIn: Double)] = [
            ("spec file: prize-wheel (8 weighted sectors, paytable)", "Examples/specs/prize-wheel.yaml", nil, weighted),
            ("spec file: poker-dice (5d6, claimed odds)", "Examples/specs/poker-dice.json", nil, dice),
            (
                "probe: roulette-37 in Python (37 equal pockets)", "Benchmarks/Scripts/roulette37.yaml",
                "python3 Benchmarks/Scripts/roulette37.py", roulette
            ),
            (
                "probe: poker dice in Python (5d6)", "Examples/probes/python/poker_dice.yaml",
                "python3 Examples/probes/python/poker_dice.py", dice
            ),
        ]
        for row in rows {
            do {
                let spec = try SpecParser.parse(contentsOf: URL(fileURLWithPath: row.spec))
                let subject = { try row.probe.map { try spec.probeSubject(command: $0, timeout: 30) } ?? spec.subject() }
                let elapsed = try audit(try subject(), settings: settings)
                print(String(format: "| %@ | %.3f | %.3f | %.2f |", row.path, elapsed, row.builtIn, elapsed / row.builtIn))
            } catch {
                print("| \(row.path) | not run: \(error) | | |")
            }
        }
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now()
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Seconds per audit of `subject`: one audit, or the mean of as many as fill about 0.3 s when one is
    /// shorter (so that a row of a few milliseconds compares by more than the clock's noise).
    static func audit(_ subject: @autoclosure () throws -> AuditSubject, settings: AuditSettings) throws -> Double {
        let first = try seconds { _ = try Audit.run([try subject()], settings: settings) }
        let more = first >= 0.3 ? 0 : Int(0.3 / max(first, 1e-3))
        let rest = try seconds { for _ in 0..<more { _ = try Audit.run([try subject()], settings: settings) } }
        return (first + rest) / Double(1 + more)
    }
}
