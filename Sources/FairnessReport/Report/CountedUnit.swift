/// What ``AuditReport/count`` counts: trials the toolkit drew, the outcome lines of a production log it read,
/// or the bits of a random source.
public enum CountedUnit: String, Sendable, Hashable, Codable {
    /// Monte Carlo trials (spins or plays) drawn by the runner, the same number for every subject.
    case trials
    /// Outcome lines read from a log; nothing was drawn.
    case logLines = "log lines"
    /// Bits of a random source's raw output read by the randomness battery; nothing was drawn.
    case bits
}
