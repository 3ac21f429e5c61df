/// Why a test gave no p-value.
public struct InconclusiveReason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One sentence a reviewer can read, naming what was too small.
    public let explanation: String
    /// Where the fix is more data: the total count (trials) the test would need to be valid.
    public let totalNeeded: Double?

    public init(_ explanation: String, totalNeeded: Double? = nil) {
        self.explanation = explanation
        self.totalNeeded = totalNeeded
    }

    public var description: String {
        if let totalNeeded {
            return "\(explanation) (needs a total of at least \(Int(totalNeeded.rounded(.up))))"
        }
        return explanation
    }
}

/// The figures of a test that could be carried out.
public struct TestFigures: Sendable, Hashable, Codable {
    /// The test statistic (chi-square, G, Kolmogorov–Smirnov D, or the observed count for the binomial test).
    public let statistic: Double
    /// Degrees of freedom where the reference distribution has them.
    public let degreesOfFreedom: Double?
    /// The p-value: the probability, under the null hypothesis, of a statistic at least as extreme.
    public let pValue: Double

    public init(statistic: Double, degreesOfFreedom: Double?, pValue: Double) {
        self.statistic = statistic
        self.degreesOfFreedom = degreesOfFreedom
        self.pValue = pValue
    }
}

/// Either the figures of a test, or the reason there are none. There is no third state: a test whose
/// assumptions fail never reports a p-value.
public enum TestVerdict: Sendable, Hashable, Codable {
    case tested(TestFigures)
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

/// Kahan–Babuška–Neumaier compensated summation: statistics over 10^4 cells keep full precision.
@usableFromInline
struct CompensatedSum {
    @usableFromInline var sum = 0.0
    @usableFromInline var compensation = 0.0

    @usableFromInline init() {}

    @inlinable mutating func add(_ value: Double) {
        let t = sum + value
        if abs(sum) >= abs(value) {
            compensation += (sum - t) + value
        } else {
            compensation += (value - t) + sum
        }
        sum = t
    }

    @inlinable var value: Double { sum + compensation }
}
