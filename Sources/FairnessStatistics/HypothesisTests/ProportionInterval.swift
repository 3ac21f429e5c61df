import CGSL
import Foundation

/// A confidence interval for a proportion.
public struct ProportionInterval: Sendable, Hashable, Codable {
    public let lower: Double
    public let upper: Double
    public let confidenceLevel: Double
}
