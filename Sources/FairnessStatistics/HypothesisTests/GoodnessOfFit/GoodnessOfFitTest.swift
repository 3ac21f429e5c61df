import Foundation

/// A goodness-of-fit test (Pearson or G) of observed counts against expected probabilities, with the
/// inputs needed to reproduce it.
///
/// Under the null hypothesis the statistic is asymptotically chi-square with (cells − 1) degrees of
/// freedom, counted after pooling and excluding cells of probability 0. That approximation is least
/// accurate in the far tail of small tables (one cell expecting 5 of 500 plays and showing 18: χ² gives
/// 5e-9, the multinomial 4.6e-6), so Pearson's X² takes its exact multinomial p-value
/// (``ExactMultinomialTail``) wherever the tables near the observed X² can be enumerated within the budget
/// (few cells, or small expectations: exactly where the approximation fails); past the budget, in the far
/// tail where decisions are made, a proven upper bound on that exact p-value (``LatticeMultinomialTail``);
/// and the chi-square elsewhere (many cells with large expectations, where it holds);
/// ``TestFigures/method`` says which. An outcome observed although
/// its probability is 0 refutes the hypothesis outright: the test reports p = 0 and an infinite
/// statistic, which is exact, not an approximation.
public struct GoodnessOfFitTest: Sendable, Hashable, Codable {
    /// Which statistic was computed: Pearson's X² or G.
    public let statistic: GoodnessOfFitStatistic
    /// The observed counts, as given.
    public let observed: [Double]
    /// The expected probabilities, as given (the test divides them by their sum).
    public let probabilities: [Double]
    /// What was done about cells with small expected counts.
    public let rule: ExpectedCountRule
    /// The cells actually tested (after pooling and after dropping probability-0 cells).
    public let cells: [PooledCell]
    /// Total count observed in outcomes that have probability 0.
    public let impossibleObservations: Double
    /// The figures, or why the test is inconclusive (no observations, an expected count below the minimum,
    /// or fewer than two cells after pooling); p = 0 and an infinite statistic if an impossible outcome was
    /// observed.
    public let verdict: TestVerdict

    /// The tolerance on Σ p = 1 used to validate probabilities.
    public static let probabilitySumTolerance = 1e-9

    /// Tests `observed` counts against `probabilities` (same order, summing to 1 within
    /// ``probabilitySumTolerance``).
    /// - Parameters:
    ///   - observed: The observed count of each outcome.
    ///   - probabilities: The probability of each outcome under the null hypothesis.
    ///   - statistic: Pearson's X² (the default) or G.
    ///   - rule: What to do with expected counts below the minimum; pooling adjacent cells up to 5 by default.
    ///   - exactBudget: The most prefixes ``ExactMultinomialTail`` may follow for Pearson's exact p-value
    ///     (past it, where the chi-square p-value is below ``ExactMultinomialTail/farTailLevel``, the bound of
    ///     ``LatticeMultinomialTail``); 0 for the chi-square approximation only.
    ///   - boundBudget: The most lattice updates the bound may take; 0 for none (the chi-square past the
    ///     enumeration).
    /// - Throws: ``StatisticsError/emptyInput(what:)`` if there are no counts,
    ///   ``StatisticsError/invalidCount(what:index:value:)`` if a count is negative, NaN or infinite,
    ///   ``StatisticsError/lengthMismatch(what:expected:actual:)`` if `probabilities` has a different length,
    ///   ``StatisticsError/invalidProbability(what:index:value:)`` or
    ///   ``StatisticsError/probabilitiesDoNotSumToOne(sum:tolerance:)`` for invalid probabilities,
    ///   ``StatisticsError/invalidArgument(_:)`` if the rule's minimum is negative or not finite, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL fails on the p-value.
    /// - Complexity: O(k) for k cells, O(k²) in the worst case with ``ExpectedCountRule/poolAdjacent(minimum:)``,
    ///   plus at most `exactBudget` prefixes for the exact p-value (about 0.2 s at the default) and
    ///   ``LatticeMultinomialTail/defaultBudget`` lattice updates for the bound (at most about 0.7 s).
    public init(
        observed: [Double],
        probabilities: [Double],
        statistic: GoodnessOfFitStatistic = .pearson,
        rule: ExpectedCountRule = .standard,
        exactBudget: Int = ExactMultinomialTail.defaultBudget,
        boundBudget: Int = LatticeMultinomialTail.defaultBudget
    ) throws {
        try Validate.counts(observed, "observed counts")
        guard probabilities.count == observed.count else {
            throw StatisticsError.lengthMismatch(what: "expected probabilities", expected: observed.count, actual: probabilities.count)
        }
        let p = try Validate.distribution(probabilities, "expected probabilities", tolerance: Self.probabilitySumTolerance)
        guard rule.minimum.isFinite, rule.minimum >= 0 else {
            throw StatisticsError.invalidArgument("minimum expected count must be finite and >= 0, got \(rule.minimum)")
        }
        self.statistic = statistic
        self.observed = observed
        self.probabilities = probabilities
        self.rule = rule

        var totalSum = CompensatedSum()
        observed.forEach { totalSum.add($0) }
        let total = totalSum.value
        var impossible = 0.0
        var cells: [PooledCell] = []
        for index in observed.indices {
            if p[index] == 0 {
                impossible += observed[index]
            } else {
                cells.append(PooledCell(indices: [index], observed: observed[index], expected: total * p[index]))
            }
        }
        self.impossibleObservations = impossible

        if impossible > 0 {
            self.cells = cells
            self.verdict = .tested(
                TestFigures(statistic: .infinity, degreesOfFreedom: Double(max(cells.count - 1, 0)), pValue: 0, method: .exact))
            return
        }
        guard total > 0 else {
            self.cells = cells
            self.verdict = .inconclusive(
                InconclusiveReason("no observations", totalNeeded: rule.minimum / (p.filter { $0 > 0 }.min() ?? 1)))
            return
        }
        let (testable, reason) = Self.testableCells(cells, total: total, rule: rule)
        self.cells = testable
        if let reason {
            self.verdict = .inconclusive(reason)
            return
        }
        let value = Self.value(of: statistic, over: testable)
        let df = Double(testable.count - 1)
        let distribution = try ChiSquareDistribution(degreesOfFreedom: df)
        let chiSquare = TestFigures(
            statistic: value, degreesOfFreedom: df, pValue: try distribution.upperTail(value),
            log10PValue: try distribution.log10UpperTail(value))
        guard statistic == .pearson, exactBudget > 0 else {
            self.verdict = .tested(chiSquare)
            return
        }
        // Past the enumeration's budget, in the far tail (where a decision is made and the approximation
        // errs most), the lattice's bound: tens of milliseconds where enumerating would take seconds.
        let observed = testable.map(\.observed), probabilities = testable.map { $0.expected / total }
        if let exact = ExactMultinomialTail.pearson(observed: observed, probabilities: probabilities, budget: exactBudget) {
            self.verdict = .tested(
                TestFigures(statistic: value, degreesOfFreedom: df, pValue: exact.pValue, log10PValue: exact.log10PValue, method: .exact))
        } else if let bound = LatticeMultinomialTail.pearson(
            observed: observed, probabilities: probabilities, chiSquare: chiSquare, budget: boundBudget)
        {
            self.verdict = .tested(
                TestFigures(statistic: value, degreesOfFreedom: df, pValue: bound.pValue, method: .exactUpperBound))
        } else {
            self.verdict = .tested(chiSquare)
        }
    }

    /// The cells the test is computed on, by `rule` (pooled, or refused when one expects too little), and
    /// why the test is inconclusive when fewer than two cells remain or a cell is below the minimum.
    static func testableCells(
        _ cells: [PooledCell], total: Double, rule: ExpectedCountRule
    ) -> (cells: [PooledCell], inconclusive: InconclusiveReason?) {
        let smallestProbability = cells.map { $0.expected / total }.min() ?? 1
        let neededForAllCells = rule.minimum / smallestProbability
        var cells = cells
        switch rule {
        case .requireMinimum(let minimum):
            if let low = cells.first(where: { $0.expected < minimum }) {
                return (
                    cells,
                    InconclusiveReason(
                        "expected count \(format(low.expected)) in outcome \(low.indices[0]) is below \(format(minimum))",
                        totalNeeded: neededForAllCells)
                )
            }
        case .poolAdjacent(let minimum):
            cells = pool(cells, minimum: minimum)
        }
        guard cells.count >= 2 else {
            return (
                cells,
                InconclusiveReason(
                    "fewer than two cells remain after pooling to an expected count of \(format(rule.minimum))",
                    totalNeeded: neededForAllCells)
            )
        }
        return (cells, nil)
    }

    /// Pearson's X² = Σ (O − E)² / E, or G = 2 Σ O ln(O / E) (cells observed 0 add nothing), summed
    /// with compensation; never below 0.
    static func value(of statistic: GoodnessOfFitStatistic, over cells: [PooledCell]) -> Double {
        var sum = CompensatedSum()
        switch statistic {
        case .pearson:
            for cell in cells {
                let difference = cell.observed - cell.expected
                sum.add(difference * difference / cell.expected)
            }
        case .logLikelihoodRatio:
            for cell in cells where cell.observed > 0 {
                sum.add(2 * cell.observed * log(cell.observed / cell.expected))
            }
        }
        return max(0, sum.value)
    }

    /// Convenience for integer tallies.
    /// - Throws: ``StatisticsError/emptyInput(what:)`` if there are no counts,
    ///   ``StatisticsError/invalidCount(what:index:value:)`` if a count is negative,
    ///   ``StatisticsError/lengthMismatch(what:expected:actual:)`` if `probabilities` has a different length,
    ///   ``StatisticsError/invalidProbability(what:index:value:)`` or
    ///   ``StatisticsError/probabilitiesDoNotSumToOne(sum:tolerance:)`` for invalid probabilities,
    ///   ``StatisticsError/invalidArgument(_:)`` if the rule's minimum is negative or not finite, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL fails on the p-value.
    /// - Complexity: O(k) for k cells, O(k²) in the worst case with ``ExpectedCountRule/poolAdjacent(minimum:)``.
    public init<Count: BinaryInteger>(
        counts: [Count],
        probabilities: [Double],
        statistic: GoodnessOfFitStatistic = .pearson,
        rule: ExpectedCountRule = .standard,
        exactBudget: Int = ExactMultinomialTail.defaultBudget,
        boundBudget: Int = LatticeMultinomialTail.defaultBudget
    ) throws {
        try self.init(
            observed: counts.map { Double($0) }, probabilities: probabilities, statistic: statistic, rule: rule, exactBudget: exactBudget,
            boundBudget: boundBudget)
    }

    /// The documented pooling rule (see ``ExpectedCountRule/poolAdjacent(minimum:)``).
    static func pool(_ input: [PooledCell], minimum: Double) -> [PooledCell] {
        var cells = input
        while cells.count >= 2 {
            var smallest: Int?
            for index in cells.indices where cells[index].expected < minimum {
                if smallest == nil || cells[index].expected < cells[smallest!].expected { smallest = index }
            }
            guard let i = smallest else { break }
            let neighbour: Int
            if i == 0 {
                neighbour = 1
            } else if i == cells.count - 1 {
                neighbour = i - 1
            } else {
                neighbour = cells[i - 1].expected <= cells[i + 1].expected ? i - 1 : i + 1
            }
            let (first, second) = (min(i, neighbour), max(i, neighbour))
            let merged = PooledCell(
                indices: cells[first].indices + cells[second].indices,
                observed: cells[first].observed + cells[second].observed,
                expected: cells[first].expected + cells[second].expected)
            cells[first] = merged
            cells.remove(at: second)
        }
        return cells
    }

    static func format(_ x: Double) -> String {
        String(format: "%.6g", x)
    }
}
