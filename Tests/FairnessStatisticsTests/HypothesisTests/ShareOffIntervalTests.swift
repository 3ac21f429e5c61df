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

    struct TableCase: Decodable {
        var table: [[Double]]
        var confidence: Double
        var estimate: Double
        var lower: Double
        var upper: Double
    }

    struct Fixture: Decodable {
        var shares: [Case]
        var tables: [TableCase]
    }

    @Test func agreesWithSciPy() throws {
        for reference in loadFixture("share_off_reference", as: Fixture.self).shares {
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

    @Test func tablesAgreeWithSciPy() throws {
        for reference in loadFixture("share_off_reference", as: Fixture.self).tables {
            let interval = try ShareOffInterval(table: reference.table, confidenceLevel: reference.confidence)
            let what = "\(reference.table)"
            expectClose(interval.estimate, reference.estimate, what)
            #expect(abs(interval.lower - reference.lower) <= 1e-9, "\(what): lower \(interval.lower) vs \(reference.lower)")
            #expect(abs(interval.upper - reference.upper) <= 1e-9, "\(what): upper \(interval.upper) vs \(reference.upper)")
            #expect(interval.lower <= interval.estimate && interval.estimate <= interval.upper)
        }
    }

    /// Rows with one mix have distance 0; a no-repeat rule over three equally likely results moves a third
    /// of the draws (after each result the other two come half each, against a third each overall).
    @Test func tableDistancesAreExact() throws {
        #expect(try ShareOffInterval(table: [[10, 20, 30], [20, 40, 60]]).estimate == 0)
        let noRepeat = try ShareOffInterval(table: [[0, 500, 500], [500, 0, 500], [500, 500, 0]])
        #expect(abs(noRepeat.estimate - 1.0 / 3) < 1e-15)
        #expect(noRepeat.lower > 0.27 && noRepeat.upper < 0.4, "\(noRepeat)")
    }

    @Test func refusesCountsAndSharesThatDoNotMatch() {
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [1, 2], expected: [1]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [1, 2], expected: [0.5, 0.6]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [0, 0], expected: [0.5, 0.5]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(observed: [1.5, 2], expected: [0.5, 0.5]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(table: [[1, 2], [3]]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(table: [[0, 0], [0, 0]]) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(table: []) }
        #expect(throws: StatisticsError.self) { try ShareOffInterval(table: [[1, -2]]) }
    }
}
