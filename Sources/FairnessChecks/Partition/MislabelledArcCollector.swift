import FairnessModel

/// Collects the arcs of a partition on which the truth does not allow what the subject reports (see
/// `WheelPartition.mislabelledArcs`): piece by piece between line crossings, with the band of values
/// exactly on a line at either end of a piece found by bisection.
struct MislabelledArcCollector<Rotation: BinaryFloatingPoint> {
    let geometry: WheelGeometry
    let unit: AngleUnit
    /// The rotation an input puts the wheel at.
    let rotation: (Rotation) -> Rotation
    /// Whether the inputs are plays (see `WheelPartition.mislabelledArcs`).
    let showsAResult: Bool
    /// The arcs so far, in input order.
    var arcs: [MislabelledArc] = []
    /// Whether the last arc's truth is a line band (values exactly on a line), which an arc beside it
    /// reporting the same joins.
    var lastIsLineBand = false

    init(geometry: WheelGeometry, unit: AngleUnit, rotation: @escaping (Rotation) -> Rotation, showsAResult: Bool) {
        self.geometry = geometry
        self.unit = unit
        self.rotation = rotation
        self.showsAResult = showsAResult
    }

    /// The truth under the pointer at input `x`. A spin that traps has no rotation: nothing is under the
    /// pointer, and no result is right there.
    func truth(_ x: Rotation) -> PointerTruth {
        let r = Double(rotation(x))
        return r.isFinite ? geometry.truth(rotation: r, unit: unit) : .blank
    }

    /// Whether the line under the pointer at input `x` parts two arcs of one label, `output`'s (a
    /// one-sector wheel's seam, two neighbours painted alike): a stop on it reads as that prize, so it is
    /// no divider between results.
    func linePartsLikeSectors(_ x: Rotation, showing output: WheelOutcome) -> Bool {
        let r = Double(rotation(x))
        guard r.isFinite, let label = output.label else { return false }
        let step = 1e-9 * unit.fullTurn
        for side in [r - step, r + step] {
            guard case .inside(let index) = geometry.truth(rotation: side, unit: unit), geometry.sectors[index].label == label else {
                return false
            }
        }
        return true
    }

    func onLine(_ x: Rotation) -> Bool {
        if case .onLine = truth(x) { return true } else { return false }
    }

    /// The first value in [low, high] where `predicate` holds, given it holds at `high` and is monotone.
    func first(in low: Rotation, _ high: Rotation, where predicate: (Rotation) -> Bool) -> Rotation {
        var low = low, high = high
        if predicate(low) { return low }
        while low.nextUp < high {
            var mid = low + (high - low) / 2
            if mid <= low || mid >= high { mid = low.nextUp }
            if predicate(mid) { high = mid } else { low = mid }
        }
        return high
    }

    /// Between two consecutive cuts the truth is one sector (or blank), except in the band of values that
    /// count as exactly on a line (within `Turns.lineTolerance`, where either neighbour is accepted): at
    /// most one band at each end of the piece, each found by bisection.
    mutating func recordPiece(_ a: Rotation, _ b: Rotation, _ output: WheelOutcome) {
        var start = a
        if onLine(a) {
            let last = b.nextDown
            let end = onLine(last) ? b : first(in: a, last) { !onLine($0) }
            record(a, end, truth(a), output)
            start = end
        }
        guard start < b else { return }
        var end = b
        let last = b.nextDown
        if last > start, onLine(last) {
            end = first(in: start, last) { onLine($0) }
            record(end, b, truth(last), output)
        }
        if start < end { record(start, end, truth(start), output) }
    }

    /// Adds [a, b) to the mislabelled arcs if the truth there does not accept `output`.
    mutating func record(_ a: Rotation, _ b: Rotation, _ truth: PointerTruth, _ output: WheelOutcome) {
        var inPlayOnly = false
        var isLineBand = false
        if case .onLine = truth { isLineBand = true }
        if showsAResult {
            // In play a stop on a line is the pointer on a divider — unless the line parts two arcs of the
            // prize shown.
            if isLineBand { inPlayOnly = !linePartsLikeSectors(a, showing: output) }
            if truth == .blank && output == .noResult { inPlayOnly = true }
        }
        let accepted = accepts(output, truth: truth, geometry: geometry)
        guard inPlayOnly || !accepted else { return }
        let description = TruthAtRest(truth, geometry: geometry)
        let (from, to) = (Double(a), Double(b))
        // A band of values exactly on a line joins the arc beside it that reports the same (the arc is
        // described by the sector's truth, not the line's).
        if let last = arcs.last, last.to == from, last.reported == output, last.truth == description || lastIsLineBand || isLineBand {
            let merged = isLineBand ? last.truth : description
            var arc = MislabelledArc(from: last.from, to: to, reported: output, truth: merged)
            arc.acceptedAtRest = last.acceptedAtRest && accepted
            arcs[arcs.count - 1] = arc
            lastIsLineBand = isLineBand && lastIsLineBand
        } else {
            var arc = MislabelledArc(from: from, to: to, reported: output, truth: description)
            arc.acceptedAtRest = accepted
            arcs.append(arc)
            lastIsLineBand = isLineBand
        }
    }
}
