import Foundation

/// What the exact two-sided binomial test with N trials at level α can detect around p₀.
///
/// The rejection region is exact: the largest count below N p₀ and the smallest above it whose two-sided
/// p-value is ≤ α (the p-value rises monotonically towards the mode on each side). The power at p is
/// P(X ≤ lower) + P(X ≥ upper) under Binomial(N, p); the detectable differences are the smallest
/// δ with power ≥ the requested power at p₀ + δ and at p₀ − δ.
public struct BinomialPower: Sendable, Hashable, Codable {
    /// N, the number of trials; a whole number ≥ 1.
    public let trials: Double
    /// p₀, the success probability under the null hypothesis, in (0, 1).
    public let hypothesised: Double
    /// The significance level α, in (0, 1).
    public let alpha: Double
    /// The requested power, in (α, 1).
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

    /// The power analysis of the exact test with `n` trials against `p0` at level `alpha`.
    /// - Parameters:
    ///   - n: N, the number of trials: a whole number in 1 ... 2^53.
    ///   - p0: The hypothesised probability, in (0, 1).
    ///   - alpha: The significance level, in (0, 1).
    ///   - power: The power to solve for, in (`alpha`, 1).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` if an argument is out of range, and
    ///   ``StatisticsError/noConvergence(_:)`` if a binomial tail's continued fraction does not converge.
    /// - Complexity: O(log N) two-sided p-values for the critical counts, then at most 2 × 200 bisection
    ///   steps, each computing two binomial tails.
    public init(trials n: Double, hypothesised p0: Double, alpha: Double, power: Double = 0.9) throws {
        guard n.isFinite, n >= 1, n == n.rounded() else {
            throw StatisticsError.invalidArgument("trials must be a whole number >= 1, got \(n)")
        }
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
