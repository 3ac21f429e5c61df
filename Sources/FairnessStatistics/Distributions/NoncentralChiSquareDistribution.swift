import Foundation

/// The noncentral chi-square distribution with ν degrees of freedom and noncentrality λ ≥ 0.
///
/// GSL has none, so it is built here from GSL's central chi-square as the Poisson mixture
///
///     P(X > x) = Σ_j  e^(−λ/2) (λ/2)^j / j!  ·  Q_{ν+2j}(x),
///
/// summed outward from the Poisson mode in both directions (weights by recurrence from a saddle-point
/// evaluation at the mode, so large λ neither underflows nor loses digits). Each tail is summed from its
/// own central tails, so a small upper-tail probability is not computed as 1 − (something near 1).
/// Summation stops when a term falls below 1e-17 of the running sum and the terms are decreasing.
public struct NoncentralChiSquareDistribution: Sendable, Hashable {
    /// ν, the degrees of freedom; finite and > 0.
    public let degreesOfFreedom: Double
    /// λ, the noncentrality; finite and ≥ 0 (0 gives the central distribution).
    public let noncentrality: Double

    /// The distribution χ²′(ν, λ).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` unless `degreesOfFreedom` is finite and > 0 and
    ///   `noncentrality` is finite and ≥ 0.
    public init(degreesOfFreedom: Double, noncentrality: Double) throws {
        guard degreesOfFreedom.isFinite, degreesOfFreedom > 0 else {
            throw StatisticsError.invalidArgument("degrees of freedom must be finite and > 0, got \(degreesOfFreedom)")
        }
        guard noncentrality.isFinite, noncentrality >= 0 else {
            throw StatisticsError.invalidArgument("noncentrality must be finite and >= 0, got \(noncentrality)")
        }
        self.degreesOfFreedom = degreesOfFreedom
        self.noncentrality = noncentrality
    }

    /// P(X > x).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if `x` is NaN, ``StatisticsError/noConvergence(_:)``
    ///   if the series upward from the Poisson mode exceeds its budget of 10 000 + 200 √(λ/2) terms, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if a central tail fails in GSL.
    /// - Complexity: One central chi-square tail per term, about O(1 + √λ) terms.
    public func upperTail(_ x: Double) throws -> Double {
        guard !x.isNaN else { throw StatisticsError.invalidArgument("statistic is NaN") }
        if x <= 0 { return 1 }
        if x == .infinity { return 0 }
        return try mixture { try ChiSquareDistribution(degreesOfFreedom: $0).upperTail(x) }
    }

    /// P(X ≤ x).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if `x` is NaN, ``StatisticsError/noConvergence(_:)``
    ///   if the series upward from the Poisson mode exceeds its budget of 10 000 + 200 √(λ/2) terms, and
    ///   ``StatisticsError/gsl(function:status:message:)`` if a central tail fails in GSL.
    /// - Complexity: One central chi-square tail per term, about O(1 + √λ) terms.
    public func lowerTail(_ x: Double) throws -> Double {
        guard !x.isNaN else { throw StatisticsError.invalidArgument("statistic is NaN") }
        if x <= 0 { return 0 }
        if x == .infinity { return 1 }
        return try mixture { try ChiSquareDistribution(degreesOfFreedom: $0).lowerTail(x) }
    }

    /// Σ_j w_j · central(ν + 2j) with Poisson(λ/2) weights w_j.
    private func mixture(_ central: (Double) throws -> Double) throws -> Double {
        let mean = noncentrality / 2
        if mean == 0 { return try central(degreesOfFreedom) }
        let mode = mean.rounded(.down)
        let modeWeight = SaddlePoint.poissonProbability(mode, mean: mean)
        let tolerance = 1e-17
        let budget = 10_000 + Int(200 * mean.squareRoot())

        var sum = modeWeight * (try central(degreesOfFreedom + 2 * mode))
        // Upward from the mode.
        var weight = modeWeight
        var previous = sum
        var j = mode
        var steps = 0
        while true {
            j += 1
            steps += 1
            weight *= mean / j
            let term = weight * (try central(degreesOfFreedom + 2 * j))
            sum += term
            if weight == 0 || (sum > 0 && term < tolerance * sum && term <= previous) { break }
            previous = term
            if steps > budget {
                throw StatisticsError.noConvergence("noncentral chi-square series (ν = \(degreesOfFreedom), λ = \(noncentrality))")
            }
        }
        // Downward from the mode.
        weight = modeWeight
        j = mode
        previous = .infinity
        while j > 0 {
            weight *= j / mean
            j -= 1
            let term = weight * (try central(degreesOfFreedom + 2 * j))
            sum += term
            if weight == 0 || (term < tolerance * sum && term <= previous) { break }
            previous = term
        }
        return min(sum, 1)
    }
}
