import Foundation

/// One cell of a goodness-of-fit test after pooling: the original outcome indices it covers.
public struct PooledCell: Sendable, Hashable, Codable {
    /// The indices of the original outcomes pooled into this cell, ascending.
    public let indices: [Int]
    /// The observed count, summed over those outcomes.
    public let observed: Double
    /// The expected count N · Σ pᵢ over those outcomes, N being the total observed.
    public let expected: Double
}
