/// Pearson's chi-square test of independence on an r × c contingency table (serial pairs of outcomes,
/// pairs of dice).
///
/// Expected counts are row total × column total / N; the statistic Σ (O − E)²/E is asymptotically
/// chi-square with (r − 1)(c − 1) degrees of freedom. Rows or columns whose total is 0 carry no
/// information and are dropped before counting degrees of freedom. No continuity correction is applied.
/// If any expected count is below `minimumExpected` the test is inconclusive: pooling categories of a
/// two-way table would change the hypothesis being tested, so the toolkit does not do it silently.
public struct IndependenceTest: Sendable, Hashable, Codable {
    /// The contingency table as given, one array per row.
    public let table: [[Double]]
    /// The smallest expected count at which the chi-square approximation is trusted; below it the test is inconclusive.
    public let minimumExpected: Double
    /// Rows and columns kept (indices into the input) after dropping empty ones.
    public let keptRows: [Int]
    /// The columns kept (indices into the input), ascending.
    public let keptColumns: [Int]
    /// The figures, or why the test is inconclusive: fewer than two non-empty rows or columns, or an
    /// expected count below ``minimumExpected`` (with the total needed).
    public let verdict: TestVerdict

    /// Tests independence of the rows and columns of `table` (counts, r rows of c columns).
    /// - Parameters:
    ///   - table: The counts, one array per row, all of the same length.
    ///   - minimumExpected: The smallest expected count accepted before the test is declared inconclusive.
    /// - Throws: ``StatisticsError/emptyInput(what:)`` if the table has no rows or an empty first row,
    ///   ``StatisticsError/lengthMismatch(what:expected:actual:)`` if rows differ in length,
    ///   ``StatisticsError/invalidCount(what:index:value:)`` if a count is negative, NaN or infinite, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL fails on the p-value.
    /// - Complexity: O(r · c) for an r × c table.
    public init(table: [[Double]], minimumExpected: Double = 5) throws {
        guard let width = table.first?.count, width > 0 else { throw StatisticsError.emptyInput(what: "contingency table") }
        for (r, row) in table.enumerated() {
            guard row.count == width else {
                throw StatisticsError.lengthMismatch(what: "contingency table row \(r)", expected: width, actual: row.count)
            }
            try Validate.counts(row, "contingency table row \(r)")
        }
        self.table = table
        self.minimumExpected = minimumExpected
        let rowTotals = table.map { row -> Double in
            var s = CompensatedSum(); row.forEach { s.add($0) }; return s.value
        }
        let columnTotals = (0..<width).map { c -> Double in
            var s = CompensatedSum(); table.forEach { s.add($0[c]) }; return s.value
        }
        keptRows = rowTotals.indices.filter { rowTotals[$0] > 0 }
        keptColumns = columnTotals.indices.filter { columnTotals[$0] > 0 }
        var totalSum = CompensatedSum()
        rowTotals.forEach { totalSum.add($0) }
        let total = totalSum.value
        guard keptRows.count >= 2, keptColumns.count >= 2 else {
            verdict = .inconclusive(
                InconclusiveReason(
                    "the table has \(keptRows.count) non-empty rows and \(keptColumns.count) non-empty columns; independence needs at least 2 of each"
                ))
            return
        }
        let smallestRow = keptRows.map { rowTotals[$0] }.min()!
        let smallestColumn = keptColumns.map { columnTotals[$0] }.min()!
        let smallestExpected = smallestRow * smallestColumn / total
        if smallestExpected < minimumExpected {
            let needed = minimumExpected / ((smallestRow / total) * (smallestColumn / total))
            verdict = .inconclusive(
                InconclusiveReason(
                    "smallest expected count \(GoodnessOfFitTest.format(smallestExpected)) is below \(GoodnessOfFitTest.format(minimumExpected))",
                    totalNeeded: needed))
            return
        }
        var sum = CompensatedSum()
        for r in keptRows {
            for c in keptColumns {
                let expected = rowTotals[r] * columnTotals[c] / total
                let difference = table[r][c] - expected
                sum.add(difference * difference / expected)
            }
        }
        let df = Double((keptRows.count - 1) * (keptColumns.count - 1))
        let statistic = max(0, sum.value)
        let distribution = try ChiSquareDistribution(degreesOfFreedom: df)
        verdict = .tested(
            TestFigures(
                statistic: statistic, degreesOfFreedom: df, pValue: try distribution.upperTail(statistic),
                log10PValue: try distribution.log10UpperTail(statistic)))
    }

    /// Convenience for integer tallies.
    /// - Throws: ``StatisticsError/emptyInput(what:)`` if the table has no rows or an empty first row,
    ///   ``StatisticsError/lengthMismatch(what:expected:actual:)`` if rows differ in length,
    ///   ``StatisticsError/invalidCount(what:index:value:)`` if a count is negative, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL fails on the p-value.
    /// - Complexity: O(r · c) for an r × c table.
    public init<Count: BinaryInteger>(counts: [[Count]], minimumExpected: Double = 5) throws {
        try self.init(table: counts.map { $0.map { Double($0) } }, minimumExpected: minimumExpected)
    }
}
