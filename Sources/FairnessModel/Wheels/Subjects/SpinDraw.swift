/// How a wheel subject's spin distributes the value it draws: uniformly on [lower, upper), in the
/// subject's rotation unit (or whatever unit its ``WheelSubject/rotation(afterDrawing:from:)`` expects).
public struct SpinDraw: Sendable, Hashable {
    /// The smallest value drawn.
    public let lower: Double
    /// The bound the drawn values stay below.
    public let upper: Double

    /// A draw uniform on [lower, upper).
    /// - Throws: ``SpinDrawError/emptyInterval(lower:upper:)`` unless both bounds are finite and
    ///   `lower < upper`.
    public init(lower: Double, upper: Double) throws {
        guard lower.isFinite, upper.isFinite, lower < upper else { throw SpinDrawError.emptyInterval(lower: lower, upper: upper) }
        self.lower = lower
        self.upper = upper
    }

    @usableFromInline
    init(validLower lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// The value drawn at `u` ∈ [0, 1): lower + u · (upper − lower), computed in that order (every path
    /// that turns a unit draw into a spin uses this, so they agree to the bit).
    @inlinable
    public func value(at u: Double) -> Double { lower + u * (upper - lower) }

    /// A draw uniform on [0, 1).
    @inlinable
    public static var unitInterval: SpinDraw { SpinDraw(validLower: 0, upper: 1) }

    /// A draw uniform over one turn, [0, 360) degrees or [0, 2π) radians.
    @inlinable
    public static func oneTurn(in unit: AngleUnit) -> SpinDraw { SpinDraw(validLower: 0, upper: unit.fullTurn) }
}

/// Why a ``SpinDraw`` was refused.
public enum SpinDrawError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The interval [lower, upper) is empty or not finite.
    case emptyInterval(lower: Double, upper: Double)

    public var description: String {
        switch self {
        case .emptyInterval(let lower, let upper):
            return "spin draw [\(lower), \(upper)) is empty or not finite; it needs finite bounds with lower < upper"
        }
    }
}
