import Foundation

/// One cell of a goodness-of-fit test after pooling: the original outcome indices it covers.
public struct PooledCell: Sendable, Hashable, Codable {
    public let indices: [Int]
    public let observed: Double
    public let expected: Double
}
