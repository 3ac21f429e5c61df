import Foundation

/// The exact p-value of the payout-mean (RTP) test under declared odds: P(W ≥ observed W) summed over every
/// table of the same number of plays over the prize levels, each weighted by its multinomial probability
/// under the declared odds, where W = 2(ℓ̂ − ℓ(μ)) is ``PayoutMeanInterval``'s profile-likelihood statistic
/// for the declared mean μ. No χ²(1) approximation: on a log of a few hundred plays χ²(1) is liberal in the
/// far tail (a game paying 0, 1 or 10 stakes, 200 plays: 1.16 α at 10⁻⁴).
///
/// The tables are all compositions of n plays into the levels the odds can pay (C(n + k − 1, k − 1) of them
/// for k such levels); past `budget` tables the calculation gives up. Tables whose W ties the observed one
/// to a relative 10⁻⁹ count as at least as extreme; probabilities are summed in logarithms.
public enum PayoutMeanExactTail {
    /// The default most tables (about 0.3 s in a release build: a game with 3 levels over 700 plays).
    public static let defaultBudget = 250_000

    /// The exact p-value of mean `mu` for `counts` of plays over `levels`, under `probabilities`.
    /// - Parameters:
    ///   - levels: The payout levels, as ``PayoutMeanInterval`` takes them (distinct, finite).
    ///   - counts: Plays that paid each level.
    ///   - probabilities: The declared probability of each level (summing to 1; 0 for a level the odds never pay).
    ///   - mu: The declared mean payout, Σ pᵢ vᵢ.
    ///   - budget: The most tables to enumerate.
    /// - Returns: The p-value (0 where it underflows) and its log₁₀; nil for mismatched input, a level paid
    ///   although its probability is 0 (the table is impossible under the odds: a question for the payout
    ///   checks, not this test), or more tables than `budget`.
    public static func pValue(
        levels: [Double], counts: [UInt64], probabilities: [Double], mean mu: Double, budget: Int = defaultBudget
    ) -> (pValue: Double, log10PValue: Double)? {
        guard levels.count == counts.count,
            let distribution = Distribution(
                levels: levels, probabilities: probabilities, mean: mu, plays: counts.reduce(0, +), budget: budget)
        else { return nil }
        return distribution.pValue(counts: counts)
    }

    /// The null distribution of W for one number of plays: every table's W and probability, sorted by W,
    /// so each p-value is a search (a calibration tests every table of the same plays against it).
    public struct Distribution: Sendable {
        /// The levels ascending (`order` lists the given positions ascending), their declared
        /// probabilities, the mean and the plays.
        let order: [Int]
        let levels: [Double]
        let probabilities: [Double]
        let mean: Double
        let plays: UInt64
        /// Every table's W, descending, and ln P(W ≥ each), the running log-sum.
        let statistics: [Double]
        let lnTail: [Double]

        /// The distribution, or nil for invalid odds (not one per level, not summing to 1 within 10⁻⁹, the
        /// mean outside the levels' range) or more than `budget` tables.
        public init?(levels: [Double], probabilities: [Double], mean mu: Double, plays n: UInt64, budget: Int = defaultBudget) {
            guard probabilities.count == levels.count, levels.count >= 2, n > 0, n < 1 << 31, Set(levels).count == levels.count,
                levels.allSatisfy(\.isFinite), probabilities.allSatisfy({ $0 >= 0 && $0.isFinite }),
                abs(probabilities.reduce(0, +) - 1) <= 1e-9, mu >= levels.min()!, mu <= levels.max()!
            else { return nil }
            let order = levels.indices.sorted { levels[$0] < levels[$1] }
            self.order = order
            self.levels = order.map { levels[$0] }
            let sortedP = order.map { probabilities[$0] }
            self.probabilities = sortedP
            mean = mu
            plays = n
            let paying = sortedP.indices.filter { sortedP[$0] > 0 }
            guard Self.lnChoose(Double(n) + Double(paying.count - 1), Double(paying.count - 1)) <= log(Double(budget)) else { return nil }
            let tables = Self.enumerate(levels: order.map { levels[$0] }, probabilities: sortedP, paying: paying, mean: mu, plays: n)
                .sorted { $0.statistic > $1.statistic }
            statistics = tables.map(\.statistic)
            var running = -Double.infinity
            lnTail = tables.map { table in
                let high = max(running, table.lnProbability), low = min(running, table.lnProbability)
                running = high == -.infinity ? high : high + log1p(exp(low - high))
                return running
            }
        }

        /// The p-value of `counts` (plays per level, in the order the levels were given), or nil where the
        /// counts are not a table of this distribution or pay a level of probability 0.
        public func pValue(counts given: [UInt64]) -> (pValue: Double, log10PValue: Double)? {
            guard given.count == levels.count else { return nil }
            let counts = order.map { given[$0] }
            guard counts.reduce(0, +) == plays,
                zip(counts, probabilities).allSatisfy({ $0.0 == 0 || $0.1 > 0 })
            else { return nil }
            let observed = Self.statistic(counts, levels: levels, mean: mean)
            let threshold = observed - 1e-9 * max(1, observed)
            // The tables at least as extreme are a prefix of the descending order.
            var low = 0, high = statistics.count
            while low < high {
                let middle = (low + high) / 2
                if statistics[middle] >= threshold { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return (0, -.infinity) }
            let lnP = lnTail[low - 1]
            return (min(1, exp(lnP)), min(0, lnP / M_LN10))
        }

        static func statistic(_ counts: [UInt64], levels: [Double], mean mu: Double) -> Double {
            var sum = 0.0
            for (count, level) in zip(counts, levels) { sum += Double(count) * level }
            return PayoutMeanInterval.statistic(mu, levels: levels, counts: counts, mean: sum / Double(counts.reduce(0, +)))
        }

        /// Every table over the paying levels (the last takes what is left): its W and ln probability.
        static func enumerate(
            levels: [Double], probabilities: [Double], paying: [Int], mean mu: Double, plays n: UInt64
        ) -> [(statistic: Double, lnProbability: Double)] {
            var table = Array(repeating: UInt64(0), count: levels.count)
            var tables: [(statistic: Double, lnProbability: Double)] = []
            let lnP = probabilities.map { $0 > 0 ? log($0) : 0 }
            func place(_ j: Int, left: UInt64, lnWeight: Double) {
                let cell = paying[j]
                if j == paying.count - 1 {
                    table[cell] = left
                    tables.append(
                        (statistic(table, levels: levels, mean: mu), lnWeight + Double(left) * lnP[cell] - lnFactorial(Double(left))))
                    return
                }
                for o in 0...left {
                    table[cell] = o
                    place(j + 1, left: left - o, lnWeight: lnWeight + Double(o) * lnP[cell] - lnFactorial(Double(o)))
                }
                table[cell] = 0
            }
            place(0, left: n, lnWeight: lnFactorial(Double(n)))
            return tables
        }

        static func lnFactorial(_ k: Double) -> Double {
            let value: Double = lgamma(k + 1)
            return value
        }

        static func lnChoose(_ a: Double, _ b: Double) -> Double { lnFactorial(a) - lnFactorial(b) - lnFactorial(a - b) }
    }
}
