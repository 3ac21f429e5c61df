import Foundation

/// One sector as drawn by an implementation: its arc from `start` to `end`, going in the layout direction.
public struct DrawnArc: Sendable, Hashable, Codable {
    /// The label a result names this sector by; unique within a geometry.
    public let label: Int
    /// The name shown for the sector in reports (the label's decimal digits unless given).
    public let name: String
    /// The angle where the painted arc begins, in the geometry's unit (not reduced to one turn).
    public let start: Double
    /// The angle where the painted arc ends, in the geometry's unit: past ``start`` in the layout direction
    /// (greater for a clockwise layout, smaller for a counter-clockwise one).
    public let end: Double

    /// An arc painted from `start` to `end` (in the geometry's unit and layout direction), labelled `label`.
    /// - Parameters:
    ///   - label: The label a result names the sector by.
    ///   - name: The display name; nil gives the label's decimal digits.
    ///   - start: The angle the arc begins at, as the implementation computes it.
    ///   - end: The angle the arc ends at, as the implementation computes it.
    public init(label: Int, name: String? = nil, start: Double, end: Double) {
        self.label = label
        self.name = name ?? String(label)
        self.start = start
        self.end = end
    }
}
