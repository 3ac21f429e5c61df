/// A wheel told the winning index up front, which computes where to stop (like seed 004).
public protocol TargetedWheelSubject: Sendable {
    /// The floating-point type the implementation computes its stopping rotation in (`Double`, `Float`, ...).
    associatedtype Rotation: BinaryFloatingPoint & Sendable

    /// A short identifier, unique among subjects.
    var name: String { get }
    /// One line saying what the wheel is.
    var summary: String { get }
    /// The wheel as drawn.
    var geometry: WheelGeometry { get }
    /// The unit of the ``Rotation`` values in a ``TargetedSpin``. Positive rotations turn the wheel
    /// clockwise on screen.
    var rotationUnit: AngleUnit { get }
    /// The indices the game means to choose from (uniformly, when it spins on its own).
    var indices: Range<Int> { get }

    /// Where the wheel stops for `index`, and what it reports.
    func spin(toIndex index: Int) -> TargetedSpin<Rotation>
}

extension TargetedWheelSubject {
    /// One spin with the index drawn uniformly from ``indices``.
    /// - Precondition: ``indices`` is not empty.
    @inlinable
    public func spin<G: RandomNumberGenerator>(using generator: inout G) -> (index: Int, result: TargetedSpin<Rotation>) {
        let index = indices.lowerBound + Int(Sampling.uniformInteger(below: UInt64(indices.count), using: &generator))
        return (index, spin(toIndex: index))
    }
}
