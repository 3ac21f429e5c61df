import FairnessChecks

/// One way a report set fails verification, as figures; `ReportNarrator.text(_:)`
/// writes its one-line reason.
public enum VerificationMismatch: Sendable, Hashable {
    // The set.
    /// The set has no seal (`SHA256SUMS`).
    case sealMissing
    /// A file the seal lists is missing.
    case fileMissing(String)
    /// The seal lists a name outside the set (absolute, through `..`, or a link that leads out); it is
    /// not read.
    case fileOutsideSet(String)
    /// A file's digest differs from the seal's.
    case fileChanged(String, sealed: String, actual: String)
    /// A report file the set must have is not in the seal.
    case fileNotSealed(String)
    /// `audit.json` could not be read as a report.
    case unreadableReport(String)
    /// `audit.json` holds a key twice in one object (`path` names the object, `key` the key): a reader that
    /// keeps the last would see another report than one that keeps the first.
    case duplicateKey(path: String, key: String)
    /// A file of the set differs from the one the report renders again (`line` counts from 1; both lines as
    /// written, empty past a file's end).
    case renderedDiffers(file: String, line: Int, stated: String, rendered: String)
    /// A file the report renders (a table, a picture, its JUnit file, the seal) is not in the set.
    case renderedMissing(String)
    /// A file in the set that the report does not render.
    case notInReport(String)

    // Figures.
    /// A check's p-value (or its log₁₀, for one beyond a double) differs from the one its table gives.
    case pValue(subject: String, check: CheckIdentifier, reported: Double?, recomputed: Double, log10: Bool)
    /// A check states a p-value but the report has no table for it.
    case noTable(subject: String, check: CheckIdentifier)
    /// A check's table cannot be recomputed (an unknown kind, a missing row, figures no test accepts).
    case tableUnusable(subject: String, check: CheckIdentifier, reason: String)
    /// A check's Holm-adjusted p-value (log₁₀) differs from the one its subject's family gives.
    case holm(subject: String, check: CheckIdentifier, reported: Double?, recomputed: Double)
    /// A random source's stream does not add up: its sequences (tested and left out by the sample of
    /// every `testedEvery`-th) and the bits after them are not its bits, or the sample did not test
    /// ⌈cut / k⌉ of the sequences cut.
    case streamDoesNotAddUp(subject: String, stream: StreamSummary, testedEvery: Int?)
    /// A check's interval differs from the one its table gives.
    case interval(subject: String, check: CheckIdentifier, reported: ConfidenceInterval, recomputed: ConfidenceInterval)

    // Decisions.
    /// A check's status differs from the one its figures decide.
    case status(subject: String, check: CheckIdentifier, reported: CheckStatus, recomputed: CheckStatus)
    /// A subject's verdict differs from the one its checks decide.
    case verdict(subject: String, reported: CheckStatus, recomputed: CheckStatus)
    /// The gate differs from the one the verdicts decide.
    case gate(reported: CheckStatus, recomputed: CheckStatus)

    // Artefacts.
    /// An artefact given to the verification is not the one the report recorded (nil: the report records
    /// no input of that kind and name).
    case artefact(kind: Provenance.Input.Kind, name: String, recorded: String?, actual: String)
}

/// What a verification checked, and what it found.
public struct VerificationResult: Sendable, Hashable {
    /// Every mismatch, in the order found; empty when everything agrees.
    public var mismatches: [VerificationMismatch] = []
    /// Files whose digests were checked against the seal.
    public var sealedFiles = 0
    /// Files the report rendered again and compared byte for byte with the set's (every file of the set:
    /// `audit.md`, `audit.json` itself, the CSV files, the pictures, a JUnit file it names, the seal).
    public var renderedFiles = 0
    /// p-values recomputed from their tables.
    public var pValues = 0
    /// Intervals recomputed from their tables.
    public var intervals = 0
    /// P-values of random sources' batteries, which come from the raw output, not from a table: `audit rng`
    /// on the input whose SHA-256 the provenance seals gives them again.
    public var rawOutputPValues = 0
    /// Statuses, verdicts and the gate decided again.
    public var decisions = 0
    /// Artefacts checked against the report's provenance.
    public var artefacts = 0
    /// The gate, as the report states it; nil when `audit.json` could not be read.
    public var gate: CheckStatus?

    /// Whether everything agrees.
    public var agrees: Bool { mismatches.isEmpty }

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        mismatches: [VerificationMismatch] = [], sealedFiles: Int = 0, renderedFiles: Int = 0, pValues: Int = 0, intervals: Int = 0,
        rawOutputPValues: Int = 0, decisions: Int = 0, artefacts: Int = 0, gate: CheckStatus? = nil
    ) {
        self.mismatches = mismatches
        self.sealedFiles = sealedFiles
        self.renderedFiles = renderedFiles
        self.pValues = pValues
        self.intervals = intervals
        self.rawOutputPValues = rawOutputPValues
        self.decisions = decisions
        self.artefacts = artefacts
        self.gate = gate
    }
}
