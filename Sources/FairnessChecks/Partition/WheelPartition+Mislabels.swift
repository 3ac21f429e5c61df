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
        withoutActuallyEscaping(rotation) { rotation in
            var collector = MislabelledArcCollector<Subject.Rotation>(
                geometry: subject.geometry, unit: subject.rotationUnit, rotation: rotation, showsAResult: showsAResult)
            // Split each segment at the cuts (the truth is constant between them): both lists are sorted, so
            // a merged walk does it in O(s + c).
            var nextCut = 0
            for segment in segments {
                while nextCut < cuts.count && cuts[nextCut] <= segment.from { nextCut += 1 }
                var points = [segment.from]
                var k = nextCut
                while k < cuts.count && cuts[k] < segment.to {
                    points.append(cuts[k])
                    k += 1
                }
                points.append(segment.to)
                for (a, b) in zip(points, points.dropFirst()) where b > a {
                    collector.recordPiece(a, b, segment.output)
                }
            }
            return collector.arcs
        }
    }
}
