/// One mislabelled arc (consistency check).
public struct ArcRow: Sendable, Hashable, Codable {
    /// The subject's name.
    public var subject: String
    /// Where the arc begins, in ``unit``, within one turn from 0; the arc is [``from``, ``to``).
    public var from: Double
    /// The first rotation past the arc, in ``unit``.
    public var to: Double
    /// The subject's rotation unit: `degrees` or `radians`.
    public var unit: String
    /// The arc's width as a share of the circle, in [0, 1].
    public var shareOfCircle: Double
    /// The result the subject reports on the arc: a label, or `no result`.
    public var reported: String
    /// What the geometric truth allows on the arc's interior: a sector label, or `blank (no sector)`.
    public var truth: String

    /// A value with every field given (the memberwise initialiser, for the audit's modules).
    package init(subject: String, from: Double, to: Double, unit: String, shareOfCircle: Double, reported: String, truth: String) {
        self.subject = subject
        self.from = from
        self.to = to
        self.unit = unit
        self.shareOfCircle = shareOfCircle
        self.reported = reported
        self.truth = truth
    }
}
