import FairnessAudit
import Foundation

extension WheelSpec {
    /// The declared odds by outcome, when every sector declares one; nil otherwise (the sectors' shares
    /// are then what the game claims).
    public var claimedOdds: [WheelOutcome: Double]? {
        guard sectors.allSatisfy({ $0.claimed != nil }) else { return nil }
        return Dictionary(uniqueKeysWithValues: sectors.map { (.label($0.label), $0.claimed!) })
    }

    /// Half of ``claimsRoundedTo``, or 1e-9 for claims given exactly.
    public var claimTolerance: Double { claimsRoundedTo.map { $0 / 2 } ?? 1e-9 }

    /// The spec's angle `a` on the toolkit's screen convention (0 right, growing clockwise), in its unit.
    func screenAngle(_ a: Double) -> Double {
        zero.screenTurns * unit.fullTurn + (anglesGrow == .clockwise ? a : -a)
    }

    /// The wheel as declared, in the toolkit's screen convention: drawn arcs as painted (gaps and overlaps
    /// kept), or sizes laid out from the first sector's start.
    /// - Throws: `WheelGeometryError` if the widths do not close the circle (within 1e-9 turn), or an arc
    ///   does not run past its start.
    public func geometry() throws -> WheelGeometry {
        let start = screenAngle(firstSectorStart), pointer = screenAngle(self.pointer)
        if drawn {
            // An arc runs the way the spec's angles grow: clockwise on screen when they grow clockwise.
            return try WheelGeometry(
                drawnArcs: sectors.map { DrawnArc(label: $0.label, start: screenAngle($0.arc!.start), end: screenAngle($0.arc!.end)) },
                unit: unit, direction: anglesGrow, pointer: pointer)
        }
        if sizesAreWidths {
            return try WheelGeometry(
                sectors: sectors.map { SectorSpecification(label: $0.label, width: $0.size) }, unit: unit, firstSectorStart: start,
                direction: layout, pointer: pointer)
        }
        return try WheelGeometry.weighted(
            sectors.map(\.size), labels: sectors.map(\.label), unit: unit, firstSectorStart: start, direction: layout, pointer: pointer)
    }
}

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

/// The toolkit's exact model of a declared dice game: fair independent dice, the reference straight
/// detector and categories, the declared hands (by their rules), the declared reroll policy, and the
/// declared claims.
public struct SpecDice: DiceGame {
    /// The declaration.
    public let spec: DiceSpec
    /// The game's name.
    public let name: String
    /// One line saying what it is.
    public let summary: String
    /// The declared hands; the model has no detector of its own for them (their rules are the truth), so
    /// the audit computes their exact odds and compares them with the claims.
    public let hands: [DiceHand]

    /// The model of `spec`, named `name`.
    public init(_ spec: DiceSpec, name: String, summary: String) {
        self.spec = spec
        self.name = name
        self.summary = summary
        hands = spec.diceHands
    }

    /// The declared dice.
    public var dice: DiceSet { spec.dice }
    /// The declared reroll policy.
    public var rerollPolicy: RerollPolicy { spec.reroll }
    /// The declared claims, if any.
    public var claimedOdds: [PokerCategory: Double]? { spec.claimedOdds }
    /// How far exact odds may lie from the claims (half of `claims-rounded-to`).
    public var claimTolerance: Double { spec.claimTolerance }
    /// The declared prizes and payout terms, if any.
    public var paytable: Paytable<String>? { spec.paytable }

    /// Every die fair and independent.
    @inlinable
    public func roll<G: RandomNumberGenerator>(using generator: inout G) -> DiceRoll { dice.roll(using: &generator) }
    /// The reference straight.
    public func isStraight(_ roll: DiceRoll) -> Bool { PokerCategory.isStraight(roll) }
    /// The reference category.
    public func category(_ roll: DiceRoll) -> PokerCategory? { PokerCategory.of(roll) }
}

/// The toolkit's exact model of a declared wheel told its result up front (`draw: target`): the game
/// draws sector index i (0-based, in layout order) uniformly or by the declared weights, and stops with
/// the middle of sector i under the pointer, after the declared whole turns.
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
        let middle = sector.startTurns.value + sector.widthTurns.value / 2
        // position under the pointer = pointer − rotation (mod 1 turn).
        var turns = (geometry.pointerTurns.value - middle).truncatingRemainder(dividingBy: 1)
        if turns < 0 { turns += 1 }
        return .stops(at: (turns + Double(spec.turns)) * spec.unit.fullTurn, reports: .label(sector.label))
    }
}

extension GameSpec {
    /// The audit subject of the declared design (the toolkit's exact model of it).
    /// - Throws: `WheelGeometryError` if a wheel's sectors do not make a wheel (``SpecParser`` has checked
    ///   this already for parsed specs).
    public func subject() throws -> AuditSubject {
        switch game {
        case .wheel(let wheel) where wheel.draw == .target:
            return AuditSubject(targetedWheel: try SpecTargetedWheel(wheel, name: name, summary: summary))
        case .wheel(let wheel): return AuditSubject(wheel: try SpecWheel(wheel, name: name, summary: summary))
        case .dice(let dice): return AuditSubject(dice: SpecDice(dice, name: name, summary: summary))
        }
    }
}
