import FairnessStatistics
import Testing

/// Windows against the expected counts of their draws' states, up to one common factor per outcome, against
/// an independent NumPy fit and SciPy's chi-square tail (`Fixtures/make_homogeneity_given_expected_reference.py`,
/// which also checks the one-odds case against `scipy.stats.chi2_contingency`).
@Suite struct HomogeneityGivenExpectedTests {
    struct Case: Decodable {
        var observed: [[Double]]
        var expected: [[Double]]
        var statistic: Double
        var df: Double
        var p: Double
    }

    @Test func agreesWithSciPy() throws {
        for reference in loadFixture("homogeneity_given_expected_reference", as: [Case].self) {
            let test = try HomogeneityGivenExpectedTest(observed: reference.observed, expected: reference.expected)
            let figures = try #require(test.verdict.figures, "\(reference.observed)")
            // Both fits stop within 1e-10 of their margins: the statistics agree to about that.
            #expect(abs(figures.statistic - reference.statistic) <= 1e-8 * max(1, reference.statistic), "\(figures) vs \(reference)")
            #expect(figures.degreesOfFreedom == reference.df)
            #expect(abs(figures.pValue - reference.p) <= 1e-7 * reference.p, "\(figures.pValue) vs \(reference.p)")
        }
    }

    /// With one set of odds on every draw, the test is the independence test of the counts.
    @Test func oneSetOfOddsIsTheIndependenceTest() throws {
        let observed: [[Double]] = [[40, 70, 890], [55, 60, 885], [30, 75, 895], [61, 66, 873]]
        let expected = observed.map { row in [0.05, 0.07, 0.88].map { $0 * row.reduce(0, +) } }
        let test = try #require(try HomogeneityGivenExpectedTest(observed: observed, expected: expected).verdict.figures)
        let independence = try #require(try IndependenceTest(table: observed).verdict.figures)
        #expect(abs(test.statistic - independence.statistic) <= 1e-9 * independence.statistic)
        #expect(test.degreesOfFreedom == independence.degreesOfFreedom)
    }

    @Test func tooLittleIsInconclusiveAndBadInputThrows() throws {
        #expect(try HomogeneityGivenExpectedTest(observed: [[5, 5]], expected: [[5, 5]]).verdict.pValue == nil)
        #expect(try HomogeneityGivenExpectedTest(observed: [[1, 2], [2, 1]], expected: [[1, 2], [2, 1]]).verdict.pValue == nil)
        #expect(throws: StatisticsError.self) { try HomogeneityGivenExpectedTest(observed: [[1, 2]], expected: [[1]]) }
        #expect(throws: StatisticsError.self) { try HomogeneityGivenExpectedTest(observed: [[1, -2]], expected: [[1, 2]]) }
        #expect(throws: StatisticsError.self) { try HomogeneityGivenExpectedTest(observed: [], expected: []) }
    }
}
