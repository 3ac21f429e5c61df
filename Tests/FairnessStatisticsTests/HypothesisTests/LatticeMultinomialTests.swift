import Foundation
import Testing

@testable import FairnessStatistics

/// The lattice bounds on Pearson's exact multinomial tail: both sides against exact tails computed outside
/// the toolkit (`Fixtures/make_lattice_reference.py`: equal cells, the sum of squares followed exactly in
/// NumPy), and against the toolkit's own enumeration on unequal cells.
@Suite("lattice bounds on the multinomial tail")
struct LatticeMultinomialTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let cells: Int
            let total: Double
            let level: Double
            let threshold: Double
            let exact: Double
            let chiSquare: Double
        }
        struct Observed: Decodable {
            let observed: [Double]
            let exact: Double
        }
        let cases: [Case]
        let observed: [Observed]
    }

    static let fixture: Fixture = loadFixture("lattice_reference", as: Fixture.self)

    /// The exact tail lies between the bounds, and the bounds are tight: the upper at most 1.25 times it.
    @Test func boundsHoldTheExactTail() throws {
        #expect(Self.fixture.cases.count == 12)
        for c in Self.fixture.cases {
            let p = Array(repeating: 1.0 / Double(c.cells), count: c.cells)
            let negligible = 1e-6 * c.exact
            let upper = try #require(
                LatticeMultinomialTail.bound(.upper, threshold: c.threshold, total: c.total, probabilities: p, negligible: negligible))
            let lower = try #require(
                LatticeMultinomialTail.bound(.lower, threshold: c.threshold, total: c.total, probabilities: p, negligible: negligible))
            let label = "\(c.cells) cells, \(c.total) counts, t = \(c.threshold)"
            #expect(lower <= c.exact * (1 + 1e-9) && c.exact <= upper * (1 + 1e-9), "\(label): \(lower) ≤ \(c.exact) ≤ \(upper)")
            #expect(upper <= 1.25 * c.exact, "\(label): upper \(upper) against exact \(c.exact)")
        }
    }

    /// Unequal cells (a prize wheel's odds), where the statistic is not a whole number: against the
    /// enumeration of every table at least as extreme.
    @Test func unequalCellsAgainstEnumeration() throws {
        let p = [0.05, 0.1, 0.15, 0.3, 0.4]
        for (n, t) in [(60.0, 20.0), (100.0, 30.0), (150.0, 40.0)] {
            let exact = try #require(ExactMultinomialTail.upperTail(t, total: n, probabilities: p, budget: .max)).pValue
            let upper = try #require(
                LatticeMultinomialTail.bound(.upper, threshold: t, total: n, probabilities: p, negligible: 1e-6 * exact))
            let lower = try #require(
                LatticeMultinomialTail.bound(.lower, threshold: t, total: n, probabilities: p, negligible: 1e-6 * exact))
            #expect(lower <= exact * (1 + 1e-9) && exact <= upper * (1 + 1e-9), "n = \(n): \(lower) ≤ \(exact) ≤ \(upper)")
            #expect(upper <= 1.25 * exact)
        }
    }

    /// What is past the budget, or not a table, has no bound.
    /// A die rolled 300 times, one face far out: past the enumeration's budget, the test states the upper
    /// bound, at least the exact p-value and within 1.1 times it, where the chi-square is 15–40% too small.
    @Test func theTestStatesTheBoundPastTheEnumeration() throws {
        #expect(Self.fixture.observed.count == 2)
        for c in Self.fixture.observed {
            let test = try GoodnessOfFitTest(observed: c.observed, probabilities: Array(repeating: 1.0 / 6, count: 6))
            let figures = try #require(test.verdict.figures)
            let chiSquare = try ChiSquareDistribution(degreesOfFreedom: 5).upperTail(figures.statistic)
            #expect(figures.method == .exactUpperBound)
            #expect(
                c.exact <= figures.pValue && figures.pValue <= 1.1 * c.exact, "\(c.observed): bound \(figures.pValue), exact \(c.exact)")
            #expect(chiSquare < 0.9 * c.exact, "chi-square \(chiSquare)")
        }
    }

    @Test func refusesPastItsBudget() {
        let thirtySeven = Array(repeating: 1.0 / 37, count: 37)
        #expect(LatticeMultinomialTail.bound(.upper, threshold: 80, total: 1e6, probabilities: thirtySeven, negligible: 1e-12) == nil)
        #expect(LatticeMultinomialTail.bound(.upper, threshold: 10, total: 1.5, probabilities: [0.5, 0.5], negligible: 1e-12) == nil)
        #expect(LatticeMultinomialTail.bound(.upper, threshold: 10, total: 10, probabilities: [0, 1], negligible: 1e-12) == nil)
        #expect(LatticeMultinomialTail.bound(.upper, threshold: 0, total: 10, probabilities: [0.5, 0.5], negligible: 1e-12) == 1)
    }
}
