import Foundation

/// The P-values of one test's part over many sequences, kept as counts so memory does not grow with
/// the number of sequences: the number below the first-level α, the ten bins of their distribution,
/// and why sequences gave none.
///
/// Tallies merge by adding counts, so a battery's result is the same whatever order and however many
/// threads its sequences were tested in.
public struct SP80022Tally: Sendable, Hashable {
    /// The first level's significance: a sequence fails a test when its P-value is below this (0.01 in
    /// SP 800-22 section 4.2).
    public static let firstLevel = 0.01
    /// The fewest sequences for the uniformity test of the P-values (section 4.2.2: at least 55).
    public static let sequencesForUniformity = 55

    /// Sequences the test gave a P-value on.
    public private(set) var sequences = 0
    /// Of those, the P-values below ``firstLevel``.
    public private(set) var failures = 0
    /// The P-values in [0, 0.1), [0.1, 0.2), …, [0.9, 1].
    public private(set) var bins = [Int](repeating: 0, count: 10)
    /// The smallest P-value seen (1 before any).
    public private(set) var smallestPValue = 1.0
    /// log₁₀ of the smallest P-value seen, finite where that P-value underflows (0 before any).
    public private(set) var smallestLog10PValue = 0.0
    /// Sequences the test gave no P-value on, and the most demanding reason among them.
    public private(set) var shortfalls = 0
    /// The most demanding reason a sequence gave no P-value (nil if none).
    public private(set) var shortfall: SP80022Shortfall?

    /// An empty tally.
    public init() {}

    /// Adds one sequence's P-value, with its log₁₀ where the P-value underflows (by default log₁₀ of it).
    public mutating func add(_ pValue: Double, log10PValue: Double? = nil) {
        sequences += 1
        if pValue < Self.firstLevel { failures += 1 }
        bins[min(9, max(0, Int(pValue * 10)))] += 1
        smallestPValue = min(smallestPValue, pValue)
        smallestLog10PValue = min(smallestLog10PValue, log10PValue ?? Foundation.log10(pValue))
    }

    /// Adds a sequence that gave no P-value, and why.
    public mutating func add(_ reason: SP80022Shortfall) {
        shortfalls += 1
        shortfall = Self.moreDemanding(shortfall, reason)
    }

    /// Adds another tally's counts (of other sequences).
    public mutating func merge(_ other: SP80022Tally) {
        sequences += other.sequences
        failures += other.failures
        for index in bins.indices { bins[index] += other.bins[index] }
        smallestPValue = min(smallestPValue, other.smallestPValue)
        smallestLog10PValue = min(smallestLog10PValue, other.smallestLog10PValue)
        shortfalls += other.shortfalls
        if let reason = other.shortfall { shortfall = Self.moreDemanding(shortfall, reason) }
    }

    /// The reason that asks for the most, so a merged tally states the same one in any order.
    static func moreDemanding(_ a: SP80022Shortfall?, _ b: SP80022Shortfall) -> SP80022Shortfall {
        guard let a else { return b }
        func key(_ s: SP80022Shortfall) -> (Int, Double, Double) {
            switch s {
            case .needsMoreBits(let needed, let given): (2, Double(needed), -Double(given))
            case .tooFewCycles(let cycles, let needed): (1, Double(needed), -Double(cycles))
            case .frequencyPrerequisite(let proportion, let limit): (0, abs(proportion - 0.5), limit)
            }
        }
        return key(a) >= key(b) ? a : b
    }

    /// P(at least ``failures`` of ``sequences`` fall below ``firstLevel``) for a good generator: the exact
    /// binomial upper tail (SP 800-22 section 4.2.1 states the same question as a normal interval).
    /// - Throws: ``StatisticsError`` from the binomial tail.
    public func proportionPValue() throws -> Double {
        try BinomialDistribution(trials: Double(sequences), probability: Self.firstLevel).upperTail(Double(failures))
    }

    /// log₁₀ of ``proportionPValue()``, finite where it underflows: there (failures far above the mean)
    /// the bound log₁₀[P(X = k) (k + 1)(1 − p)/(k + 1 − (s + 1)p)], at most that factor above the tail.
    public func proportionLog10PValue() throws -> Double {
        let tail = try proportionPValue()
        let (n, k, p) = (Double(sequences), Double(failures), Self.firstLevel)
        if tail >= 1e-290 || k + 1 <= (n + 1) * p { return Foundation.log10(tail) }
        let choose: Double = lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1)
        let powers: Double = k * Foundation.log(p) + (n - k) * Foundation.log1p(-p)
        let factor: Double = Foundation.log((k + 1) * (1 - p) / (k + 1 - (n + 1) * p))
        return (choose + powers + factor) / Foundation.log(10.0)
    }

    /// log₁₀ of the uniformity P-value, finite where it underflows; nil below 55 sequences.
    public func uniformityLog10PValue() throws -> Double? {
        guard let uniformity = try uniformity() else { return nil }
        return try ChiSquareDistribution(degreesOfFreedom: 9).log10UpperTail(uniformity.statistic)
    }

    /// The uniformity of the P-values (section 4.2.2): χ² = Σ (Fᵢ − s/10)² / (s/10) over the ten bins,
    /// P = Q(9/2, χ²/2); nil below ``sequencesForUniformity`` sequences.
    /// - Throws: ``StatisticsError`` from the chi-square tail.
    public func uniformity() throws -> (statistic: Double, pValue: Double)? {
        guard sequences >= Self.sequencesForUniformity else { return nil }
        let statistic = SP80022.pearson(bins, [Double](repeating: 0.1, count: 10))
        return (statistic, try SP80022.chiSquareTail(statistic, degreesOfFreedom: 9))
    }
}
