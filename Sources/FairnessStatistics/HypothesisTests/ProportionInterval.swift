import CGSL
import Foundation

/// A confidence interval for a proportion.
public struct ProportionInterval: Sendable, Hashable, Codable {
    /// The lower bound, in [0, 1].
    public let lower: Double
    /// The upper bound, in [``lower``, 1].
    public let upper: Double
    /// The nominal coverage, in (0, 1) (0.95 for a 95% interval).
    public let confidenceLevel: Double
}
