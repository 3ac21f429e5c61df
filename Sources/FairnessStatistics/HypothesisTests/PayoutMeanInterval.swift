import Foundation

/// The mean payout per play (the return to player, in units of the stake once divided by it) of a game
/// whose prize table is known, from how many plays paid each prize: its confidence interval and the
/// p-value of a hypothesised mean, by the **multinomial profile likelihood over the whole prize table**.
///
/// With prize levels v₁ < … < v_k (every level the table can pay, observed or not) and counts n_i over N
/// plays, the profile log-likelihood of a mean μ is
///
///     ℓ(μ) = max { Σ n_i log p_i : p in the simplex, Σ p_i v_i = μ },
///
/// and 2(ℓ̂ − ℓ(μ)) is referred to χ²(1) (Wilks). The maximum has p_i = n_i / (N + λ(v_i − μ)) on the
/// observed levels, with λ the root of Σ n_i (v_i − μ)/(N + λ(v_i − μ)) = 0; where that root would need
/// more weight beyond the observed levels, a level never observed (a jackpot not yet paid) takes the rest
/// of the probability. That is why the method suits heavy-tailed prize tables: a sample that has not yet
/// seen the jackpot still gets an upper bound that allows for it, where the normal (Wald) interval — mean
/// ± z·s/√N — collapses onto the observed prizes and under-covers badly. Its coverage is checked by
/// simulation in the tests; its endpoints against SciPy's constrained optimiser.
public struct PayoutMeanInterval: Sendable, Hashable {
    /// The prize levels, ascending and distinct.
    public let levels: [Double]
    /// Plays that paid each level.
    public let counts: [UInt64]
    /// The confidence level of ``lower`` ... ``upper``.
    public let confidence: Double
    /// The observed mean payout per play.
    public let mean: Double
    /// The lower end of the interval (at least the smallest level).
    public let lower: Double
    /// The upper end of the interval (at most the largest level).
    public let upper: Double

    /// The interval for the mean payout from `counts` of plays paying each of `levels`.
    /// - Parameters:
    ///   - levels: Every payout the prize table can pay (0 included if a play can pay nothing), distinct,
    ///     finite, in any order; `counts` follows the same order.
    ///   - counts: Plays that paid each level; at least one play in all.
    ///   - confidence: The confidence level, in (0, 1).
    /// - Throws: ``StatisticsError/invalidArgument(_:)`` for mismatched, empty, repeated or non-finite
    ///   levels, no plays, or a confidence outside (0, 1).
    public init(levels: [Double], counts: [UInt64], confidence: Double = 0.95) throws {
        guard levels.count == counts.count, !levels.isEmpty, levels.allSatisfy(\.isFinite) else {
            throw StatisticsError.invalidArgument("payout levels must be finite and one per count")
        }
        guard Set(levels).count == levels.count else { throw StatisticsError.invalidArgument("payout levels must be distinct") }
        guard counts.reduce(0, +) > 0 else { throw StatisticsError.invalidArgument("no plays counted") }
        guard confidence > 0, confidence < 1 else {
            throw StatisticsError.invalidArgument("confidence must be in (0, 1), got \(confidence)")
        }
        let order = levels.indices.sorted { levels[$0] < levels[$1] }
        self.levels = order.map { levels[$0] }
        self.counts = order.map { counts[$0] }
        self.confidence = confidence
        let n = Double(self.counts.reduce(0, +))
        mean = zip(self.levels, self.counts).reduce(0) { $0 + $1.0 * Double($1.1) } / n
        let critical = try ChiSquareDistribution(degreesOfFreedom: 1).upperQuantile(1 - confidence)
        let levelsCopy = self.levels, countsCopy = self.counts, observedMean = mean
        func statistic(_ mu: Double) -> Double { Self.statistic(mu, levels: levelsCopy, counts: countsCopy, mean: observedMean) }
        // The statistic grows as μ moves away from the observed mean; bisect each side for `critical`.
        func end(towards bound: Double) -> Double {
            if statistic(bound) <= critical { return bound }
            var inside = observedMean, outside = bound
            for _ in 0..<200 {
                let middle = inside + (outside - inside) / 2
                if middle == inside || middle == outside { break }
                if statistic(middle) <= critical { inside = middle } else { outside = middle }
            }
            return inside
        }
        lower = end(towards: self.levels.first!)
        upper = end(towards: self.levels.last!)
    }

    /// The p-value of the hypothesis that the mean payout is `mu`: P(χ²(1) > 2(ℓ̂ − ℓ(μ))); 0 when no
    /// distribution on the levels has mean `mu` (outside the levels' range).
    /// - Throws: ``StatisticsError/gsl(function:status:message:)`` if the tail cannot be evaluated.
    public func pValue(mean mu: Double) throws -> Double {
        let s = Self.statistic(mu, levels: levels, counts: counts, mean: mean)
        return s.isFinite ? try ChiSquareDistribution(degreesOfFreedom: 1).upperTail(s) : 0
    }

    /// The p-value of mean `mu` as an audit states it. Under `declared` odds (one probability per level,
    /// in the order of ``levels``), in the far tail (χ²(1)'s p-value below
    /// ``ExactMultinomialTail/farTailLevel``, where decisions are made and χ²(1) is liberal on small logs)
    /// and within ``PayoutMeanExactTail/defaultBudget`` tables, the exact p-value under those odds
    /// (``PayoutMeanExactTail``); otherwise χ²(1) (``pValue(mean:)``).
    /// - Throws: as ``log10PValue(mean:)``.
    public func figures(mean mu: Double, declared: [Double]?) throws -> (pValue: Double, log10PValue: Double, method: PValueMethod) {
        try figures(mean: mu) { [levels, counts] in
            declared.flatMap { PayoutMeanExactTail.pValue(levels: levels, counts: counts, probabilities: $0, mean: mu) }
        }
    }

    /// ``figures(mean:declared:)`` with the exact distribution already built (a calibration testing every
    /// table of the same plays); `distribution` must be for mean `mu` and this many plays.
    /// - Throws: as ``log10PValue(mean:)``.
    public func figures(
        mean mu: Double, under distribution: PayoutMeanExactTail.Distribution
    ) throws -> (pValue: Double, log10PValue: Double, method: PValueMethod) {
        try figures(mean: mu) { [counts] in distribution.pValue(counts: counts) }
    }

    func figures(
        mean mu: Double, exact: () -> (pValue: Double, log10PValue: Double)?
    ) throws -> (pValue: Double, log10PValue: Double, method: PValueMethod) {
        let log10P = try log10PValue(mean: mu)
        if log10P == -.infinity { return (0, -.infinity, .exact) }
        let p = try pValue(mean: mu)
        if p < ExactMultinomialTail.farTailLevel, let exact = exact() { return (exact.pValue, exact.log10PValue, .exact) }
        return (p, log10P, .chiSquare)
    }

    /// log₁₀ of ``pValue(mean:)``, which keeps its size where the p-value underflows; −∞ when no
    /// distribution on the levels has mean `mu`.
    /// - Throws: as ``ChiSquareDistribution/log10UpperTail(_:)``.
    public func log10PValue(mean mu: Double) throws -> Double {
        let s = Self.statistic(mu, levels: levels, counts: counts, mean: mean)
        return s.isFinite ? try ChiSquareDistribution(degreesOfFreedom: 1).log10UpperTail(s) : -.infinity
    }

    /// 2(ℓ̂ − ℓ(μ)); infinity where μ is outside [v₁, v_k].
    static func statistic(_ mu: Double, levels: [Double], counts: [UInt64], mean: Double) -> Double {
        guard mu >= levels.first!, mu <= levels.last! else { return .infinity }
        if mu == mean { return 0 }
        let n = Double(counts.reduce(0, +))
        let w = levels.map { $0 - mu }
        let observed = counts.indices.filter { counts[$0] > 0 }
        let unobserved = counts.indices.filter { counts[$0] == 0 }
        // λ must keep every observed denominator N + λ w_i positive (open bounds), and every unobserved one
        // non-negative (closed bounds: there the unobserved level may take probability).
        var low = -Double.infinity, high = Double.infinity
        var lowClosed = false, highClosed = false
        for i in observed {
            if w[i] > 0 { low = max(low, -n / w[i]) } else if w[i] < 0 { high = min(high, n / -w[i]) }
        }
        for j in unobserved {
            if w[j] > 0, -n / w[j] >= low { low = -n / w[j]; lowClosed = true }
            if w[j] < 0, n / -w[j] <= high { high = n / -w[j]; highClosed = true }
        }
        // f(λ) = Σ n_i w_i / (N + λ w_i) decreases in λ.
        func f(_ lambda: Double) -> Double {
            observed.reduce(0) { $0 + Double(counts[$1]) * w[$1] / (n + lambda * w[$1]) }
        }
        var lambda: Double
        if lowClosed, low.isFinite, f(low) <= 0 {
            lambda = low
        } else if highClosed, high.isFinite, f(high) >= 0 {
            lambda = high
        } else {
            guard low.isFinite || high.isFinite else { return 0 }
            // Bracket the root inside the open domain, then bisect.
            var a = low.isFinite ? low : min(-1, high), b = high.isFinite ? high : max(1, low)
            if !low.isFinite { while f(a) < 0 { a *= 2; if !a.isFinite { return .infinity } } }
            if !high.isFinite { while f(b) > 0 { b *= 2; if !b.isFinite { return .infinity } } }
            for _ in 0..<300 {
                let middle = a + (b - a) / 2
                if middle <= a || middle >= b { break }
                if f(middle) > 0 { a = middle } else { b = middle }
            }
            lambda = a + (b - a) / 2
        }
        var logLikelihood = 0.0, logMaximum = 0.0
        for i in observed {
            let ni = Double(counts[i])
            let denominator = n + lambda * w[i]
            guard denominator > 0 else { return .infinity }
            logLikelihood += ni * Foundation.log(ni / denominator)
            logMaximum += ni * Foundation.log(ni / n)
        }
        return max(0, 2 * (logMaximum - logLikelihood))
    }
}
