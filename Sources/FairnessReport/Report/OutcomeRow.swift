/// One row of the per-outcome tallies table.
public struct OutcomeRow: Sendable, Hashable, Codable {
    /// The subject's name.
    public var subject: String
    /// Which tally: "reported outcome", "final category", "die 1 face", ...
    public var table: String
    /// The outcome: a sector label, `no result`, a reported label no sector carries, a category name
    /// (`full house`), or a die face 1 ... F.
    public var outcome: String
    /// Whether the outcome is a valid result: a sector's label for wheels (`no result` is not); always
    /// true for dice.
    public var valid: Bool
    /// How many times the outcome was observed: in spins or plays for results and categories, in rolls
    /// (first rolls and rerolls) for die faces.
    public var observed: UInt64
    /// Expected count under the subject's designed odds (nil where there are none).
    public var expectedDesigned: Double?
    /// Expected count under the fair odds the game claims.
    public var expectedFair: Double?
    /// (observed − expectedDesigned) / √expectedDesigned.
    public var standardisedResidual: Double?

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        subject: String, table: String, outcome: String, valid: Bool, observed: UInt64, expectedDesigned: Double? = nil,
        expectedFair: Double? = nil, standardisedResidual: Double? = nil
    ) {
        self.subject = subject
        self.table = table
        self.outcome = outcome
        self.valid = valid
        self.observed = observed
        self.expectedDesigned = expectedDesigned
        self.expectedFair = expectedFair
        self.standardisedResidual = standardisedResidual
    }
}
