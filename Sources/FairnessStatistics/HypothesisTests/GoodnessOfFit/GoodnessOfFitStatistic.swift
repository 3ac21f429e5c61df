import Foundation

/// The statistic a goodness-of-fit test uses.
public enum GoodnessOfFitStatistic: String, Sendable, Hashable, Codable {
    /// Pearson's X² = Σ (O − E)² / E.
    case pearson
    /// The log-likelihood ratio G = 2 Σ O ln(O / E) (the G-test).
    case logLikelihoodRatio
}
