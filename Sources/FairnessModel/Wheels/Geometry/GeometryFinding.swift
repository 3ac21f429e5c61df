import Foundation

/// What a drawn wheel leaves uncovered or covers twice.
public struct GeometryFinding: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable { case gap, overlap }
    public let kind: Kind
    /// The sector after which the gap or overlap begins, and the one it runs into.
    public let after: Int
    public let before: Int
    /// Where it begins (clockwise), and how wide it is, in the geometry's unit.
    public let at: Double
    public let width: Double
    public let unit: AngleUnit

    public var description: String {
        String(format: "%@ of %.9g%@ between sector %d and sector %d, starting at %.9g%@",
               kind.rawValue, width, unit.symbol, after, before, at, unit.symbol)
    }
}
