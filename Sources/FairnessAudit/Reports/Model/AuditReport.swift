/// Everything one audit run found; the reports are renderings of this.
public struct AuditReport: Sendable, Codable {
    public var toolkitVersion: String
    public var gslVersion: String
    public var command: String
    public var seed: UInt64
    public var generator: String
    public var reproducible: Bool
    public var trials: UInt64
    public var alpha: Double
    public var failOn: [CheckKind]
    public var blockSize: UInt64
    public var sweepSteps: Int
    public var subjects: [SubjectVerdict]
    public var checks: [CheckRecord]
    public var outcomes: [OutcomeRow]
    public var mislabelledArcs: [ArcRow]
    public var probeFailures: [ProbeRow]

    /// The gate: FAIL if any check of a gated kind failed, INCONCLUSIVE if none failed but one was
    /// inconclusive, PASS otherwise.
    public var gate: CheckStatus {
        checks.filter { failOn.contains($0.kind) }.map(\.status).max() ?? .pass
    }
}
