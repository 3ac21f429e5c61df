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
}
