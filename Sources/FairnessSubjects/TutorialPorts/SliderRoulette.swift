import FairnessModel
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
    /// Rotations are `Double` radians, the app's accumulated `rotationCurrentValue`.
    public typealias Rotation = Double
    /// The sector counts the app's slider offers, and ``init(sectorCount:)`` accepts: 2 ... 36.
    public static let sectorCounts = 2...36

    /// n, the number of sectors chosen with the slider.
    public let sectorCount: Int
    /// The arcs as `makeCircle()` draws them: ⌊360/n⌋° each (integer division) clockwise from 270°, the
    /// last one ending at 270° and so absorbing the remainder; the pointer is at 270°.
    public let geometry: WheelGeometry

    /// The roulette with the slider at `sectorCount`.
    /// - Throws: `WheelGeometryError/invalidAngle(what:value:)`, with the count as its value, if `sectorCount`
    ///   is outside ``sectorCounts``.
    /// - Complexity: O(n log n) for n sectors.
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
            let end =
                endDegree > startDegree
                ? Double(endDegree) : Double(endDegree) + 360 * ((Double(startDegree - endDegree) / 360).rounded(.down) + 1)
            arcs.append(DrawnArc(label: circlePart, start: Double(startDegree), end: end))
            startDegree = endDegree
        }
        geometry = try WheelGeometry(drawnArcs: arcs, unit: .degrees, direction: .clockwise, pointer: 270)
    }

    /// `slider-roulette-` followed by the sector count.
    public var name: String { "slider-roulette-\(sectorCount)" }
    /// One line: the sector count, their integer width, and the result formula.
    public var summary: String {
        "Seed 000: \(sectorCount) sectors of integer width \(360 / sectorCount)°, result (360 − deg)/width + 1 truncated"
    }
    /// Radians, as `transform.rotation`.
    public var rotationUnit: AngleUnit { .radians }
    /// 0 radians.
    public var initialRotation: Double { 0 }
    /// Uniform on [0, 2π) radians, the app's `Double.random(in: 0..<2π)`.
    public var spinDraw: SpinDraw { .oneTurn(in: .radians) }

    /// `previous + 10π + u` radians, as `startRouletteAnimation()` accumulates `rotationCurrentValue`.
    @inlinable
    public func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        previous + 10 * Double.pi + u
    }

    /// The app's formula: `Int((360 − degree) / Double(360 / n) + 1)`, with `degree = (rotation mod 2π)·180/π`
    /// (remainder by truncation: fmod, computed by `exactRemainder(dividingBy:)`, the same bits faster). It
    /// can name labels no sector carries.
    /// - Precondition: `rotation` is finite (`Int(_:)` traps on NaN).
    @inlinable
    public func report(_ rotation: Double) -> WheelOutcome {
        let eachSectorDegree = Double(360 / sectorCount)
        let rotatedValue = rotation.exactRemainder(dividingBy: Double.pi * 2)
        let degree = rotatedValue * 180 / Double.pi
        let answer = (360 - degree) / eachSectorDegree + 1
        return .label(Int(answer))
    }
}
