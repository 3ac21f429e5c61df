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
    public let degreesOfFreedom: Double
    public let noncentrality: Double

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
    public func upperTail(_ x: Double) throws -> Double {
        guard !x.isNaN else { throw StatisticsError.invalidArgument("statistic is NaN") }
        if x <= 0 { return 1 }
        if x == .infinity { return 0 }
        return try mixture { try ChiSquareDistribution(degreesOfFreedom: $0).upperTail(x) }
    }

    /// P(X ≤ x).
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
