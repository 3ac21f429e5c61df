import FairnessModel
import Foundation

/// Consistency over the whole circle: the subject's own partition of one turn of rotation (where its
/// report changes, located to adjacent floating-point values), compared with the geometric truth.
///
/// The partition comes from the toolkit's one exact procedure (every sector line found and bisected to
/// adjacent values, plus a dense sweep): see the `CheckKinds` article.
public struct ConsistencyCheck: Sendable {
    /// The subject's name.
    public let subject: String
    /// The unit of every rotation in ``partition`` and ``mislabelled``.
    public let rotationUnit: AngleUnit
    /// The subject's partition of [0, one turn): each maximal arc with one reported result.
    public let partition: [Segment<Double, WheelOutcome>]
    /// Every arc whose reported result the truth does not allow, in rotation order; adjacent pieces with
    /// the same result and truth are one arc.
    public let mislabelled: [MislabelledArc]
    /// Mislabelled share of the circle (Σ widths / one turn).
    public let mislabelledFraction: Double
    /// Sweep resolution: the spacing of the dense sweep, in the rotation unit. Slivers narrower than this
    /// are found only where they touch a sector line (every line and its neighbours are swept).
    public let sweepStep: Double
    /// Whether no arc of the circle is mislabelled.
    public var passed: Bool { mislabelled.isEmpty }

    /// Sweep points over one turn by default: 65,536.
    public static let defaultSteps = 1 << 16

    /// Partitions one turn of `subject`'s rotation by its report and compares it with the truth.
    ///
    /// The truth is read at the subject's own values: between two consecutive line crossings every value
    /// has the same truth, except values within the truth's tolerance of a line, where either neighbour
    /// is accepted.
    /// - Parameters:
    ///   - subject: The wheel.
    ///   - steps: Sweep points over the turn, besides the points at every line.
    /// - Complexity: O((steps + L) · b) calls of `report(_:)` and truth lookups, L the number of lines and
    ///   b the bisection steps per change (about 64 for `Double`).
    public init<Subject: WheelSubject>(_ subject: Subject, steps: Int = ConsistencyCheck.defaultSteps) {
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let turn = Subject.Rotation(unit.fullTurn)
        let (segments, cuts) = WheelPartition.segments(of: subject, over: Subject.Rotation(0), turn, steps: steps) { $0 }
        partition = segments.map { Segment(from: Double($0.from), to: Double($0.to), output: $0.output) }
        // Split each segment at the lines (the truth is constant between them): the cuts are the first
        // rotations at or past each line, so a merged walk through both sorted lists does it in O(n).
        var nextCut = 0
        var arcs: [MislabelledArc] = []
        /// Adds [a, b) to the mislabelled arcs if the truth there does not accept `output`.
        func record(_ a: Subject.Rotation, _ b: Subject.Rotation, _ truth: PointerTruth, _ output: WheelOutcome) {
            guard !accepts(output, truth: truth, geometry: geometry) else { return }
            let description = describe(truth, geometry: geometry)
            let (from, to) = (Double(a), Double(b))
            // A band of values exactly on a line joins the arc beside it that reports the same (the arc
            // is described by the sector's truth, not the line's).
            let lineBand = { (text: String) in text.hasPrefix("on the line") }
            if let last = arcs.last, last.to == from, last.reported == output,
                last.truth == description || lineBand(last.truth) || lineBand(description)
            {
                let merged = lineBand(description) ? last.truth : description
                arcs[arcs.count - 1] = MislabelledArc(from: last.from, to: to, reported: output, truth: merged)
            } else {
                arcs.append(MislabelledArc(from: from, to: to, reported: output, truth: description))
            }
        }
        /// Between two consecutive cuts the truth is one sector (or blank), except in the band of values
        /// that count as exactly on a line (within `Turns.lineTolerance`, where either neighbour is
        /// accepted): at most one band at each end of the piece, each found by bisection.
        func recordPiece(_ a: Subject.Rotation, _ b: Subject.Rotation, _ output: WheelOutcome) {
            func truth(_ x: Subject.Rotation) -> PointerTruth { geometry.truth(rotation: Double(x), unit: unit) }
            func onLine(_ x: Subject.Rotation) -> Bool { if case .onLine = truth(x) { return true } else { return false } }
            /// The first value in [low, high] where `predicate` holds, given it holds at `high` and is monotone.
            func first(in low: Subject.Rotation, _ high: Subject.Rotation, where predicate: (Subject.Rotation) -> Bool) -> Subject.Rotation
            {
                var low = low, high = high
                if predicate(low) { return low }
                while low.nextUp < high {
                    var mid = low + (high - low) / 2
                    if mid <= low || mid >= high { mid = low.nextUp }
                    if predicate(mid) { high = mid } else { low = mid }
                }
                return high
            }
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
        mislabelled = arcs
        var sum = 0.0, compensation = 0.0
        for arc in arcs {
            let y = arc.width - compensation
            let t = sum + y
            compensation = (t - sum) - y
            sum = t
        }
        mislabelledFraction = sum / unit.fullTurn
        sweepStep = unit.fullTurn / Double(steps)
        rotationUnit = unit
        self.subject = subject.name
    }
}
