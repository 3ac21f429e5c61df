import FairnessModel
import Foundation

/// Port of the target-index roulette (seed `004_90c32bc4fb3521f4.txt`, "Roulette 만들기"): told the winning
/// index up front, it turns it into an end angle and reports the item when the animation stops.
///
/// What is ported, as written:
/// - `setSlicesIfNeeded()`: `degreeOfSlice = 360 / CGFloat(items.count)`, slices from
///   `beginAngle = −90 − degreeOfSlice/2`, each `startAngle ... endAngle` with both advanced by
///   `degreeOfSlice` (accumulated in `CGFloat`), so slice 0 is centred on the top; drawn by
///   `addArc(... clockwise: false)` in the layer's flipped context, i.e. clockwise on screen.
/// - `spinAnimation(endIndex:)`: the last animation ends at `endAngle = 0 + degreeOfSlice ·
///   CGFloat(items.count − endIndex)` degrees, applied as `transform.rotation` in radians (`toRadian()`,
///   taken to be `· π / 180`; the extension is not shown). The begin and turn animations end at whole
///   turns, so the wheel rests at `endAngle`.
/// - `animationDidStop`: `if flag, let index = willEndIndex, items.count > index` then reports
///   `items[index]`. An index ≥ count spins and reports nothing; a **negative index passes the check and
///   traps** on `items[index]`.
public struct TargetIndexWheel: TargetedWheelSubject {
    /// Rotations are `Double` radians, as applied to `transform.rotation`.
    public typealias Rotation = Double

    /// The number of items, one slice each.
    public let itemCount: Int
    /// The slices as `setSlicesIfNeeded()` draws them: 360/count degrees each, clockwise, slice 0 centred on
    /// the top; labels are the item indices 0 ... count − 1 and the pointer is at 270°.
    public let geometry: WheelGeometry

    /// The wheel with `itemCount` items.
    /// - Throws: `WheelGeometryError/noSectors` if `itemCount` < 1.
    /// - Complexity: O(n log n) for n items.
    public init(itemCount: Int) throws {
        guard itemCount >= 1 else { throw WheelGeometryError.noSectors }
        self.itemCount = itemCount
        let degreeOfSlice = 360 / Double(itemCount)
        let beginAngle = -90 - degreeOfSlice / 2
        var startAngle = beginAngle
        var endAngle = startAngle + degreeOfSlice
        var arcs: [DrawnArc] = []
        for index in 0..<itemCount {
            arcs.append(DrawnArc(label: index, start: startAngle, end: endAngle))
            startAngle += degreeOfSlice
            endAngle += degreeOfSlice
        }
        geometry = try WheelGeometry(drawnArcs: arcs, unit: .degrees, direction: .clockwise, pointer: 270)
    }

    /// `target-index-wheel-` followed by the item count.
    public var name: String { "target-index-wheel-\(itemCount)" }
    /// One line: the item count and the end-angle formula.
    public var summary: String { "Seed 004: \(itemCount) slices, index chosen up front, end angle slice·(count − index)" }
    /// Radians.
    public var rotationUnit: AngleUnit { .radians }
    /// The item indices, 0 ..< ``itemCount``.
    public var indices: Range<Int> { 0..<itemCount }

    /// Stops at `(360 / count) · (count − endIndex)` degrees, in radians, and reports `endIndex` when it
    /// is in 0 ..< count; an index ≥ count stops and reports `WheelOutcome/noResult`; a negative index stops
    /// and then traps on `items[endIndex]`; an index for which `count − endIndex` overflows traps at 0.
    public func spin(toIndex endIndex: Int) -> TargetedSpin<Double> {
        let degreesOfSlice = 360 / Double(itemCount)
        let beginAngle = 0.0
        // `items.count - endIndex` is Swift `Int` arithmetic: it traps on overflow (endIndex near Int.min).
        let (remaining, overflow) = itemCount.subtractingReportingOverflow(endIndex)
        if overflow { return .traps(at: 0, reason: "arithmetic overflow in items.count - \(endIndex)") }
        let endAngle = beginAngle + degreesOfSlice * Double(remaining)
        let rotation = endAngle * Double.pi / 180
        if itemCount > endIndex {
            if endIndex < 0 { return .traps(at: rotation, reason: "items[\(endIndex)]: index out of range") }
            return .stops(at: rotation, reports: .label(endIndex))
        }
        return .stops(at: rotation, reports: .noResult)
    }
}
