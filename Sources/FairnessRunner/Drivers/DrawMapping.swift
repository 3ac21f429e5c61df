import FairnessModel

/// How a unit draw u ∈ [0, 1) becomes a spin's value: `SpinDraw.value(at:)`, to the bit, with no
/// arithmetic the interval does not need.
@usableFromInline
protocol DrawMapping {
    func value(at u: Double) -> Double
}

/// [0, 1): u itself.
@usableFromInline
struct UnitDraw: DrawMapping {
    @inlinable package init() {}
    @inlinable func value(at u: Double) -> Double { u }
}

/// [0, width): u · width.
@usableFromInline
struct ScaledDraw: DrawMapping {
    @usableFromInline let width: Double
    @inlinable package init(width: Double) { self.width = width }
    @inlinable func value(at u: Double) -> Double { u * width }
}

/// Any interval: lower + u · (upper − lower).
@usableFromInline
struct IntervalDraw: DrawMapping {
    @usableFromInline let interval: SpinDraw
    @inlinable package init(interval: SpinDraw) { self.interval = interval }
    @inlinable func value(at u: Double) -> Double { interval.value(at: u) }
}
