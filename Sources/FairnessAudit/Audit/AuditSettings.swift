import Foundation

/// Settings of an audit run beyond the Monte Carlo itself.
public struct AuditSettings: Sendable {
    /// How the Monte Carlo sampling runs: trials per subject, seed, generator, threads, block size.
    public var run: RunSettings
    /// Family-wise significance level of the run (Holm over every p-value).
    public var alpha: Double
    /// Which kinds of check gate the verdicts and the exit status.
    public var failOn: [CheckKind]
    /// Dense-sweep steps of the consistency and designed-odds partitions.
    public var sweepSteps: Int
    /// The command that reproduces the run, written into the reports.
    public var command: String

    /// The default family-wise significance level, 10⁻⁶.
    public static let defaultAlpha = 1e-6

    /// Checks every setting against what the audit accepts.
    /// - Throws: ``AuditError/invalidSetting(_:value:allowed:)`` naming the first setting out of range:
    ///   `alpha` in (0, 1), at least one trial, `threads` in 1 ... 1024, at least one sweep step.
    public func validate() throws {
        guard alpha > 0, alpha < 1, alpha.isFinite else {
            throw AuditError.invalidSetting(.alpha, value: "\(alpha)", allowed: "a number in (0, 1)")
        }
        guard run.trials >= 1 else {
            throw AuditError.invalidSetting(.trials, value: "\(run.trials)", allowed: "at least 1")
        }
        guard run.threads >= 1, run.threads <= 1024 else {
            throw AuditError.invalidSetting(.threads, value: "\(run.threads)", allowed: "a whole number in 1 ... 1024")
        }
        guard sweepSteps >= 1 else {
            throw AuditError.invalidSetting(.sweepSteps, value: "\(sweepSteps)", allowed: "at least 1")
        }
    }

    /// Creates audit settings. Nothing is checked here; ``validate()`` (called by
    /// ``Audit/run(_:settings:onSubject:)``) checks the values.
    ///
    /// - Parameters:
    ///   - run: The Monte Carlo settings.
    ///   - alpha: The family-wise significance level, in (0, 1); ``defaultAlpha`` by default.
    ///   - failOn: The kinds of check that gate the verdicts; every kind by default.
    ///   - sweepSteps: Dense-sweep steps per turn of the consistency and designed-odds partitions;
    ///     `ConsistencyCheck/defaultSteps` (2¹⁶) by default.
    ///   - command: The command line that reproduces the run, written into the reports.
    public init(
        run: RunSettings, alpha: Double = AuditSettings.defaultAlpha, failOn: [CheckKind] = CheckKind.allCases,
        sweepSteps: Int = ConsistencyCheck.defaultSteps, command: String = "audit"
    ) {
        self.run = run
        self.alpha = alpha
        self.failOn = failOn
        self.sweepSteps = sweepSteps
        self.command = command
    }
}
