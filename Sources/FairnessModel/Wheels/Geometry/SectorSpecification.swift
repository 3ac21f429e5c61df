import Foundation

/// One sector as specified: its label (what a result names), a display name, and its angular width.
public struct SectorSpecification: Sendable, Hashable, Codable {
    public let label: Int
    public let name: String
    public let width: Double

    public init(label: Int, name: String? = nil, width: Double) {
        self.label = label
        self.name = name ?? String(label)
        self.width = width
    }
}
