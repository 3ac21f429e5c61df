/// The outcome of one check.
///
/// Statuses order from best to worst, `pass` < `note` < `inconclusive` < `fail`, so the worst of several
/// is their `max()`.
public enum CheckStatus: String, Sendable, Hashable, Codable, Comparable {
    /// Nothing wrong was found: an exact check found no defect, or a test's Holm-adjusted p-value is
    /// above α.
    case pass = "PASS"
    /// A test that does not apply to this input: a random source's test of a stream derived from the
    /// input's draws, or of the draws themselves, that needs more than the input gives, while the input's
    /// own bit stream was tested in full (its detail states the length it needs). It passes the gate.
    case notApplicable = "N/A"
    /// An exact check found something that does not gate: rounding at a line, a latent defect, or a
    /// mislabel or odds difference at or below the materiality threshold (see `FindingClass`). With
    /// `strict` every such finding is a FAIL instead.
    case note = "NOTE"
    /// A test could not decide: too few trials for its expected counts, or too few testable
    /// categories.
    case inconclusive = "INCONCLUSIVE"
    /// A defect: an exact check failed, invalid results were observed, or a test's Holm-adjusted p-value
    /// is at most α.
    case fail = "FAIL"

    public static func < (a: Self, b: Self) -> Bool {
        let order: [CheckStatus] = [.notApplicable, .pass, .note, .inconclusive, .fail]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }

    /// The verdict of a set of statuses: the worst of them, with NOTE and N/A counting as PASS; PASS if
    /// empty.
    public static func gating(_ statuses: [CheckStatus]) -> CheckStatus {
        let worst = statuses.max() ?? .pass
        return worst == .note || worst == .notApplicable ? .pass : worst
    }
}
