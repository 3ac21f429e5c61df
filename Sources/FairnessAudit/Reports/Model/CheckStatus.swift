/// The outcome of one check.
///
/// Statuses order from best to worst, `pass` < `inconclusive` < `fail`, so the worst of several is
/// their `max()`.
public enum CheckStatus: String, Sendable, Hashable, Codable, Comparable {
    /// Nothing wrong was found: an exact check found no defect, or a test's Holm-adjusted p-value is
    /// above α.
    case pass = "PASS"
    /// A test could not decide: too few trials for its expected counts, or too few testable
    /// categories.
    case inconclusive = "INCONCLUSIVE"
    /// A defect: an exact check failed, invalid results were observed, or a test's Holm-adjusted p-value
    /// is at most α.
    case fail = "FAIL"

    public static func < (a: Self, b: Self) -> Bool {
        let order: [CheckStatus] = [.pass, .inconclusive, .fail]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}
