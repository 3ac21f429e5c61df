import FairnessModel

extension WheelPartition {
    /// The arcs of a partition on which the truth does not allow what the subject reports, in input order;
    /// adjacent pieces with the same result and truth are one arc.
    ///
    /// The inputs x are the partition's (a rest rotation for the consistency check, the drawn value for the
    /// subject's own spin); the truth is read at `rotation(x)` in the subject's own values. Between two
    /// consecutive line crossings every input has the same truth, except inputs whose rotation lies within
    /// the truth's tolerance of a line, where either neighbour is accepted.
    ///
    /// - Parameters:
    ///   - segments: The partition of the inputs by the subject's report.
    ///   - cuts: The sorted inputs at which the rotation reaches a sector line.
    ///   - rotation: The rotation an input puts the wheel at.
    ///   - showsAResult: Whether these are plays: then "no result" over a blank arc (which the truth accepts
    ///     at rest) is recorded too, as the game shows the player nothing there, and so is a stop exactly on
    ///     a line (either neighbour is right at rest; in play the pointer sits on a divider).
    /// - Complexity: O(s + c) truth lookups plus a bisection (about 64 steps for `Double`) at each end of a
    ///   piece that touches a line, for s segments and c cuts.
    static func mislabelledArcs<Subject: WheelSubject>(
        of subject: Subject,
        segments: [Segment<Subject.Rotation, WheelOutcome>],
        cuts: [Subject.Rotation],
        rotation: (Subject.Rotation) -> Subject.Rotation,
        showsAResult: Bool = false
    ) -> [MislabelledArc] {
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        var arcs: [MislabelledArc] = []
        /// Adds [a, b) to the mislabelled arcs if the truth there does not accept `output`.
        func record(_ a: Subject.Rotation, _ b: Subject.Rotation, _ truth: PointerTruth, _ output: WheelOutcome) {
            var inPlayOnly = false
            if showsAResult {
                if case .onLine = truth { inPlayOnly = true }
                if truth == .blank && output == .noResult { inPlayOnly = true }
            }
            let accepted = accepts(output, truth: truth, geometry: geometry)
            guard inPlayOnly || !accepted else { return }
            let description = describe(truth, geometry: geometry)
            let (from, to) = (Double(a), Double(b))
            // A band of values exactly on a line joins the arc beside it that reports the same (the arc
            // is described by the sector's truth, not the line's).
            let lineBand = { (text: String) in text.hasPrefix("on the line") }
            if let last = arcs.last, last.to == from, last.reported == output,
                last.truth == description || lineBand(last.truth) || lineBand(description)
            {
                let merged = lineBand(description) ? last.truth : description
                var arc = MislabelledArc(from: last.from, to: to, reported: output, truth: merged)
                arc.acceptedAtRest = last.acceptedAtRest && accepted
                arcs[arcs.count - 1] = arc
            } else {
                var arc = MislabelledArc(from: from, to: to, reported: output, truth: description)
                arc.acceptedAtRest = accepted
                arcs.append(arc)
            }
        }
        // A spin that traps has no rotation: nothing is under the pointer, and no result is right there.
        func truth(_ x: Subject.Rotation) -> PointerTruth {
            let r = Double(rotation(x))
            return r.isFinite ? geometry.truth(rotation: r, unit: unit) : .blank
        }
        func onLine(_ x: Subject.Rotation) -> Bool { if case .onLine = truth(x) { return true } else { return false } }
        /// The first value in [low, high] where `predicate` holds, given it holds at `high` and is monotone.
        func first(in low: Subject.Rotation, _ high: Subject.Rotation, where predicate: (Subject.Rotation) -> Bool) -> Subject.Rotation {
            var low = low, high = high
            if predicate(low) { return low }
            while low.nextUp < high {
                var mid = low + (high - low) / 2
                if mid <= low || mid >= high { mid = low.nextUp }
                if predicate(mid) { high = mid } else { low = mid }
            }
            return high
        }
        /// Between two consecutive cuts the truth is one sector (or blank), except in the band of values
        /// that count as exactly on a line (within `Turns.lineTolerance`, where either neighbour is
        /// accepted): at most one band at each end of the piece, each found by bisection.
        func recordPiece(_ a: Subject.Rotation, _ b: Subject.Rotation, _ output: WheelOutcome) {
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
        // Split each segment at the cuts (the truth is constant between them): both lists are sorted, so
        // a merged walk does it in O(s + c).
        var nextCut = 0
        for segment in segments {
            while nextCut < cuts.count && cuts[nextCut] <= segment.from { nextCut += 1 }
            var points = [segment.from]
            var k = nextCut
            while k < cuts.count && cuts[k] < segment.to { points.append(cuts[k]); k += 1 }
            points.append(segment.to)
            for (a, b) in zip(points, points.dropFirst()) where b > a {
                recordPiece(a, b, segment.output)
            }
        }
        return arcs
    }
}
