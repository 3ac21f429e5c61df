/// How far observed outcome counts are from their expected shares, as a magnitude: the share of draws that
/// would have to change outcome to match (the total variation distance), with a simultaneous interval.
///
/// With n draws, observed counts Oᵢ and expected shares eᵢ (Σ eᵢ = 1):
/// - estimate: ½ Σ |Oᵢ/n − eᵢ|;
/// - every outcome's true share pᵢ lies, at once with probability at least `confidenceLevel`, in its
///   Clopper–Pearson interval [Lᵢ, Uᵢ] at level 1 − (1 − `confidenceLevel`)/k (Bonferroni over the k
///   outcomes);
/// - lower bound ½ Σ dist(eᵢ, [Lᵢ, Uᵢ]) and upper bound min(1, ½ Σ max(|Lᵢ − eᵢ|, |Uᵢ − eᵢ|)): every
///   p inside the intervals has ½ Σ |pᵢ − eᵢ| between the two, so the interval covers the true distance
///   at least as often as the intervals cover the shares.
///
/// For draws whose odds vary (a game with memory), pᵢ is the mean true probability of outcome i over the
/// draws and eᵢ the mean declared one; the Clopper–Pearson interval of a sum of independent Bernoulli
/// draws with unequal probabilities is conservative (its variance is at most the binomial's).
///
/// ``init(table:confidenceLevel:)`` measures a table's rows against the table's own overall mix instead
/// (serial pairs, windows of a log).
public struct ShareOffInterval: Sendable, Hashable, Codable {
    /// ½ Σ |Oᵢ/n − eᵢ|, in [0, 1].
    public let estimate: Double
    /// The lower bound, in [0, ``estimate``].
    public let lower: Double
    /// The upper bound, in [``estimate``, 1].
    public let upper: Double
    /// The nominal simultaneous coverage (0.95 for a 95% interval).
    public let confidenceLevel: Double

    /// The distance of `observed` counts from `expected` shares.
    /// - Parameters:
    ///   - observed: Each outcome's count (whole numbers ≥ 0, not all 0).
    ///   - expected: Each outcome's expected share, ≥ 0, one per count, summing to 1 (within 1e-9; they are
    ///     rescaled to 1).
    ///   - confidenceLevel: In (0, 1).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` for counts and shares that do not match or a
    ///   level outside (0, 1); what ``BinomialTest/clopperPearsonInterval(successes:trials:confidenceLevel:)``
    ///   throws.
    /// - Complexity: k Clopper–Pearson intervals.
    public init(observed: [Double], expected: [Double], confidenceLevel: Double = 0.95) throws {
        let n = observed.reduce(0, +), total = expected.reduce(0, +)
        guard !observed.isEmpty, observed.count == expected.count, n > 0, observed.allSatisfy({ $0 >= 0 && $0 == $0.rounded() }),
            expected.allSatisfy({ $0 >= 0 && $0.isFinite }), abs(total - 1) <= 1e-9, confidenceLevel > 0, confidenceLevel < 1
        else {
            throw StatisticsError.invalidArgument("ShareOffInterval: counts and expected shares must match, shares summing to 1")
        }
        let level = 1 - (1 - confidenceLevel) / Double(observed.count)
        var estimate = 0.0, lower = 0.0, upper = 0.0
        for (count, share) in zip(observed, expected.map { $0 / total }) {
            let bounds = try BinomialTest.clopperPearsonInterval(successes: count, trials: n, confidenceLevel: level)
            estimate += abs(count / n - share)
            lower += share < bounds.lower ? bounds.lower - share : share > bounds.upper ? share - bounds.upper : 0
            upper += max(abs(bounds.lower - share), abs(bounds.upper - share))
        }
        self.init(
            estimate: estimate / 2, lower: min(lower / 2, estimate / 2), upper: min(1, max(upper / 2, estimate / 2)),
            confidenceLevel: confidenceLevel)
    }

    /// The figures as computed.
    init(estimate: Double, lower: Double, upper: Double, confidenceLevel: Double) {
        self.estimate = estimate
        self.lower = lower
        self.upper = upper
        self.confidenceLevel = confidenceLevel
    }
}
