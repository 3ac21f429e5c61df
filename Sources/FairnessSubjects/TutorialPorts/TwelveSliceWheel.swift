import FairnessModel
import Foundation

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
    /// Rotations are `Double` radians, the app's accumulated `currentValue`.
    public typealias Rotation = Double

    /// The twelve arcs of one layout pass, 29.988° each clockwise from 270°, with the pointer at 270°; the
    /// unpainted 0.144° before the top is a gap in `WheelGeometry/findings`.
    public let geometry: WheelGeometry

    /// The wheel as one `layoutSubviews()` pass draws it.
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

    /// `twelve-slice-wheel`.
    public var name: String { "twelve-slice-wheel" }
    /// One line: twelve 8.33% slices, result from a switch over 30° cases.
    public var summary: String { "Seed 001: 12 slices of 8.33% (29.988°), result from a switch over 30° cases" }
    /// Radians, as `transform.rotation`.
    public var rotationUnit: AngleUnit { .radians }
    /// 0 radians.
    public var initialRotation: Double { 0 }
    /// Uniform on [0, 2π) radians, the app's `Double.random(in: 0..<2π)`.
    public var spinDraw: SpinDraw { .oneTurn(in: .radians) }

    /// `previous + 100π + u` radians, as `rotateGradually` accumulates `currentValue`.
    @inlinable
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        previous + 100 * Double.pi + u
    }

    /// The app's `switch` over `degree = (rotation mod 2π)·180/π` (remainder by truncation, as fmod; the same bits by `exactRemainder`): `0..<30` → 12,
    /// `30..<60` → 11, …, `330..<360` → 1, `-30..<0` → 1, and anything else (below −30°, NaN) →
    /// `WheelOutcome/noResult`.
    @inlinable
    public func report(_ rotation: Double) -> WheelOutcome {
        let value = rotation.exactRemainder(dividingBy: Double.pi * 2)
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
