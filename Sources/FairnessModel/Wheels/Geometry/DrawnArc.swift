import Foundation

/// One sector as drawn by an implementation: its arc from `start` to `end`, going in the layout direction.
public struct DrawnArc: Sendable, Hashable, Codable {
    public let label: Int
    public let name: String
    public let start: Double
    public let end: Double

    public init(label: Int, name: String? = nil, start: Double, end: Double) {
        self.label = label
        self.name = name ?? String(label)
        self.start = start
        self.end = end
    }
}
