/// One failing probe (boundary, wraparound, landing, detector).
public struct ProbeRow: Sendable, Hashable, Codable {
    public var subject: String
    public var check: String
    /// The input probed: a rotation in the subject's unit, an index, or a dice pattern.
    public var input: String
    public var context: String
    public var reported: String
    public var expected: String
}
