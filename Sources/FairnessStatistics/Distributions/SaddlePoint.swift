import Foundation

/// Catherine Loader's saddle-point evaluation of binomial and Poisson probabilities
/// ("Fast and Accurate Computation of Binomial Probabilities", 2000), the method behind R's `dbinom`.
///
/// Writing the densities through the deviance `bd0` and Stirling's error `stirlerr` avoids the
/// cancellation of `lgamma(n+1) − lgamma(k+1) − lgamma(n−k+1)`, which at n = 10^12 leaves only about
/// four correct digits; these forms keep close to full double precision for any n a run can reach.
enum SaddlePoint {
    /// δ(n) = ln n! − [(n + ½) ln n − n + ½ ln 2π] at the integers 0 ... 15 (exact values; δ(0) is unused).
    private static let stirlingErrorTable: [Double] = [
        0.0,
        0.08106146679532725821967026, 0.04134069595540929409382208, 0.02767792568499833914878929,
        0.02079067210376509311152277, 0.01664469118982119216319487, 0.01387612882307074799874573,
        0.01189670994589177009505572, 0.01041126526197209649747857, 0.009255462182712732917728637,
        0.008330563433362871256469319, 0.007573675487951840794972024, 0.006942840107209529865664153,
        0.006408994188004207068439631, 0.005951370112758847735624416, 0.00555473355196280137103869,
    ]

    /// Stirling's error δ(n) for a whole number n ≥ 1 (larger n by its asymptotic series).
    static func stirlingError(_ n: Double) -> Double {
        if n <= 15 {
            return stirlingErrorTable[Int(n)]
        }
        let s0 = 1.0 / 12, s1 = 1.0 / 360, s2 = 1.0 / 1260, s3 = 1.0 / 1680, s4 = 1.0 / 1188
        let nn = n * n
        if n > 500 { return (s0 - s1 / nn) / n }
        if n > 80 { return (s0 - (s1 - s2 / nn) / nn) / n }
        if n > 35 { return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n }
        return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n
    }

    /// The deviance term bd0(x, m) = x ln(x/m) + m − x, evaluated without cancellation when x ≈ m.
    static func deviance(_ x: Double, _ m: Double) -> Double {
        if abs(x - m) < 0.1 * (x + m) {
            var v = (x - m) / (x + m)
            var sum = (x - m) * v
            var term = 2 * x * v
            v *= v
            var j = 1.0
            while true {
                term *= v
                let next = sum + term / (2 * j + 1)
                if next == sum { return next }
                sum = next
                j += 1
            }
        }
        return x * log(x / m) + m - x
    }

    /// P(X = k) for X ~ Binomial(n, p).
    static func binomialProbability(_ k: Double, _ n: Double, _ p: Double) -> Double { exp(logBinomialProbability(k, n, p)) }

    /// ln P(X = k) for X ~ Binomial(n, p): −∞ where the probability is 0, finite far beyond a double's range.
    ///
    /// The means n·p and n·(1 − p) are carried as double-doubles (value plus rounding error) and the
    /// deviances corrected to first order, ∂bd0(x, m)/∂m = 1 − x/m: at n = 10^12 the rounding of n·p
    /// alone would otherwise move a far-tail probability by about 1e-9 relative.
    static func logBinomialProbability(_ k: Double, _ n: Double, _ p: Double) -> Double {
        // q = 1 − p exactly, as qHigh + qLow (Knuth's two-sum).
        let qHigh = 1 - p
        let virtual = qHigh - 1
        let qLow = (1 - (qHigh - virtual)) + (-p - virtual)
        if p == 0 { return k == 0 ? 0 : -.infinity }
        if qHigh == 0 { return k == n ? 0 : -.infinity }
        if k < 0 || k > n { return -.infinity }
        let successMean = n * p
        let successMeanError = fma(n, p, -successMean)
        let failureMean = n * qHigh
        let failureMeanError = fma(n, qHigh, -failureMean) + n * qLow
        func correctedDeviance(_ x: Double, _ mean: Double, _ error: Double) -> Double {
            deviance(x, mean) + (1 - x / mean) * error
        }
        if k == 0 {
            if n == 0 { return 0 }
            return p < 0.1 ? -correctedDeviance(n, failureMean, failureMeanError) - successMean - successMeanError : n * log(qHigh)
        }
        if k == n {
            return qHigh < 0.1 ? -correctedDeviance(n, successMean, successMeanError) - failureMean - failureMeanError : n * log(p)
        }
        let logCore =
            stirlingError(n) - stirlingError(k) - stirlingError(n - k)
            - correctedDeviance(k, successMean, successMeanError) - correctedDeviance(n - k, failureMean, failureMeanError)
        let logScale = log(2 * Double.pi) + log(k) + log1p(-k / n)
        return logCore - 0.5 * logScale
    }

    /// P(X = j) for X ~ Poisson(mean), j a whole number ≥ 0.
    static func poissonProbability(_ j: Double, mean: Double) -> Double {
        if mean == 0 { return j == 0 ? 1 : 0 }
        if j == 0 { return exp(-mean) }
        return exp(-stirlingError(j) - deviance(j, mean)) / (2 * Double.pi * j).squareRoot()
    }
}
