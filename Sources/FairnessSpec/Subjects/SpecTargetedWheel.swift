import FairnessModel
import Foundation

/// The toolkit's exact model of a declared wheel told its result up front (`draw: target`): the game
/// draws sector index i (0-based, in layout order) uniformly or by the declared weights, and stops with
/// the middle of sector i under the pointer, after the declared whole turns — from rest, or with
/// `rotation: accumulated` from where the previous spin left the wheel (the whole turns, then forward to
/// the stop).
public struct SpecTargetedWheel: TargetedWheelSubject {
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
    /// 0 ..< the number of sectors.
    public var indices: Range<Int> { 0..<spec.sectors.count }
    /// The declared index weights, or nil for a uniform draw.
    public var indexWeights: [Double]? { spec.indexWeights }
    /// The declared odds, when every sector declares one.
    public var claimedOdds: [WheelOutcome: Double]? { spec.claimedOdds }
    /// How far exact odds may lie from the claims (half of `claims-rounded-to`).
    public var claimTolerance: Double { spec.claimTolerance }
    /// The declared prizes and payout terms, if any.
    public var paytable: Paytable<Int>? { spec.paytable }

    /// Stops with the middle of sector `index` under the pointer and reports its label; refuses an index
    /// out of range.
    public func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let sector = geometry.sectors[index]
        return .stops(at: (restingTurns(of: index) + Double(spec.turns)) * spec.unit.fullTurn, reports: .label(sector.label))
    }

    /// With `rotation: accumulated`, from `previous`: `previous`, plus the declared whole turns, plus the
    /// way forward (less than a turn) to the rotation that brings the middle of sector `index` under the
    /// pointer; otherwise ``spin(toIndex:)``.
    public func spin(toIndex index: Int, drawing u: Double, from previous: Double) -> TargetedSpin<Double> {
        guard spec.rotation == .accumulated, previous != 0, indices.contains(index) else { return spin(toIndex: index) }
        let turn = spec.unit.fullTurn
        var forward = (restingTurns(of: index) * turn - previous).truncatingRemainder(dividingBy: turn)
        if forward < 0 { forward += turn }
        return .stops(at: previous + Double(spec.turns) * turn + forward, reports: .label(geometry.sectors[index].label))
    }

    /// The rotation, in turns within [0, 1), that brings the middle of sector `index` under the pointer.
    private func restingTurns(of index: Int) -> Double {
        let sector = geometry.sectors[index]
        let middle = sector.startTurns.value + sector.widthTurns.value / 2
        // position under the pointer = pointer − rotation (mod 1 turn).
        var turns = (geometry.pointerTurns.value - middle).truncatingRemainder(dividingBy: 1)
        if turns < 0 { turns += 1 }
        return turns
    }
}
