import Foundation

/// The binomial distribution: the number of successes in `trials` independent trials, each a success
/// with probability `probability`.
///
/// `trials` is a `Double` holding a whole number so runs of up to 10^12 trials and beyond are exact.
///
/// Tails are computed as the regularised incomplete beta function through its continued fraction
/// (modified Lentz), with the prefactor x^a (1−x)^b / (a B(a,b)) rewritten as a binomial probability and
/// evaluated by Loader's saddle-point method. GSL's `gsl_cdf_binomial_*` (via `gsl_sf_beta_inc`) forms
/// that prefactor from `lnbeta`, whose cancellation costs accuracy as n grows: measured relative errors
/// against SciPy were 2e-9 at n = 10^6, 2e-7 at 10^8 and 4e-3 at 10^12, outside the toolkit's 1e-9.
/// Each tail is summed on its own side of the mean, so far-tail probabilities keep their digits.
public struct BinomialDistribution: Sendable, Hashable {
    /// n, the number of trials: a whole number in 0 ... 2^53.
    public let trials: Double
    /// p, the success probability of each trial, in [0, 1].
    public let probability: Double

    /// The distribution Binomial(n, p).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `trials` is a whole number in 0 ... 2^53 and
    ///   `probability` is in [0, 1].
    public init(trials: Double, probability: Double) throws {
        guard trials.isFinite, trials >= 0, trials == trials.rounded(), trials <= 0x1p53 else {
            throw StatisticsError.invalidArgument("binomial trials must be a whole number in 0 ... 2^53, got \(trials)")
        }
        guard probability.isFinite, probability >= 0, probability <= 1 else {
            throw StatisticsError.invalidArgument("binomial probability must be in [0, 1], got \(probability)")
        }
        self.trials = trials
        self.probability = probability
    }

    private var q: Double { 1 - probability }

    /// P(X = k).
    public func probabilityOf(_ k: Double) -> Double {
        SaddlePoint.binomialProbability(k, trials, probability)
    }

    /// P(X ≤ k).
    ///
    /// Each tail is taken from whichever of the two continued fractions converges fast at this k
    /// (`lowerTailByContinuedFraction(_:)` or the complement of `upperTailByContinuedFraction(_:)`);
    /// neither calls back into the other, so no argument can recurse without end.
    /// `k` is rounded down to a whole number.
    /// - Throws: ``StatisticsError/noConvergence(_:)`` if the continued fraction does not converge within
    ///   1000 + 50 √max(a, b) steps.
    /// - Complexity: O(√n) continued-fraction steps at most (n = ``trials``); O(1) at the ends of the range.
    public func lowerTail(_ k: Double) throws -> Double {
        let k = k.rounded(.down)
        if k < 0 { return 0 }
        if k >= trials { return 1 }
        if probability == 0 { return 1 }
        if probability == 1 { return 0 }
        // I_q(n−k, k+1) converges fast when q < (a+1)/(a+b+2); otherwise its complement does.
        let a = trials - k, b = k + 1
        if q < (a + 1) / (a + b + 2) { return try lowerTailByContinuedFraction(k) }
        return 1 - (try upperTailByContinuedFraction(k + 1))
    }

    /// P(X ≥ j).
    /// `j` is rounded up to a whole number.
    /// - Throws: ``StatisticsError/noConvergence(_:)`` if the continued fraction does not converge within
    ///   1000 + 50 √max(a, b) steps.
    /// - Complexity: O(√n) continued-fraction steps at most (n = ``trials``); O(1) at the ends of the range.
    public func upperTail(_ j: Double) throws -> Double {
        let j = j.rounded(.up)
        if j <= 0 { return 1 }
        if j > trials { return 0 }
        if probability == 0 { return 0 }
        if probability == 1 { return 1 }
        // I_p(j, n−j+1) converges fast when p < (a+1)/(a+b+2); otherwise its complement does.
        let a = j, b = trials - j + 1
        if probability < (a + 1) / (a + b + 2) { return try upperTailByContinuedFraction(j) }
        return 1 - (try lowerTailByContinuedFraction(j - 1))
    }

    /// P(X ≤ k) = I_q(n−k, k+1) for 0 ≤ k < n and 0 < p < 1, by the continued fraction directly.
    private func lowerTailByContinuedFraction(_ k: Double) throws -> Double {
        probabilityOf(k) * probability * (try Self.betaContinuedFraction(x: q, a: trials - k, b: k + 1))
    }

    /// P(X ≥ j) = I_p(j, n−j+1) for 0 < j ≤ n and 0 < p < 1, by the continued fraction directly.
    private func upperTailByContinuedFraction(_ j: Double) throws -> Double {
        probabilityOf(j) * q * (try Self.betaContinuedFraction(x: probability, a: j, b: trials - j + 1))
    }

    /// The continued fraction of the incomplete beta function, I_x(a,b) = x^a (1−x)^b / (a B(a,b)) · cf,
    /// evaluated by the modified Lentz method. Converges in O(√max(a,b)) steps for x < (a+1)/(a+b+2).
    static func betaContinuedFraction(x: Double, a: Double, b: Double) throws -> Double {
        let tiny = 1e-300
        let epsilon = 1e-16
        let sum = a + b, aPlus = a + 1, aMinus = a - 1
        var c = 1.0
        var d = 1 - sum * x / aPlus
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        let limit = 1000 + Int(50 * max(a, b).squareRoot())
        for m in 1...limit {
            let m = Double(m), twoM = 2 * m
            var step = m * (b - m) * x / ((aMinus + twoM) * (a + twoM))
            d = 1 + step * d
            if abs(d) < tiny { d = tiny }
            c = 1 + step / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            step = -(a + m) * (sum + m) * x / ((a + twoM) * (aPlus + twoM))
            d = 1 + step * d
            if abs(d) < tiny { d = tiny }
            c = 1 + step / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { return h }
        }
        throw StatisticsError.noConvergence("incomplete beta continued fraction (x = \(x), a = \(a), b = \(b))")
    }
}
