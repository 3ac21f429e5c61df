import Foundation

/// The unit an angle or a rotation is written in.
///
/// Convention (UIKit screen angles, used throughout the toolkit and by all the seeds): angle 0 points
/// right, angles grow **clockwise on screen** (y grows downwards), and a positive rotation turns the
/// wheel clockwise. A wheel point at angle α, after the wheel rotates by r, sits at α + r; the wheel
/// point under a pointer at angle p is therefore p − r.
public enum AngleUnit: String, Sendable, Hashable, Codable {
    /// Degrees: a full turn is 360.
    case degrees
    /// Radians: a full turn is 2π.
    case radians

    /// One full turn in this unit, as a double (2π is rounded; exact arithmetic uses ``Turns``).
    @inlinable
    public var fullTurn: Double {
        switch self {
        case .degrees: return 360
        case .radians: return 2 * Double.pi
        }
    }

    /// The suffix written after a value in this unit: `°` for degrees, ` rad` (with a leading space) for radians.
    public var symbol: String { self == .degrees ? "°" : " rad" }

    /// Converts a value in this unit to another, rounded to the nearest double.
    public func convert(_ value: Double, to unit: AngleUnit) -> Double {
        if unit == self { return value }
        return unit == .degrees ? value * 180 / Double.pi : value * Double.pi / 180
    }
}
