/// Do the rows of a table of counts depart from their own expected counts alike? Pearson's chi-square test
/// that every row's counts follow its expected counts distorted by one common factor per column (windows of
/// a log whose odds vary draw by draw: each window against the odds of its draws' states, the windows against
/// each other).
///
/// Rows r (windows), columns c (outcomes), observed counts Oᵣ꜀ and expected counts eᵣ꜀ > 0 (eᵣ꜀ = 0 is a
/// structural zero, left out). Under the hypothesis every row's shares are πᵣ꜀ ∝ eᵣ꜀ θ꜀ with θ common to
/// the rows. Its fitted counts mᵣ꜀ = aᵣ eᵣ꜀ θ꜀ match every row's and column's total (the maximum-likelihood
/// fit of the quasi-independence log-linear model), found by iterative proportional fitting from eᵣ꜀ until
/// no margin is off by more than 1e-10 of itself. The statistic Σ (Oᵣ꜀ − mᵣ꜀)²/mᵣ꜀ is asymptotically
/// chi-square with (cells fitted) − R − C + K degrees of freedom, K the number of blocks the structural zeros
/// split the table into (rows and columns linked by fitted cells; 1 for a table without zeros). Where eᵣ꜀ ∝ nᵣ p꜀ (the same odds on every
/// draw) the fit is the independence table's and the test is ``IndependenceTest``'s.
///
/// Rows without counts and columns without counts are left out; a cell of a structural zero with counts is
/// left out of the fit (its draws are impossible under the declared odds, a finding of their own). If a
/// fitted count is below `minimumExpected`, or fewer than one degree of freedom is left, the test is
/// inconclusive.
public struct HomogeneityGivenExpectedTest: Sendable, Hashable {
    /// The fitted counts mᵣ꜀ (0 for cells left out), one array per row of the input.
    public let fitted: [[Double]]
    /// The figures, or why the test is inconclusive.
    public let verdict: TestVerdict

    /// Tests `observed` against `expected`, row by row, up to one common factor per column.
    /// - Parameters:
    ///   - observed: The counts, one array per row, all of the same length.
    ///   - expected: Each cell's expected count (≥ 0, finite), the same shape.
    ///   - minimumExpected: The smallest fitted count accepted before the test is declared inconclusive.
    /// - Throws: ``StatisticsError/emptyInput(what:)`` for an empty table,
    ///   ``StatisticsError/lengthMismatch(what:expected:actual:)`` for rows of different lengths or shapes
    ///   that differ, ``StatisticsError/invalidCount(what:index:value:)`` for a negative or non-finite value,
    ///   and ``StatisticsError/gsl(function:status:message:)`` if GSL fails on the p-value.
    /// - Complexity: O(R · C) per sweep of the fit; it converges geometrically.
    public init(observed: [[Double]], expected: [[Double]], minimumExpected: Double = 5) throws {
        guard let width = observed.first?.count, width > 0 else { throw StatisticsError.emptyInput(what: "table of windows") }
        guard expected.count == observed.count else {
            throw StatisticsError.lengthMismatch(what: "expected rows", expected: observed.count, actual: expected.count)
        }
        for (r, (row, expectedRow)) in zip(observed, expected).enumerated() {
            guard row.count == width, expectedRow.count == width else {
                throw StatisticsError.lengthMismatch(what: "table row \(r)", expected: width, actual: min(row.count, expectedRow.count))
            }
            try Validate.counts(row, "table row \(r)")
            try Validate.counts(expectedRow, "expected row \(r)")
        }
        // The cells fitted: expected > 0, in rows and columns with counts there.
        let inFit = { (r: Int, c: Int) in expected[r][c] > 0 }
        let rows = observed.indices.filter { r in (0..<width).contains { inFit(r, $0) && observed[r][$0] > 0 } }
        let columns = (0..<width).filter { c in rows.contains { inFit($0, c) && observed[$0][c] > 0 } }
        var fitted = [[Double]](repeating: [Double](repeating: 0, count: width), count: observed.count)
        let cells = rows.reduce(0) { sum, r in sum + columns.filter { inFit(r, $0) }.count }
        let degrees = cells - rows.count - columns.count + Self.components(rows: rows, columns: columns, linked: inFit)
        guard rows.count >= 2, columns.count >= 2 else {
            self.fitted = fitted
            verdict = .inconclusive(
                InconclusiveReason(
                    "the table has \(rows.count) rows and \(columns.count) columns with counts; comparing rows needs at least 2 of each"))
            return
        }
        guard degrees >= 1 else {
            self.fitted = fitted
            verdict = .inconclusive(InconclusiveReason("the expected counts' zeros leave no degree of freedom to compare the rows"))
            return
        }
        for r in rows { for c in columns where inFit(r, c) { fitted[r][c] = expected[r][c] } }
        let rowTotals = rows.map { r in columns.reduce(0) { inFit(r, $1) ? $0 + observed[r][$1] : $0 } }
        let columnTotals = columns.map { c in rows.reduce(0) { inFit($1, c) ? $0 + observed[$1][c] : $0 } }
        for _ in 0..<100_000 {
            var worst = 0.0
            for (i, r) in rows.enumerated() {
                let total = columns.reduce(0) { $0 + fitted[r][$1] }
                worst = max(worst, abs(total - rowTotals[i]) / rowTotals[i])
                for c in columns { fitted[r][c] *= rowTotals[i] / total }
            }
            for (j, c) in columns.enumerated() {
                let total = rows.reduce(0) { $0 + fitted[$1][c] }
                worst = max(worst, abs(total - columnTotals[j]) / columnTotals[j])
                for r in rows { fitted[r][c] *= columnTotals[j] / total }
            }
            if worst <= 1e-10 { break }
        }
        self.fitted = fitted
        let smallest = rows.flatMap { r in columns.filter { inFit(r, $0) }.map { fitted[r][$0] } }.min() ?? 0
        guard smallest >= minimumExpected else {
            verdict = .inconclusive(
                InconclusiveReason(
                    "smallest fitted count \(GoodnessOfFitTest.format(smallest)) is below \(GoodnessOfFitTest.format(minimumExpected))"))
            return
        }
        var sum = CompensatedSum()
        for r in rows {
            for c in columns where inFit(r, c) {
                let difference = observed[r][c] - fitted[r][c]
                sum.add(difference * difference / fitted[r][c])
            }
        }
        let statistic = max(0, sum.value)
        let distribution = try ChiSquareDistribution(degreesOfFreedom: Double(degrees))
        verdict = .tested(
            TestFigures(
                statistic: statistic, degreesOfFreedom: Double(degrees), pValue: try distribution.upperTail(statistic),
                log10PValue: try distribution.log10UpperTail(statistic)))
    }

    /// The blocks of the table: rows and columns linked through cells where `linked` holds (union–find).
    static func components(rows: [Int], columns: [Int], linked: (Int, Int) -> Bool) -> Int {
        var parent = Array(0..<(rows.count + columns.count))
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x {
                parent[x] = parent[parent[x]]
                x = parent[x]
            }
            return x
        }
        for (i, r) in rows.enumerated() {
            for (j, c) in columns.enumerated() where linked(r, c) { parent[root(i)] = root(rows.count + j) }
        }
        return Set(parent.indices.map(root)).count
    }
}
