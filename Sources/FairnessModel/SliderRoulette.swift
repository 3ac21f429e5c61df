import Foundation

/// Port of the slider roulette (seed `000_b128c2476d10c070.txt`, "轉輪盤"): 2 ... 36 numbered sectors
/// chosen with a slider, a spin that adds 10π + U[0, 2π) to an accumulating rotation, and the number
/// under the top arrow computed from the final angle.
///
/// What is ported, as written:
/// - `makeCircle()`: sectors 1 ... n drawn clockwise (`clockwise: true`, UIKit screen angles) from
///   `startDegree = 270` (the top), each `360 / sliderValue` degrees — **integer division** — except the
///   last, whose end is forced to 270, so it absorbs the remainder `360 − (n−1)·⌊360/n⌋`.
/// - `startRouletteAnimation()`: `rotationCurrentValue += 10π + Double.random(in: 0..<2π)` (the layer's
///   `transform.rotation`, radians, positive clockwise), then
///   `degree = (rotationCurrentValue mod 2π)·180/π` and `answer = (360 − degree) / Double(360 / n) + 1`,
///   shown as `Int(answer)` (truncation). With ⌊360/n⌋·n < 360 the formula runs past n where the last,
///   wider sector sits, so it shows numbers no sector carries.
/// - The arrow is at the top (`arrowtriangle.down.fill` pinned to the container's top edge): 270°.
///
/// Where the port chose: the spin draws u through the toolkit's 53-bit unit interval instead of
/// `Double.random(in:)`, whose algorithm is not guaranteed stable; the rotation arithmetic and the
/// result formula are the original's, in `Double`, in the same order of operations.
public struct SliderRoulette: WheelSubject {
    public typealias Rotation = Double
    public static let sectorCounts = 2...36

    public let sectorCount: Int
    public let geometry: WheelGeometry

    public init(sectorCount: Int) throws {
        guard Self.sectorCounts.contains(sectorCount) else {
            throw WheelGeometryError.invalidAngle(what: "slider sector count (2...36)", value: Double(sectorCount))
        }
        self.sectorCount = sectorCount
        var arcs: [DrawnArc] = []
        var startDegree = 270
        for circlePart in 1...sectorCount {
            var endDegree = startDegree + 360 / sectorCount
            if circlePart == sectorCount { endDegree = 270 }
            // `addArc(... clockwise: true)` from start to end: an end below the start wraps a full turn.
            let end = endDegree > startDegree ? Double(endDegree) : Double(endDegree) + 360 * ((Double(startDegree - endDegree) / 360).rounded(.down) + 1)
            arcs.append(DrawnArc(label: circlePart, start: Double(startDegree), end: end))
            startDegree = endDegree
        }
        geometry = try WheelGeometry(drawnArcs: arcs, unit: .degrees, direction: .clockwise, pointer: 270)
    }

    public var name: String { "slider-roulette-\(sectorCount)" }
    public var summary: String { "Seed 000: \(sectorCount) sectors of integer width \(360 / sectorCount)°, result (360 − deg)/width + 1 truncated" }
    public var rotationUnit: AngleUnit { .radians }
    public var initialRotation: Double { 0 }
    public var spinDraw: SpinDraw { SpinDraw(lower: 0, upper: 2 * Double.pi) }

    @inlinable
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        previous + 10 * Double.pi + u
    }

    @inlinable
    public func report(_ rotation: Double) -> WheelOutcome {
        let eachSectorDegree = Double(360 / sectorCount)
        let rotatedValue = rotation.truncatingRemainder(dividingBy: Double.pi * 2)
        let degree = rotatedValue * 180 / Double.pi
        let answer = (360 - degree) / eachSectorDegree + 1
        return .label(Int(answer))
    }
}

/// Port of the 12-slice percentage wheel (seed `001_bea7e38248f5cfca.txt`, "製作按鈕輪盤"): twelve slices
/// drawn from percentages, a spin adding 100π + U[0, 2π), and the result read from a `switch` over
/// 30-degree ranges.
///
/// What is ported, as written:
/// - `layoutSubviews()`: from `startDegree = 270`, each slice `i` spans `startDegree` to
///   `startDegree + 360 * 8.33 / 100` (`CGFloat`, drawn `clockwise: true`), labelled `"\(i + 1)"`, and
///   `startDegree` moves to its end. 12 × 29.988° = 359.856°, so **0.144° just before the top is never
///   painted**. The port draws one layout pass; since `startDegree` is an instance variable that is never
///   reset, every further `layoutSubviews()` pass repaints all twelve slices 0.144° further round, on top.
/// - `rotateGradually`: `currentValue += 100π + Double.random(in: 0..<2π)`; `degree = (currentValue
///   mod 2π)·180/π`; `switch degree` with `0..<30 → "12"`, `30..<60 → "11"`, …, `330..<360 → "1"`,
///   `-30..<0 → "1"` (unreachable) and `default → "...未知"` ("unknown"), which the port reports as no
///   result. The cases are 30° wide while the slices are 29.988°, so the labels drift off the slices.
/// - The pointer is at the top (270°): slice 1 starts there and the result for a small positive rotation
///   is the last slice, which is what the `switch` assumes.
///
/// Where the port chose: u is drawn through the toolkit's 53-bit unit interval.
public struct TwelveSliceWheel: WheelSubject {
    public typealias Rotation = Double

    public let geometry: WheelGeometry

    public init() {
        var arcs: [DrawnArc] = []
        var startDegree: Double = 270
        let percentages = [Double](repeating: 8.33, count: 12)
        for (i, percentage) in percentages.enumerated() {
            let endDegree = startDegree + 360 * percentage / 100
            arcs.append(DrawnArc(label: i + 1, start: startDegree, end: endDegree))
            startDegree = endDegree
        }
        // The arcs are fixed and valid; a failure here would be a bug in this file.
        geometry = try! WheelGeometry(drawnArcs: arcs, unit: .degrees, direction: .clockwise, pointer: 270)
    }

    public var name: String { "twelve-slice-wheel" }
    public var summary: String { "Seed 001: 12 slices of 8.33% (29.988°), result from a switch over 30° cases" }
    public var rotationUnit: AngleUnit { .radians }
    public var initialRotation: Double { 0 }
    public var spinDraw: SpinDraw { SpinDraw(lower: 0, upper: 2 * Double.pi) }

    @inlinable
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        previous + 100 * Double.pi + u
    }

    @inlinable
    public func report(_ rotation: Double) -> WheelOutcome {
        let value = rotation.truncatingRemainder(dividingBy: Double.pi * 2)
        let degree = value * 180 / Double.pi
        switch degree {
        case -30..<0: return .label(1)
        case 0..<30: return .label(12)
        case 30..<60: return .label(11)
        case 60..<90: return .label(10)
        case 90..<120: return .label(9)
        case 120..<150: return .label(8)
        case 150..<180: return .label(7)
        case 180..<210: return .label(6)
        case 210..<240: return .label(5)
        case 240..<270: return .label(4)
        case 270..<300: return .label(3)
        case 300..<330: return .label(2)
        case 330..<360: return .label(1)
        default: return .noResult
        }
    }
}
