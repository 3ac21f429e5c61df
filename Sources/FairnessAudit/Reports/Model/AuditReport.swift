/// Everything one audit run found; the reports are renderings of this.
public struct AuditReport: Sendable, Encodable {
    /// The toolkit's version (`Toolkit.version`).
    public var toolkitVersion: String
    /// The version of GNU GSL linked into the binary.
    public var gslVersion: String
    /// The command that reproduces the run (``AuditSettings/command``).
    public var command: String
    /// The run's seed (``RunSettings/seed``).
    public var seed: UInt64
    /// The generator, as ``GeneratorChoice`` names it: `xoshiro`, `philox`, `system` or `gsl:NAME`.
    public var generator: String
    /// Whether the seed reproduces the draws (false for the system generator).
    public var reproducible: Bool
    /// The count behind the sampled checks: Monte Carlo trials per subject (spins or plays), or a log's
    /// outcome lines; ``counted`` says which.
    public var trials: UInt64
    /// Whether ``trials`` counts trials the runner drew or lines of a log it read.
    public var counted: CountedUnit
    /// The family-wise significance level; Holm's correction runs within each subject's family.
    public var alpha: Double
    /// The kinds of check that gate the verdicts and ``gate``.
    public var failOn: [CheckKind]
    /// The share of plays above which a mislabel or an odds difference gates (``AuditSettings/materiality``).
    public var materiality: Double
    /// Whether every exact finding gates (``AuditSettings/strict``).
    public var strict: Bool
    /// The session length that decides which rotations play reaches (``AuditSettings/sessionSpins``).
    public var sessionSpins: Int
    /// Trials per block (``RunSettings/blockSize``).
    public var blockSize: UInt64
    /// Dense-sweep steps per turn of the consistency and designed-odds partitions.
    public var sweepSteps: Int
    /// One verdict per subject, in audit order.
    public var subjects: [SubjectVerdict]
    /// Every check of every subject, subject by subject.
    public var checks: [CheckRecord]
    /// The per-outcome tallies of every subject's sampled checks.
    public var outcomes: [OutcomeRow]
    /// Every mislabelled arc the consistency checks found.
    public var mislabelledArcs: [ArcRow]
    /// Counterexamples: for each subject and check, the first ``Audit/counterexamplesListedPerCheck``.
    public var counterexamples: [CounterexampleRow]
    /// Every table a p-value was computed from (see ``StatisticTableRow``).
    public var tables: [StatisticTableRow]
    /// Every wheel subject as drawn, for the pictures.
    public var wheels: [WheelDrawing]
    /// What produced the report and what it audited.
    public var provenance: Provenance

    /// The gate: FAIL if any check of a gated kind failed, INCONCLUSIVE if none failed but one was
    /// inconclusive, PASS otherwise (NOTE findings do not gate).
    ///
    /// - Complexity: O(*n*), where *n* is the number of ``checks``.
    public var gate: CheckStatus {
        CheckStatus.gating(checks.filter { failOn.contains($0.kind) }.map(\.status))
    }
}

extension AuditReport {
    private enum EncodedKeys: String, CodingKey {
        case toolkitVersion, gslVersion, command, seed, generator, reproducible, trials, counted, alpha, failOn, materiality, strict,
            sessionSpins, blockSize, sweepSteps, subjects, checks, outcomes, mislabelledArcs, counterexamples, tables, wheels, provenance,
            gate
    }

    /// Encodes every stored property as the synthesised encoding would, and the ``gate``.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: EncodedKeys.self)
        try c.encode(toolkitVersion, forKey: .toolkitVersion)
        try c.encode(gslVersion, forKey: .gslVersion)
        try c.encode(command, forKey: .command)
        try c.encode(seed, forKey: .seed)
        try c.encode(generator, forKey: .generator)
        try c.encode(reproducible, forKey: .reproducible)
        try c.encode(trials, forKey: .trials)
        try c.encode(counted, forKey: .counted)
        try c.encode(alpha, forKey: .alpha)
        try c.encode(failOn, forKey: .failOn)
        try c.encode(materiality, forKey: .materiality)
        try c.encode(strict, forKey: .strict)
        try c.encode(sessionSpins, forKey: .sessionSpins)
        try c.encode(blockSize, forKey: .blockSize)
        try c.encode(sweepSteps, forKey: .sweepSteps)
        try c.encode(subjects, forKey: .subjects)
        try c.encode(checks, forKey: .checks)
        try c.encode(outcomes, forKey: .outcomes)
        try c.encode(mislabelledArcs, forKey: .mislabelledArcs)
        try c.encode(counterexamples, forKey: .counterexamples)
        try c.encode(tables, forKey: .tables)
        try c.encode(wheels, forKey: .wheels)
        try c.encode(provenance, forKey: .provenance)
        try c.encode(gate, forKey: .gate)
    }
}
