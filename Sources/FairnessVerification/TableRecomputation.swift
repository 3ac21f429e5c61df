import FairnessLogs
import FairnessReport
import FairnessStatistics
import Foundation

/// A check's p-value (and stated interval) recomputed from its table in `audit.json`, by the table's kind:
///
/// - `goodness of fit`: Pearson's X² = Σ (O − E)² / E, or G = 2 Σ O ln(O / E) for a check of
///   outcomes by the G-test (its identifier, not its name), over the cells as tested (already pooled), against χ²(cells − 1), or Pearson's exact
///   multinomial p-value where the table's `method` says `exact`; an observed outcome of probability 0 (a
///   row `impossible`) makes p = 0 exactly;
/// - `contingency`: the independence test of the rows × columns as tested;
/// - `windows given state`: windows × items against each cell's expected count up to one common departure
///   per item (`HomogeneityGivenExpectedTest`);
/// - `binomial`: the exact two-sided binomial test of the successes among the trials at the stated
///   probability, with its Clopper–Pearson interval;
/// - `payout mean`: the profile-likelihood test of the hypothesised mean payout over every level played,
///   with its interval;
/// - `stake-weighted return`: z² of the stake-weighted deviation from the hypothesised return against
///   χ²(1), from the table's five sums, with the ratio estimator's interval (`StakeWeightedSums`);
/// - `drift window`: each window's goodness of fit; the check's p-value is the smallest times the number of
///   windows tested (Bonferroni, at most 1).
struct TableRecomputation {
    /// The recomputed p-value (0 where it underflows a double).
    var pValue: Double
    /// Its log₁₀ (−∞ only for p = 0 exactly).
    var log10PValue: Double
    /// The interval the table gives, for a binomial or payout-mean table.
    var interval: ConfidenceInterval?

    /// Why a table cannot be recomputed.
    struct Unrecognised: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Recomputes the p-value of `check` from its table `rows` (all of one check, in the report's order).
    /// - Throws: ``Unrecognised`` for a table of an unknown kind or missing its rows; a statistics error
    ///   for figures no test accepts.
    package init(rows: [StatisticTableRow], check: CheckIdentifier) throws {
        var logLikelihood = false
        if case .outcomes(_, .logLikelihoodRatio) = check { logLikelihood = true }
        switch rows.first?.table {
        case "goodness of fit":
            var boundBudget = LatticeMultinomialTail.defaultBudget
            (pValue, log10PValue) = try Self.fit(rows, logLikelihood: logLikelihood, boundBudget: &boundBudget)
        case "contingency":
            (pValue, log10PValue) = try Self.contingency(rows)
        case "windows given state":
            (pValue, log10PValue) = try Self.windowsGivenState(rows)
        case "binomial":
            guard let successes = rows.first(where: { $0.row == "successes" }), let probability = successes.expected,
                let trials = rows.first(where: { $0.row == "trials" })
            else { throw Unrecognised(reason: "a binomial table needs rows 'successes' (with its probability) and 'trials'") }
            let test = try BinomialTest(successes: successes.observed, trials: trials.observed, hypothesised: probability)
            guard let figures = test.verdict.figures else { throw Unrecognised(reason: "the binomial test cannot be carried out") }
            (pValue, log10PValue) = (figures.pValue, figures.log10PValue)
            interval = ConfidenceInterval(lower: test.clopperPearson.lower, upper: test.clopperPearson.upper, quantity: .proportion)
        case "payout mean":
            guard let hypothesis = rows.first(where: { $0.row == "hypothesised mean" }), let mean = hypothesis.expected else {
                throw Unrecognised(reason: "a payout-mean table needs a row 'hypothesised mean'")
            }
            var levels: [Double] = [], counts: [UInt64] = []
            for row in rows where row.row != "hypothesised mean" {
                guard let level = Double(row.row), row.observed >= 0, row.observed < 0x1p63 else {
                    throw Unrecognised(reason: "payout level '\(row.row)' with \(row.observed) plays")
                }
                levels.append(level)
                counts.append(UInt64(row.observed))
            }
            let test = try PayoutMeanInterval(levels: levels, counts: counts)
            if rows.first?.method == .exact {
                let declared = rows.filter { $0.row != "hypothesised mean" }.map { $0.expected ?? -1 }
                guard
                    let exact = PayoutMeanExactTail.pValue(
                        levels: levels, counts: counts, probabilities: declared, mean: mean)
                else { throw Unrecognised(reason: "the exact p-value it states cannot be recomputed") }
                (pValue, log10PValue) = exact
            } else {
                pValue = try test.pValue(mean: mean)
                log10PValue = try test.log10PValue(mean: mean)
            }
            interval = ConfidenceInterval(lower: test.lower, upper: test.upper, quantity: .meanPayout)
        case StakeWeightedSums.tableName:
            guard let sums = StakeWeightedSums(rows: rows), let exact = rows.first(where: { $0.row == "hypothesised return" })?.expected
            else { throw Unrecognised(reason: "a stake-weighted return's table needs its five sums and a row 'hypothesised return'") }
            let test = try sums.test(against: exact)
            (pValue, log10PValue) = (test.pValue, test.log10PValue)
            interval = ConfidenceInterval(lower: test.lower, upper: test.upper, quantity: .meanPayout)
        case "drift window":
            let windows = Dictionary(grouping: rows, by: \.column).values
            // The windows share the drift check's allowance of lattice updates, as the audit's did.
            var boundBudget = LogTally.driftBoundBudget
            let tested = try windows.map { try Self.fit($0, logLikelihood: false, boundBudget: &boundBudget) }
            let m = Double(tested.count)
            pValue = min(1, m * (tested.map(\.p).min() ?? 1))
            log10PValue = min(0, Foundation.log10(m) + (tested.map(\.log10).min() ?? 0))
        case let kind:
            throw Unrecognised(reason: "unknown table kind '\(kind ?? "")'")
        }
    }

    /// The budget for recomputing an exact p-value: 64 times the audit's own (a table any version of the
    /// audit enumerated fits it on any machine: the budget counts steps, not time; versions before 0.3
    /// enumerated far tails up to 32 times the budget).
    static let exactBudget = 64 * ExactMultinomialTail.defaultBudget

    /// A goodness of fit over the cells as tested, by the method the table states.
    /// `boundBudget` is what is left of the lattice updates the check may spend on bounds (an edited report
    /// labelling every window's table a bound cannot make verification take hours: past it, the bound it
    /// states cannot be recomputed).
    static func fit(_ rows: [StatisticTableRow], logLikelihood: Bool, boundBudget: inout Int) throws -> (p: Double, log10: Double) {
        if rows.contains(where: { $0.row == "impossible" }) { return (0, -.infinity) }
        let observed = rows.map(\.observed)
        let expected = try rows.map { row -> Double in
            guard let expected = row.expected, expected > 0 else { throw Unrecognised(reason: "cell \(row.row) has no expected count") }
            return expected
        }
        let total = expected.reduce(0, +)
        let probabilities = expected.map { $0 / total }
        if rows.first?.method == .exact {
            guard !logLikelihood,
                let exact = ExactMultinomialTail.pearson(observed: observed, probabilities: probabilities, budget: Self.exactBudget)
            else { throw Unrecognised(reason: "the exact p-value it states cannot be recomputed") }
            return (exact.pValue, exact.log10PValue)
        }
        let test = try GoodnessOfFitTest(
            observed: observed, probabilities: probabilities, statistic: logLikelihood ? .logLikelihoodRatio : .pearson,
            rule: .requireMinimum(0), exactBudget: 0)
        guard let figures = test.verdict.figures else { throw Unrecognised(reason: "the fit cannot be carried out") }
        if rows.first?.method == .exactUpperBound {
            // The expected counts over the counts' total, as the test divides them: the lattice the bound takes
            // is chosen from these probabilities, so they must be the test's to the last bit.
            let n = observed.reduce(0, +)
            let asTested = n > 0 ? expected.map { $0 / n } : probabilities
            let cost = LatticeMultinomialTail.expectedUpdates(total: n, probabilities: asTested)
            guard !logLikelihood, cost <= Double(boundBudget),
                let bound = LatticeMultinomialTail.pearson(
                    observed: observed, probabilities: asTested, chiSquare: figures, budget: boundBudget)
            else {
                throw Unrecognised(
                    reason: "the exact upper bound it states cannot be recomputed (outside the far tail, or past the audit's budget)")
            }
            boundBudget -= Int(cost)
            return (bound.pValue, log10(bound.pValue))
        }
        return (figures.pValue, figures.log10PValue)
    }

    /// A table's rows laid out as a grid, rows and columns in order of first appearance: each cell the sum
    /// of `value` over the rows that name it.
    static func grid(_ rows: [StatisticTableRow], _ value: (StatisticTableRow) throws -> Double) rethrows -> [[Double]] {
        var rowIndex: [String: Int] = [:], columnIndex: [String: Int] = [:]
        for row in rows {
            if rowIndex[row.row] == nil { rowIndex[row.row] = rowIndex.count }
            if columnIndex[row.column] == nil { columnIndex[row.column] = columnIndex.count }
        }
        var grid = Array(repeating: Array(repeating: 0.0, count: columnIndex.count), count: rowIndex.count)
        for row in rows { grid[rowIndex[row.row]!][columnIndex[row.column]!] += try value(row) }
        return grid
    }

    /// The independence test of a contingency table, rows and columns in order of first appearance.
    static func contingency(_ rows: [StatisticTableRow]) throws -> (p: Double, log10: Double) {
        guard let figures = try IndependenceTest(table: grid(rows) { $0.observed }).verdict.figures else {
            throw Unrecognised(reason: "the independence test cannot be carried out")
        }
        return (figures.pValue, figures.log10PValue)
    }

    /// Windows × items against each cell's expected count (its `expected`), rows and columns in order of
    /// first appearance.
    static func windowsGivenState(_ rows: [StatisticTableRow]) throws -> (p: Double, log10: Double) {
        let expected = try grid(rows) { row in
            guard let cell = row.expected else { throw Unrecognised(reason: "window \(row.row), \(row.column) has no expected count") }
            return cell
        }
        guard let figures = try HomogeneityGivenExpectedTest(observed: grid(rows) { $0.observed }, expected: expected).verdict.figures
        else {
            throw Unrecognised(reason: "the windows cannot be compared given their states")
        }
        return (figures.pValue, figures.log10PValue)
    }
}
