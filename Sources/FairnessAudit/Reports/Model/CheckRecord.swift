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
