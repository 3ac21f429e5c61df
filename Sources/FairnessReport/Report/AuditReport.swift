import FairnessStatistics

/// Everything one audit run found; the reports are renderings of this.
public struct AuditReport: Sendable, Codable {
    /// The toolkit's version (`Toolkit.version`).
    public var toolkitVersion: String
    /// The version of GNU GSL linked into the binary.
    public var gslVersion: String
    /// The command that reproduces the run (`AuditSettings.command`).
    public var command: String
    /// The run's seed (`RunSettings.seed`).
    public var seed: UInt64
    /// The generator, as `GeneratorChoice` names it: `xoshiro`, `philox`, `system` or `gsl:NAME`.
    public var generator: String
    /// Whether the seed reproduces the draws (false for the system generator).
    public var reproducible: Bool
    /// The count behind the sampled checks, in the unit ``counted`` names: Monte Carlo trials per subject
    /// (spins or plays), a log's outcome lines, or a random source's bits (`audit.json` writes it as
    /// `trials`, as it always has).
    public var count: UInt64
    /// What ``count`` counts: trials the runner drew, lines of a log it read, or bits of a random source.
    public var counted: CountedUnit

    /// ``count``, by its former name (it counts lines and bits too).
    @available(*, deprecated, renamed: "count")
    public var trials: UInt64 {
        get { count }
        set { count = newValue }
    }

    /// The family-wise significance level; Holm's correction runs within each subject's family.
    public var alpha: Double
    /// The kinds of check that gate the verdicts and ``gate``.
    public var failOn: [CheckKind]
    /// The share of plays above which a mislabel or an odds difference gates (`AuditSettings.materiality`).
    public var materiality: Double
    /// Whether every exact finding gates (`AuditSettings.strict`).
    public var strict: Bool
    /// The session length that decides which rotations play reaches (`AuditSettings.sessionSpins`).
    public var sessionSpins: Int
    /// Trials per block (`RunSettings.blockSize`).
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
    /// Counterexamples: for each subject and check, the first `Audit.counterexamplesListedPerCheck`.
    public var counterexamples: [CounterexampleRow]
    /// Every table a p-value was computed from (see ``StatisticTableRow``).
    public var tables: [StatisticTableRow]
    /// Every wheel subject as drawn, for the pictures.
    public var wheels: [WheelDrawing]
    /// What produced the report and what it audited.
    public var provenance: Provenance
    /// The name of the JUnit file written inside the report set, as one of its files (sealed and verified
    /// with the others); nil when the set has none.
    public var junitFile: String? = nil

    /// The gate: FAIL if any check of a gated kind failed, INCONCLUSIVE if none failed but one was
    /// inconclusive, PASS otherwise (NOTE findings do not gate).
    ///
    /// - Complexity: O(*n*), where *n* is the number of ``checks``.
    public var gate: CheckStatus {
        CheckStatus.gating(checks.filter { failOn.contains($0.kind) }.map(\.status))
    }

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        toolkitVersion: String, gslVersion: String, command: String, seed: UInt64, generator: String, reproducible: Bool, count: UInt64,
        counted: CountedUnit, alpha: Double, failOn: [CheckKind], materiality: Double, strict: Bool, sessionSpins: Int, blockSize: UInt64,
        sweepSteps: Int, subjects: [SubjectVerdict], checks: [CheckRecord], outcomes: [OutcomeRow], mislabelledArcs: [ArcRow],
        counterexamples: [CounterexampleRow], tables: [StatisticTableRow], wheels: [WheelDrawing], provenance: Provenance,
        junitFile: String? = nil
    ) {
        self.toolkitVersion = toolkitVersion
        self.gslVersion = gslVersion
        self.command = command
        self.seed = seed
        self.generator = generator
        self.reproducible = reproducible
        self.count = count
        self.counted = counted
        self.alpha = alpha
        self.failOn = failOn
        self.materiality = materiality
        self.strict = strict
        self.sessionSpins = sessionSpins
        self.blockSize = blockSize
        self.sweepSteps = sweepSteps
        self.subjects = subjects
        self.checks = checks
        self.outcomes = outcomes
        self.mislabelledArcs = mislabelledArcs
        self.counterexamples = counterexamples
        self.tables = tables
        self.wheels = wheels
        self.provenance = provenance
        self.junitFile = junitFile
    }
}

extension AuditReport {
    private enum EncodedKeys: String, CodingKey {
        case toolkitVersion, gslVersion, command, seed, generator, reproducible, trials, counted, alpha, failOn, materiality, strict,
            sessionSpins, blockSize, sweepSteps, subjects, checks, outcomes, mislabelledArcs, counterexamples, tables, wheels, provenance,
            junitFile, gate
    }

    /// Encodes every stored property as the synthesised encoding would (the JUnit file's name only when
    /// the set has one), and the ``gate``.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: EncodedKeys.self)
        try c.encode(toolkitVersion, forKey: .toolkitVersion)
        try c.encode(gslVersion, forKey: .gslVersion)
        try c.encode(command, forKey: .command)
        try c.encode(seed, forKey: .seed)
        try c.encode(generator, forKey: .generator)
        try c.encode(reproducible, forKey: .reproducible)
        try c.encode(count, forKey: .trials)
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
        try c.encodeIfPresent(junitFile, forKey: .junitFile)
        try c.encode(gate, forKey: .gate)
    }
}

extension AuditReport {
    /// A table row or a counterexample's check as the JSON report holds it: by the name the report shows
    /// (written with a ``ReportWording``), or by its identifier (written without one).
    private struct CheckReference: Decodable {
        let subject: String
        let check: String?
        let identifier: CheckIdentifier?

        enum CodingKeys: String, CodingKey {
            case subject, check, identifier
        }
    }

    /// Reads a report back from its values. The gate and every word are written again from them, never
    /// read; a table row's or counterexample's check is its identifier, or, in a file written with a
    /// ``ReportWording`` (`audit.json`), the subject's check whose name it shows under the decoder's wording.
    ///
    /// - Throws: `DecodingError` if a value is missing, of the wrong type or out of range, if a row names
    ///   no check of its subject (or a name two of its checks share), or names its check with no wording
    ///   given to read the name.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: EncodedKeys.self)
        toolkitVersion = try c.decode(String.self, forKey: .toolkitVersion)
        gslVersion = try c.decode(String.self, forKey: .gslVersion)
        command = try c.decode(String.self, forKey: .command)
        seed = try c.decode(UInt64.self, forKey: .seed)
        generator = try c.decode(String.self, forKey: .generator)
        reproducible = try c.decode(Bool.self, forKey: .reproducible)
        count = try c.decode(UInt64.self, forKey: .trials)
        counted = try c.decode(CountedUnit.self, forKey: .counted)
        alpha = try c.decode(Double.self, forKey: .alpha)
        failOn = try c.decode([CheckKind].self, forKey: .failOn)
        materiality = try c.decode(Double.self, forKey: .materiality)
        strict = try c.decode(Bool.self, forKey: .strict)
        sessionSpins = try c.decode(Int.self, forKey: .sessionSpins)
        blockSize = try c.decode(UInt64.self, forKey: .blockSize)
        sweepSteps = try c.decode(Int.self, forKey: .sweepSteps)
        subjects = try c.decode([SubjectVerdict].self, forKey: .subjects)
        checks = try c.decode([CheckRecord].self, forKey: .checks)
        outcomes = try c.decode([OutcomeRow].self, forKey: .outcomes)
        mislabelledArcs = try c.decode([ArcRow].self, forKey: .mislabelledArcs)
        wheels = try c.decode([WheelDrawing].self, forKey: .wheels)
        provenance = try c.decode(Provenance.self, forKey: .provenance)
        junitFile = try c.decodeIfPresent(String.self, forKey: .junitFile)
        var identifiers: [String: [String: CheckIdentifier?]] = [:]
        let words = decoder.reportWording
        if let words {
            for record in checks {
                let name = words.name(of: record.check)
                let known = identifiers[record.subject]?[name]
                // A name two different checks of one subject share identifies neither.
                identifiers[record.subject, default: [:]][name] = known == nil || known == record.check ? record.check : .some(nil)
            }
        }
        func identifier(_ reference: CheckReference, _ key: EncodedKeys, _ index: Int) throws -> CheckIdentifier {
            if let identifier = reference.identifier { return identifier }
            let path: [any CodingKey] = [key, IndexKey(intValue: index)]
            guard let name = reference.check else {
                throw DecodingError.keyNotFound(
                    CheckReference.CodingKeys.check, .init(codingPath: path, debugDescription: "no check named or identified"))
            }
            guard words != nil else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: path,
                        debugDescription:
                            "the check '\(name)' is named in the report's words; read the file with a wording (AuditReport(json:))"
                    ))
            }
            guard let found = identifiers[reference.subject]?[name], let check = found else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "no single check of subject '\(reference.subject)' is named '\(name)'"))
            }
            return check
        }
        let tableNames = try c.decode([CheckReference].self, forKey: .tables)
        let tableRows = try c.decode([TableRowValues].self, forKey: .tables)
        tables = try zip(tableNames, tableRows).enumerated().map { index, pair in
            try pair.1.row(check: identifier(pair.0, .tables, index))
        }
        let exampleNames = try c.decode([CheckReference].self, forKey: .counterexamples)
        let examples = try c.decode([CounterexampleValues].self, forKey: .counterexamples)
        counterexamples = try zip(exampleNames, examples).enumerated().map { index, pair in
            try pair.1.row(check: identifier(pair.0, .counterexamples, index))
        }
    }

    /// An index in a coding path.
    private struct IndexKey: CodingKey {
        var stringValue: String { "\(intValue ?? 0)" }
        var intValue: Int?
        package init(intValue: Int) { self.intValue = intValue }
        package init?(stringValue: String) { nil }
    }

    /// A table row's values but its check.
    private struct TableRowValues: Decodable {
        let subject: String, table: String, row: String, column: String, members: String
        let observed: Double
        let expected: Double?
        let method: PValueMethod?

        func row(check: CheckIdentifier) -> StatisticTableRow {
            StatisticTableRow(
                subject: subject, check: check, table: table, row: row, column: column, observed: observed, expected: expected,
                members: members, method: method)
        }
    }

    /// A counterexample's values but its check (its cells are words, rendered again from its facts).
    private struct CounterexampleValues: Decodable {
        let subject: String
        let facts: CounterexampleFacts

        func row(check: CheckIdentifier) -> CounterexampleRow { CounterexampleRow(subject: subject, check: check, facts: facts) }
    }
}
