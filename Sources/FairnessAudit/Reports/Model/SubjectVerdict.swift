/// A subject's line in the verdict table.
public struct SubjectVerdict: Sendable, Hashable, Codable {
    public var name: String
    public var summary: String
    public var kind: String
    public var verdict: CheckStatus
    /// Facts the exact analysis established (designed odds, gaps, landing margins...), one sentence each.
    public var findings: [String]
}
