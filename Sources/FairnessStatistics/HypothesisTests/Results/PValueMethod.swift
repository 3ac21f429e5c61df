/// How a p-value was obtained, stated beside it in every report.
public enum PValueMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// The statistic's chi-square approximation (GSL's upper tail, or its continued fraction in logarithms):
    /// Pearson's X² and G on tables too large to enumerate, contingency tables, the payout mean's profile
    /// likelihood.
    case chiSquare = "chi-square"
    /// The exact distribution: the multinomial enumerated (``ExactMultinomialTail``), or the binomial.
    case exact
    /// A proven upper bound on the exact multinomial p-value (``LatticeMultinomialTail``), where the tables
    /// are too many to enumerate: a test rejecting when it is at most α has size at most α.
    case exactUpperBound = "exact upper bound"
    /// The Kolmogorov distribution's asymptotic form (a large Kolmogorov–Smirnov sample).
    case asymptotic
}
