import CGSL
import Foundation

/// The exact two-sided binomial test of `successes` in `trials` against the probability `hypothesised`,
/// with Clopper–Pearson and Wilson intervals for the proportion.
///
/// Two-sided p-value ("minimum likelihood" definition, as in SciPy's `binomtest` and R's `binom.test`):
/// the probability of every outcome whose probability is no larger than that of the observed count,
/// with a relative tolerance of 1e-7 so that outcomes equally likely in exact arithmetic are not split
/// by rounding. It is computed as one lower tail plus one upper tail, each summed on its own side.
public struct BinomialTest: Sendable, Hashable, Codable {
    /// k, the observed number of successes: a whole number in 0 ... ``trials``.
    public let successes: Double
    /// n, the number of trials: a whole number ≥ 1.
    public let trials: Double
    /// p₀, the success probability under the null hypothesis, in [0, 1].
    public let hypothesised: Double
    /// The confidence level of ``clopperPearson`` and ``wilson``, in (0, 1).
    public let confidenceLevel: Double
    /// Always tested: the statistic is ``successes``, there are no degrees of freedom, and the p-value is exact.
    public let verdict: TestVerdict
    /// Clopper–Pearson ("exact") interval: conservative, never below its nominal coverage.
    public let clopperPearson: ProportionInterval
    /// Wilson score interval (no continuity correction): close to nominal coverage on average.
    public let wilson: ProportionInterval

    /// The observed proportion successes / trials.
    public var proportion: Double { successes / trials }

    /// Tests `successes` in `trials` against `hypothesised`, with intervals at `confidenceLevel`.
    /// - Parameters:
    ///   - successes: k, a whole number in 0 ... `trials`.
    ///   - trials: n, a whole number in 1 ... 2^53.
    ///   - hypothesised: p₀, in [0, 1].
    ///   - confidenceLevel: The intervals' confidence level, in (0, 1); 0.95 by default.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if an argument is out of range,
    ///   ``StatisticsError/noConvergence(_:)`` if a binomial tail's continued fraction does not converge, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL returns no normal quantile.
    /// - Complexity: O(log n) binomial probabilities and two tails for the p-value, plus up to 2000 bisection
    ///   steps per Clopper–Pearson bound, each one binomial tail.
    public init(successes: Double, trials: Double, hypothesised: Double, confidenceLevel: Double = 0.95) throws {
        guard trials.isFinite, trials >= 1, trials == trials.rounded() else {
            throw StatisticsError.invalidArgument("binomial test needs a whole number of trials >= 1, got \(trials)")
        }
        guard successes.isFinite, successes >= 0, successes <= trials, successes == successes.rounded() else {
            throw StatisticsError.invalidArgument("successes must be a whole number in 0 ... \(trials), got \(successes)")
        }
        guard hypothesised >= 0, hypothesised <= 1 else {
            throw StatisticsError.invalidArgument("hypothesised probability must be in [0, 1], got \(hypothesised)")
        }
        try Validate.level(1 - confidenceLevel)
        self.successes = successes
        self.trials = trials
        self.hypothesised = hypothesised
        self.confidenceLevel = confidenceLevel
        let p = try Self.twoSidedPValue(successes: successes, trials: trials, hypothesised: hypothesised)
        let log10P = p >= 1e-290 ? nil : try Self.log10TwoSidedPValue(successes: successes, trials: trials, hypothesised: hypothesised)
        self.verdict = .tested(TestFigures(statistic: successes, degreesOfFreedom: nil, pValue: p, log10PValue: log10P, method: .exact))
        self.clopperPearson = try Self.clopperPearsonInterval(successes: successes, trials: trials, confidenceLevel: confidenceLevel)
        self.wilson = try Self.wilsonInterval(successes: successes, trials: trials, confidenceLevel: confidenceLevel)
    }

    /// The exact two-sided p-value (see the type's documentation).
    /// `k` is not validated; pass a whole number in 0 ... `n`.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `n` is a whole number in 0 ... 2^53 and `p` is
    ///   in [0, 1]; ``StatisticsError/noConvergence(_:)`` if a tail's continued fraction does not converge.
    /// - Complexity: O(log n) binomial probabilities (a binary search for the other tail's start) and two tails.
    public static func twoSidedPValue(successes k: Double, trials n: Double, hypothesised p: Double) throws -> Double {
        let distribution = try BinomialDistribution(trials: n, probability: p)
        let mean = n * p
        if k == mean { return 1 }
        let d = distribution.probabilityOf(k)
        let threshold = d * (1 + 1e-7)
        if k < mean {
            // Smallest j ≥ ⌈np⌉ with P(j) ≤ threshold: the pmf falls from the mode on this side.
            var low = mean.rounded(.up), high = n + 1
            while low < high {
                let mid = (low + (high - low) / 2).rounded(.down)
                if distribution.probabilityOf(mid) <= threshold { high = mid } else { low = mid + 1 }
            }
            return min(1, (try distribution.lowerTail(k)) + (try distribution.upperTail(low)))
        } else {
            // Largest j ≤ ⌊np⌋ with P(j) ≤ threshold.
            var low = -1.0, high = mean.rounded(.down)
            while low < high {
                let mid = (low + (high - low + 1) / 2).rounded(.down)
                if distribution.probabilityOf(mid) <= threshold { low = mid } else { high = mid - 1 }
            }
            return min(1, (try distribution.lowerTail(low)) + (try distribution.upperTail(k)))
        }
    }

    /// log₁₀ of the exact two-sided p-value, which keeps its size where the p-value underflows a double.
    ///
    /// While the p-value is at least 10⁻²⁹⁰ this is log₁₀ of ``twoSidedPValue(successes:trials:hypothesised:)``.
    /// Beyond, the same sum (every outcome no more likely than k) is taken in logarithms: ln P(i) =
    /// ln Γ(n + 1) − ln Γ(i + 1) − ln Γ(n − i + 1) + i ln p + (n − i) ln(1 − p), summed outward from k and
    /// from the first outcome on the other side no more likely than k, each tail until its terms fall 40
    /// orders of magnitude below its first (a few significant digits of log₁₀ p, all a report prints).
    /// - Returns: A number ≤ 0; −∞ when k is impossible (p is 0 or 1 and k is not the certain outcome).
    /// - Throws: as ``twoSidedPValue(successes:trials:hypothesised:)``.
    public static func log10TwoSidedPValue(successes k: Double, trials n: Double, hypothesised p: Double) throws -> Double {
        let value = try twoSidedPValue(successes: k, trials: n, hypothesised: p)
        if value >= 1e-290 || p == 0 || p == 1 { return Foundation.log10(value) }
        let lnP = Foundation.log(p), lnQ = Foundation.log1p(-p), lnN: Double = Foundation.lgamma(n + 1)
        func lnMass(_ i: Double) -> Double { lnN - Foundation.lgamma(i + 1) - Foundation.lgamma(n - i + 1) + i * lnP + (n - i) * lnQ }
        let observed = lnMass(k)
        let mean = n * p
        // The first outcome on the far side of the mean no more likely than k (the mass falls away from the mode).
        var low = k < mean ? mean.rounded(.up) : -1, high = k < mean ? n + 1 : mean.rounded(.down)
        if k < mean {
            while low < high {
                let mid = (low + (high - low) / 2).rounded(.down)
                if lnMass(mid) <= observed + 1e-7 { high = mid } else { low = mid + 1 }
            }
        } else {
            while low < high {
                let mid = (low + (high - low + 1) / 2).rounded(.down)
                if lnMass(mid) <= observed + 1e-7 { low = mid } else { high = mid - 1 }
            }
        }
        /// ln Σ P(i) from `start` stepping by `step` while in 0 ... n and within 40 decades of the first term.
        func lnTail(from start: Double, step: Double) -> Double {
            guard start >= 0 && start <= n else { return -.infinity }
            let first = lnMass(start)
            var sum = 1.0
            var i = start + step
            while i >= 0 && i <= n {
                let term = lnMass(i) - first
                if term < -92 { break }
                sum += Foundation.exp(term)
                i += step
            }
            return first + Foundation.log(sum)
        }
        let near = lnTail(from: k, step: k < mean ? -1 : 1)
        let far = lnTail(from: low, step: k < mean ? 1 : -1)
        let largest = max(near, far)
        let total = largest + Foundation.log(Foundation.exp(near - largest) + Foundation.exp(far - largest))
        return min(0, total / Foundation.log(10))
    }

    /// Clopper–Pearson: the p with P(X ≥ k | p) = α/2 and the p with P(X ≤ k | p) = α/2, found by
    /// bisection on the exact tails to a relative precision of about 1e-15.
    /// The arguments are not validated beyond what the binomial distribution checks.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `n` is a whole number in 0 ... 2^53, and
    ///   ``StatisticsError/noConvergence(_:)`` if a tail's continued fraction does not converge.
    /// - Complexity: Up to 2000 bisection steps per bound, each one binomial tail.
    public static func clopperPearsonInterval(successes k: Double, trials n: Double, confidenceLevel: Double) throws -> ProportionInterval {
        let halfAlpha = (1 - confidenceLevel) / 2
        let lower = k == 0 ? 0 : try solveIncreasing(halfAlpha) { try BinomialDistribution(trials: n, probability: $0).upperTail(k) }
        let upper = k == n ? 1 : try solveIncreasing(-halfAlpha) { -(try BinomialDistribution(trials: n, probability: $0).lowerTail(k)) }
        return ProportionInterval(lower: lower, upper: upper, confidenceLevel: confidenceLevel)
    }

    /// Wilson: (p̂ + z²/2n ± z √(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n), z the upper α/2 normal quantile.
    /// - Throws: ``StatisticsError/gsl(function:status:message:)`` if the normal quantile is not finite,
    ///   as for a `confidenceLevel` of 1 or more.
    public static func wilsonInterval(successes k: Double, trials n: Double, confidenceLevel: Double) throws -> ProportionInterval {
        GSL.setUp()
        let z = try GSL.quantile("gsl_cdf_ugaussian_Qinv", gsl_cdf_ugaussian_Qinv((1 - confidenceLevel) / 2))
        let phat = k / n, z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (phat + z2 / (2 * n)) / denominator
        let half = z / denominator * (phat * (1 - phat) / n + z2 / (4 * n * n)).squareRoot()
        // At k = 0 (k = n) the lower (upper) bound is exactly 0 (1); the formula only reaches it up to rounding.
        return ProportionInterval(
            lower: k == 0 ? 0 : max(0, centre - half), upper: k == n ? 1 : min(1, centre + half),
            confidenceLevel: confidenceLevel)
    }

    /// The p in (0, 1) where the increasing function f(p) crosses `target`, by bisection that halves in
    /// log scale while the bracket spans orders of magnitude.
    static func solveIncreasing(_ target: Double, _ f: (Double) throws -> Double) throws -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<2000 {
            let mid = low > 0 && high / low > 4 ? (low * high).squareRoot() : (low == 0 && high > 1e-300 ? high / 16 : (low + high) / 2)
            if mid <= low || mid >= high { break }
            if try f(mid) < target { low = mid } else { high = mid }
            if high - low <= 1e-16 * high { break }
        }
        return (low + high) / 2
    }
}
