import FairnessChecks
import FairnessModel

/// An arc of rotations on which a wheel reports a result the geometric truth does not allow: a row of
/// `mislabelled_arcs.csv`.
public struct ArcRow: Sendable, Hashable {
    /// The subject's name.
    public var subject: String
    /// Where the arc begins, in ``unit``, within one turn from 0; the arc is [``from``, ``to``).
    public var from: Double
    /// The first rotation past the arc, in ``unit``.
    public var to: Double
    /// The subject's rotation unit.
    public var unit: AngleUnit
    /// The arc's width as a share of the circle, in [0, 1].
    public var shareOfCircle: Double
    /// The result the subject reports on the arc.
    public var reported: WheelOutcome
    /// What the geometric truth allows on the arc's interior: a sector's label, or blank (no sector).
    public var truth: TruthAtRest

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(
        subject: String, from: Double, to: Double, unit: AngleUnit, shareOfCircle: Double, reported: WheelOutcome, truth: TruthAtRest
    ) {
        self.subject = subject
        self.from = from
        self.to = to
        self.unit = unit
        self.shareOfCircle = shareOfCircle
        self.reported = reported
        self.truth = truth
    }
}

extension ArcRow: Codable {
    enum CodingKeys: String, CodingKey {
        case subject, from, to, unit, shareOfCircle, reported, truth, facts
    }

    /// The typed values of an arc's result and truth, under `facts` in `audit.json`.
    private struct Facts: Codable {
        var reported: WheelOutcome
        var truth: TruthAtRest
    }

    /// Reads a row: its result and truth from `facts` (the `reported` and `truth` beside them are words,
    /// rendered again by a verification).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let facts = try c.decode(Facts.self, forKey: .facts)
        self.init(
            subject: try c.decode(String.self, forKey: .subject), from: try c.decode(Double.self, forKey: .from),
            to: try c.decode(Double.self, forKey: .to), unit: try c.decode(AngleUnit.self, forKey: .unit),
            shareOfCircle: try c.decode(Double.self, forKey: .shareOfCircle), reported: facts.reported, truth: facts.truth)
    }

    /// Writes every figure, the result and truth under `facts`; with a wording, also the result's label
    /// and the truth as the row shows them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(subject, forKey: .subject)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(unit, forKey: .unit)
        try c.encode(shareOfCircle, forKey: .shareOfCircle)
        if let words = encoder.reportWording {
            try c.encode(reported.description, forKey: .reported)
            try c.encode(words.text(truth), forKey: .truth)
        }
        try c.encode(Facts(reported: reported, truth: truth), forKey: .facts)
    }
}
