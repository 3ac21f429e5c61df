import Foundation

/// One sector as specified: its label (what a result names), a display name, and its angular width.
public struct SectorSpecification: Sendable, Hashable, Codable {
    /// The label a result names this sector by; unique within a geometry.
    public let label: Int
    /// The name shown for the sector in reports (the label's decimal digits unless given).
    public let name: String
    /// The sector's angular width in the geometry's unit; must be finite and positive.
    public let width: Double

    /// A sector of `width` (in the geometry's unit) labelled `label`.
    /// - Parameters:
    ///   - label: The label a result names the sector by.
    ///   - name: The display name; nil gives the label's decimal digits.
    ///   - width: The angular width, in the unit of the geometry it goes into.
    public init(label: Int, name: String? = nil, width: Double) {
        self.label = label
        self.name = name ?? String(label)
        self.width = width
    }
}
