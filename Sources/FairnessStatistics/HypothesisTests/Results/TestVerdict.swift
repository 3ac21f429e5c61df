/// Either the figures of a test, or the reason there are none. There is no third state: a test whose
/// assumptions fail never reports a p-value.
public enum TestVerdict: Sendable, Hashable, Codable {
    /// The test was carried out; these are its figures.
    case tested(TestFigures)
    /// The test's assumptions do not hold for these data; no p-value, and why.
    case inconclusive(InconclusiveReason)

    /// The p-value, or nil when inconclusive.
    public var pValue: Double? {
        if case .tested(let figures) = self { return figures.pValue }
        return nil
    }

    /// The figures, or nil when inconclusive.
    public var figures: TestFigures? {
        if case .tested(let figures) = self { return figures }
        return nil
    }

    /// The reason, or nil when the test was carried out.
    public var inconclusiveReason: InconclusiveReason? {
        if case .inconclusive(let reason) = self { return reason }
        return nil
    }
}
