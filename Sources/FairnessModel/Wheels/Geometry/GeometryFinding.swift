import Foundation

/// What a drawn wheel leaves uncovered or covers twice.
public struct GeometryFinding: Sendable, Hashable, CustomStringConvertible, Codable {
    /// Whether the circle is left uncovered or covered twice (`gap` or `overlap`).
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Part of the circle no arc covers.
        case gap
        /// Part of the circle two arcs cover (the later one is drawn on top).
        case overlap
    }
    /// Whether this is a gap or an overlap.
    public let kind: Kind
    /// The sector after which the gap or overlap begins, and the one it runs into.
    public let after: Int
    /// The index of the sector the gap or overlap runs into (the next one by start, clockwise).
    public let before: Int
    /// Where it begins (clockwise), and how wide it is, in the geometry's unit.
    public let at: Double
    /// The gap's or overlap's angular width, in ``unit``; always positive.
    public let width: Double
    /// The unit of ``at`` and ``width``.
    public let unit: AngleUnit

    public var description: String {
        String(
            format: "%@ of %.9g%@ between sector %d and sector %d, starting at %.9g%@",
            kind.rawValue, width, unit.symbol, after, before, at, unit.symbol)
    }
}
