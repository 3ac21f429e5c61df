/// The outcome of one check.
public enum CheckStatus: String, Sendable, Hashable, Codable, Comparable {
    case pass = "PASS"
    case inconclusive = "INCONCLUSIVE"
    case fail = "FAIL"

    public static func < (a: Self, b: Self) -> Bool {
        let order: [CheckStatus] = [.pass, .inconclusive, .fail]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

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

/// One row of the checks table.
public struct CheckRecord: Sendable, Hashable, Codable {
    public var subject: String
    public var check: String
    public var kind: CheckKind
    public var status: CheckStatus
    public var statistic: Double?
    public var degreesOfFreedom: Double?
    public var pValue: Double?
    /// Holm-adjusted over every p-value of the run.
    public var holmPValue: Double?
    /// The family-wise level the Holm-adjusted p-value is compared with.
    public var threshold: Double?
    /// What the test could detect at this number of trials, with 90% power.
    public var detectable: String?
    public var detail: String
}

/// One row of the per-outcome tallies table.
public struct OutcomeRow: Sendable, Hashable, Codable {
    public var subject: String
    /// Which tally: "reported outcome", "final category", "die 1 face", ...
    public var table: String
    public var outcome: String
    public var valid: Bool
    public var observed: UInt64
    /// Expected count under the subject's designed odds (nil where there are none).
    public var expectedDesigned: Double?
    /// Expected count under the fair odds the game claims.
    public var expectedFair: Double?
    /// (observed − expectedDesigned) / √expectedDesigned.
    public var standardisedResidual: Double?
}

/// One mislabelled arc (consistency check).
public struct ArcRow: Sendable, Hashable, Codable {
    public var subject: String
    public var from: Double
    public var to: Double
    public var unit: String
    public var shareOfCircle: Double
    public var reported: String
    public var truth: String
}

/// One failing probe (boundary, wraparound, landing, detector).
public struct ProbeRow: Sendable, Hashable, Codable {
    public var subject: String
    public var check: String
    /// The input probed: a rotation in the subject's unit, an index, or a dice pattern.
    public var input: String
    public var context: String
    public var reported: String
    public var expected: String
}

/// A subject's line in the verdict table.
public struct SubjectVerdict: Sendable, Hashable, Codable {
    public var name: String
    public var summary: String
    public var kind: String
    public var verdict: CheckStatus
    /// Facts the exact analysis established (designed odds, gaps, landing margins...), one sentence each.
    public var findings: [String]
}

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
