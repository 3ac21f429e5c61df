/// What a check is about; `--fail-on` chooses which kinds gate the exit status.
public enum CheckKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Exact, deterministic checks: boundaries, wraparound, consistency, range, landing, detectors.
    case exact
    /// Whether the odds are the fair odds the game claims (exactly as designed, and as sampled).
    case fairness
    /// Whether sampling matches the designed odds: goodness of fit, serial independence, per-die
    /// uniformity, independence between dice, straight probability.
    case sampling
    /// Results that are not valid outcomes, counted during sampling.
    case invalid
}
