extension ShareOffInterval {
    /// How far the rows of a table of counts are from the table's overall mix, as a magnitude: the share of
    /// the table's counts that would have to change column for every row to show the overall mix (rows: the
    /// previous result of a pair, or a window of a log; columns: the result), with a simultaneous interval.
    ///
    /// With cells nᵣ꜀, row totals nᵣ, column totals n꜀ and N counts in all, rows weighted by their share
    /// wᵣ = nᵣ/N of the table:
    /// - estimate: Σᵣ wᵣ · ½ Σ꜀ |nᵣ꜀/nᵣ − n꜀/N| (0 exactly when every row has the overall mix);
    /// - every row's true share Pᵣ꜀ of column c lies, at once with probability at least `confidenceLevel`,
    ///   in its Clopper–Pearson interval [Lᵣ꜀, Uᵣ꜀] at level 1 − (1 − `confidenceLevel`)/(R·C) (Bonferroni
    ///   over the R·C cells of the rows that have counts);
    /// - the overall share q꜀ = Σᵣ wᵣ Pᵣ꜀ then lies in [a꜀, b꜀] = [Σᵣ wᵣ Lᵣ꜀, Σᵣ wᵣ Uᵣ꜀], and each
    ///   column's term Σᵣ wᵣ |Pᵣ꜀ − q꜀| lies between min over t in [a꜀, b꜀] of Σᵣ wᵣ dist(t, [Lᵣ꜀, Uᵣ꜀])
    ///   (convex and piecewise linear: its minimum is at a bound Lᵣ꜀, Uᵣ꜀, a꜀ or b꜀) and max over t in
    ///   [a꜀, b꜀] of Σᵣ wᵣ max(Uᵣ꜀ − t, t − Lᵣ꜀) (convex: its maximum is at a꜀ or b꜀);
    /// - half the sum over columns of these gives the lower and upper bounds (the upper one at most 1):
    ///   every P inside the intervals has a distance between the two, so the interval covers the true
    ///   distance at least as often as the intervals cover the shares (conservative: each column is
    ///   bounded apart, and rows need not sum to 1 inside their bounds).
    ///
    /// The rows' weights are the table's own (its draws as they fell), so the magnitude describes these
    /// draws: for serial pairs, how much the previous result changes the next one in this log.
    /// - Parameters:
    ///   - table: Rows of counts (whole numbers ≥ 0), every row as long as the first, at least one count;
    ///     rows without counts are left out.
    ///   - confidenceLevel: In (0, 1).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` for rows of different lengths, counts that are not
    ///   whole numbers ≥ 0, an empty table or a level outside (0, 1); what
    ///   ``BinomialTest/clopperPearsonInterval(successes:trials:confidenceLevel:)`` throws.
    /// - Complexity: R·C Clopper–Pearson intervals.
    public init(table: [[Double]], confidenceLevel: Double = 0.95) throws {
        let columns = table.first?.count ?? 0
        guard columns > 0, table.allSatisfy({ $0.count == columns && $0.allSatisfy { $0 >= 0 && $0 == $0.rounded() } }),
            confidenceLevel > 0, confidenceLevel < 1
        else {
            throw StatisticsError.invalidArgument("ShareOffInterval: a table needs rows of equal length of whole counts ≥ 0")
        }
        let rows = table.filter { $0.reduce(0, +) > 0 }
        let n = rows.reduce(0) { $0 + $1.reduce(0, +) }
        guard n > 0 else { throw StatisticsError.invalidArgument("ShareOffInterval: a table needs at least one count") }
        let level = 1 - (1 - confidenceLevel) / Double(rows.count * columns)
        let totals = rows.map { $0.reduce(0, +) }
        let overall = (0..<columns).map { c in rows.reduce(0) { $0 + $1[c] } / n }
        var low = [[Double]](), high = [[Double]]()
        for (row, total) in zip(rows, totals) {
            var rowLow = [Double](), rowHigh = [Double]()
            for count in row {
                let bounds = try BinomialTest.clopperPearsonInterval(successes: count, trials: total, confidenceLevel: level)
                rowLow.append(bounds.lower)
                rowHigh.append(bounds.upper)
            }
            low.append(rowLow)
            high.append(rowHigh)
        }
        let weights = totals.map { $0 / n }
        let mixLow = (0..<columns).map { c in zip(weights, low).reduce(0) { $0 + $1.0 * $1.1[c] } }
        let mixHigh = (0..<columns).map { c in zip(weights, high).reduce(0) { $0 + $1.0 * $1.1[c] } }
        var estimate = 0.0, lower = 0.0, upper = 0.0
        for r in rows.indices {
            estimate += weights[r] * (0..<columns).reduce(0) { $0 + abs(rows[r][$1] / totals[r] - overall[$1]) } / 2
        }
        for c in 0..<columns {
            func apart(_ t: Double) -> Double {
                rows.indices.reduce(0) { $0 + weights[$1] * max(0, low[$1][c] - t, t - high[$1][c]) }
            }
            func farthest(_ t: Double) -> Double { rows.indices.reduce(0) { $0 + weights[$1] * max(high[$1][c] - t, t - low[$1][c]) } }
            let candidates = [mixLow[c], mixHigh[c]] + rows.indices.flatMap { [low[$0][c], high[$0][c]] }
            lower += candidates.filter { $0 >= mixLow[c] && $0 <= mixHigh[c] }.map(apart).min() ?? 0
            upper += max(farthest(mixLow[c]), farthest(mixHigh[c]))
        }
        lower /= 2
        upper /= 2
        self.init(estimate: estimate, lower: min(lower, estimate), upper: min(1, max(upper, estimate)), confidenceLevel: confidenceLevel)
    }
}
