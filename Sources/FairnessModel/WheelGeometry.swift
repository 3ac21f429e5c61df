import Foundation

/// The direction in which consecutive sectors are laid out on screen.
public enum LayoutDirection: String, Sendable, Hashable, Codable {
    /// Each sector starts where the previous one ends, going clockwise on screen (increasing angle).
    case clockwise
    /// Going counter-clockwise (decreasing angle).
    case counterclockwise
}

/// One sector as specified: its label (what a result names), a display name, and its angular width.
public struct SectorSpecification: Sendable, Hashable, Codable {
    public let label: Int
    public let name: String
    public let width: Double

    public init(label: Int, name: String? = nil, width: Double) {
        self.label = label
        self.name = name ?? String(label)
        self.width = width
    }
}

/// One sector as drawn by an implementation: its arc from `start` to `end`, going in the layout direction.
public struct DrawnArc: Sendable, Hashable, Codable {
    public let label: Int
    public let name: String
    public let start: Double
    public let end: Double

    public init(label: Int, name: String? = nil, start: Double, end: Double) {
        self.label = label
        self.name = name ?? String(label)
        self.start = start
        self.end = end
    }
}

/// A sector of a wheel, with its arc in the geometry's unit and in exact turns.
public struct WheelSector: Sendable, Hashable {
    public let index: Int
    public let label: Int
    public let name: String
    /// Where the arc begins and how wide it is, clockwise, in the geometry's unit.
    public let start: Double
    public let width: Double
    /// The same, in turns, with `startTurns` reduced to [0, 1).
    public let startTurns: Turns
    public let widthTurns: Turns
}

/// What a drawn wheel leaves uncovered or covers twice.
public struct GeometryFinding: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable { case gap, overlap }
    public let kind: Kind
    /// The sector after which the gap or overlap begins, and the one it runs into.
    public let after: Int
    public let before: Int
    /// Where it begins (clockwise), and how wide it is, in the geometry's unit.
    public let at: Double
    public let width: Double
    public let unit: AngleUnit

    public var description: String {
        String(format: "%@ of %.9g%@ between sector %d and sector %d, starting at %.9g%@",
               kind.rawValue, width, unit.symbol, after, before, at, unit.symbol)
    }
}

/// Why a geometry was refused. Every case names the sector concerned.
public enum WheelGeometryError: Error, Sendable, Hashable, CustomStringConvertible {
    case noSectors
    case invalidWidth(sector: Int, label: Int, width: Double)
    case invalidAngle(what: String, value: Double)
    case doesNotCloseTheCircle(GeometryFinding, tolerance: Double)
    case duplicateLabel(Int, sectors: [Int])

    public var description: String {
        switch self {
        case .noSectors: return "the wheel has no sectors"
        case .invalidWidth(let sector, let label, let width):
            return "sector \(sector) (label \(label)) has width \(width); widths must be finite and positive"
        case .invalidAngle(let what, let value): return "\(what) is \(value); it must be finite"
        case .doesNotCloseTheCircle(let finding, let tolerance):
            return "sector widths do not make a full turn (tolerance \(tolerance) turn): \(finding)"
        case .duplicateLabel(let label, let sectors):
            return "label \(label) is carried by sectors \(sectors.map(String.init).joined(separator: ", "))"
        }
    }
}

/// Which sector is under the pointer, exactly.
public enum PointerTruth: Sendable, Hashable, CustomStringConvertible {
    /// Strictly inside the sector with this index.
    case inside(Int)
    /// Exactly on a line: the sectors on either side (one, if the other side is blank). Either may claim it.
    case onLine([Int])
    /// Over a part of the circle no sector covers.
    case blank

    public var description: String {
        switch self {
        case .inside(let i): return "sector \(i)"
        case .onLine(let s): return "line between sectors \(s.map(String.init).joined(separator: " and "))"
        case .blank: return "blank"
        }
    }
}

/// A wheel's geometry: ordered sectors, where they start, their layout direction, and the pointer.
///
/// Sectors are half-open arcs [start, start + width) in the clockwise sense (counter-clockwise layouts
/// are converted). The geometric truth for any rotation is computed in exact turns (see ``Turns``).
/// A geometry built from widths must close the circle within a tolerance; one built from drawn arcs
/// (the way an implementation actually paints them) may leave gaps or overlaps, which are kept and
/// reported as ``findings``; where arcs overlap, the one drawn later is on top.
public struct WheelGeometry: Sendable, Hashable {
    public let unit: AngleUnit
    public let pointer: Double
    public let direction: LayoutDirection
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
            let finding = GeometryFinding(kind: excess < 0 ? .gap : .overlap, after: specifications.count - 1, before: 0,
                                          at: lastEnd, width: abs(excess) * unit.fullTurn, unit: unit)
            throw WheelGeometryError.doesNotCloseTheCircle(finding, tolerance: tolerance)
        }
        // Lay the arcs out; the last one is stretched or shrunk (within tolerance) to close the circle.
        var arcs: [DrawnArc] = []
        var offset = 0.0
        for (index, s) in specifications.enumerated() {
            let width = index == specifications.count - 1 ? unit.fullTurn - offset : s.width
            let start = firstSectorStart + (direction == .clockwise ? offset : -offset)
            arcs.append(DrawnArc(label: s.label, name: s.name, start: start,
                                 end: start + (direction == .clockwise ? width : -width)))
            offset += s.width
        }
        try self.init(validatedArcs: arcs, unit: unit, direction: direction, pointer: pointer, closeExactly: true)
    }

    /// `count` equal sectors labelled 1 ... count (or `labels`), the first starting at `firstSectorStart`.
    public static func equal(
        count: Int, labels: [Int]? = nil, unit: AngleUnit = .degrees, firstSectorStart: Double = 0,
        direction: LayoutDirection = .clockwise, pointer: Double
    ) throws -> WheelGeometry {
        guard count >= 1 else { throw WheelGeometryError.noSectors }
        let labels = labels ?? Array(1...count)
        let width = unit.fullTurn / Double(count)
        return try WheelGeometry(sectors: labels.map { SectorSpecification(label: $0, width: width) }, unit: unit,
                                 firstSectorStart: firstSectorStart, direction: direction, pointer: pointer)
    }

    /// Sectors weighted by `weights` (any positive numbers; each sector's width is its share of a turn).
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
    public init(drawnArcs: [DrawnArc], unit: AngleUnit, direction: LayoutDirection, pointer: Double) throws {
        try self.init(validatedArcs: drawnArcs, unit: unit, direction: direction, pointer: pointer, closeExactly: false)
    }

    private init(validatedArcs arcs: [DrawnArc], unit: AngleUnit, direction: LayoutDirection, pointer: Double, closeExactly: Bool) throws {
        guard !arcs.isEmpty else { throw WheelGeometryError.noSectors }
        guard pointer.isFinite else { throw WheelGeometryError.invalidAngle(what: "pointer", value: pointer) }
        var sectors: [WheelSector] = []
        for (index, arc) in arcs.enumerated() {
            guard arc.start.isFinite else { throw WheelGeometryError.invalidAngle(what: "start of sector \(index)", value: arc.start) }
            guard arc.end.isFinite else { throw WheelGeometryError.invalidAngle(what: "end of sector \(index)", value: arc.end) }
            let width = direction == .clockwise ? arc.end - arc.start : arc.start - arc.end
            guard width > 0 else { throw WheelGeometryError.invalidWidth(sector: index, label: arc.label, width: width) }
            let (from, to) = direction == .clockwise ? (arc.start, arc.end) : (arc.end, arc.start)
            let startTurns = Turns(from, unit: unit)
            sectors.append(WheelSector(index: index, label: arc.label, name: arc.name, start: from, width: width,
                                       startTurns: startTurns.fractionalPart,
                                       widthTurns: Turns(to, unit: unit) - startTurns))
        }
        if !closeExactly && sectors.count > 1 {
            // Gaps or overlaps narrower than 1e-9 turn (far below a pixel on any screen) come from rounding
            // in the drawing arithmetic: close them by ending each such arc exactly where the next begins.
            let clockwiseOrder = sectors.indices.sorted { sectors[$0].startTurns < sectors[$1].startTurns }
            for (position, index) in clockwiseOrder.enumerated() {
                let next = sectors[clockwiseOrder[(position + 1) % clockwiseOrder.count]]
                let current = sectors[index]
                let distance = (next.startTurns - current.startTurns).fractionalPart
                var mismatch = (distance - current.widthTurns).value
                if mismatch > 0.5 { mismatch -= 1 }
                if mismatch != 0 && abs(mismatch) < Self.drawingRoundingTolerance {
                    sectors[index] = WheelSector(index: index, label: current.label, name: current.name, start: current.start,
                                                 width: current.width, startTurns: current.startTurns, widthTurns: distance)
                }
            }
        }
        if closeExactly && sectors.count > 1 {
            // Built from widths: each arc ends exactly where the next one round the circle (clockwise)
            // begins, so the arcs tile the circle with no sliver of rounding between them.
            let clockwiseOrder = sectors.indices.sorted { sectors[$0].startTurns < sectors[$1].startTurns }
            for (position, index) in clockwiseOrder.enumerated() {
                let next = sectors[clockwiseOrder[(position + 1) % clockwiseOrder.count]]
                let current = sectors[index]
                sectors[index] = WheelSector(index: index, label: current.label, name: current.name, start: current.start,
                                             width: current.width, startTurns: current.startTurns,
                                             widthTurns: (next.startTurns - current.startTurns).fractionalPart)
            }
        } else if closeExactly {
            let only = sectors[0]
            sectors[0] = WheelSector(index: 0, label: only.label, name: only.name, start: only.start, width: only.width,
                                     startTurns: only.startTurns, widthTurns: Turns(1))
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
        // Gaps and overlaps between consecutive arcs around the circle (by start).
        var findings: [GeometryFinding] = []
        for (position, index) in order.enumerated() {
            let next = order[(position + 1) % order.count]
            let end = sectors[index].startTurns + sectors[index].widthTurns
            var difference = (sectors[next].startTurns - end).fractionalPart.value
            if difference > 0.5 { difference -= 1 }
            if abs(difference) > 0x1p-80 && !closeExactly {
                let endAngle = sectors[index].start + sectors[index].width
                findings.append(GeometryFinding(kind: difference > 0 ? .gap : .overlap, after: index, before: next,
                                                at: endAngle, width: abs(difference) * unit.fullTurn, unit: unit))
            }
        }
        self.findings = findings
        self.tiles = findings.isEmpty
    }

    public var count: Int { sectors.count }
    public var labels: [Int] { sectors.map(\.label) }

    public func sector(labelled label: Int) -> WheelSector? { sectors.first { $0.label == label } }

    /// The wheel angle under the pointer at `rotation` (in `unit`), in turns in [0, 1).
    @inlinable
    public func positionUnderPointer(rotation: Double, unit rotationUnit: AngleUnit) -> Turns {
        (pointerTurns - Turns(rotation, unit: rotationUnit)).fractionalPart
    }

    /// The exact truth: which sector is under the pointer when the wheel has turned by `rotation`
    /// (any finite value, in `rotationUnit`; many turns, negative and −0.0 included).
    public func truth(rotation: Double, unit rotationUnit: AngleUnit) -> PointerTruth {
        precondition(rotation.isFinite, "rotation must be finite")
        let magnitude = Turns(rotation, unit: rotationUnit).value
        let position = positionUnderPointer(rotation: rotation, unit: rotationUnit)
        return truth(at: position, tolerance: Turns.lineTolerance(for: magnitude))
    }

    /// The truth at a wheel position given in turns.
    public func truth(at position: Turns, tolerance: Double = Turns.lineTolerance(for: 1)) -> PointerTruth {
        var touching: [Int] = []
        if tiles {
            // Binary search for the last arc starting at or before the position.
            var low = 0, high = orderByStart.count
            while low < high {
                let mid = (low + high) / 2
                if sectors[orderByStart[mid]].startTurns <= position { low = mid + 1 } else { high = mid }
            }
            // The arc found, the one before it (whose end may be this line) and the one after.
            let n = orderByStart.count
            let candidates = Set([orderByStart[(low - 2 + 2 * n) % n], orderByStart[(low - 1 + n) % n], orderByStart[low % n]])
            for index in candidates {
                switch classify(position, in: sectors[index], tolerance: tolerance) {
                case .inside: return .inside(index)
                case .onEdge: if !touching.contains(index) { touching.append(index) }
                case .outside: break
                }
            }
            if touching.isEmpty {
                // Fall back to a full scan (only reachable through rounding at the search boundary).
                return scan(position, tolerance: tolerance)
            }
            return .onLine(touching.sorted())
        }
        return scan(position, tolerance: tolerance)
    }

    private func scan(_ position: Turns, tolerance: Double) -> PointerTruth {
        var touching: [Int] = []
        // Later arcs are drawn on top: the last one containing the position wins.
        for index in sectors.indices.reversed() {
            switch classify(position, in: sectors[index], tolerance: tolerance) {
            case .inside:
                if touching.isEmpty { return .inside(index) }
                return .onLine((touching + [index]).sorted())
            case .onEdge: touching.append(index)
            case .outside: break
            }
        }
        return touching.isEmpty ? .blank : .onLine(touching.sorted())
    }

    private enum Placement { case inside, onEdge, outside }

    private func classify(_ position: Turns, in sector: WheelSector, tolerance: Double) -> Placement {
        var offset = (position - sector.startTurns).fractionalPart
        // Just below a full turn is just before the start line.
        if 1 - offset.value <= tolerance { offset = Turns(0) }
        let toEnd = (sector.widthTurns - offset).value
        if offset.value <= tolerance || abs(toEnd) <= tolerance { return .onEdge }
        return toEnd > 0 ? .inside : .outside
    }

    /// A line between sectors: the wheel angle it sits at (turns) and the sectors it separates.
    public struct Line: Sendable, Hashable {
        public let position: Turns
        public let sectors: [Int]

        /// The rotation, in `unit` and within [0, 1) turn, that puts this line under the pointer of `geometry`
        /// (rounded to the nearest double).
        public func rotation(in unit: AngleUnit, pointer: Turns) -> Double {
            (pointer - position).fractionalPart.value * unit.fullTurn
        }

        /// The first value of type `R` at or past this line as the rotation increases from
        /// ``rotation(in:pointer:)`` — exactly, by stepping over adjacent values with exact comparisons.
        /// Rotations below it put the pointer on one side of the line, it and those above on the other.
        public func firstRotation<R: BinaryFloatingPoint>(atOrPast unit: AngleUnit, pointer: Turns, as _: R.Type = R.self) -> R {
            // Signed distance (turns, wrapped to (−½, ½]) from the line to the wheel point under the
            // pointer; it decreases as the rotation increases.
            func side(_ r: R) -> Double {
                var d = ((pointer - Turns(Double(r), unit: unit)) - position).fractionalPart.value
                if d > 0.5 { d -= 1 }
                return d
            }
            var r = R(rotation(in: unit, pointer: pointer))
            var steps = 0
            while side(r) > 0 && steps < 64 { r = r.nextUp; steps += 1 }
            while side(r.nextDown) <= 0 && steps < 128 { r = r.nextDown; steps += 1 }
            return r
        }
    }

    /// Every line between sectors (edges closer than 1e-12 turn are one line), in order around the wheel.
    public var lines: [Line] {
        var edges: [(Turns, Int)] = []
        for sector in sectors {
            edges.append((sector.startTurns, sector.index))
            edges.append(((sector.startTurns + sector.widthTurns).fractionalPart, sector.index))
        }
        edges.sort { $0.0 < $1.0 }
        var result: [Line] = []
        var group: [(Turns, Int)] = []
        func flush() {
            guard let first = group.first else { return }
            result.append(Line(position: first.0, sectors: Array(Set(group.map(\.1))).sorted()))
            group = []
        }
        for edge in edges {
            if let last = group.last, (edge.0 - last.0).value > 1e-12 { flush() }
            group.append(edge)
        }
        flush()
        // An edge at 0.999999999999… and one at 0 are the same line.
        if result.count > 1, let first = result.first, let last = result.last, (Turns(1) - last.position + first.position).value <= 1e-12 {
            result[0] = Line(position: first.position, sectors: Array(Set(first.sectors + last.sectors)).sorted())
            result.removeLast()
        }
        return result
    }
}
