/// A subject's line in the verdict table.
public struct SubjectVerdict: Sendable, Hashable, Codable {
    /// The subject's name.
    public var name: String
    /// One line saying what the subject is.
    public var summary: String
    /// The kind of subject: `wheel`, `targeted wheel` or `dice`.
    public var kind: String
    /// The worst status among the subject's checks of a gating kind (``AuditSettings/failOn``); PASS if
    /// there are none.
    public var verdict: CheckStatus
    /// Facts the exact analysis established (designed odds, gaps, landing margins...), one sentence each.
    public var findings: [String]
    /// The share of plays, in play, that show an invalid or a mislabelled result (rounding at a line not
    /// counted), exactly: under the subject's own spin for a wheel, over the indices drawn for a targeted wheel, over
    /// the rolls for a dice game's detectors.
    public var affectedShare: Double? = nil
    /// Invalid results per million plays in play, exactly (results no sector carries, no result, traps).
    public var invalidPerMillion: Double? = nil
    /// The largest difference between one outcome's exact probability in play and the probability the
    /// game claims for it.
    public var largestOddsDifference: Double? = nil
    /// The exact return to player (expected payout over stake) of a subject with a paytable; nil without one
    /// or where it cannot be computed exactly.
    public var returnToPlayer: Double? = nil
}
