import FairnessModel
import Foundation

/// The toolkit's exact model of a declared wheel: it reports the exact truth (a rotation exactly on a line
/// goes to the sector starting there), spins by the declared rule, and claims the declared odds. Auditing
/// it audits the design: whether the spin rule gives each sector the odds the game claims.
public struct SpecWheel: WheelSubject {
    /// Rotations are `Double`, in the spec's unit, positive clockwise on screen.
    public typealias Rotation = Double
    /// The declaration.
    public let spec: WheelSpec
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The wheel as declared.
    public let geometry: WheelGeometry

    /// The model of `spec`, named `name`.
    /// - Throws: `WheelGeometryError` if the declared sectors do not make a wheel.
    public init(_ spec: WheelSpec, name: String, summary: String) throws {
        self.spec = spec
        self.name = name
        self.summary = summary
        geometry = try spec.geometry()
    }

    /// The spec's unit.
    public var rotationUnit: AngleUnit { spec.unit }
    /// 0.
    public var initialRotation: Double { 0 }
    /// One turn in the spec's unit (integer-degree stops floor the drawn value).
    public var spinDraw: SpinDraw { .oneTurn(in: spec.unit) }
    /// The declared odds, when every sector declares one.
    public var claimedOdds: [WheelOutcome: Double]? { spec.claimedOdds }
    /// How far exact odds may lie from the claims (half of `claims-rounded-to`).
    public var claimTolerance: Double { spec.claimTolerance }
    /// The declared prizes and payout terms, if any.
    public var paytable: Paytable<Int>? { spec.paytable }

    /// `previous` (accumulated) or 0 (reset), plus the declared whole turns, plus the drawn angle (floored
    /// to whole degrees for integer-degree stops).
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        let angle = spec.draw == .integerDegrees ? u.rounded(.down) : u
        return (spec.rotation == .accumulated ? previous : 0) + Double(spec.turns) * spec.unit.fullTurn + angle
    }

    /// The exact truth; on a line, the sector that starts there.
    public func report(_ rotation: Double) -> WheelOutcome {
        switch geometry.truth(rotation: rotation, unit: spec.unit) {
        case .inside(let index): return .label(geometry.sectors[index].label)
        case .onLine(let touching):
            let position = geometry.positionUnderPointer(rotation: rotation, unit: spec.unit)
            let starting = touching.first { index in
                let offset = (position - geometry.sectors[index].startTurns).fractionalPart.value
                return offset < 1e-12 || offset > 1 - 1e-12
            }
            return .label(geometry.sectors[starting ?? touching[0]].label)
        case .blank: return .noResult
        }
    }
}
