import Foundation

/// A sector of a wheel, with its arc in the geometry's unit and in exact turns.
public struct WheelSector: Sendable, Hashable {
    /// The sector's position in ``WheelGeometry/sectors`` (the order given).
    public let index: Int
    /// The label a result names this sector by; unique within its geometry.
    public let label: Int
    /// The name shown for the sector in reports.
    public let name: String
    /// Where the arc begins and how wide it is, clockwise, in the geometry's unit.
    public let start: Double
    /// The arc's angular width, clockwise, in the geometry's unit; positive.
    public let width: Double
    /// The same, in turns, with `startTurns` reduced to [0, 1).
    public let startTurns: Turns
    /// The width in turns, as the exact truth uses it: made to end exactly where the next arc begins for a
    /// geometry built from widths, or across a drawn gap or overlap narrower than
    /// ``WheelGeometry/drawingRoundingTolerance``.
    public let widthTurns: Turns
}
