import Foundation

/// What a chi-square goodness-of-fit test with k cells, N trials and level α can detect.
///
/// Under an alternative p′ the Pearson statistic is asymptotically noncentral chi-square with k − 1
/// degrees of freedom and noncentrality λ = N Σ (p′ᵢ − pᵢ)² / pᵢ. The test's power is
/// P(χ²′(k−1, λ) > c) with c the level-α critical value. ``requiredNoncentrality`` is the λ giving the
/// requested power. Moving cell j by a relative amount δ (p′ⱼ = pⱼ(1+δ), the others rescaled
/// proportionally) gives λ = N δ² pⱼ / (1 − pⱼ), so for local alternatives the smallest detectable
/// relative deviation of cell j is δⱼ = √(λ (1 − pⱼ) / (N pⱼ)) (``localRelativeDeviation(ofCell:)``).
///
/// That is optimistic for a deviation of the size the test needs: an increased cell also varies more,
/// and 100,000 spins of 37 equal sectors at α = 3.3·10⁻⁷ catch the noncentral δ = +17.4% 88.4% of the
/// time, not 90%. ``detectableRelativeDeviation(ofCell:)`` solves the power of the statistic's own
/// distribution under the moved cell, up and down (`PearsonPower`), and is the figure reports state.
public struct ChiSquarePower: Sendable, Hashable, Codable {
    /// The null-hypothesis cell probabilities pᵢ, as given.
    public let probabilities: [Double]
    /// N, the number of trials (total count) the test will see.
    public let trials: Double
    /// The significance level α, in (0, 1).
    public let alpha: Double
    /// The requested power, in (α, 1).
    public let power: Double
    /// k − 1, with k the number of cells of nonzero probability.
    public let degreesOfFreedom: Double
    /// c, the critical value: P(χ²(df) > c / s) = α with df = ``degreesOfFreedom`` and s the test's
    /// critical-value factor (1 for the chi-square test).
    public let criticalValue: Double
    /// λ, the noncentrality with P(χ²′(df, λ) > c) = ``power``.
    public let requiredNoncentrality: Double
    /// The noncentral chi-square's δⱼ = √(λ (1 − pⱼ) / (N pⱼ)) for cell j (local alternatives); infinite
    /// for a cell of probability 0.
    /// - Precondition: `j` is a cell index.
    public func localRelativeDeviation(ofCell j: Int) -> Double {
        let p = probabilities[j]
        return p > 0 ? (requiredNoncentrality * (1 - p) / (trials * p)).squareRoot() : .infinity
    }

    /// The smallest relative deviation δ of cell j, up or down (the larger of the two; the increase alone
    /// where no decrease reaches the power), that the test detects with ``power``: solved on the Pearson
    /// statistic's distribution under the moved cell (`PearsonPower`), starting from
    /// ``localRelativeDeviation(ofCell:)``. Infinite for a cell of probability 0, or one no deviation moves
    /// enough.
    /// - Precondition: `j` is a cell index.
    /// - Throws: ``StatisticsError/gsl(function:status:message:)`` from the chi-square tails.
    /// - Complexity: About 100 evaluations of the power, each 128 chi-square tails.
    public func detectableRelativeDeviation(ofCell j: Int) throws -> Double {
        let p = probabilities[j]
        guard p > 0, p < 1 else { return .infinity }
        return try PearsonPower.detectableDeviation(
            cell: p, cells: Int(degreesOfFreedom) + 1, trials: trials, criticalValue: criticalValue, target: power,
            start: localRelativeDeviation(ofCell: j))
    }

    /// The power analysis of a test of `trials` observations against `probabilities` at level `alpha`.
    /// - Parameters:
    ///   - probabilities: The null-hypothesis probabilities, summing to 1 within
    ///     ``GoodnessOfFitTest/probabilitySumTolerance``.
    ///   - trials: N, the number of trials; finite and > 0 (need not be whole).
    ///   - alpha: The significance level, in (0, 1).
    ///   - power: The power to solve for, in (`alpha`, 1).
    ///   - criticalValueFactor: How much further out than the chi-square's critical value the test rejects,
    ///     ≥ 1: 1 for the chi-square test, ``LatticeMultinomialTail/criticalValueFactor(level:total:probabilities:)``
    ///     for the toolkit's goodness-of-fit test.
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if there are fewer than 2 cells, fewer than 2 of
    ///   nonzero probability, or `trials`, `alpha` or `power` is out of range;
    ///   ``StatisticsError/invalidProbability(what:index:value:)`` or
    ///   ``StatisticsError/probabilitiesDoNotSumToOne(sum:tolerance:)`` for invalid probabilities; and the
    ///   errors of ``noncentrality(degreesOfFreedom:criticalValue:power:)`` and of the GSL quantile
    ///   (``StatisticsError/gsl(function:status:message:)``).
    /// - Complexity: O(k) for k cells, plus the search of ``noncentrality(degreesOfFreedom:criticalValue:power:)``.
    public init(probabilities: [Double], trials: Double, alpha: Double, power: Double = 0.9, criticalValueFactor: Double = 1) throws {
        guard probabilities.count >= 2 else {
            throw StatisticsError.invalidArgument("power needs at least 2 cells, got \(probabilities.count)")
        }
        let p = try Validate.distribution(probabilities, "expected probabilities", tolerance: GoodnessOfFitTest.probabilitySumTolerance)
        guard trials.isFinite, trials > 0 else { throw StatisticsError.invalidArgument("trials must be > 0, got \(trials)") }
        try Validate.level(alpha)
        guard power > alpha, power < 1 else { throw StatisticsError.invalidArgument("power must be in (alpha, 1), got \(power)") }
        guard criticalValueFactor.isFinite, criticalValueFactor >= 1 else {
            throw StatisticsError.invalidArgument("the critical value's factor must be finite and >= 1, got \(criticalValueFactor)")
        }
        self.probabilities = probabilities
        self.trials = trials
        self.alpha = alpha
        self.power = power
        let df = Double(p.filter { $0 > 0 }.count - 1)
        degreesOfFreedom = df
        let critical = try ChiSquareDistribution(degreesOfFreedom: df).upperQuantile(alpha) * criticalValueFactor
        criticalValue = critical
        let lambda = try Self.noncentrality(degreesOfFreedom: df, criticalValue: critical, power: power)
        requiredNoncentrality = lambda
    }

    /// The λ with P(χ²′(df, λ) > criticalValue) = power, by bracketing and bisection (the power rises
    /// monotonically with λ).
    /// - Throws: ``StatisticsError/noConvergence(_:)`` if the bracket passes λ = 1e9 or a noncentral series
    ///   does not converge; ``StatisticsError/invalidArgument(_:)`` if `df` is not finite and > 0 or
    ///   `criticalValue` is NaN; ``StatisticsError/gsl(function:status:message:)`` if GSL fails.
    /// - Complexity: About log₂(λ / max(1, `criticalValue`)) bracketing steps and at most 200 bisection steps,
    ///   each one ``NoncentralChiSquareDistribution/upperTail(_:)``.
    public static func noncentrality(degreesOfFreedom df: Double, criticalValue: Double, power: Double) throws -> Double {
        func powerAt(_ lambda: Double) throws -> Double {
            try NoncentralChiSquareDistribution(degreesOfFreedom: df, noncentrality: lambda).upperTail(criticalValue)
        }
        var low = 0.0, high = max(1.0, criticalValue)
        while try powerAt(high) < power {
            low = high
            high *= 2
            if high > 1e9 { throw StatisticsError.noConvergence("noncentrality for power \(power) exceeds 1e9") }
        }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if try powerAt(mid) < power { low = mid } else { high = mid }
            if high - low <= 1e-13 * high { break }
        }
        return (low + high) / 2
    }
}
