/// One counterexample (boundary, wraparound, landing, detector).
public struct CounterexampleRow: Sendable, Hashable, Encodable {
    /// The subject's name.
    public var subject: String
    /// The check that found the counterexample: ``CheckIdentifier/boundary``, ``CheckIdentifier/wraparound``,
    /// ``CheckIdentifier/landing`` or a dice detector.
    public var check: CheckIdentifier
    /// The input tried: a rotation in the subject's unit, an index, or a dice pattern.
    public var input: String
    /// Where the probe sits: the line, side and distance of a wheel probe, where a landing stops, or how
    /// many of a dice pattern's orderings the detector gets wrong.
    public var context: String
    /// What the subject reported, as text.
    public var reported: String
    /// What the truth allows, as text.
    public var expected: String

    /// A value with every field given.
    package init(subject: String, check: CheckIdentifier, input: String, context: String, reported: String, expected: String) {
        self.subject = subject
        self.check = check
        self.input = input
        self.context = context
        self.reported = reported
        self.expected = expected
    }
}

extension CounterexampleRow {
    enum CodingKeys: String, CodingKey {
        case subject, check, identifier, input, context, reported, expected
    }

    /// Encodes every field, the check as the name the report shows (as ``StatisticTableRow`` does).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(subject, forKey: .subject)
        if let words = encoder.reportWording {
            try c.encode(words.name(of: check), forKey: .check)
        } else {
            try c.encode(check, forKey: .identifier)
        }
        try c.encode(input, forKey: .input)
        try c.encode(context, forKey: .context)
        try c.encode(reported, forKey: .reported)
        try c.encode(expected, forKey: .expected)
    }
}
