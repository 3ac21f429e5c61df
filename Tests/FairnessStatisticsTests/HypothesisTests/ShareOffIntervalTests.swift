import FairnessStatistics
import Testing

/// The share of draws off their expected shares, with its simultaneous interval, against SciPy
/// (`Fixtures/make_share_off_reference.py`, `share_off_reference.json`).
@Suite struct ShareOffIntervalTests {
    struct Case: Decodable {
        var observed: [Double]
        var expected: [Double]
        var confidence: Double
        var estimate: Double
        var lower: Double
        var upper: Double
    }

    @Test func agreesWithSciPy() throws {
        for reference in loadFixture("share_off_reference", as: [Case].self) {
            let interval = try ShareOffInterval(
                observed: reference.observed, expected: reference.expected, confidenceLevel: reference.confidence)
            let what = "\(reference.observed)"
            expectClose(interval.estimate, reference.estimate, what)
            // Clopper–Pearson bounds are found by bisection to about 1e-15 relative; a bound near a share
            // loses digits in the subtraction, so the bounds agree to 1e-9 absolute.
            #expect(abs(interval.lower - reference.lower) <= 1e-9, "\(what): lower \(interval.lower) vs \(reference.lower)")
            #expect(abs(interval.upper - reference.upper) <= 1e-9, "\(what): upper \(interval.upper) vs \(reference.upper)")
            #expect(interval.lower <= interval.estimate && interval.estimate <= interval.upper)
        }
    }

    @Test func refusesCountsAndSharesThatDoNotMatch() {
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [1, 2], expected: [1]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [1, 2], expected: [0.5, 0.6]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [0, 0], expected: [0.5, 0.5]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [1.5, 2], expected: [0.5, 0.5]) }
    }
}
