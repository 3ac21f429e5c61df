import Foundation

/// What a chi-square goodness-of-fit test with k cells, N trials and level α can detect.
///
/// Under an alternative p′ the Pearson statistic is asymptotically noncentral chi-square with k − 1
/// degrees of freedom and noncentrality λ = N Σ (p′ᵢ − pᵢ)² / pᵢ. The test's power is
/// P(χ²′(k−1, λ) > c) with c the level-α critical value. ``requiredNoncentrality`` is the λ giving the
/// requested power. Moving cell j by a relative amount δ (p′ⱼ = pⱼ(1+δ), the others rescaled
/// proportionally) gives λ = N δ² pⱼ / (1 − pⱼ), so the smallest detectable relative deviation of cell j
/// is δⱼ = √(λ (1 − pⱼ) / (N pⱼ)).
public struct ChiSquarePower: Sendable, Hashable, Codable {
    public let probabilities: [Double]
    public let trials: Double
    public let alpha: Double
    public let power: Double
    public let degreesOfFreedom: Double
    public let criticalValue: Double
    public let requiredNoncentrality: Double
    /// δⱼ for each cell, in the order given.
    public let detectableRelativeDeviations: [Double]

    /// The smallest δⱼ over the cells (the most probable cell is the easiest to see move).
    public var smallestDetectableRelativeDeviation: Double { detectableRelativeDeviations.min() ?? .infinity }
    /// The largest δⱼ: a deviation this large in any single cell is detected with the stated power.
    public var largestDetectableRelativeDeviation: Double { detectableRelativeDeviations.max() ?? .infinity }

    public init(probabilities: [Double], trials: Double, alpha: Double, power: Double = 0.9) throws {
        guard probabilities.count >= 2 else { throw StatisticsError.invalidArgument("power needs at least 2 cells, got \(probabilities.count)") }
        let p = try Validate.distribution(probabilities, "expected probabilities", tolerance: GoodnessOfFitTest.probabilitySumTolerance)
        guard trials.isFinite, trials > 0 else { throw StatisticsError.invalidArgument("trials must be > 0, got \(trials)") }
        try Validate.level(alpha)
        guard power > alpha, power < 1 else { throw StatisticsError.invalidArgument("power must be in (alpha, 1), got \(power)") }
        self.probabilities = probabilities
        self.trials = trials
        self.alpha = alpha
        self.power = power
        let df = Double(p.filter { $0 > 0 }.count - 1)
        degreesOfFreedom = df
        let critical = try ChiSquareDistribution(degreesOfFreedom: df).upperQuantile(alpha)
        criticalValue = critical
        let lambda = try Self.noncentrality(degreesOfFreedom: df, criticalValue: critical, power: power)
        requiredNoncentrality = lambda
        detectableRelativeDeviations = p.map { $0 > 0 ? (lambda * (1 - $0) / (trials * $0)).squareRoot() : .infinity }
    }

    /// The λ with P(χ²′(df, λ) > criticalValue) = power, by bracketing and bisection (the power rises
    /// monotonically with λ).
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

/// What the exact two-sided binomial test with N trials at level α can detect around p₀.
///
/// The rejection region is exact: the largest count below N p₀ and the smallest above it whose two-sided
/// p-value is ≤ α (the p-value rises monotonically towards the mode on each side). The power at p is
/// P(X ≤ lower) + P(X ≥ upper) under Binomial(N, p); the detectable differences are the smallest
/// δ with power ≥ the requested power at p₀ + δ and at p₀ − δ.
public struct BinomialPower: Sendable, Hashable, Codable {
    public let trials: Double
    public let hypothesised: Double
    public let alpha: Double
    public let power: Double
    /// Counts at or below this are rejected (nil: no count on that side is).
    public let lowerCriticalCount: Double?
    /// Counts at or above this are rejected.
    public let upperCriticalCount: Double?
    /// Smallest detectable increase (nil when even p = 1 is not detected with the requested power).
    public let detectableIncrease: Double?
    /// Smallest detectable decrease.
    public let detectableDecrease: Double?

    /// The larger of the two: a difference this large either way is detected with the requested power.
    public var smallestDetectableDifference: Double? {
        guard let up = detectableIncrease, let down = detectableDecrease else { return detectableIncrease ?? detectableDecrease }
        return max(up, down)
    }

    public init(trials n: Double, hypothesised p0: Double, alpha: Double, power: Double = 0.9) throws {
        guard n.isFinite, n >= 1, n == n.rounded() else { throw StatisticsError.invalidArgument("trials must be a whole number >= 1, got \(n)") }
        guard p0 > 0, p0 < 1 else { throw StatisticsError.invalidArgument("hypothesised probability must be in (0, 1), got \(p0)") }
        try Validate.level(alpha)
        guard power > alpha, power < 1 else { throw StatisticsError.invalidArgument("power must be in (alpha, 1), got \(power)") }
        trials = n
        hypothesised = p0
        self.alpha = alpha
        self.power = power
        func rejected(_ k: Double) throws -> Bool {
            try BinomialTest.twoSidedPValue(successes: k, trials: n, hypothesised: p0) <= alpha
        }
        let mean = n * p0
        // Lower side: largest k < mean that is rejected.
        var lowerCount: Double?
        if mean.rounded(.up) - 1 >= 0, try rejected(0) {
            var low = 0.0, high = mean.rounded(.up) - 1
            while low < high {
                let mid = (low + (high - low + 1) / 2).rounded(.down)
                if try rejected(mid) { low = mid } else { high = mid - 1 }
            }
            lowerCount = low
        }
        var upperCount: Double?
        if mean.rounded(.down) + 1 <= n, try rejected(n) {
            var low = mean.rounded(.down) + 1, high = n
            while low < high {
                let mid = (low + (high - low) / 2).rounded(.down)
                if try rejected(mid) { high = mid } else { low = mid + 1 }
            }
            upperCount = low
        }
        lowerCriticalCount = lowerCount
        upperCriticalCount = upperCount
        func powerAt(_ p: Double) throws -> Double {
            let distribution = try BinomialDistribution(trials: n, probability: p)
            var total = 0.0
            if let lowerCount { total += try distribution.lowerTail(lowerCount) }
            if let upperCount { total += try distribution.upperTail(upperCount) }
            return total
        }
        func search(towards end: Double) throws -> Double? {
            guard try powerAt(end) >= power else { return nil }
            var near = p0, far = end
            for _ in 0..<200 {
                let mid = (near + far) / 2
                if try powerAt(mid) >= power { far = mid } else { near = mid }
                if abs(far - near) <= 1e-15 * abs(far - p0) { break }
            }
            return abs((near + far) / 2 - p0)
        }
        detectableIncrease = try search(towards: 1)
        detectableDecrease = try search(towards: 0)
    }
}
