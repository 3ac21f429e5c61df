import Foundation

/// The figures of a test that could be carried out.
public struct TestFigures: Sendable, Hashable, Codable {
    /// The test statistic (chi-square, G, Kolmogorov–Smirnov D, or the observed count for the binomial test).
    public let statistic: Double
    /// Degrees of freedom where the reference distribution has them.
    public let degreesOfFreedom: Double?
    /// The p-value: the probability, under the null hypothesis, of a statistic at least as extreme (0 where
    /// it underflows a double; ``log10PValue`` keeps its size).
    public let pValue: Double
    /// log₁₀ of the p-value, finite where the p-value itself underflows; −∞ only for p = 0 exactly (an
    /// outcome the hypothesis makes impossible).
    public let log10PValue: Double
    /// How the p-value was obtained.
    public let method: PValueMethod

    /// Figures with the given statistic, degrees of freedom (nil where there are none), p-value, its
    /// log₁₀ (by default log₁₀ of the p-value itself) and the method that gave it.
    public init(
        statistic: Double, degreesOfFreedom: Double?, pValue: Double, log10PValue: Double? = nil, method: PValueMethod = .chiSquare
    ) {
        self.statistic = statistic
        self.degreesOfFreedom = degreesOfFreedom
        self.pValue = pValue
        self.log10PValue = log10PValue ?? Foundation.log10(pValue)
        self.method = method
    }
}
