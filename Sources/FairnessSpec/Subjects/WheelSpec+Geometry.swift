import FairnessModel
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
