import Foundation

/// The exact p-value of Pearson's X² under the multinomial: P(X² ≥ x) summed over every table of counts
/// with the observed total, each weighted by its multinomial probability, no chi-square approximation.
///
/// The tables are enumerated cell by cell (cells in increasing order of expected count), each prefix
/// o₁ … oⱼ weighted by its probability, P(o₁) · P(o₂ | o₁) · …, with oⱼ | the cells before it binomial
/// on the count left. A prefix is settled without going deeper when the rest of the table cannot change
/// the answer: with m counts left to cells expecting E_rest in total, the rest adds at least
/// (m − E_rest)² / E_rest (the real minimum, counts in proportion to the expectations) and at most
/// m² / E_min − 2m + E_rest (every count in the cell expecting least: a convex function's maximum on the
/// simplex is at a vertex). So for each cell the counts whose every completion is at least as extreme
/// (both tails of the binomial, beyond the roots of a quadratic) are added in one binomial tail each, and
/// only the counts between are followed, less those whose every completion falls short (between the
/// roots of the quadratic the maximum gives). Probabilities are summed in logarithms, so a p-value below
/// 10⁻³⁰⁸ keeps its size. Tables whose X² ties the observed one to a relative 10⁻⁹ count as at least as
/// extreme (the p-value is never too small by rounding).
///
/// The work grows with the number of tables near the observed X²'s contour: small for few cells or small
/// expectations (where the chi-square approximation is least accurate), too large for many cells with
/// large expectations (where it is accurate); past `budget` prefixes the calculation gives up.
public enum ExactMultinomialTail {
    /// The default most prefixes followed (about 0.2 s; a die rolled 100 times takes 4.9 million in the far tail).
    public static let defaultBudget = 1_000_000
    /// Below this chi-square p-value a test is in the far tail, where the approximation is least accurate
    /// and decisions are made: ``GoodnessOfFitTest`` then bounds the exact p-value by
    /// ``LatticeMultinomialTail`` where the enumeration passes its budget.
    public static let farTailLevel = 1e-3

    /// The exact upper tail of Pearson's X² for `observed` counts under `probabilities`.
    /// - Parameters:
    ///   - observed: Whole-number counts, one per cell.
    ///   - probabilities: Each cell's probability, all positive (an impossible cell observed is p = 0, decided
    ///     before this), summing to 1.
    ///   - budget: The most prefixes to follow.
    /// - Returns: The observed X², the p-value (0 where it underflows a double) and its log₁₀; nil when the
    ///   counts are not whole numbers, a probability is not positive, or the enumeration would pass `budget`.
    public static func pearson(
        observed: [Double], probabilities: [Double], budget: Int = defaultBudget
    ) -> (statistic: Double, pValue: Double, log10PValue: Double)? {
        guard observed.count == probabilities.count, observed.count >= 2,
            observed.allSatisfy({ $0 >= 0 && $0 == $0.rounded() && $0 < 0x1p53 }),
            probabilities.allSatisfy({ $0 > 0 && $0.isFinite })
        else { return nil }
        let n = observed.reduce(0, +)
        guard n > 0 else { return nil }
        var statistic = 0.0
        for (o, p) in zip(observed, probabilities) { statistic += (o - n * p) * (o - n * p) / (n * p) }
        guard Enumeration(total: n, probabilities: probabilities, budget: budget).feasible(statistic),
            let tail = upperTail(tieThreshold(statistic), total: n, probabilities: probabilities, budget: budget)
        else { return nil }
        return (statistic, tail.pValue, tail.log10PValue)
    }

    /// The least X² that counts as at least as extreme as `statistic`: ties to a relative 10⁻⁹ count, so
    /// rounding never makes a p-value too small.
    static func tieThreshold(_ statistic: Double) -> Double { statistic - 1e-9 * max(1, statistic) }

    /// P(X² ≥ `threshold`) for `total` counts over `probabilities`: the exact size of a test that rejects
    /// at X² ≥ threshold (the chi-square test's at its critical value), by the same enumeration.
    /// - Parameters:
    ///   - threshold: The least X² counted.
    ///   - n: The whole number of counts (the total), n > 0.
    ///   - probabilities: Each cell's probability, all positive, summing to 1.
    ///   - budget: The most prefixes to follow (`Int.max` for no limit; the work grows about as n^((k−1)/2)).
    /// - Returns: The probability (0 where it underflows a double) and its log₁₀; nil for invalid inputs or
    ///   past `budget`.
    public static func upperTail(
        _ threshold: Double, total n: Double, probabilities: [Double], budget: Int = defaultBudget
    ) -> (pValue: Double, log10PValue: Double)? {
        guard n > 0, n == n.rounded(), n < 0x1p53, probabilities.count >= 2, threshold.isFinite,
            probabilities.allSatisfy({ $0 > 0 && $0.isFinite })
        else { return nil }
        var enumeration = Enumeration(total: n, probabilities: probabilities, budget: budget)
        guard let lnP = try? enumeration.lnTail(threshold) else { return nil }
        return (min(1, exp(lnP)), min(0, lnP / M_LN10))
    }

    /// The enumeration: cells sorted by expectation, running sums of the rest, the log-sum so far.
    struct Enumeration {
        let expected: [Double]
        let probabilities: [Double]
        /// Σ E over cells j … k−1, and Σ p over the same cells.
        let restExpected: [Double]
        let restProbability: [Double]
        let budget: Int
        /// n, the counts to place.
        let total: Double
        var prefixes = 0
        var lnSum = -Double.infinity

        struct OverBudget: Error {}

        init(total n: Double, probabilities: [Double], budget: Int) {
            let sorted = probabilities.sorted()
            self.probabilities = sorted
            expected = sorted.map { n * $0 }
            var restE = Array(repeating: 0.0, count: sorted.count + 1), restP = restE
            for j in sorted.indices.reversed() {
                restE[j] = restE[j + 1] + expected[j]
                restP[j] = restP[j + 1] + sorted[j]
            }
            restExpected = restE
            restProbability = restP
            self.budget = budget
            total = n
        }

        /// Whether the enumeration may fit the budget: yes when all the prefixes do; otherwise from the
        /// width of each cell's band of counts near the contour (about 2√(x E) + 3), whose product is 300
        /// times the prefixes a die's table follows: refuses at once what would surely pass the budget.
        func feasible(_ statistic: Double) -> Bool {
            // Every prefix of j + 1 cells is a way to place at most n counts in them: C(n + j + 1, j + 1)
            // of them. A small table (a die rolled 30 times: 324,632 tables) fits whatever its X².
            var allPrefixes = 0.0
            for j in 0..<(expected.count - 1) {
                allPrefixes += exp(Self.lnChoose(total + Double(j + 1), Double(j + 1)))
            }
            if allPrefixes <= Double(budget) { return true }
            var lnWork = 0.0
            for j in 0..<(expected.count - 1) {
                lnWork += log(min(2 * (max(statistic, 1) * expected[j]).squareRoot() + 3, total + 1))
            }
            return lnWork <= log(Double(budget) * 1000)
        }

        /// ln C(a, b).
        static func lnChoose(_ a: Double, _ b: Double) -> Double {
            let whole: Double = lgamma(a + 1), part: Double = lgamma(b + 1), rest: Double = lgamma(a - b + 1)
            return whole - part - rest
        }

        /// ln P(X² ≥ threshold).
        mutating func lnTail(_ threshold: Double) throws -> Double {
            lnSum = -.infinity
            try visit(cell: 0, left: total, partial: 0, lnWeight: 0, threshold: threshold)
            return lnSum
        }

        mutating func add(_ lnValue: Double) {
            guard lnValue > -.infinity else { return }
            if lnSum == -.infinity {
                lnSum = lnValue
            } else {
                let high = max(lnSum, lnValue), low = min(lnSum, lnValue)
                lnSum = high + log1p(exp(low - high))
            }
        }

        /// Follows the prefixes with `left` counts still to place in cells `cell` … k−1, whose X² so far is
        /// `partial` and whose probability is e^lnWeight.
        mutating func visit(cell j: Int, left m: Double, partial s: Double, lnWeight: Double, threshold t: Double) throws {
            prefixes += 1
            if prefixes > budget { throw OverBudget() }
            let rest = restExpected[j]
            // The least the rest can add (reals, in proportion to the expectations); for the last cell, exact.
            if s + (m - rest) * (m - rest) / rest >= t {
                add(lnWeight)
                return
            }
            // The most: every count in the cell expecting least (cells are sorted, so this cell).
            if j == expected.count - 1 || s + m * m / expected[j] - 2 * m + rest < t { return }
            let a = expected[j], b = restExpected[j + 1], c = m - b, r = t - s
            let q = min(1, probabilities[j] / restProbability[j])
            // g(o) = (o − a)²/a + (o − c)²/b, the least X² a table with o here can reach; g(o) ≥ r outside
            // the roots, so every completion is as extreme there.
            let a2 = 1 / a + 1 / b, a1 = -2 * (1 + c / b), a0 = a + c * c / b - r
            let discriminant = a1 * a1 - 4 * a2 * a0
            guard discriminant > 0 else {
                add(lnWeight)
                return
            }
            let root = discriminant.squareRoot()
            let low = ((-a1 - root) / (2 * a2)).rounded(.down) - 1, high = ((-a1 + root) / (2 * a2)).rounded(.up) + 1
            if low >= 0 { add(lnWeight + (try Self.lnLowerTail(min(low, m), trials: m, probability: q))) }
            if high <= m { add(lnWeight + (try Self.lnUpperTail(max(high, 0), trials: m, probability: q))) }
            // h(o) = (o − a)²/a + (m − o)²/e − 2(m − o) + b, the most X² a table with o here can reach (e the
            // least expectation after this cell): below r between its roots, where no completion is as extreme.
            let e = expected[j + 1]
            let h2 = 1 / a + 1 / e, h1 = -2 * m / e, h0 = a + m * m / e - 2 * m + b - r
            let hDiscriminant = h1 * h1 - 4 * h2 * h0
            var skip = (from: 1.0, to: 0.0)
            if hDiscriminant > 0 {
                let hRoot = hDiscriminant.squareRoot()
                skip = (((-h1 - hRoot) / (2 * h2)).rounded(.up) + 1, ((-h1 + hRoot) / (2 * h2)).rounded(.down) - 1)
            }
            var o = max(0, low + 1)
            while o <= min(m, high - 1) {
                if o >= skip.from && o <= skip.to {
                    o = skip.to + 1
                    continue
                }
                let lnP = SaddlePoint.logBinomialProbability(o, m, q)
                if lnP > -.infinity {
                    try visit(cell: j + 1, left: m - o, partial: s + (o - a) * (o - a) / a, lnWeight: lnWeight + lnP, threshold: t)
                }
                o += 1
            }
        }

        /// ln P(X ≤ k) for X ~ Binomial(n, p): the tail itself while it is a normal double, else its terms
        /// summed in logarithms from k down until they fall 40 decades below the first.
        static func lnLowerTail(_ k: Double, trials n: Double, probability p: Double) throws -> Double {
            if k >= n { return 0 }
            let tail = try BinomialDistribution(trials: n, probability: p).lowerTail(k)
            if tail > 1e-280 { return log(tail) }
            return lnTermSum(from: k, step: -1, trials: n, probability: p)
        }

        /// ln P(X ≥ j) for X ~ Binomial(n, p), as ``lnLowerTail(_:trials:probability:)``.
        static func lnUpperTail(_ j: Double, trials n: Double, probability p: Double) throws -> Double {
            if j <= 0 { return 0 }
            let tail = try BinomialDistribution(trials: n, probability: p).upperTail(j)
            if tail > 1e-280 { return log(tail) }
            return lnTermSum(from: j, step: 1, trials: n, probability: p)
        }

        static func lnTermSum(from start: Double, step: Double, trials n: Double, probability p: Double) -> Double {
            let first = SaddlePoint.logBinomialProbability(start, n, p)
            guard first > -.infinity else { return first }
            var sum = 1.0, i = start + step
            while i >= 0 && i <= n {
                let term = SaddlePoint.logBinomialProbability(i, n, p) - first
                if term < -92 { break }
                sum += exp(term)
                i += step
            }
            return first + log(sum)
        }
    }
}
