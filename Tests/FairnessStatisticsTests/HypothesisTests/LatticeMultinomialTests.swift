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

    /// Every resolution the test may take still bounds the exact tail from above; the coarsest, 16 points
    /// per cell, counts tables down to t (1 − 1/32), at most 3 times the exact p-value on these tables.
    @Test func everyTestResolutionBoundsTheExactTail() throws {
        for c in Self.fixture.cases {
            let p = Array(repeating: 1.0 / Double(c.cells), count: c.cells)
            for resolution in LatticeMultinomialTail.testResolutions {
                let upper = try #require(
                    LatticeMultinomialTail.bound(
                        .upper, threshold: c.threshold, total: c.total, probabilities: p, negligible: 1e-6 * c.exact, resolution: resolution
                    ))
                let label = "\(c.cells) cells, \(c.total) counts, t = \(c.threshold), \(resolution) per cell"
                #expect(c.exact <= upper * (1 + 1e-9), "\(label): exact \(c.exact) ≤ \(upper)")
                #expect(upper <= 3 * c.exact, "\(label): upper \(upper) against exact \(c.exact)")
            }
        }
    }

    /// The test's resolution is the finest whose work fits the budget, from n and the probabilities alone:
    /// a die rolled 3,000 times takes the finest; a 37-sector wheel spun 3,000 times 32 points per cell,
    /// 10,000 times 16, where the finest would pass the budget 2 and 7 times over; 30,000 spins are past
    /// even the coarsest, and the chi-square stays.
    @Test func resolutionFitsTheBudget() throws {
        let die = Array(repeating: 1.0 / 6, count: 6), wheel = Array(repeating: 1.0 / 37, count: 37)
        let budget = Double(LatticeMultinomialTail.defaultBudget)
        #expect(LatticeMultinomialTail.testResolution(total: 3000, probabilities: die) == 128)
        #expect(LatticeMultinomialTail.testResolution(total: 3000, probabilities: wheel) == 32)
        #expect(LatticeMultinomialTail.testResolution(total: 10000, probabilities: wheel) == 16)
        #expect(LatticeMultinomialTail.expectedUpdates(total: 10000, probabilities: wheel) <= budget)
        #expect(LatticeMultinomialTail.expectedUpdates(total: 3000, probabilities: wheel, resolution: 64) > budget)
        #expect(LatticeMultinomialTail.expectedUpdates(total: 30000, probabilities: wheel) > budget)
        // Zero 1,110 times in 30,000 spins, the others 802 or 803: X² = 114, in the far tail.
        let heavy = [1110.0] + (0..<36).map { $0 < 18 ? 802.0 : 803.0 }
        let fit = try #require(try GoodnessOfFitTest(observed: heavy, probabilities: wheel).verdict.figures)
        #expect(fit.pValue < 1e-6 && fit.pValue > 1e-15 && fit.method == .chiSquare, "\(fit)")
        // The power of the bounded test is stated at the critical value it rejects from.
        #expect(LatticeMultinomialTail.criticalValueFactor(level: 1e-2, total: 3000, probabilities: wheel) == 1)
        #expect(LatticeMultinomialTail.criticalValueFactor(level: 1e-6, total: 30000, probabilities: wheel) == 1)
        let factor = LatticeMultinomialTail.criticalValueFactor(level: 1e-6, total: 3000, probabilities: wheel)
        #expect(abs(factor - 1 / (1 - 36.0 / (2 * 32 * 37))) < 1e-15)
    }

    /// A 37-sector wheel spun 3,000 times, zero far out: the test states the bound on the coarser lattice
    /// (32 per cell), between the lower bound at 64 per cell and 4 times it.
    @Test func aWheelPastTheFinestLatticeStatesTheBound() throws {
        let wheel = Array(repeating: 1.0 / 37, count: 37)
        // Zero 166 times, the others 79 (the last 69): X² = 92.6, chi-square p = 7.0e-7.
        var counts = [166.0] + Array(repeating: 79.0, count: 36)
        counts[36] += 3000 - counts.reduce(0, +)
        let figures = try #require(try GoodnessOfFitTest(observed: counts, probabilities: wheel).verdict.figures)
        #expect(figures.method == .exactUpperBound)
        let lower = try #require(
            LatticeMultinomialTail.bound(
                .lower, threshold: figures.statistic * (1 - 1e-9), total: 3000, probabilities: wheel, negligible: 1e-9 * figures.pValue,
                budget: .max, resolution: 64))
        #expect(lower <= figures.pValue && figures.pValue <= 4 * lower, "lower \(lower), stated \(figures.pValue)")
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
