import Foundation

/// A sector of a wheel, with its arc in the geometry's unit and in exact turns.
public struct WheelSector: Sendable, Hashable {
    public let index: Int
    public let label: Int
    public let name: String
    /// Where the arc begins and how wide it is, clockwise, in the geometry's unit.
    public let start: Double
    public let width: Double
    /// The same, in turns, with `startTurns` reduced to [0, 1).
    public let startTurns: Turns
    public let widthTurns: Turns
}
