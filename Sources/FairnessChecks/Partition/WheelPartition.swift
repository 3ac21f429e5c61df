import FairnessModel

/// The one procedure by which the toolkit finds what a wheel subject reports over an interval of inputs:
/// the consistency check, the range check and the designed odds (uniform angle and own spin) all read
/// their figures from it, so no two checks can disagree about one wheel.
///
/// The input x runs over [lower, upper) in the subject's own floating-point type; `rotation(x)` is the
/// rotation it puts the wheel at (the identity for a rest angle; the subject's spin arithmetic for its
/// own spin). The points evaluated are
/// 1. **every sector line**: for each stretch between sweep points, the lines the wheel turns past are
///    found from the exact positions (in ``Turns``) of its two ends, and for each line the input at which
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
        let geometry = subject.geometry
        let unit = subject.rotationUnit
        let lines = geometry.lines.map(\.position)
        guard !lines.isEmpty, lower < upper else { return [] }
        let pointer = geometry.pointerTurns
        func position(_ x: Subject.Rotation) -> Turns {
            (pointer - Turns(Double(rotation(x)), unit: unit)).fractionalPart
        }
        func turns(_ x: Subject.Rotation) -> Turns { Turns(Double(rotation(x)), unit: unit) }

        var crossings: [Subject.Rotation] = []
        /// Signed distance (turns, wrapped to (−½, ½]) from `line` to the wheel point under the pointer.
        func side(_ x: Subject.Rotation, _ line: Turns) -> Double {
            var d = (position(x) - line).fractionalPart.value
            if d > 0.5 { d -= 1 }
            return d
        }
        /// The lines whose positions lie on the arc the pointer sweeps from `from` to `to` (wheel positions,
        /// turns) when the rotation grows by less than half a turn: positions decrease, so the arc is
        /// [to, from] going backwards, wrapping through 0 when to > from.
        func linesSwept(from: Turns, to: Turns) -> [Int] {
            func firstIndex(atLeast p: Turns) -> Int {
                var low = 0, high = lines.count
                while low < high {
                    let mid = (low + high) / 2
                    if lines[mid] < p { low = mid + 1 } else { high = mid }
                }
                return low
            }
            func lastIndex(atMost p: Turns) -> Int {
                var low = 0, high = lines.count
                while low < high {
                    let mid = (low + high) / 2
                    if p < lines[mid] { high = mid } else { low = mid + 1 }
                }
                return low  // one past
            }
            let (a, b) = (to, from)
            if !(b < a) { return Array(firstIndex(atLeast: a)..<lastIndex(atMost: b)) }
            return Array(firstIndex(atLeast: a)..<lines.count) + Array(0..<lastIndex(atMost: b))
        }
        /// Bisects [a, b] for the first input on the far side of `line`, given the sides at a and b differ.
        func bisect(_ a: Subject.Rotation, _ b: Subject.Rotation, line: Turns, increasing: Bool) -> Subject.Rotation? {
            // Within the truth's own tolerance of the line counts as on it, and so as reached.
            func past(_ x: Subject.Rotation) -> Bool {
                let tolerance = Turns.lineTolerance(for: turns(x).value)
                return increasing ? side(x, line) <= tolerance : side(x, line) >= -tolerance
            }
            guard !past(a), past(b) else { return past(a) ? a : nil }
            var low = a, high = b
            while low.nextUp < high {
                var mid = low + (high - low) / 2
                if mid <= low || mid >= high { mid = low.nextUp }
                if past(mid) { high = mid } else { low = mid }
            }
            return high
        }
        /// Crossings within [a, b]; splits the stretch while the rotation moves half a turn or more in it.
        func scan(_ a: Subject.Rotation, _ b: Subject.Rotation, depth: Int) {
            // A spin that traps has no rotation and crosses no line.
            guard rotation(a).isFinite, rotation(b).isFinite else { return }
            let moved = (turns(b) - turns(a)).value
            if moved == 0 { return }
            if abs(moved) >= 0.5 {
                guard depth < 80, a.nextUp < b else { return }
                var mid = a + (b - a) / 2
                if mid <= a || mid >= b { mid = a.nextUp }
                scan(a, mid, depth: depth + 1)
                scan(mid, b, depth: depth + 1)
                return
            }
            let increasing = moved > 0
            let (from, to) = (position(a), position(b))
            let swept = increasing ? linesSwept(from: from, to: to) : linesSwept(from: to, to: from)
            for index in swept {
                if let cut = bisect(a, b, line: lines[index], increasing: increasing), cut >= lower, cut < upper {
                    crossings.append(cut)
                }
            }
        }
        let span = Double(upper) - Double(lower)
        var previous = lower
        for i in 1...steps {
            // The last input is the one below `upper`: a crossing at `upper` itself is outside [lower, upper).
            let next = i == steps ? upper.nextDown : Subject.Rotation(Double(lower) + span * Double(i) / Double(steps))
            if next > previous {
                scan(previous, next, depth: 0)
                previous = next
            }
        }
        crossings.sort()
        var unique: [Subject.Rotation] = []
        unique.reserveCapacity(crossings.count)
        for c in crossings where unique.last != c { unique.append(c) }
        return unique
    }
}
