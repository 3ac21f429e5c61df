import Foundation
import TestSupport
import Testing

@testable import FairnessStatistics

/// The mean-payout interval against SciPy's constrained optimiser (Tests/FairnessStatisticsTests/Fixtures/make_payout_reference.py), and its
/// coverage on a heavy-tailed prize table by simulation, beside the normal interval's.
@Suite("Payout mean interval")
struct PayoutMeanIntervalTests {
    struct Case: Decodable {
        struct Probe: Decodable {
            let mu: Double
            let statistic: Double
        }
        let levels: [Double]
        let counts: [UInt64]
        let confidence: Double
        let mean: Double
        let lower: Double
        let upper: Double
        let statistics: [Probe]
    }

    struct Fixture: Decodable { let cases: [Case] }

    static let cases: [Case] = loadFixture("payout_reference", as: Fixture.self).cases

    @Test(arguments: PayoutMeanIntervalTests.cases.indices)
    func agreesWithSciPy(index: Int) throws {
        let c = Self.cases[index]
        let interval = try PayoutMeanInterval(levels: c.levels, counts: c.counts, confidence: c.confidence)
        #expect(abs(interval.mean - c.mean) <= 1e-12 * abs(c.mean))
        // SLSQP meets its constraints to about 1e-9: the ends agree to 1e-6 of the range.
        let range = c.levels.max()! - c.levels.min()!
        #expect(abs(interval.lower - c.lower) <= 1e-6 * range, "\(interval.lower) vs \(c.lower)")
        #expect(abs(interval.upper - c.upper) <= 1e-6 * range, "\(interval.upper) vs \(c.upper)")
        for probe in c.statistics {
            let mine = PayoutMeanInterval.statistic(probe.mu, levels: interval.levels, counts: interval.counts, mean: interval.mean)
            #expect(abs(mine - probe.statistic) <= 1e-6 * max(1, probe.statistic), "μ = \(probe.mu): \(mine) vs \(probe.statistic)")
        }
        #expect(abs(try interval.pValue(mean: interval.lower) - (1 - c.confidence)) < 1e-6)
    }

    /// A jackpot of 1,000 at 1 in 2,000 carries half the return: in 2,000 plays it is not paid at all about
    /// 37% of the time. The profile interval covers the true mean about 95% of the time; the normal one
    /// misses whenever the jackpot has not been seen.
    @Test func coversAHeavyTailedTable() throws {
        let levels: [Double] = [0, 1, 5, 1000]
        let probabilities = [0.7, 0.25, 0.0495, 0.0005]
        let truth = zip(levels, probabilities).reduce(0) { $0 + $1.0 * $1.1 }
        var generator = SplitMix64(seed: 20_261_123)
        let repetitions = 1_000, plays = 2_000
        var covered = 0, normalCovered = 0
        for _ in 0..<repetitions {
            var counts = [UInt64](repeating: 0, count: levels.count)
            for _ in 0..<plays {
                var u = Double.random(in: 0..<1, using: &generator)
                var level = levels.count - 1
                for (index, p) in probabilities.enumerated() {
                    if u < p { level = index; break }
                    u -= p
                }
                counts[level] += 1
            }
            let interval = try PayoutMeanInterval(levels: levels, counts: counts)
            if interval.lower <= truth && truth <= interval.upper { covered += 1 }
            let n = Double(plays)
            let mean = interval.mean
            let variance = zip(levels, counts).reduce(0) { $0 + Double($1.1) * ($1.0 - mean) * ($1.0 - mean) } / (n - 1)
            let half = 1.959963984540054 * (variance / n).squareRoot()
            if mean - half <= truth && truth <= mean + half { normalCovered += 1 }
        }
        let coverage = Double(covered) / Double(repetitions)
        #expect(coverage >= 0.925 && coverage <= 0.975, "profile coverage \(coverage)")
        #expect(Double(normalCovered) / Double(repetitions) < 0.75, "normal coverage \(normalCovered)")
    }

    @Test func refusesBadInput() {
        #expect(throws: StatisticsError.self) { try PayoutMeanInterval(levels: [0, 1], counts: [0, 0]) }
        #expect(throws: StatisticsError.self) { try PayoutMeanInterval(levels: [0, 0], counts: [1, 1]) }
        #expect(throws: StatisticsError.self) { try PayoutMeanInterval(levels: [0, .nan], counts: [1, 1]) }
        #expect(throws: StatisticsError.self) { try PayoutMeanInterval(levels: [0, 1], counts: [1, 1], confidence: 1) }
    }
}
