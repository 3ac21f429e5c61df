import FairnessModel
import Foundation
import Yams

// A wheel's declaration.
extension SpecReader {
    /// The fields of one mapping, by name: the key's node (for errors on the name) and the value's.
    typealias Fields = [String: (key: Node, value: Node)]

    func wheel(_ node: Node, _ path: String) throws -> WheelSpec {
        let fields = try mapping(
            node, path,
            allowed: [
                "unit", "zero", "angles-grow", "layout", "first-sector-start", "pointer", "sectors", "spin", "claims-rounded-to", "payout",
            ])
        let unit = try angleUnit(fields["unit"]?.value, join(path, "unit"))
        let zero = try fields["zero"].map { try choice($0.value, join(path, "zero"), SpecZero.self) } ?? .right
        let anglesGrow = try direction(fields["angles-grow"]?.value, join(path, "angles-grow"))
        let layout = try direction(fields["layout"]?.value, join(path, "layout"))
        let start = try fields["first-sector-start"].map { try angle($0.value, join(path, "first-sector-start"), unit: unit) } ?? 0
        let pointer = try angle(try require(fields, "pointer", in: node, path), join(path, "pointer"), unit: unit)
        let sectorsPath = join(path, "sectors")
        let sectorsNode = try require(fields, "sectors", in: node, path)
        let (sectors, usesWidth) = try self.sectors(sectorsNode, sectorsPath, unit: unit)
        let roundedTo = try roundingUnit(fields["claims-rounded-to"], join(path, "claims-rounded-to"))
        try checkClaims(sectors, sectorsNode, sectorsPath, roundedTo: roundedTo)
        let spin =
            try fields["spin"].map { try self.spin($0.value, join(path, "spin"), unit: unit, sectors: sectors.count) } ?? SpinFields()
        var spec = WheelSpec(
            unit: unit, zero: zero, anglesGrow: anglesGrow, layout: layout, firstSectorStart: start, pointer: pointer, sectors: sectors,
            sizesAreWidths: usesWidth ?? false, draw: spin.draw, turns: spin.turns, rotation: spin.rotation)
        spec.indexWeights = spin.indexWeights
        spec.claimsRoundedTo = roundedTo
        spec.payout = try fields["payout"].map { try payout($0.value, join(path, "payout")) }
        do {
            _ = try spec.geometry()
        } catch let error as WheelGeometryError {
            throw fail(sectorsNode, sectorsPath, Self.message(error, spec: spec))
        }
        return spec
    }

    /// `unit: degrees | radians` (degrees when absent).
    func angleUnit(_ node: Node?, _ path: String) throws -> AngleUnit {
        switch try node.map({ try string($0, path) }) ?? "degrees" {
        case "degrees": return .degrees
        case "radians": return .radians
        case let other: throw fail(node, path, "'\(other)' is not one of: degrees, radians")
        }
    }

    /// `clockwise | counterclockwise` (clockwise when absent).
    func direction(_ node: Node?, _ path: String) throws -> LayoutDirection {
        guard let node else { return .clockwise }
        switch try string(node, path) {
        case "clockwise": return .clockwise
        case "counterclockwise": return .counterclockwise
        case let other: throw fail(node, path, "'\(other)' is not one of: clockwise, counterclockwise")
        }
    }

    /// An angle in `unit`. An angle is a place on the wheel: more than a million turns from 0 is a typo, and
    /// past 2^53 units no slice could be told from its neighbour.
    func angle(_ node: Node, _ path: String, unit: AngleUnit) throws -> Double {
        let value = try number(node, path)
        guard abs(value) <= 1_000_000 * unit.fullTurn else {
            throw fail(
                node, path,
                "\(value) is more than a million turns from 0; give an angle within ±\(Int(1_000_000 * unit.fullTurn)) \(unit == .degrees ? "degrees" : "radians")"
            )
        }
        return value
    }

    /// How the sectors read so far give their sizes: every sector the same way (widths, weights, or drawn
    /// arcs), and each label once.
    struct SectorSizing {
        var usesWidth: Bool?
        var usesDrawn: Bool?
        var labels: Set<Int> = []
    }

    /// The sectors, in layout order, and whether their sizes are widths (nil for drawn arcs).
    func sectors(_ node: Node, _ path: String, unit: AngleUnit) throws -> (sectors: [WheelSpec.Sector], usesWidth: Bool?) {
        guard case .sequence(let list) = node, !list.isEmpty else { throw fail(node, path, "must be a non-empty list") }
        var sizing = SectorSizing()
        let sectors = try list.enumerated().map { index, item in try sector(item, "\(path)[\(index)]", unit: unit, sizing: &sizing) }
        return (sectors, sizing.usesWidth)
    }

    /// One sector: its label, its size (a width, a weight, or a drawn arc from start to end), its claimed
    /// odds and its prize.
    func sector(_ item: Node, _ itemPath: String, unit: AngleUnit, sizing: inout SectorSizing) throws -> WheelSpec.Sector {
        let sector = try mapping(item, itemPath, allowed: ["label", "width", "weight", "start", "end", "claimed", "prize"])
        let labelNode = try require(sector, "label", in: item, itemPath)
        let label = try integer(labelNode, itemPath + ".label", in: Int(Int32.min)...Int(Int32.max))
        guard sizing.labels.insert(label).inserted else {
            throw fail(labelNode, itemPath + ".label", "label \(label) is used by another sector")
        }
        let size: Double
        var arc: WheelSpec.DrawnSpan?
        if sector["start"] != nil || sector["end"] != nil {
            arc = try drawnArc(sector, item, itemPath, label: label, unit: unit, sizing: &sizing)
            size = arc!.end - arc!.start
        } else {
            size = try sectorSize(sector, item, itemPath, sizing: &sizing)
        }
        let claimed = try sector["claimed"].map { try probability($0.value, itemPath + ".claimed") }
        let prize = try sector["prize"].map { try number($0.value, itemPath + ".prize") }
        return WheelSpec.Sector(label: label, size: size, claimed: claimed, prize: prize, arc: arc)
    }

    /// A sector drawn from `start` to `end`, the way the angles grow, at most one turn.
    func drawnArc(
        _ sector: Fields, _ item: Node, _ itemPath: String, label: Int, unit: AngleUnit, sizing: inout SectorSizing
    ) throws -> WheelSpec.DrawnSpan {
        guard sector["width"] == nil && sector["weight"] == nil else {
            throw fail(item, itemPath, "give start and end, or a width, or a weight: not several")
        }
        guard let startField = sector["start"], let endField = sector["end"] else {
            throw fail(item, itemPath + (sector["start"] == nil ? ".start" : ".end"), "missing; a drawn sector needs both start and end")
        }
        if sizing.usesDrawn == false { throw fail(startField.key, itemPath + ".start", Self.oneSizeForAll) }
        sizing.usesDrawn = true
        let from = try angle(startField.value, itemPath + ".start", unit: unit)
        let to = try angle(endField.value, itemPath + ".end", unit: unit)
        guard to > from, to - from <= unit.fullTurn else {
            throw fail(
                endField.value, itemPath + ".end",
                "label \(label): the arc must run from start to end the way your angles grow, at most one turn (write \(unit == .degrees ? "350 to 370" : "6 to 6.5") for an arc across 0)"
            )
        }
        return WheelSpec.DrawnSpan(start: from, end: to)
    }

    /// A sector's width or weight: positive, and given the same way as every other sector's.
    func sectorSize(_ sector: Fields, _ item: Node, _ itemPath: String, sizing: inout SectorSizing) throws -> Double {
        if sizing.usesDrawn == true { throw fail(item, itemPath, Self.oneSizeForAll) }
        sizing.usesDrawn = false
        let size: Double
        switch (sector["width"], sector["weight"]) {
        case (let width?, nil):
            size = try number(width.value, itemPath + ".width")
            if sizing.usesWidth == false { throw fail(width.key, itemPath + ".width", Self.oneSizeForAll) }
            sizing.usesWidth = true
        case (nil, let weight?):
            size = try number(weight.value, itemPath + ".weight")
            if sizing.usesWidth == true { throw fail(weight.key, itemPath + ".weight", Self.oneSizeForAll) }
            sizing.usesWidth = false
        case (_?, _?): throw fail(item, itemPath, "give a width or a weight, not both")
        case (nil, nil):
            throw fail(item, itemPath + ".weight", "missing; each sector needs a weight, a width, or a start and an end")
        }
        guard size > 0 else {
            throw fail(
                sector["width"]?.value ?? sector["weight"]?.value, itemPath + (sizing.usesWidth! ? ".width" : ".weight"), "must be positive"
            )
        }
        return size
    }

    /// Claimed odds: for every sector or for none, summing to 1 (within half the rounding unit per sector).
    func checkClaims(_ sectors: [WheelSpec.Sector], _ node: Node, _ path: String, roundedTo: Double?) throws {
        let claims = sectors.compactMap(\.claimed)
        guard !claims.isEmpty else { return }
        guard claims.count == sectors.count else {
            throw fail(node, path, "claimed: give a claimed probability for every sector or for none")
        }
        let total = claims.reduce(0, +)
        // Rounded claims may miss 1 by half a unit each.
        guard abs(total - 1) <= 1e-9 + Double(claims.count) * (roundedTo ?? 0) / 2 else {
            throw fail(
                node, path,
                "claimed probabilities sum to \(total), not 1"
                    + (roundedTo == nil ? " (if the game prints them rounded, declare claims-rounded-to)" : ""))
        }
    }

    /// A wheel's `spin`: how the game draws (uniform, whole degrees, or a target index), the whole turns
    /// added, whether the rotation accumulates, and a targeted wheel's index weights.
    struct SpinFields {
        var draw = WheelSpec.Draw.uniform
        var turns = 0
        var rotation = WheelSpec.Rotation.reset
        var indexWeights: [Double]?
    }

    func spin(_ node: Node, _ spinPath: String, unit: AngleUnit, sectors: Int) throws -> SpinFields {
        let spin = try mapping(node, spinPath, allowed: ["draw", "turns", "rotation", "index-weights"])
        var result = SpinFields()
        result.draw = try spin["draw"].map { try choice($0.value, spinPath + ".draw", WheelSpec.Draw.self) } ?? .uniform
        result.turns = try spin["turns"].map { try integer($0.value, spinPath + ".turns", in: 0...1_000) } ?? 0
        result.rotation = try spin["rotation"].map { try choice($0.value, spinPath + ".rotation", WheelSpec.Rotation.self) } ?? .reset
        if result.draw == .integerDegrees && unit != .degrees {
            throw fail(spin["draw"]?.value, spinPath + ".draw", "integer-degrees needs unit: degrees")
        }
        if let weightsField = spin["index-weights"] {
            guard result.draw == .target else {
                throw fail(weightsField.key, spinPath + ".index-weights", "index-weights needs draw: target")
            }
            result.indexWeights = try indexWeights(weightsField.value, spinPath + ".index-weights", sectors: sectors)
        }
        return result
    }

    /// A targeted wheel's index weights: one per sector in layout order, none negative, one positive.
    func indexWeights(_ node: Node, _ weightsPath: String, sectors: Int) throws -> [Double] {
        guard case .sequence(let items) = node, items.count == sectors else {
            throw fail(node, weightsPath, "must be a list of \(sectors) weights, one per sector in layout order")
        }
        let weights = try items.enumerated().map { offset, item in
            let weight = try number(item, "\(weightsPath)[\(offset)]")
            guard weight >= 0 else { throw fail(item, "\(weightsPath)[\(offset)]", "must be zero or positive") }
            return weight
        }
        guard weights.contains(where: { $0 > 0 }) else { throw fail(node, weightsPath, "at least one weight must be positive") }
        return weights
    }

    /// A geometry's refusal in the spec's own terms: sectors by label, sizes in the spec's unit.
    static func message(_ error: WheelGeometryError, spec: WheelSpec) -> String {
        let unit = spec.unit == .degrees ? "degrees" : "radians"
        switch error {
        case .invalidWidth(let sector, let label, let width):
            let given = spec.sectors.indices.contains(sector) ? spec.sectors[sector].size : width
            let what = spec.drawn ? "arc" : spec.sizesAreWidths ? "width \(given)" : "weight \(given)"
            return
                "label \(label): its \(what) leaves a slice of \(width) \(unit), narrower than a double can mark where the slice lies on the circle (about 1e-16 of a turn away from the circle's zero, where finer slices fit): a sector this rare cannot be drawn there"
        case .doesNotCloseTheCircle:
            let total = spec.sectors.reduce(0) { $0 + $1.size }
            return
                "the widths sum to \(total) \(unit), not one turn (\(spec.unit.fullTurn) \(unit)); give weights to share the circle, or start and end to keep a gap as drawn"
        case .duplicateLabel(let label, _): return "label \(label) is used by more than one sector"
        case .invalidAngle(let what, let value): return "\(what) is \(value) in the toolkit's angles; it must be a finite angle"
        case .noSectors: return "must be a non-empty list"
        }
    }

    static let oneSizeForAll = "use weight for every sector, width for every sector, or start and end for every sector"
    static let handRules = "small straight, large straight, run of N, N of a kind, full house, two pair"
}
