import Foundation

/// A wheel's geometry: ordered sectors, where they start, their layout direction, and the pointer.
///
/// Sectors are half-open arcs [start, start + width) in the clockwise sense (counter-clockwise layouts
/// are converted). The geometric truth for any rotation is computed in exact turns (see ``Turns``).
/// A geometry built from widths must close the circle within a tolerance; one built from drawn arcs
/// (the way an implementation actually paints them) may leave gaps or overlaps, which are kept and
/// reported as ``findings``; where arcs overlap, the one drawn later is on top.
public struct WheelGeometry: Sendable, Hashable {
    /// The unit of every angle in the geometry: ``pointer``, sector starts and widths, findings.
    public let unit: AngleUnit
    /// The pointer's screen angle in ``unit`` (0 points right, angles grow clockwise on screen).
    public let pointer: Double
    /// The direction the sectors were laid out in, as given; ``sectors`` hold their arcs clockwise either way.
    public let direction: LayoutDirection
    /// The sectors in the order given; `sectors[i].index == i`.
    public let sectors: [WheelSector]
    /// Gaps and overlaps in a drawn geometry (always empty for one built from widths).
    public let findings: [GeometryFinding]
    /// The pointer's angle in turns.
    public let pointerTurns: Turns
    /// Sectors ordered by their start in turns, for binary search when the arcs tile the circle.
    let tiles: Bool
    let orderByStart: [Int]

    /// Gaps and overlaps between drawn arcs narrower than this (in turns) are rounding and are closed.
    public static let drawingRoundingTolerance = 1e-9

    /// Default tolerance on the sum of widths, in turns.
    public static let closureTolerance = 1e-9

    /// A wheel whose sectors follow one another from `firstSectorStart` in `direction`; their widths
    /// must sum to a full turn within `tolerance` turns. The last sector is closed onto the first.
    /// - Parameters:
    ///   - specifications: The sectors in layout order, with their widths in `unit`.
    ///   - unit: The unit of the widths, `firstSectorStart` and `pointer`.
    ///   - firstSectorStart: The screen angle at which the first sector begins.
    ///   - direction: The direction in which each sector follows the previous one.
    ///   - pointer: The pointer's screen angle.
    ///   - tolerance: How far, in turns, the widths may sum from a full turn.
    /// - Throws: ``WheelGeometryError/noSectors`` if `specifications` is empty,
    ///   ``WheelGeometryError/invalidAngle(what:value:)`` if `firstSectorStart` or `pointer` is not finite,
    ///   ``WheelGeometryError/invalidWidth(sector:label:width:)`` if a width is not finite and positive,
    ///   ``WheelGeometryError/doesNotCloseTheCircle(_:tolerance:)`` if the widths miss a full turn by more than
    ///   `tolerance` turns, and ``WheelGeometryError/duplicateLabel(_:sectors:)`` if two sectors share a label.
    /// - Complexity: O(n log n) for n sectors.
    public init(
        sectors specifications: [SectorSpecification],
        unit: AngleUnit = .degrees,
        firstSectorStart: Double = 0,
        direction: LayoutDirection = .clockwise,
        pointer: Double,
        tolerance: Double = WheelGeometry.closureTolerance
    ) throws {
        guard !specifications.isEmpty else { throw WheelGeometryError.noSectors }
        guard firstSectorStart.isFinite else { throw WheelGeometryError.invalidAngle(what: "first sector start", value: firstSectorStart) }
        var total = Turns(0)
        for (index, s) in specifications.enumerated() {
            guard s.width.isFinite, s.width > 0 else {
                throw WheelGeometryError.invalidWidth(sector: index, label: s.label, width: s.width)
            }
            total = total + Turns(s.width, unit: unit)
        }
        let excess = (total - Turns(1)).value
        if abs(excess) > tolerance {
            let lastEnd = firstSectorStart + (direction == .clockwise ? 1 : -1) * total.value * unit.fullTurn
            let finding = GeometryFinding(
                kind: excess < 0 ? .gap : .overlap, after: specifications.count - 1, before: 0,
                at: lastEnd, width: abs(excess) * unit.fullTurn, unit: unit)
            throw WheelGeometryError.doesNotCloseTheCircle(finding, tolerance: tolerance)
        }
        // Lay the arcs out; the last one is stretched or shrunk (within tolerance) to close the circle.
        var arcs: [DrawnArc] = []
        var offset = 0.0
        for (index, s) in specifications.enumerated() {
            let width = index == specifications.count - 1 ? unit.fullTurn - offset : s.width
            let start = firstSectorStart + (direction == .clockwise ? offset : -offset)
            arcs.append(
                DrawnArc(
                    label: s.label, name: s.name, start: start,
                    end: start + (direction == .clockwise ? width : -width)))
            offset += s.width
        }
        try self.init(validatedArcs: arcs, unit: unit, direction: direction, pointer: pointer, closeExactly: true)
    }

    /// `count` equal sectors labelled 1 ... count (or `labels`), the first starting at `firstSectorStart`.
    /// - Throws: ``WheelGeometryError/noSectors`` if `count` < 1; otherwise the errors of
    ///   ``init(sectors:unit:firstSectorStart:direction:pointer:tolerance:)``, such as
    ///   ``WheelGeometryError/duplicateLabel(_:sectors:)`` for repeated `labels`, or
    ///   ``WheelGeometryError/doesNotCloseTheCircle(_:tolerance:)`` if `labels` does not have `count` elements.
    /// - Complexity: O(n log n) for n sectors.
    public static func equal(
        count: Int, labels: [Int]? = nil, unit: AngleUnit = .degrees, firstSectorStart: Double = 0,
        direction: LayoutDirection = .clockwise, pointer: Double
    ) throws -> WheelGeometry {
        guard count >= 1 else { throw WheelGeometryError.noSectors }
        let labels = labels ?? Array(1...count)
        let width = unit.fullTurn / Double(count)
        return try WheelGeometry(
            sectors: labels.map { SectorSpecification(label: $0, width: width) }, unit: unit,
            firstSectorStart: firstSectorStart, direction: direction, pointer: pointer)
    }

    /// Sectors weighted by `weights` (any positive numbers; each sector's width is its share of a turn).
    ///
    /// `labels`, if given, must have one label per weight (1 ... weights.count by default).
    /// - Throws: ``WheelGeometryError/noSectors`` if `weights` is empty,
    ///   ``WheelGeometryError/invalidWidth(sector:label:width:)`` if a weight is not finite and positive;
    ///   otherwise the errors of ``init(sectors:unit:firstSectorStart:direction:pointer:tolerance:)``, which
    ///   is called with a tolerance of 1e-12 turn.
    /// - Complexity: O(n log n) for n sectors.
    public static func weighted(
        _ weights: [Double], labels: [Int]? = nil, unit: AngleUnit = .degrees, firstSectorStart: Double = 0,
        direction: LayoutDirection = .clockwise, pointer: Double
    ) throws -> WheelGeometry {
        guard !weights.isEmpty else { throw WheelGeometryError.noSectors }
        for (index, w) in weights.enumerated() where !(w.isFinite && w > 0) {
            throw WheelGeometryError.invalidWidth(sector: index, label: labels?[index] ?? index + 1, width: w)
        }
        let sum = weights.reduce(0, +)
        let labels = labels ?? Array(1...weights.count)
        return try WheelGeometry(
            sectors: zip(labels, weights).map { SectorSpecification(label: $0, width: $1 / sum * unit.fullTurn) },
            unit: unit, firstSectorStart: firstSectorStart, direction: direction, pointer: pointer, tolerance: 1e-12)
    }

    /// A wheel exactly as an implementation draws it: each arc where it is painted, gaps and overlaps kept.
    /// - Throws: ``WheelGeometryError/noSectors`` if `drawnArcs` is empty,
    ///   ``WheelGeometryError/invalidAngle(what:value:)`` if `pointer` or an arc's start or end is not finite,
    ///   ``WheelGeometryError/invalidWidth(sector:label:width:)`` if an arc does not extend past its start in
    ///   `direction`, and ``WheelGeometryError/duplicateLabel(_:sectors:)`` if two arcs share a label.
    ///   Gaps and overlaps are not errors; they are kept in ``findings``.
    /// - Complexity: O(n log n) for n arcs.
    public init(drawnArcs: [DrawnArc], unit: AngleUnit, direction: LayoutDirection, pointer: Double) throws {
        try self.init(validatedArcs: drawnArcs, unit: unit, direction: direction, pointer: pointer, closeExactly: false)
    }

    private init(validatedArcs arcs: [DrawnArc], unit: AngleUnit, direction: LayoutDirection, pointer: Double, closeExactly: Bool) throws {
        guard !arcs.isEmpty else { throw WheelGeometryError.noSectors }
        guard pointer.isFinite else { throw WheelGeometryError.invalidAngle(what: "pointer", value: pointer) }
        var sectors = try Self.sectors(of: arcs, unit: unit, direction: direction)
        if closeExactly {
            Self.closeExactly(&sectors)
        } else {
            Self.closeRoundingSlivers(&sectors)
        }
        var byLabel: [Int: [Int]] = [:]
        for s in sectors { byLabel[s.label, default: []].append(s.index) }
        if let (label, indices) = byLabel.first(where: { $0.value.count > 1 }).map({ ($0.key, $0.value) }) {
            throw WheelGeometryError.duplicateLabel(label, sectors: indices.sorted())
        }
        self.unit = unit
        self.pointer = pointer
        self.direction = direction
        self.sectors = sectors
        self.pointerTurns = Turns(pointer, unit: unit)
        let order = sectors.indices.sorted { sectors[$0].startTurns < sectors[$1].startTurns }
        self.orderByStart = order
        self.findings = closeExactly ? [] : Self.gapsAndOverlaps(sectors, order: order, unit: unit)
        self.tiles = findings.isEmpty
    }

    /// The sectors of `arcs` as drawn, each arc checked: finite ends, a positive extent in `direction`.
    private static func sectors(of arcs: [DrawnArc], unit: AngleUnit, direction: LayoutDirection) throws -> [WheelSector] {
        try arcs.enumerated().map { index, arc in
            guard arc.start.isFinite else { throw WheelGeometryError.invalidAngle(what: "start of sector \(index)", value: arc.start) }
            guard arc.end.isFinite else { throw WheelGeometryError.invalidAngle(what: "end of sector \(index)", value: arc.end) }
            let width = direction == .clockwise ? arc.end - arc.start : arc.start - arc.end
            guard width > 0 else { throw WheelGeometryError.invalidWidth(sector: index, label: arc.label, width: width) }
            let (from, to) = direction == .clockwise ? (arc.start, arc.end) : (arc.end, arc.start)
            let startTurns = Turns(from, unit: unit)
            return WheelSector(
                index: index, label: arc.label, name: arc.name, start: from, width: width, startTurns: startTurns.fractionalPart,
                widthTurns: Turns(to, unit: unit) - startTurns)
        }
    }

    /// Gaps or overlaps narrower than 1e-9 turn (far below a pixel on any screen) come from rounding in the
    /// drawing arithmetic: close them by ending each such arc exactly where the next begins.
    private static func closeRoundingSlivers(_ sectors: inout [WheelSector]) {
        guard sectors.count > 1 else { return }
        let clockwiseOrder = sectors.indices.sorted { sectors[$0].startTurns < sectors[$1].startTurns }
        for (position, index) in clockwiseOrder.enumerated() {
            let next = sectors[clockwiseOrder[(position + 1) % clockwiseOrder.count]]
            let current = sectors[index]
            let distance = (next.startTurns - current.startTurns).fractionalPart
            var mismatch = (distance - current.widthTurns).value
            if mismatch > 0.5 { mismatch -= 1 }
            if mismatch != 0 && abs(mismatch) < Self.drawingRoundingTolerance {
                sectors[index] = WheelSector(
                    index: index, label: current.label, name: current.name, start: current.start,
                    width: current.width, startTurns: current.startTurns, widthTurns: distance)
            }
        }
    }

    /// Built from widths: each arc ends exactly where the next one round the circle (clockwise) begins, so
    /// the arcs tile the circle with no sliver of rounding between them (one sector is the whole turn).
    private static func closeExactly(_ sectors: inout [WheelSector]) {
        guard sectors.count > 1 else {
            let only = sectors[0]
            sectors[0] = WheelSector(
                index: 0, label: only.label, name: only.name, start: only.start, width: only.width,
                startTurns: only.startTurns, widthTurns: Turns(1))
            return
        }
        let clockwiseOrder = sectors.indices.sorted { sectors[$0].startTurns < sectors[$1].startTurns }
        for (position, index) in clockwiseOrder.enumerated() {
            let next = sectors[clockwiseOrder[(position + 1) % clockwiseOrder.count]]
            let current = sectors[index]
            sectors[index] = WheelSector(
                index: index, label: current.label, name: current.name, start: current.start,
                width: current.width, startTurns: current.startTurns,
                widthTurns: (next.startTurns - current.startTurns).fractionalPart)
        }
    }

    /// Gaps and overlaps between consecutive arcs around the circle (by start), wider than 2^-80 turn.
    private static func gapsAndOverlaps(_ sectors: [WheelSector], order: [Int], unit: AngleUnit) -> [GeometryFinding] {
        var findings: [GeometryFinding] = []
        for (position, index) in order.enumerated() {
            let next = order[(position + 1) % order.count]
            let end = sectors[index].startTurns + sectors[index].widthTurns
            var difference = (sectors[next].startTurns - end).fractionalPart.value
            if difference > 0.5 { difference -= 1 }
            if abs(difference) > 0x1p-80 {
                let endAngle = sectors[index].start + sectors[index].width
                findings.append(
                    GeometryFinding(
                        kind: difference > 0 ? .gap : .overlap, after: index, before: next,
                        at: endAngle, width: abs(difference) * unit.fullTurn, unit: unit))
            }
        }
        return findings
    }

    /// The number of sectors.
    public var count: Int { sectors.count }
    /// The sectors' labels, in sector order.
    /// - Complexity: O(n) for n sectors.
    public var labels: [Int] { sectors.map(\.label) }

    /// The sector carrying `label`, or nil if none does.
    /// - Complexity: O(n) for n sectors.
    public func sector(labelled label: Int) -> WheelSector? { sectors.first { $0.label == label } }
}
