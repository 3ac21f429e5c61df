import FairnessChecks
import FairnessStatistics

/// One row of the checks table.
public struct CheckRecord: Sendable, Hashable, Codable {
    /// The subject's name.
    public var subject: String
    /// Which check this is; the report shows it as `checkName` (FairnessReportRendering).
    public var check: CheckIdentifier
    /// What the check is about; `AuditSettings.failOn` chooses which kinds gate.
    public var kind: CheckKind
    /// The outcome; for a test with a p-value, FAIL when its Holm-adjusted p-value is at most
    /// ``threshold`` and PASS otherwise.
    public var status: CheckStatus
    /// The test statistic: Pearson's X² or G for goodness of fit, X² for independence, the number of
    /// successes for the binomial test, or a count of bad spins (invalid results, shown sector differing
    /// from the reported one); nil for exact checks, inconclusive tests and non-finite statistics.
    public var statistic: Double?
    /// The degrees of freedom of a chi-square test; nil for other checks and inconclusive tests.
    public var degreesOfFreedom: Double?
    /// The test's unadjusted p-value; nil for exact checks and for tests that were inconclusive. 0 where it
    /// underflows a double (``log10PValue`` keeps its size) or where the outcome observed is impossible
    /// under the hypothesis (``impossibleObserved``).
    public var pValue: Double?
    /// log₁₀ of ``pValue``, finite even where the p-value underflows; nil without a p-value, or when the
    /// p-value is 0 exactly (``impossibleObserved``).
    public var log10PValue: Double? = nil
    /// How the p-value was obtained: exact (the multinomial enumerated, the binomial, an impossible outcome)
    /// or the chi-square approximation; nil without a p-value.
    public var pValueMethod: PValueMethod? = nil
    /// Holm-adjusted within the subject's family (see `TestFamilies`).
    public var holmPValue: Double?
    /// log₁₀ of ``holmPValue``, finite even where it underflows; nil as ``log10PValue`` is.
    public var holmLog10PValue: Double? = nil
    /// The family-wise level the Holm-adjusted p-value is compared with.
    public var threshold: Double?
    /// What the test could detect at this number of trials, with 90% power, as figures.
    public var detectableEffect: DetectableEffect?
    /// What the check established, as figures (counts, margins, or why it was inconclusive).
    public var detailFacts: CheckDetail
    /// For an exact check that found something: the class of the worst defect (see `FindingClass`).
    public var findingClass: FindingClass? = nil
    /// For an exact check that found something: its magnitude (`Finding.magnitude`: the share of plays
    /// affected, or the largest odds difference for unfair odds); nil if none or not measurable.
    public var magnitude: Double? = nil
    /// For a wheel check that found something on the circle of rest angles: the share of the circle.
    public var shareOfCircle: Double? = nil
    /// For an exact check that found something: what it found, as figures.
    public var findingFact: FindingFact? = nil
    /// Whether a goodness-of-fit test observed an outcome its odds give probability 0, which makes its
    /// p-value 0 exactly (not an underflow).
    public var impossibleObserved: Bool = false

    /// Sets the p-value and its log₁₀; a log₁₀ of −∞ is a p-value of 0 exactly, an outcome impossible under
    /// the hypothesis.
    public mutating func setPValue(_ p: Double, log10 log10P: Double, method: PValueMethod) {
        pValue = p
        log10PValue = log10P.isFinite ? log10P : nil
        pValueMethod = log10P == -.infinity ? .exact : method
        if log10P == -.infinity { impossibleObserved = true }
    }

    /// Sets the p-value from a test's figures.
    public mutating func setPValue(_ figures: TestFigures) {
        setPValue(figures.pValue, log10: figures.log10PValue, method: figures.method)
    }

    /// The check this one repeats (the same counts against the same odds), whose status it carries; nil
    /// for a check that is its own test.
    public var sameTestAs: CheckIdentifier? {
        if case .sameTest(let check, _) = detailFacts { return check }
        return nil
    }

    /// Whether the check is information beside the test that gates on the same table (a G-test beside
    /// Pearson's X²): outside the family, it never gates.
    public var isInformation: Bool {
        if case .besideTheGate = detailFacts { return true }
        return false
    }

    /// The 95% confidence interval the check states, in the units of its table: a binomial test's
    /// Clopper–Pearson interval for the proportion, an RTP test's profile-likelihood interval for the mean
    /// payout per play (in the table's payout levels); nil for other checks.
    public var interval: ConfidenceInterval? {
        switch detailFacts {
        case .binomial(let test): ConfidenceInterval(lower: test.lower, upper: test.upper, quantity: .proportion)
        case .sampledReturn(_, _, let lower, let upper, _, let stake):
            ConfidenceInterval(lower: lower * stake, upper: upper * stake, quantity: .meanPayout)
        case .logReturn(let r): ConfidenceInterval(lower: r.lower, upper: r.upper, quantity: .meanPayout)
        case .stakeWeightedReturn(let r): ConfidenceInterval(lower: r.lower, upper: r.upper, quantity: .meanPayout)
        default: nil
        }
    }

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        subject: String, check: CheckIdentifier, kind: CheckKind, status: CheckStatus, statistic: Double? = nil,
        degreesOfFreedom: Double? = nil, pValue: Double? = nil, log10PValue: Double? = nil, pValueMethod: PValueMethod? = nil,
        holmPValue: Double? = nil, holmLog10PValue: Double? = nil, threshold: Double? = nil, detectableEffect: DetectableEffect? = nil,
        detailFacts: CheckDetail, findingClass: FindingClass? = nil, magnitude: Double? = nil, shareOfCircle: Double? = nil,
        findingFact: FindingFact? = nil, impossibleObserved: Bool = false
    ) {
        self.subject = subject
        self.check = check
        self.kind = kind
        self.status = status
        self.statistic = statistic
        self.degreesOfFreedom = degreesOfFreedom
        self.pValue = pValue
        self.log10PValue = log10PValue
        self.pValueMethod = pValueMethod
        self.holmPValue = holmPValue
        self.holmLog10PValue = holmLog10PValue
        self.threshold = threshold
        self.detectableEffect = detectableEffect
        self.detailFacts = detailFacts
        self.findingClass = findingClass
        self.magnitude = magnitude
        self.shareOfCircle = shareOfCircle
        self.findingFact = findingFact
        self.impossibleObserved = impossibleObserved
    }
}

extension CheckRecord {
    /// The keys of the JSON report: every stored figure, the check's identifier, facts and finding as
    /// structured values, and for a reader the check's name, the detectable effect, the detail and the
    /// finding in words (a report is read back from the values alone).
    private enum EncodedKeys: String, CodingKey {
        case subject, check, identifier, detailFacts, findingFact, kind, status, statistic, degreesOfFreedom, pValue, log10PValue,
            pValueMethod, holmPValue, holmLog10PValue,
            threshold,
            detectable, detectableEffect, detail, findingClass, magnitude, shareOfCircle, finding, impossibleObserved, repeats, information,
            interval
    }

    /// Encodes every stored property as the synthesised encoding would and, with the encoder's
    /// ``ReportWording``, the words beside them: the check's name, the detectable effect, the detail and the
    /// finding (a reader of the JSON gets the sentences the Markdown shows, and their figures).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncodedKeys.self)
        let words = encoder.reportWording
        try container.encode(subject, forKey: .subject)
        try container.encodeIfPresent(words?.name(of: check), forKey: .check)
        try container.encode(check, forKey: .identifier)
        try container.encode(detailFacts, forKey: .detailFacts)
        try container.encodeIfPresent(findingFact, forKey: .findingFact)
        try container.encode(kind, forKey: .kind)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(statistic, forKey: .statistic)
        try container.encodeIfPresent(degreesOfFreedom, forKey: .degreesOfFreedom)
        try container.encodeIfPresent(pValue, forKey: .pValue)
        try container.encodeIfPresent(log10PValue, forKey: .log10PValue)
        try container.encodeIfPresent(pValueMethod, forKey: .pValueMethod)
        try container.encodeIfPresent(holmPValue, forKey: .holmPValue)
        try container.encodeIfPresent(holmLog10PValue, forKey: .holmLog10PValue)
        try container.encodeIfPresent(threshold, forKey: .threshold)
        try container.encodeIfPresent(detectableEffect.flatMap { words?.detectable($0) }, forKey: .detectable)
        try container.encodeIfPresent(detectableEffect, forKey: .detectableEffect)
        try container.encodeIfPresent(words?.detail(detailFacts), forKey: .detail)
        try container.encodeIfPresent(findingClass, forKey: .findingClass)
        try container.encodeIfPresent(magnitude, forKey: .magnitude)
        try container.encodeIfPresent(shareOfCircle, forKey: .shareOfCircle)
        try container.encodeIfPresent(findingFact.flatMap { words?.sentence($0) }, forKey: .finding)
        try container.encode(impossibleObserved, forKey: .impossibleObserved)
        try container.encodeIfPresent(sameTestAs.flatMap { words?.name(of: $0) }, forKey: .repeats)
        if isInformation { try container.encode(true, forKey: .information) }
        try container.encodeIfPresent(interval, forKey: .interval)
    }

    /// Reads a record back from its values: the words beside them (name, detail, finding, detectable
    /// effect) and the figures derived from them (repeats, information, interval) are written again from
    /// the values, never read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: EncodedKeys.self)
        subject = try c.decode(String.self, forKey: .subject)
        check = try c.decode(CheckIdentifier.self, forKey: .identifier)
        kind = try c.decode(CheckKind.self, forKey: .kind)
        status = try c.decode(CheckStatus.self, forKey: .status)
        statistic = try c.decodeIfPresent(Double.self, forKey: .statistic)
        degreesOfFreedom = try c.decodeIfPresent(Double.self, forKey: .degreesOfFreedom)
        pValue = try c.decodeIfPresent(Double.self, forKey: .pValue)
        log10PValue = try c.decodeIfPresent(Double.self, forKey: .log10PValue)
        pValueMethod = try c.decodeIfPresent(PValueMethod.self, forKey: .pValueMethod)
        holmPValue = try c.decodeIfPresent(Double.self, forKey: .holmPValue)
        holmLog10PValue = try c.decodeIfPresent(Double.self, forKey: .holmLog10PValue)
        threshold = try c.decodeIfPresent(Double.self, forKey: .threshold)
        detectableEffect = try c.decodeIfPresent(DetectableEffect.self, forKey: .detectableEffect)
        detailFacts = try c.decode(CheckDetail.self, forKey: .detailFacts)
        findingClass = try c.decodeIfPresent(FindingClass.self, forKey: .findingClass)
        magnitude = try c.decodeIfPresent(Double.self, forKey: .magnitude)
        shareOfCircle = try c.decodeIfPresent(Double.self, forKey: .shareOfCircle)
        findingFact = try c.decodeIfPresent(FindingFact.self, forKey: .findingFact)
        impossibleObserved = try c.decode(Bool.self, forKey: .impossibleObserved)
    }
}

/// A 95% confidence interval a check states.
public struct ConfidenceInterval: Sendable, Hashable, Codable {
    /// What the interval is for.
    public enum Quantity: String, Sendable, Hashable, Codable {
        /// A proportion (a binomial test's successes over trials).
        case proportion
        /// The mean payout per play, in the payout levels of the check's table.
        case meanPayout = "mean payout"
    }
    /// The lower end.
    public var lower: Double
    /// The upper end.
    public var upper: Double
    /// What it is for.
    public var quantity: Quantity
    /// The confidence level: 0.95.
    public var level: Double = 0.95

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(lower: Double, upper: Double, quantity: Quantity, level: Double = 0.95) {
        self.lower = lower
        self.upper = upper
        self.quantity = quantity
        self.level = level
    }
}
