/// One mislabelled arc (consistency check).
public struct ArcRow: Sendable, Hashable, Codable {
    public var subject: String
    public var from: Double
    public var to: Double
    public var unit: String
    public var shareOfCircle: Double
    public var reported: String
    public var truth: String
}
