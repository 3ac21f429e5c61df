/// One failing probe (boundary, wraparound, landing, detector).
public struct ProbeRow: Sendable, Hashable, Codable {
    /// The subject's name.
    public var subject: String
    /// The check that probed: `boundary`, `wraparound`, `landing` or `straight detector`.
    public var check: String
    /// The input probed: a rotation in the subject's unit, an index, or a dice pattern.
    public var input: String
    /// Where the probe sits: the line, side and distance of a wheel probe, where a landing stops, or how
    /// many of a dice pattern's orderings the detector gets wrong.
    public var context: String
    /// What the subject reported, as text.
    public var reported: String
    /// What the truth allows, as text.
    public var expected: String
}
