import FairnessChecks
import FairnessReport
import FairnessRunner
import Foundation
import _FairnessAuditSupport

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
    /// The share of plays above which a mislabel or an odds difference gates (`Finding.isMaterial(materiality:strict:)`).
    public var materiality: Double
    /// Whether every exact finding gates, rounding and latent ones included, whatever its magnitude.
    public var strict: Bool
    /// The session length, in spins, that decides which rotations play reaches (`SessionReach`).
    public var sessionSpins: Int
    /// The least RTP every subject with a paytable must return (its paytable's own minimum applies too: the
    /// stricter of the two); nil for none.
    public var minimumReturn: Double? = nil
    /// Where the sampled checks' tallies come from: every trial here (the default), one shard's, or the
    /// merged tallies of every shard.
    public var sampling: SamplingMode = .full
    /// N of "1 in N": an advertised prize rarer than that per play fails (10⁸ by default, GLI-11's "at least
    /// once in 100 million plays").
    public var rarePrizeLimit: Double = 1e8
    /// The inputs the audit reads, fingerprinted for the report's provenance (spec files, a probe's command
    /// and files, logs); empty for built-in subjects.
    public var inputs: [Provenance.Input] = []
    /// The source revision the toolkit was built from, for the report's provenance; nil when unknown.
    public var sourceRevision: String? = nil

    /// The default materiality: 10⁻⁶ of plays (one spin in a million). It is 50 times below 5·10⁻⁵ of the
    /// circle (a 0.018° slip, the smallest mislabel that must fail), 100 times below the 10⁻⁴ resolution at
    /// which games print odds (0.01%), and 4 times above the most that correct `Float` code in the test
    /// corpus mislabels next to its lines (2.3·10⁻⁷ of the circle).
    public static let defaultMateriality = Finding.defaultMateriality

    /// The default family-wise significance level, 10⁻⁶.
    public static let defaultAlpha = 1e-6

    /// Checks every setting against what the audit accepts.
    /// - Throws: `AuditError.invalidSetting(_:value:allowed:)` naming the first setting out of range:
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
        guard materiality >= 0, materiality < 1 else {
            throw AuditError.invalidSetting(.materiality, value: "\(materiality)", allowed: "a number in [0, 1)")
        }
        guard sessionSpins >= 1, sessionSpins <= 1_000_000_000 else {
            throw AuditError.invalidSetting(.sessionSpins, value: "\(sessionSpins)", allowed: "a whole number in 1 ... 10^9")
        }
        if let minimumReturn, !(minimumReturn.isFinite && minimumReturn >= 0) {
            throw AuditError.invalidSetting(.minimumReturn, value: "\(minimumReturn)", allowed: "a finite number ≥ 0 (0.9 for 90%)")
        }
        guard rarePrizeLimit.isFinite, rarePrizeLimit >= 1 else {
            throw AuditError.invalidSetting(.rarePrizeLimit, value: "\(rarePrizeLimit)", allowed: "a number ≥ 1 (N of 1 in N)")
        }
    }

    /// Creates audit settings. Nothing is checked here; ``validate()`` (called by
    /// `Audit.run(_:randomSources:settings:onSubject:)`) checks the values.
    ///
    /// - Parameters:
    ///   - run: The Monte Carlo settings.
    ///   - alpha: The family-wise significance level, in (0, 1); ``defaultAlpha`` by default.
    ///   - failOn: The kinds of check that gate the verdicts; every kind by default.
    ///   - sweepSteps: Dense-sweep steps per turn of the consistency and designed-odds partitions;
    ///     `ConsistencyCheck/defaultSteps` (2¹⁶) by default.
    ///   - command: The command line that reproduces the run, written into the reports.
    ///   - materiality: The share of plays above which a mislabel or odds difference gates, in [0, 1);
    ///     ``defaultMateriality`` by default.
    ///   - strict: Whether every exact finding gates, whatever its class and magnitude; false by default.
    ///   - sessionSpins: The session length that decides which rotations play reaches;
    ///     `SessionReach.defaultSpins` (10,000) by default.
    public init(
        run: RunSettings, alpha: Double = AuditSettings.defaultAlpha, failOn: [CheckKind] = CheckKind.allCases,
        sweepSteps: Int = ConsistencyCheck.defaultSteps, command: String = "audit",
        materiality: Double = AuditSettings.defaultMateriality, strict: Bool = false, sessionSpins: Int = SessionReach.defaultSpins
    ) {
        self.materiality = materiality
        self.strict = strict
        self.sessionSpins = sessionSpins
        self.run = run
        self.alpha = alpha
        self.failOn = failOn
        self.sweepSteps = sweepSteps
        self.command = command
    }
}
