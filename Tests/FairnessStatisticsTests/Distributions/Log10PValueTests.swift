import Foundation
import Testing

@testable import FairnessStatistics

/// p-values far beyond a double's range keep their size through log₁₀, against mpmath at 60 digits
/// (`Tests/FairnessStatisticsTests/Fixtures/make_log10_reference.py`, `log10_reference.json`).
@Suite("log10 p-values beyond a double")
struct Log10PValueTests {
    struct Fixture: Decodable {
        struct ChiSquare: Decodable { let x: Double; let df: Double; let log10Sf: Double }
        struct Binomial: Decodable { let k: Double; let n: Double; let p: Double; let log10P: Double }
        let chiSquare: [ChiSquare]
        let binomial: [Binomial]
    }

    static let fixture: Fixture = loadFixture("log10_reference", as: Fixture.self)

    @Test func chiSquareUpperTailsMatchMpmath() throws {
        #expect(Self.fixture.chiSquare.count >= 30)
        for case_ in Self.fixture.chiSquare {
            let distribution = try ChiSquareDistribution(degreesOfFreedom: case_.df)
            #expect(try distribution.upperTail(case_.x) == 0, "the tail underflows a double: the case is beyond it")
            let got = try distribution.log10UpperTail(case_.x)
            #expect(abs(got - case_.log10Sf) <= 1e-10 * abs(case_.log10Sf), "df \(case_.df), x \(case_.x): \(got) vs \(case_.log10Sf)")
        }
        // Within a double's range it is the tail's own logarithm.
        let seven = try ChiSquareDistribution(degreesOfFreedom: 7)
        #expect(abs(try seven.log10UpperTail(100) - Foundation.log10(try seven.upperTail(100))) < 1e-12)
    }

    @Test func binomialTwoSidedPValuesMatchMpmath() throws {
        #expect(Self.fixture.binomial.count >= 8)
        for case_ in Self.fixture.binomial {
            let got = try BinomialTest.log10TwoSidedPValue(successes: case_.k, trials: case_.n, hypothesised: case_.p)
            #expect(
                abs(got - case_.log10P) <= 1e-7 * abs(case_.log10P), "k \(case_.k) of \(case_.n) at \(case_.p): \(got) vs \(case_.log10P)")
            let test = try BinomialTest(successes: case_.k, trials: case_.n, hypothesised: case_.p)
            #expect(test.verdict.figures.map { abs($0.log10PValue - case_.log10P) <= 1e-7 * abs(case_.log10P) } == true)
        }
    }

    @Test func holmOnLog10MatchesHolmWhereTheValuesFitADouble() throws {
        let p = [0.001, 0.02, 1e-9, 0.5, 0.04, 0.04]
        let plain = try HolmCorrection.adjust(p)
        let logs = try HolmCorrection.adjustLog10(p.map { Foundation.log10($0) })
        for (a, b) in zip(plain, logs) { #expect(abs(Foundation.log10(a) - b) < 1e-12) }
        // Beyond a double: 10^-6482 and 10^-400 in a family of three keep their order and size.
        let far = try HolmCorrection.adjustLog10([-6481.7, -400, -2])
        #expect(abs(far[0] - (Foundation.log10(3) - 6481.7)) < 1e-9 && abs(far[1] - (Foundation.log10(2) - 400)) < 1e-9)
        #expect(far[2] == -2)
    }
}
