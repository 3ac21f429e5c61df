/// The figures of a test that could be carried out.
public struct TestFigures: Sendable, Hashable, Codable {
    /// The test statistic (chi-square, G, Kolmogorov–Smirnov D, or the observed count for the binomial test).
    public let statistic: Double
    /// Degrees of freedom where the reference distribution has them.
    public let degreesOfFreedom: Double?
    /// The p-value: the probability, under the null hypothesis, of a statistic at least as extreme.
    public let pValue: Double

    /// Figures with the given statistic, degrees of freedom (nil where there are none) and p-value.
    public init(statistic: Double, degreesOfFreedom: Double?, pValue: Double) {
        self.statistic = statistic
        self.degreesOfFreedom = degreesOfFreedom
        self.pValue = pValue
    }
}
