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
