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

    /// The probability the game claims for each outcome (in its rules, on screen), if it claims other
    /// odds than each sector's share of the painted circle; nil (the default) for those shares.
    var claimedOdds: [WheelOutcome: Double]? { get }

    /// How far an exact probability may lie from a claimed one and still agree with it: half a unit in the
    /// last digit the claims were printed with (claims shown as 0.1543 agree with 0.15432...); 1e-9 (the
    /// default) for claims given to full precision.
    var claimTolerance: Double { get }

    /// What the game pays for each label, the stake and the RTP it declares; nil (the default) if it pays
    /// nothing the audit should check.
    var paytable: Paytable<Int>? { get }
}

extension WheelSubject {
    /// nil: the game claims each sector's share of the painted circle.
    public var claimedOdds: [WheelOutcome: Double]? { nil }
    /// 1e-9: claims given to full precision.
    public var claimTolerance: Double { 1e-9 }
    /// nil: no paytable.
    public var paytable: Paytable<Int>? { nil }

    /// Draws u uniformly from ``spinDraw`` with the toolkit's 53-bit unit interval.
    @inlinable
    public func drawSpinValue<G: RandomNumberGenerator>(using generator: inout G) -> Rotation {
        Rotation(spinDraw.value(at: Sampling.unitInterval(using: &generator)))
    }

    /// One spin from `previous`: the rotation at rest and the reported result.
    @inlinable
    public func spin<G: RandomNumberGenerator>(
        from previous: Rotation, using generator: inout G
    ) -> (rotation: Rotation, outcome: WheelOutcome) {
        let rotation = rotation(afterDrawing: drawSpinValue(using: &generator), from: previous)
        return (rotation, report(rotation))
    }

    /// The exact truth for a rotation in the subject's own type and unit.
    /// - Precondition: `rotation` is finite.
    /// - Complexity: O(log n) for n sectors when the arcs tile the circle, O(n) otherwise (see
    ///   ``WheelGeometry/truth(rotation:unit:)``).
    public func truth(_ rotation: Rotation) -> PointerTruth {
        geometry.truth(rotation: Double(rotation), unit: rotationUnit)
    }
}
