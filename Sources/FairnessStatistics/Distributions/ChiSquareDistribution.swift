import CGSL

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
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `q` is in (0, 1), and
    ///   ``StatisticsError/gsl(function:status:message:)`` if GSL returns no finite quantile.
    public func upperQuantile(_ q: Double) throws -> Double {
        guard q > 0, q < 1 else { throw StatisticsError.invalidArgument("upper-tail probability must be in (0, 1), got \(q)") }
        GSL.setUp()
        return try GSL.quantile("gsl_cdf_chisq_Qinv", gsl_cdf_chisq_Qinv(q, degreesOfFreedom))
    }
}
