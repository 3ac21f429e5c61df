/// A wheel told the winning index up front, which computes where to stop (like seed 004).
public protocol TargetedWheelSubject: Sendable {
    associatedtype Rotation: BinaryFloatingPoint & Sendable

    var name: String { get }
    var summary: String { get }
    var geometry: WheelGeometry { get }
    var rotationUnit: AngleUnit { get }
    /// The indices the game means to choose from (uniformly, when it spins on its own).
    var indices: Range<Int> { get }

    /// Where the wheel stops for `index`, and what it reports.
    func spin(toIndex index: Int) -> TargetedSpin<Rotation>
}

extension TargetedWheelSubject {
    /// One spin with the index drawn uniformly from ``indices``.
    @inlinable
    public func spin<G: RandomNumberGenerator>(using generator: inout G) -> (index: Int, result: TargetedSpin<Rotation>) {
        let index = indices.lowerBound + Int(Sampling.uniformInteger(below: UInt64(indices.count), using: &generator))
        return (index, spin(toIndex: index))
    }
}
