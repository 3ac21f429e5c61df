import FairnessModel

/// The one procedure by which the toolkit finds what a wheel subject reports over an interval of inputs:
/// the consistency check, the range check and the designed odds (uniform angle and own spin) all read
/// their figures from it, so no two checks can disagree about one wheel.
///
/// The input x runs over [lower, upper) in the subject's own floating-point type; `rotation(x)` is the
/// rotation it puts the wheel at (the identity for a rest angle; the subject's spin arithmetic for its
/// own spin). The points evaluated are
/// 1. **every sector line**: for each stretch between sweep points, the lines the wheel turns past are
///    found from the exact positions (in `Turns`) of its two ends, and for each line the input at which
///    the rotation reaches it is bisected to adjacent floating-point values; that input and its three
///    neighbours on each side join the points. Every sector, however narrow — 10^-9 of the circle, or one
///    unit in the last place — is therefore seen where it begins, wherever it sits;
/// 2. **a dense sweep** of `steps` equally spaced inputs, which finds changes of the reported result away
///    from the lines (a label no sector carries in the middle of a sector, say) down to the sweep step.
/// Between consecutive points whose results differ, ``PartitionFinder`` bisects to adjacent values.
///
/// - Complexity: O((steps + L) · log(1/ulp)) evaluations of `rotation` and `report`, where L is the number
///   of line crossings: the number of lines times the turns the rotation makes over the interval.
enum WheelPartition {
    /// The segments of [lower, upper) on which the subject's report is constant, and the inputs at which
    /// the rotation reaches a sector line (sorted; the first input at or past each line). `previous`, when
    /// the inputs are drawn values spun from that rotation, lets a ``BatchEvaluatingWheel`` evaluate the
    /// sweep's spins in one batch.
    static func segments<Subject: WheelSubject>(
        of subject: Subject,
        over lower: Subject.Rotation, _ upper: Subject.Rotation,
        steps: Int,
        spunFrom previous: Subject.Rotation? = nil,
        rotation: (Subject.Rotation) -> Subject.Rotation
    ) -> (segments: [Segment<Subject.Rotation, WheelOutcome>], lineCrossings: [Subject.Rotation]) {
        /// For a subject that evaluates in batches: the inputs' rotations (spins from `previous`, if the
        /// inputs are drawn values) and their reports, in one batch.
        func prefetch(_ inputs: [Subject.Rotation]) {
            if let previous { prefetchSpins(subject, inputs, from: previous) } else { prefetchReports(subject, inputs) }
        }
        let batching = subject is any BatchEvaluatingWheel
        // Only inputs in [lower, upper) are ever evaluated: a drawn value is in its documented range (a
        // probe's `spin U P` never sees U = one turn or a negative U).
        let last = upper.nextDown
        if batching {
            prefetch(
                (0...steps).map { i in
                    i == steps ? last : Subject.Rotation(Double(lower) + (Double(upper) - Double(lower)) * Double(i) / Double(steps))
                }.filter { $0 >= lower && $0 < upper })
        }
        let crossings = lineCrossings(of: subject, over: lower, upper, steps: steps, rotation: rotation)
        var extra: [Subject.Rotation] = []
        extra.reserveCapacity(crossings.count * 7)
        for cut in crossings {
            var up = cut, down = cut
            extra.append(cut)
            for _ in 0..<3 {
                up = up.nextUp
                down = down.nextDown
                if up < upper { extra.append(up) }
                if down >= lower { extra.append(down) }
            }
        }
        if batching { prefetch(extra) }
        let segments = PartitionFinder.segments(
            over: lower, upper, steps: steps, extraPoints: extra, prefetch: batching ? prefetch : { _ in }
        ) {
            subject.report(rotation($0))
        }
        return (segments, crossings)
    }

    /// Every input in [lower, upper) at which the rotation reaches a sector line: the first value, in the
    /// subject's type, at or past the line (in the direction the rotation moves there).
    static func lineCrossings<Subject: WheelSubject>(
        of subject: Subject,
        over lower: Subject.Rotation, _ upper: Subject.Rotation,
        steps: Int,
        rotation: (Subject.Rotation) -> Subject.Rotation
    ) -> [Subject.Rotation] {
        let lines = subject.geometry.lines.map(\.position)
        guard !lines.isEmpty, lower < upper else { return [] }
        return withoutActuallyEscaping(rotation) { rotation in
            var finder = LineCrossingFinder<Subject.Rotation>(
                lines: lines, pointer: subject.geometry.pointerTurns, unit: subject.rotationUnit, lower: lower, upper: upper,
                rotation: rotation)
            return finder.crossings(steps: steps)
        }
    }
}
