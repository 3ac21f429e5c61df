import CGSL
import Foundation

/// The central chi-square distribution with `degreesOfFreedom` (ν > 0) degrees of freedom.
///
/// Tail probabilities come from GSL's regularised incomplete gamma functions, Q(ν/2, x/2) for the upper
/// tail and P(ν/2, x/2) for the lower, each evaluated directly, so a p-value of 1e-300 keeps its digits
/// instead of being computed as 1 − 0.99999....
public struct ChiSquareDistribution: Sendable, Hashable {
    /// ν, the degrees of freedom; finite and > 0.
    public let degreesOfFreedom: Double

    /// The distribution χ²(ν).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `degreesOfFreedom` is finite and > 0.
    public init(degreesOfFreedom: Double) throws {
        guard degreesOfFreedom.isFinite, degreesOfFreedom > 0 else {
            throw StatisticsError.invalidArgument("chi-square degrees of freedom must be finite and > 0, got \(degreesOfFreedom)")
        }
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(X > x), the survival function: the p-value of an observed statistic x.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if `x` is NaN, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL reports an error (underflow is returned as 0).
    public func upperTail(_ x: Double) throws -> Double {
        guard !x.isNaN else { throw StatisticsError.invalidArgument("chi-square statistic is NaN") }
        if x <= 0 { return 1 }
        if x == .infinity { return 0 }
        return try GSL.gammaIncQ(degreesOfFreedom / 2, x / 2)
    }

    /// P(X ≤ x), the distribution function.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if `x` is NaN, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL reports an error (underflow is returned as 0).
    public func lowerTail(_ x: Double) throws -> Double {
        guard !x.isNaN else { throw StatisticsError.invalidArgument("chi-square statistic is NaN") }
        if x <= 0 { return 0 }
        if x == .infinity { return 1 }
        return try GSL.gammaIncP(degreesOfFreedom / 2, x / 2)
    }

    /// The x with P(X > x) = q (the critical value of a test at level q).
    ///
    /// GSL's `gsl_cdf_chisq_Qinv` gives the starting point; the root is then bracketed and bisected to
    /// adjacent doubles on this distribution's own tails — on log P(X > x) for q < ½ and on log P(X ≤ x)
    /// above — because GSL's inverse loses accuracy far out (it was measured 5% low at q = 1e-300 and
    /// 28% low at q = 1e-100 with 1000 degrees of freedom, and 3e-5 off at q = 1 − 1e-12).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `q` is in (0, 1), and
    ///   ``StatisticsError/gsl(function:status:message:)`` if a tail cannot be evaluated.
    /// - Complexity: O(log) tail evaluations: a bracket found by doubling, then at most 2,100 bisection
    ///   steps (about 60 in practice).
    public func upperQuantile(_ q: Double) throws -> Double {
        guard q > 0, q < 1 else { throw StatisticsError.invalidArgument("upper-tail probability must be in (0, 1), got \(q)") }
        GSL.setUp()
        let start = gsl_cdf_chisq_Qinv(q, degreesOfFreedom)
        // g decreases in x and is 0 at the quantile.
        let useUpper = q < 0.5
        let target = useUpper ? Foundation.log(q) : Foundation.log1p(-q)
        func g(_ x: Double) throws -> Double {
            useUpper ? Foundation.log(try upperTail(x)) - target : target - Foundation.log(try lowerTail(x))
        }
        var low = start.isFinite && start > 0 ? start : degreesOfFreedom
        var high = low
        while try g(low) <= 0 {
            low /= 2
            if low < Double.leastNormalMagnitude { return 0 }
        }
        while try g(high) > 0 {
            high *= 2
            if !high.isFinite { throw StatisticsError.noConvergence("chi-square quantile for q = \(q) beyond the double range") }
        }
        for _ in 0..<2100 where low.nextUp < high {
            let mid = low + (high - low) / 2
            if mid <= low || mid >= high { break }
            if try g(mid) > 0 { low = mid } else { high = mid }
        }
        return high
    }
}

extension ChiSquareDistribution {
    /// log₁₀ P(X > x), which keeps its size where P(X > x) underflows a double (X² = 29,895 on 7 degrees of
    /// freedom gives log₁₀ p = −6481.7, not 0).
    ///
    /// While P(X > x) ≥ 10⁻²⁹⁰ this is log₁₀ of ``upperTail(_:)``. Beyond, with a = ν/2 and z = x/2 (then
    /// z > a + 1), P(X > x) = Q(a, z) = e^{−z} z^a / Γ(a) · F, F the continued fraction
    /// 1/(z + 1 − a − 1·(1 − a)/(z + 3 − a − 2·(2 − a)/(z + 5 − a − …))), evaluated by the modified Lentz
    /// method; the logarithm is taken term by term, so nothing underflows.
    /// - Returns: A finite number ≤ 0; −∞ only for x = ∞.
    /// - Throws: as ``upperTail(_:)``, and ``StatisticsError/noConvergence(_:)`` if the fraction does not
    ///   converge in 100,000 terms.
    public func log10UpperTail(_ x: Double) throws -> Double {
        let q = try upperTail(x)
        if q >= 1e-290 || x == .infinity { return Foundation.log10(q) }
        let a = degreesOfFreedom / 2, z = x / 2
        let tiny = 1e-300
        var b = z + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        var converged = false
        for i in 1...100_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-15 {
                converged = true
                break
            }
        }
        guard converged, h > 0 else {
            throw StatisticsError.noConvergence("log upper tail of chi-square(\(degreesOfFreedom)) at \(x)")
        }
        let naturalLog = -z + a * Foundation.log(z) - Foundation.lgamma(a) + Foundation.log(h)
        return naturalLog / Foundation.log(10)
    }
}
