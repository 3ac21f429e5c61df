import Foundation
import Testing

@testable import FairnessStatistics

/// The exact p-value of the payout-mean test under declared odds against the SciPy gate's enumeration with
/// its own optimiser (`Fixtures/make_payout_exact_reference.py`, `payout_exact_reference.json`).
@Suite("exact payout-mean p-values")
struct PayoutMeanExactTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let levels: [Double]
            let counts: [UInt64]
            let probabilities: [Double]
            let mean: Double
            let pValue: Double
            let chiSquarePValue: Double
        }
        let cases: [Case]
    }

    static let fixture: Fixture = loadFixture("payout_exact_reference", as: Fixture.self)

    @Test func pValuesMatchTheEnumerationBySciPy() throws {
        #expect(Self.fixture.cases.count == 4)
        for c in Self.fixture.cases {
            let exact = try #require(
                PayoutMeanExactTail.pValue(levels: c.levels, counts: c.counts, probabilities: c.probabilities, mean: c.mean))
            #expect(abs(exact.pValue - c.pValue) <= 1e-9 * c.pValue, "\(c.counts): \(exact.pValue), SciPy \(c.pValue)")
            let chiSquare = try PayoutMeanInterval(levels: c.levels, counts: c.counts).pValue(mean: c.mean)
            #expect(abs(chiSquare - c.chiSquarePValue) <= 1e-6 * c.chiSquarePValue)
        }
    }

    /// Under declared odds the test states the exact p-value in the far tail, χ²(1) elsewhere or without
    /// odds; a level paid that the odds never pay, or too many tables, gives no exact value.
    @Test func theExactValueIsTakenInTheFarTail() throws {
        let levels = [0.0, 1, 10], odds = [0.6, 0.35, 0.05], mean = 0.85
        let far = try PayoutMeanInterval(levels: levels, counts: [14, 16, 10]).figures(mean: mean, declared: odds)
        #expect(far.method == .exact && abs(far.pValue - 1.973388747528903e-06) <= 1e-9 * far.pValue)
        let near = try PayoutMeanInterval(levels: levels, counts: [31, 9, 0]).figures(mean: mean, declared: odds)
        #expect(near.method == .chiSquare)
        let noOdds = try PayoutMeanInterval(levels: levels, counts: [14, 16, 10]).figures(mean: mean, declared: nil)
        #expect(noOdds.method == .chiSquare)
        #expect(PayoutMeanExactTail.pValue(levels: levels, counts: [14, 16, 10], probabilities: [0.6, 0.4, 0], mean: 0.4) == nil)
        #expect(PayoutMeanExactTail.pValue(levels: levels, counts: [1400, 1600, 1000], probabilities: odds, mean: mean) == nil)
    }
}
