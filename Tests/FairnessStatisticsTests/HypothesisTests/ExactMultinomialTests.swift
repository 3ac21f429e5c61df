import Foundation
import Testing

@testable import FairnessStatistics

/// The exact multinomial p-value of Pearson's X² against brute force: every table with the observed total
/// enumerated in rational arithmetic and mpmath (`Fixtures/make_exact_multinomial_reference.py`,
/// `exact_multinomial_reference.json`).
@Suite("exact multinomial p-values")
struct ExactMultinomialTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let observed: [Double]
            let probabilities: [Double]
            let statistic: Double
            let log10PValue: Double
            let chiSquarePValue: Double
        }
        let pearson: [Case]
    }

    static func load(_ name: String) -> Fixture { loadFixture(name) }

    static let fixture = load("exact_multinomial_reference")

    /// Tables too large for the rational brute force, enumerated in full with NumPy.
    static let farTail = load("far_tail_reference")

    @Test func pValuesMatchBruteForce() throws {
        #expect(Self.fixture.pearson.count >= 15)
        for case_ in Self.fixture.pearson {
            let result = try #require(ExactMultinomialTail.pearson(observed: case_.observed, probabilities: case_.probabilities))
            #expect(abs(result.statistic - case_.statistic) <= 1e-12 * max(1, case_.statistic))
            #expect(
                abs(result.log10PValue - case_.log10PValue) <= 1e-9 * max(1, abs(case_.log10PValue)),
                "\(case_.observed): log10 p \(result.log10PValue), brute force \(case_.log10PValue)")
            if case_.log10PValue > -300 {
                #expect(abs(result.pValue - Foundation.pow(10, case_.log10PValue)) <= 1e-8 * result.pValue)
            }
        }
    }

    /// Where the chi-square approximation is far too small: one cell expecting 5 of 500 plays, 18 observed.
    @Test func aPoissonTailTheChiSquareMisses() throws {
        let result = try #require(ExactMultinomialTail.pearson(observed: [18, 482], probabilities: [0.01, 0.99]))
        let chi = try ChiSquareDistribution(degreesOfFreedom: 1).upperTail(result.statistic)
        #expect(chi < 1e-8 && result.pValue > 4e-6, "chi-square \(chi), exact \(result.pValue)")
    }

    /// Many cells with large expectations: too many tables near the contour, so no exact value (the caller
    /// keeps the chi-square); and what is not a table of counts has none.
    @Test func refusesWhatItCannotEnumerate() {
        let thirtySeven = Array(repeating: 1.0 / 37, count: 37)
        #expect(ExactMultinomialTail.pearson(observed: Array(repeating: 27_027, count: 37), probabilities: thirtySeven) == nil)
        #expect(ExactMultinomialTail.pearson(observed: [1.5, 3], probabilities: [0.5, 0.5]) == nil)
        #expect(ExactMultinomialTail.pearson(observed: [1, 3], probabilities: [0, 1]) == nil)
        #expect(ExactMultinomialTail.pearson(observed: [0, 0], probabilities: [0.5, 0.5]) == nil)
        // A small budget is a refusal, never a partial sum.
        #expect(ExactMultinomialTail.pearson(observed: [14, 6, 10, 5, 5], probabilities: [0.15, 0.2, 0.3, 0.2, 0.15], budget: 50) == nil)
    }

    /// The goodness-of-fit test takes the exact p-value where it enumerates within its budget (a die rolled
    /// 30 times at any X²: every table fits); a die rolled 100 times in the far tail needs 4.9 million
    /// prefixes, past the default budget, so the test states the lattice's upper bound, and the enumeration
    /// given that budget equals the full enumeration; the chi-square where the budget is 0.
    @Test func goodnessOfFitTakesTheExactValueWhereItEnumerates() throws {
        let die = Array(repeating: 1.0 / 6, count: 6)
        let thirty = try GoodnessOfFitTest(counts: [15, 3, 3, 3, 3, 3], probabilities: die)
        #expect(thirty.verdict.figures?.method == .exact)
        let hundred = try GoodnessOfFitTest(counts: [40, 12, 12, 12, 12, 12], probabilities: die)
        let chiSquare = try GoodnessOfFitTest(counts: [40, 12, 12, 12, 12, 12], probabilities: die, exactBudget: 0)
        let enumerated = try #require(
            ExactMultinomialTail.pearson(observed: [40, 12, 12, 12, 12, 12], probabilities: die, budget: 5_000_000))
        let bound = try #require(hundred.verdict.figures), approximate = try #require(chiSquare.verdict.figures)
        #expect(bound.method == .exactUpperBound && approximate.method == .chiSquare)
        #expect(approximate.pValue < ExactMultinomialTail.farTailLevel)
        // The approximation's tail is too light here: the exact p-value is the larger, and it equals the
        // full enumeration of all 96,560,646 tables (`Fixtures/make_far_tail_reference.py`); the bound is at
        // least it and within 5%.
        #expect(enumerated.pValue > approximate.pValue, "exact \(enumerated.pValue), chi-square \(approximate.pValue)")
        let reference = try #require(Self.farTail.pearson.first { $0.observed == [40, 12, 12, 12, 12, 12] })
        #expect(
            abs(enumerated.log10PValue - reference.log10PValue) <= 1e-9,
            "log10 p \(enumerated.log10PValue), enumeration \(reference.log10PValue)")
        #expect(bound.pValue >= enumerated.pValue && bound.pValue <= 1.05 * enumerated.pValue, "bound \(bound.pValue)")
        #expect(abs(approximate.pValue - reference.chiSquarePValue) <= 1e-9 * reference.chiSquarePValue)
        #expect(ExactMultinomialTail.pearson(observed: [40, 12, 12, 12, 12, 12], probabilities: die) == nil, "past the default budget")
    }
}
