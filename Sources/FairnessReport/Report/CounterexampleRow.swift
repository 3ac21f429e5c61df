import FairnessChecks

/// One input that failed an exact check: a row of `counterexamples.csv`.
public struct CounterexampleRow: Sendable, Hashable, Encodable {
    /// The subject's name.
    public var subject: String
    /// The check that found the counterexample: ``CheckIdentifier/boundary``, ``CheckIdentifier/wraparound``,
    /// ``CheckIdentifier/landing``, a dice detector, or a bet's or round's settlement.
    public var check: CheckIdentifier
    /// What it shows, as typed figures (the renderer writes the row's cells from them).
    public var facts: CounterexampleFacts

    /// A value with every field given.
    package init(subject: String, check: CheckIdentifier, facts: CounterexampleFacts) {
        self.subject = subject
        self.check = check
        self.facts = facts
    }
}

extension CounterexampleRow {
    enum CodingKeys: String, CodingKey {
        case subject, check, identifier, input, context, reported, expected, facts
    }

    /// Encodes the subject, the check and the facts; with a wording, the check as the name the report shows
    /// (as ``StatisticTableRow`` does) and the four cells written from the facts beside them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(subject, forKey: .subject)
        if let words = encoder.reportWording {
            try c.encode(words.name(of: check), forKey: .check)
            let cells = words.cells(facts)
            try c.encode(cells.input, forKey: .input)
            try c.encode(cells.context, forKey: .context)
            try c.encode(cells.reported, forKey: .reported)
            try c.encode(cells.expected, forKey: .expected)
        } else {
            try c.encode(check, forKey: .identifier)
        }
        try c.encode(facts, forKey: .facts)
    }
}
