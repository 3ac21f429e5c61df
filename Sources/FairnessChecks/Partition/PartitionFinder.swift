import FairnessModel

/// Finds where a function of a floating-point input changes value over an interval, exactly: a dense
/// sweep locates every change between sample points, and bisection in the input's own type narrows each
/// one to a pair of adjacent floating-point numbers. Extra points (such as the rotations of sector lines
/// and their neighbours) join the sweep, so a sliver narrower than the sweep step is still found where it
/// touches one of them; elsewhere the sweep step is the resolution.
public enum PartitionFinder {
    /// The maximal segments of [lower, upper) on which `evaluate` is constant, in order.
    ///
    /// - Parameters:
    ///   - lower: The first input.
    ///   - upper: The end of the interval (not evaluated as part of it).
    ///   - steps: Equally spaced sweep points over the interval.
    ///   - extraPoints: Further inputs to evaluate (those outside the interval are ignored).
    ///   - prefetch: Called once with every sweep and extra input before any is evaluated, so a function
    ///     that is cheaper in bulk (a probe in another process) can compute them in one batch.
    ///   - evaluate: The function, called only with inputs in the interval.
    /// - Returns: Segments covering [lower, upper) without gaps; each change of output is located to a
    ///   pair of adjacent values of `Value`.
    /// - Precondition: `lower < upper` and `steps ≥ 1`.
    /// - Complexity: O((steps + e) log(steps + e)) to order the points, plus O(c · b) evaluations, where
    ///   e is the number of extra points, c the number of changes and b ≤ the bits of `Value`'s
    ///   significand and exponent (about 64 for `Double`) the bisection steps per change.
    public static func segments<Value: BinaryFloatingPoint & Sendable, Output: Hashable & Sendable>(
        over lower: Value, _ upper: Value,
        steps: Int,
        extraPoints: [Value] = [],
        prefetch: ([Value]) -> Void = { _ in },
        _ evaluate: (Value) -> Output
    ) -> [Segment<Value, Output>] {
        precondition(lower < upper, "the interval [\(lower), \(upper)) is empty")
        precondition(steps >= 1, "the sweep needs at least one step, not \(steps)")
        var points: [Value] = []
        points.reserveCapacity(steps + extraPoints.count + 1)
        let span = Double(upper) - Double(lower)
        for i in 0..<steps {
            points.append(Value(Double(lower) + span * Double(i) / Double(steps)))
        }
        for p in extraPoints where p >= lower && p < upper { points.append(p) }
        points.sort()
        var unique: [Value] = []
        unique.reserveCapacity(points.count)
        for p in points where unique.last != p && p >= lower && p < upper { unique.append(p) }
        if unique.first != lower { unique.insert(lower, at: 0) }
        prefetch(unique)

        var segments: [Segment<Value, Output>] = []
        var start = unique[0]
        var current = evaluate(start)
        var previousPoint = start
        for point in unique.dropFirst() {
            let value = evaluate(point)
            if value == current {
                previousPoint = point
                continue
            }
            // The output changes in (previousPoint, point]: narrow down, possibly through several changes.
            var left = previousPoint
            while true {
                let change = firstChange(after: left, before: point, from: current, evaluate)
                let changed = evaluate(change)
                segments.append(Segment(from: start, to: change, output: current))
                start = change
                current = changed
                if change == point { break }
                // Between change and point there may be further changes: continue from the change.
                left = change
                if evaluate(point) == current { break }
            }
            current = value
            previousPoint = point
        }
        segments.append(Segment(from: start, to: upper, output: current))
        return segments
    }

    /// The smallest x in (left, right] with evaluate(x) ≠ `output`, given evaluate(left) = output ≠
    /// evaluate(right); by bisection to adjacent floats (the function may change more than once in the
    /// range; this finds one change point after which the output first differs, scanning leftmost).
    static func firstChange<Value: BinaryFloatingPoint, Output: Equatable>(
        after left: Value, before right: Value, from output: Output, _ evaluate: (Value) -> Output
    ) -> Value {
        var low = left, high = right
        while low.nextUp < high {
            var mid = low + (high - low) / 2
            if mid <= low || mid >= high { mid = low.nextUp }
            if evaluate(mid) == output { low = mid } else { high = mid }
        }
        return high
    }
}
