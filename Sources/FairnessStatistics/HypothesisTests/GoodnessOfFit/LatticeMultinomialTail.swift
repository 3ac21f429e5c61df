import Foundation

/// Proven bounds on the exact p-value of Pearson's X² under the multinomial, P(X² ≥ t), for tables too
/// large to enumerate (a die rolled 300 or 2,000 times), by dynamic programming over the cells on a lattice.
///
/// The cells are taken one at a time (ascending probability), the count oⱼ of cell j binomial on the m
/// counts left with probability pⱼ / (pⱼ + … + p_k), as in ``ExactMultinomialTail``. Each cell's term
/// (oⱼ − Eⱼ)²/Eⱼ is rounded to a multiple of δ = t / K: to the **nearest** for the upper bound, so the
/// rounded sum of k − 1 cells is at least X²'s less (k − 1)·δ/2, and the upper bound counts every table
/// whose rounded sum is at least t less that: every table with X² ≥ t among them; **down** for the lower
/// bound, so the rounded sum is never above X² and every table it counts has X² ≥ t. The state after j
/// cells is (counts left, rounded sum so far); a sum that reaches K steps is settled at once (its table is
/// at least t whatever the rest adds, or, for the upper bound, counted anyway), and the last cell takes
/// what is left exactly. Far-out counts of a cell (beyond its binomial's
/// window) and prefixes of negligible probability are not followed: the upper bound adds their whole
/// probability (GSL's binomial tails), the lower bound none, so both stay bounds. The gap between them is
/// the probability of tables with X² within about 1.5·k·δ below t (k cells).
///
/// The work is about Σⱼ (counts left reachable) × (counts of cell j followed) × K, less the sums a row
/// cannot hold: a die rolled 300 times at K = 1,536 takes 2.7 × 10⁷ updates (0.02 s), 1,000 times 9 × 10⁷,
/// 3,000 times 2.8 × 10⁸ (0.2 s), 37 cells over 300 counts 9 × 10⁸; past `budget` the calculation gives up.
/// The test's bound takes a coarser lattice where the finest would pass its budget
/// (``testResolution(total:probabilities:)``): proven still, a little less tight.
public enum LatticeMultinomialTail {
    /// Which bound: every table with X² ≥ t counted (and possibly some below), or only tables with X² ≥ t.
    public enum Side: Sendable, Hashable {
        /// At least P(X² ≥ t): the p-value a decision may use (a test rejecting at upper ≤ α has size ≤ α).
        case upper
        /// At most P(X² ≥ t).
        case lower
    }

    /// Lattice points per cell unless told: K = 128 k for k cells, so the upper bound counts tables down to
    /// about t (1 − 1/256) (the lower bound, at K = 256 k, only tables at least t).
    public static func resolutionPerCell(_ side: Side) -> Int { side == .upper ? 128 : 256 }
    /// The default most lattice updates (about 1.8 s; a die rolled 3,000 times takes 1.4 × 10⁸).
    public static let defaultBudget = 2_500_000_000

    /// The lattice points per cell the test's bound may take, finest first. The work is proportional to the
    /// points. The bound counts every table of X² at least t and, as the roundings of k − 1 cells add up to
    /// (k − 1)/2 steps at most and about none on average, tables down to t (1 − (k − 1) / K) at most and
    /// about t (1 − (k − 1) / (2 K)) on average: at 16 per cell about t (1 − 1/32), which on 37 cells near
    /// α = 10⁻⁸ makes the bound about 3 times the exact p-value (a test at about α/3, where the chi-square
    /// alone would be liberal).
    public static let testResolutions = [128, 64, 32, 16]

    /// The points per cell the test's bound takes for tables of `total` counts over `probabilities`: the
    /// finest of ``testResolutions`` whose work (at the widest windows) fits ``defaultBudget``, else the
    /// coarsest. It depends on n and the probabilities alone, so a table's bound, and its recomputation by
    /// `audit verify`, never depend on what else was bounded.
    public static func testResolution(total n: Double, probabilities: [Double]) -> Int {
        testResolutions.first { expectedUpdates(total: n, probabilities: probabilities, resolution: $0) <= Double(defaultBudget) }
            ?? testResolutions[testResolutions.count - 1]
    }

    /// How much further out than the exact test's critical value a test at `level` rejects, as a factor:
    /// 1 / (1 − (k − 1) / (2 K)) for k cells at the test's resolution where the p-value at that level is the
    /// bound (the tables down to about t (1 − (k − 1) / (2 K)) it counts on average), else 1. A power stated
    /// for such a test is that of the chi-square critical value times this (it predicts the measured sizes:
    /// 0.32 α against 0.31–0.38 α for 37 cells at 10,000 counts and 1e-8). Where the enumeration gives the
    /// exact p-value at the chi-square's critical value instead (few counts or cells: the test's own path,
    /// within the same budget), 1. Cells of probability 0 are left out, as the test leaves them.
    public static func criticalValueFactor(level: Double, total n: Double, probabilities: [Double]) -> Double {
        let possible = probabilities.filter { $0 > 0 }
        guard level >= smallestBounded, level < ExactMultinomialTail.farTailLevel,
            expectedUpdates(total: n, probabilities: possible) <= Double(defaultBudget),
            let critical = try? ChiSquareDistribution(degreesOfFreedom: Double(possible.count - 1)).upperQuantile(level),
            !enumerates(critical, total: n, probabilities: possible)
        else { return 1 }
        let k = Double(possible.count)
        let points = Double(testResolution(total: n, probabilities: possible)) * k
        return 1 / (1 - (k - 1) * 0.5 / points)
    }

    /// Whether ``ExactMultinomialTail/pearson(observed:probabilities:budget:)`` gives the exact p-value of a
    /// table at X² = `statistic` within its default budget (as the test tries it first).
    static func enumerates(_ statistic: Double, total n: Double, probabilities: [Double]) -> Bool {
        let budget = ExactMultinomialTail.defaultBudget
        return ExactMultinomialTail.Enumeration(total: n, probabilities: probabilities, budget: budget).feasible(statistic)
            && ExactMultinomialTail.upperTail(
                ExactMultinomialTail.tieThreshold(statistic), total: n, probabilities: probabilities, budget: budget) != nil
    }

    /// The p-value ``GoodnessOfFitTest`` states for Pearson's X² where the tables are too many to enumerate,
    /// in the far tail (chi-square p below ``ExactMultinomialTail/farTailLevel``, where decisions are made
    /// and the approximation is liberal): the upper bound on P(X² ≥ observed), ties counted as
    /// ``ExactMultinomialTail`` counts them, leaving out at most 10⁻⁶ of the chi-square's p-value.
    ///
    /// Whether the table fits the default budget is decided from n and the probabilities alone (with the
    /// widest windows, those at ``smallestBounded``), so the method never changes along the tail of one
    /// table's X²: a test's rejection region is every X² from the least rejected on.
    /// - Parameters:
    ///   - observed: Whole-number counts, one per cell as tested.
    ///   - probabilities: Each cell's probability, all positive, summing to 1.
    ///   - chiSquare: The chi-square approximation's figures for the same table.
    ///   - budget: The most lattice updates (``expectedUpdates(total:probabilities:)`` decides); 0 for none.
    /// - Returns: The observed X² and the bound; nil outside the far tail, where the chi-square's p-value is
    ///   below ``smallestBounded``, for counts that are not whole numbers, or past `budget`.
    public static func pearson(
        observed: [Double], probabilities: [Double], chiSquare: TestFigures, budget: Int = defaultBudget
    ) -> (statistic: Double, pValue: Double)? {
        guard chiSquare.pValue < ExactMultinomialTail.farTailLevel, chiSquare.pValue >= smallestBounded,
            observed.count == probabilities.count, observed.allSatisfy({ $0 >= 0 && $0 == $0.rounded() }),
            expectedUpdates(total: observed.reduce(0, +), probabilities: probabilities) <= Double(budget)
        else { return nil }
        let n = observed.reduce(0, +)
        var statistic = 0.0
        for (o, p) in zip(observed, probabilities) { statistic += (o - n * p) * (o - n * p) / (n * p) }
        guard
            let bound = Self.bound(
                .upper, threshold: ExactMultinomialTail.tieThreshold(statistic), total: n, probabilities: probabilities,
                negligible: 1e-6 * chiSquare.pValue, budget: .max, resolution: testResolution(total: n, probabilities: probabilities))
        else { return nil }
        return (statistic, bound)
    }

    /// Below this chi-square p-value ``pearson(observed:probabilities:chiSquare:budget:)`` gives no bound and the
    /// chi-square's p-value stands: 10⁻¹⁵, below which the tail is so far out that every level a family
    /// tests rejects it (a family's least level is α/m, and the chi-square's tail is at most a few times too
    /// light there), while the bound's windows would keep growing.
    public static let smallestBounded = 1e-15

    /// The estimate counts every sum below K in every row; the sums a row holds are fewer: the updates
    /// made were 1/4.7 to 1/7.7 of the estimate on dice, 12- and 37-cell tables.
    static let estimateToWork = 4.0

    /// The lattice updates ``pearson(observed:probabilities:chiSquare:budget:)`` may make for tables of
    /// `total` counts over `probabilities`, at most: the estimate at the widest windows and the test's
    /// resolution (``testResolution(total:probabilities:)``); infinity for invalid input.
    public static func expectedUpdates(total n: Double, probabilities: [Double]) -> Double {
        expectedUpdates(total: n, probabilities: probabilities, resolution: testResolution(total: n, probabilities: probabilities))
    }

    /// The estimate at the widest windows and `resolution` points per cell.
    static func expectedUpdates(total n: Double, probabilities: [Double], resolution: Int) -> Double {
        guard n > 0, n == n.rounded(), n < 0x1p31, probabilities.count >= 2, probabilities.allSatisfy({ $0 > 0 && $0.isFinite })
        else { return .infinity }
        let widest = Lattice(
            side: .upper, threshold: 1, total: Int(n), probabilities: probabilities, negligible: 1e-6 * smallestBounded,
            resolution: resolution)
        return widest.estimatedWork() / estimateToWork
    }

    /// A bound on P(X² ≥ `threshold`) for `total` counts over `probabilities`.
    /// - Parameters:
    ///   - side: The upper bound (a valid p-value) or the lower bound.
    ///   - threshold: The least X² counted, t ≥ 0.
    ///   - n: The whole number of counts, n > 0.
    ///   - probabilities: Each cell's probability, all positive, summing to 1; at least two cells.
    ///   - negligible: The most probability the upper bound may add for counts and prefixes not followed
    ///     (the lower bound drops as much); a bound is at most this looser than the lattice allows.
    ///   - budget: The most lattice updates; nil is returned when the estimate or the work passes it.
    ///   - resolution: Lattice points per cell, at least 2; nil for ``resolutionPerCell(_:)``.
    /// - Returns: The bound (0 where it underflows a double), or nil for invalid input or past `budget`.
    public static func bound(
        _ side: Side, threshold: Double, total n: Double, probabilities: [Double], negligible: Double,
        budget: Int = defaultBudget, resolution: Int? = nil
    ) -> Double? {
        guard n > 0, n == n.rounded(), n < 0x1p31, probabilities.count >= 2, threshold.isFinite, negligible > 0,
            probabilities.allSatisfy({ $0 > 0 && $0.isFinite }), (resolution ?? 2) >= 2
        else { return nil }
        if threshold <= 0 { return 1 }
        var lattice = Lattice(
            side: side, threshold: threshold, total: Int(n), probabilities: probabilities, negligible: negligible,
            resolution: resolution ?? resolutionPerCell(side))
        guard lattice.estimatedWork() / estimateToWork <= Double(budget) else { return nil }
        return lattice.run(budget: budget)
    }

    /// The dynamic programme: rows of K lattice sums, one row per number of counts left.
    struct Lattice {
        let side: Side
        let threshold: Double
        let total: Int
        /// Probabilities ascending, their expectations, and Σ p over cells j … k−1.
        let probabilities: [Double]
        let expected: [Double]
        let restProbability: [Double]
        /// K lattice points; δ = t / K.
        let points: Int
        let step: Double
        /// Window half-width in standard deviations, and the least probability a row must carry to be followed.
        let widthInDeviations: Double
        let leastRowWeight: Double
        /// Probability of tables already settled as at least t (upper bound: and of what was not followed).
        var settled = 0.0
        /// Lattice updates made so far.
        var updates = 0

        init(side: Side, threshold: Double, total: Int, probabilities: [Double], negligible: Double, resolution: Int) {
            self.side = side
            self.threshold = threshold
            self.total = total
            let sorted = probabilities.sorted()
            self.probabilities = sorted
            expected = sorted.map { Double(total) * $0 }
            var rest = Array(repeating: 0.0, count: sorted.count + 1)
            for j in sorted.indices.reversed() { rest[j] = rest[j + 1] + sorted[j] }
            restProbability = rest
            points = resolution * sorted.count
            step = threshold / Double(points)
            // Half the allowance for counts beyond the windows, half for rows dropped, shared over the cells;
            // a binomial's tail beyond z deviations is below about e^(−z²/2), so the window costs ≤ the share.
            let share = max(negligible / Double(2 * sorted.count), 1e-300)
            widthInDeviations = (2 * -log(share)).squareRoot() + 2
            leastRowWeight = share / Double(total + 1)
        }

        /// Σⱼ rows × window × K, rows and windows from the binomial spreads: at least the updates made.
        func estimatedWork() -> Double {
            var work = 0.0, before = 0.0
            let n = Double(total)
            for j in 0..<(probabilities.count - 1) {
                let rows = min(n + 1, 2 * widthInDeviations * (n * before * (1 - before)).squareRoot() + 3)
                let window = min(n + 1, 2 * widthInDeviations * (n * probabilities[j]).squareRoot() + 3)
                work += rows * window * Double(points)
                before += probabilities[j]
            }
            return work
        }

        /// The lattice index of a cell's term: to the nearest for the upper bound (halves up), down for the
        /// lower, with a margin of 10⁻⁹ of a step against rounding in the division.
        func index(ofTerm term: Double) -> Int {
            let x = term / step
            let rounded = side == .upper ? (x + 0.5).rounded(.down) : max(0, (x - 1e-9).rounded(.down))
            return rounded >= Double(points) ? points : Int(rounded)
        }

        /// How far below t (in steps) the upper bound counts a table's rounded sum: half a step and 10⁻⁹
        /// for each of the k − 1 rounded cells; for the lower bound, 10⁻⁹ above.
        var slack: Double {
            side == .upper ? Double(probabilities.count - 1) * (0.5 + 1e-9) : -1e-9
        }

        /// The counts of a cell followed from a row with `m` left (the binomial's window), and the
        /// probability of the counts outside it.
        func window(left m: Int, probability q: Double) -> (low: Int, high: Int, outside: Double) {
            let mean = Double(m) * q, spread = widthInDeviations * (Double(m) * q * (1 - q)).squareRoot()
            let low = max(0, Int((mean - spread).rounded(.down)) - 1), high = min(m, Int((mean + spread).rounded(.up)) + 1)
            guard let binomial = try? BinomialDistribution(trials: Double(m), probability: q) else { return (0, m, 0) }
            let below = low > 0 ? ((try? binomial.lowerTail(Double(low - 1))) ?? 1) : 0
            let above = high < m ? ((try? binomial.upperTail(Double(high + 1))) ?? 1) : 0
            return (low, high, below + above)
        }

        mutating func run(budget: Int) -> Double? {
            let k = probabilities.count, width = points
            var lowest = total
            var rows = [Double](repeating: 0, count: width)
            // Each row's sums are zero outside bottom...top (top < bottom: an empty row).
            var spans = [(bottom: 0, top: 0)]
            rows[0] = 1
            for j in 0..<(k - 1) {
                let q = min(1, probabilities[j] / restProbability[j]), e = expected[j]
                let highest = lowest + spans.count - 1
                let windows = (lowest...highest).map { window(left: $0, probability: q) }
                let nextLowest = zip(lowest...highest, windows).map { $0 - $1.high }.min()!
                let nextHighest = zip(lowest...highest, windows).map { $0 - $1.low }.max()!
                var next = [Double](repeating: 0, count: (nextHighest - nextLowest + 1) * width)
                var nextSpans = Array(repeating: (bottom: width, top: -1), count: nextHighest - nextLowest + 1)
                for (offset, m) in (lowest...highest).enumerated() where spans[offset].top >= spans[offset].bottom {
                    let (bottom, top) = spans[offset], base = offset * width
                    var suffix = [Double](repeating: 0, count: top + 2)
                    for s in stride(from: top, through: bottom, by: -1) { suffix[s] = suffix[s + 1] + rows[base + s] }
                    let weight = suffix[bottom]
                    if weight == 0 { continue }
                    if weight < leastRowWeight {
                        if side == .upper { settled += weight }
                        continue
                    }
                    let (low, high, outside) = windows[offset]
                    if side == .upper { settled += weight * outside }
                    for o in low...high {
                        let w = SaddlePoint.binomialProbability(Double(o), Double(m), q)
                        if w == 0 { continue }
                        let d = Double(o) - e, shift = index(ofTerm: d * d / e)
                        // Sums reaching K are at least t already: settled.
                        let cut = width - shift
                        if cut <= top { settled += w * suffix[max(cut, bottom)] }
                        let last = min(top, cut - 1)
                        if last < bottom { continue }
                        let target = (m - o - nextLowest) * width + shift
                        next.withUnsafeMutableBufferPointer { out in
                            rows.withUnsafeBufferPointer { source in
                                Self.addScaled(
                                    w, source.baseAddress! + base + bottom, to: out.baseAddress! + target + bottom, count: last - bottom + 1
                                )
                            }
                        }
                        let row = m - o - nextLowest
                        nextSpans[row] = (min(nextSpans[row].bottom, bottom + shift), max(nextSpans[row].top, last + shift))
                        updates += last - bottom + 1
                    }
                    if updates > budget { return nil }
                }
                rows = next
                spans = nextSpans
                lowest = nextLowest
            }
            return settled + lastCell(rows: rows, spans: spans, lowest: lowest)
        }

        /// out[i] += w · source[i] for i < count (the arrays never overlap: two rows of different layers).
        @inline(__always)
        static func addScaled(_ w: Double, _ source: UnsafePointer<Double>, to out: UnsafeMutablePointer<Double>, count: Int) {
            var i = 0
            while i + 4 <= count {
                let x = SIMD4<Double>(source[i], source[i + 1], source[i + 2], source[i + 3])
                let y = SIMD4<Double>(out[i], out[i + 1], out[i + 2], out[i + 3]) + w * x
                out[i] = y[0]
                out[i + 1] = y[1]
                out[i + 2] = y[2]
                out[i + 3] = y[3]
                i += 4
            }
            while i < count {
                out[i] += w * source[i]
                i += 1
            }
        }

        /// The last cell takes the m counts left exactly: a row's sums at least (t − its term) / δ count.
        func lastCell(rows: [Double], spans: [(bottom: Int, top: Int)], lowest: Int) -> Double {
            let e = expected[expected.count - 1]
            var total = 0.0
            for (offset, (bottom, top)) in spans.enumerated() where top >= bottom {
                let d = Double(lowest + offset) - e
                let from = ((threshold - d * d / e) / step - slack).rounded(.up)
                let start = max(bottom, from > Double(top) ? top + 1 : Int(from))
                if start > top { continue }
                for s in start...top { total += rows[offset * points + s] }
            }
            return total
        }
    }
}
