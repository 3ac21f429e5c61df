/// A subject's line in the verdict table.
public struct SubjectVerdict: Sendable, Hashable, Codable {
    /// The subject's name.
    public var name: String
    /// One line saying what the subject is.
    public var summary: String
    /// The kind of subject.
    public var kind: SubjectKind
    /// The worst status among the subject's checks of a gating kind (`AuditSettings.failOn`); PASS if
    /// there are none.
    public var verdict: CheckStatus
    /// Facts the exact analysis established (designed odds, gaps, landing margins...), as figures.
    public var notes: [SubjectNote]
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

    private enum CodingKeys: String, CodingKey {
        case name, summary, kind, verdict, notes, findings, affectedShare, invalidPerMillion, largestOddsDifference, returnToPlayer
    }

    /// Encodes every figure, and the facts as values and, with the encoder's ``ReportWording``, as their
    /// sentences.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        try container.encode(kind, forKey: .kind)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(notes, forKey: .notes)
        if let words = encoder.reportWording { try container.encode(notes.map(words.note), forKey: .findings) }
        try container.encodeIfPresent(affectedShare, forKey: .affectedShare)
        try container.encodeIfPresent(invalidPerMillion, forKey: .invalidPerMillion)
        try container.encodeIfPresent(largestOddsDifference, forKey: .largestOddsDifference)
        try container.encodeIfPresent(returnToPlayer, forKey: .returnToPlayer)
    }

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        name: String, summary: String, kind: SubjectKind, verdict: CheckStatus, notes: [SubjectNote], affectedShare: Double? = nil,
        invalidPerMillion: Double? = nil, largestOddsDifference: Double? = nil, returnToPlayer: Double? = nil
    ) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.verdict = verdict
        self.notes = notes
        self.affectedShare = affectedShare
        self.invalidPerMillion = invalidPerMillion
        self.largestOddsDifference = largestOddsDifference
        self.returnToPlayer = returnToPlayer
    }
}

extension SubjectVerdict {
    /// Reads a verdict back from its values (the sentences are written again from the notes, never read).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        summary = try c.decode(String.self, forKey: .summary)
        kind = try c.decode(SubjectKind.self, forKey: .kind)
        verdict = try c.decode(CheckStatus.self, forKey: .verdict)
        notes = try c.decode([SubjectNote].self, forKey: .notes)
        affectedShare = try c.decodeIfPresent(Double.self, forKey: .affectedShare)
        invalidPerMillion = try c.decodeIfPresent(Double.self, forKey: .invalidPerMillion)
        largestOddsDifference = try c.decodeIfPresent(Double.self, forKey: .largestOddsDifference)
        returnToPlayer = try c.decodeIfPresent(Double.self, forKey: .returnToPlayer)
    }
}
