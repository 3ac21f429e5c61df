/// What a wheel implementation reports when it comes to rest.
public enum WheelOutcome: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A label: valid if some sector carries it, invalid otherwise.
    case label(Int)
    /// No result: nothing was selected, or the implementation shows something that names no sector.
    case noResult

    public var description: String {
        switch self {
        case .label(let l): return "\(l)"
        case .noResult: return "no result"
        }
    }

    public var label: Int? { if case .label(let l) = self { return l }; return nil }
}

/// How a wheel subject's spin distributes the value it draws.
public struct SpinDraw: Sendable, Hashable {
    /// The drawn value is uniform on [lower, upper) (in the subject's rotation unit).
    public let lower: Double
    public let upper: Double

    public init(lower: Double, upper: Double) {
        precondition(lower < upper)
        self.lower = lower
        self.upper = upper
    }
}

/// A spin wheel under audit whose result is read from its rotation: a user's own, a seed port, or the
/// reference.
///
/// A spin draws a value u from the generator (uniform on ``spinDraw``), turns it into the rotation the
/// wheel comes to rest at, and the implementation reports a result for that rotation. The exact checks
/// probe ``report(_:)`` directly, in the subject's own floating-point type ``Rotation`` and unit.
/// Conformers are value types; everything is generic so audit loops specialise (no existentials).
public protocol WheelSubject: Sendable {
    /// The floating-point type the implementation holds its rotation in (`Double`, `Float`, ...).
    associatedtype Rotation: BinaryFloatingPoint & Sendable

    /// A short identifier, unique among subjects.
    var name: String { get }
    /// One line saying what the wheel is.
    var summary: String { get }
    /// The wheel as drawn.
    var geometry: WheelGeometry { get }
    /// The unit of ``Rotation`` values. Positive rotations turn the wheel clockwise on screen.
    var rotationUnit: AngleUnit { get }
    /// The rotation before the first spin.
    var initialRotation: Rotation { get }
    /// The distribution of the value a spin draws.
    var spinDraw: SpinDraw { get }

    /// The rotation at rest after a spin from `previous` that drew `u`.
    func rotation(afterDrawing u: Rotation, from previous: Rotation) -> Rotation

    /// The result the implementation reports for a wheel at rest at `rotation`.
    func report(_ rotation: Rotation) -> WheelOutcome
}

extension WheelSubject {
    /// Draws u uniformly from ``spinDraw`` with the toolkit's 53-bit unit interval.
    @inlinable
    public func drawSpinValue<G: RandomNumberGenerator>(using generator: inout G) -> Rotation {
        let unit = Sampling.unitInterval(using: &generator)
        return Rotation(spinDraw.lower + unit * (spinDraw.upper - spinDraw.lower))
    }

    /// One spin from `previous`: the rotation at rest and the reported result.
    @inlinable
    public func spin<G: RandomNumberGenerator>(from previous: Rotation, using generator: inout G) -> (rotation: Rotation, outcome: WheelOutcome) {
        let rotation = rotation(afterDrawing: drawSpinValue(using: &generator), from: previous)
        return (rotation, report(rotation))
    }

    /// The exact truth for a rotation in the subject's own type and unit.
    public func truth(_ rotation: Rotation) -> PointerTruth {
        geometry.truth(rotation: Double(rotation), unit: rotationUnit)
    }
}

/// What a wheel that is told its result up front does with an index.
public enum TargetedSpin<Rotation: BinaryFloatingPoint & Sendable>: Sendable, Hashable {
    /// The wheel declines the index and does not spin.
    case refused
    /// The wheel stops at `rotation` and reports `outcome`.
    case stops(at: Rotation, reports: WheelOutcome)
    /// The wheel stops at `rotation`, then the implementation traps (crashes) before reporting.
    case traps(at: Rotation, reason: String)
}

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
