import Foundation

/// An angle as a number of turns, held as an unevaluated sum of two doubles (≈ 106 bits).
///
/// Radians cannot be reduced modulo 2π exactly in floating point, and degrees and radians cannot be
/// compared exactly. Converting both to turns with 106-bit precision makes every comparison of a rotation
/// with a sector line exact except within ``lineTolerance(for:)`` of the line, a band about 2^-90 turn
/// wide — far narrower than the gap between neighbouring doubles at any rotation a wheel can reach, so
/// a rotation in that band is genuinely on the line.
public struct Turns: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The leading part: ``value`` rounded to the nearest double.
    public let high: Double
    /// The trailing part: the rounding error of ``high``, at most half an ulp of ``high`` in magnitude.
    public let low: Double

    /// The angle `high + low` turns, renormalised by an exact two-sum so that ``high`` is the sum rounded
    /// to the nearest double and ``low`` the (exact) rounding error.
    @inlinable
    public init(high: Double, low: Double) {
        let s = high + low
        let virtual = s - high
        self.high = s
        self.low = (high - (s - virtual)) + (low - virtual)
    }

    /// Exactly `value` turns.
    @inlinable
    public init(_ value: Double) { self.high = value; self.low = 0 }

    /// 1/(2π) as a double-double.
    @usableFromInline static let inverseTwoPi = (high: 0.15915494309189535, low: -9.839338337591243e-18)

    /// `value` (in `unit`) as turns, to about 2^-104 relative.
    @inlinable
    public init(_ value: Double, unit: AngleUnit) {
        switch unit {
        case .degrees:
            let q = value / 360
            self.init(high: q, low: fma(-q, 360, value) / 360)
        case .radians:
            let q = value * Self.inverseTwoPi.high
            self.init(high: q, low: fma(value, Self.inverseTwoPi.high, -q) + value * Self.inverseTwoPi.low)
        }
    }

    /// The angle in turns, rounded to a double (`high + low`).
    public var value: Double { high + low }

    /// The sum, by double-double addition: the high parts are added with an exact two-sum and the low
    /// parts are added to its error, keeping about 106 bits (not exact).
    @inlinable
    public static func + (a: Turns, b: Turns) -> Turns {
        let s = a.high + b.high
        let virtual = s - a.high
        let error = (a.high - (s - virtual)) + (b.high - virtual)
        return Turns(high: s, low: error + a.low + b.low)
    }

    /// The negated angle (exact).
    @inlinable
    public static prefix func - (a: Turns) -> Turns { Turns(high: -a.high, low: -a.low) }

    /// The difference `a + (−b)`, with the precision of ``+(_:_:)``.
    @inlinable
    public static func - (a: Turns, b: Turns) -> Turns { a + (-b) }

    @inlinable
    public static func < (a: Turns, b: Turns) -> Bool { (a.high, a.low) < (b.high, b.low) }

    /// The fractional part, in [0, 1).
    @inlinable
    public var fractionalPart: Turns {
        // Subtract the whole turns with an exact two-sum: `high - whole` alone can round (−0.49999999999999994 + 1).
        let whole = high.rounded(.down)
        var result = self + Turns(-whole)
        if result.high < 0 || (result.high == 0 && result.low < 0) { result = result + Turns(1) }
        // (1, −ε) is 1 − ε, already below a turn.
        if result.high > 1 || (result.high == 1 && result.low >= 0) { result = result - Turns(1) }
        return result
    }

    /// Width of the band around a line within which a rotation of `magnitude` turns counts as on it.
    @inlinable
    public static func lineTolerance(for magnitude: Double) -> Double {
        0x1p-90 * max(1, abs(magnitude))
    }

    public var description: String { String(format: "%.17g turn", value) }
}
