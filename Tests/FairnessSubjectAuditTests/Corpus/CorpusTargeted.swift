// Wheels told the winning index up front, which work out where to stop. `planted: true` is the same
// wheel with one realistic defect (marked `BUG`).
import FairnessModel
import Foundation

/// Ten equal sectors clockwise from the top, pointer at the top. Stops three turns on, a fixed 7° past
/// the middle of the chosen sector (so the stop does not look staged), and reports it (Double degrees).
struct CorpusTargetedDegreesWheel: TargetedWheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 10, unit: .degrees, firstSectorStart: 270, direction: .clockwise, pointer: 270)
    var name: String { planted ? "corpus-targeted-deg-10-bug" : "corpus-targeted-deg-10" }
    var summary: String { "10 equal sectors from the top, told the index, stops 7° past the middle (Double degrees)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<10 }

    func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let slice = 36.0
        let nudge = planted ? 20.0 : 7.0  // BUG (planted): more than half a slice, so it stops in the next sector
        // The wheel point to bring under the pointer, clockwise from the first sector's start at the top.
        let target = 270 + (Double(index) + 0.5) * slice + nudge
        var rest = (270 - target).truncatingRemainder(dividingBy: 360)
        if rest < 0 { rest += 360 }
        return .stops(at: rest + 3 * 360, reports: .label(index + 1))
    }
}

/// Eight equal sectors laid out counter-clockwise from 3 o'clock, pointer at the bottom. Stops four turns
/// on, 0.1 rad short of the middle of the chosen sector, and reports what the pointer shows there, read
/// back with atan2 (Float radians).
struct CorpusTargetedFloatRadiansWheel: TargetedWheelSubject {
    typealias Rotation = Float
    let planted: Bool
    let geometry = try! WheelGeometry.equal(
        count: 8, unit: .radians, firstSectorStart: 0, direction: .counterclockwise, pointer: Double.pi / 2)
    var name: String { planted ? "corpus-targeted-float-rad-8-bug" : "corpus-targeted-float-rad-8" }
    var summary: String {
        "8 equal sectors counter-clockwise, pointer at the bottom, told the index, reads back what it shows (Float radians)"
    }
    var rotationUnit: AngleUnit { .radians }
    var indices: Range<Int> { 0..<8 }

    func spin(toIndex index: Int) -> TargetedSpin<Float> {
        guard indices.contains(index) else { return .refused }
        let slice = 2 * Float.pi / 8
        // Sector k spans counter-clockwise from −k·slice to −(k + 1)·slice; aim 0.1 rad short of its middle.
        // BUG (planted): the middle taken clockwise, +(k + ½)·slice, as if the sectors had been drawn clockwise.
        let middle = (planted ? 1 : -1) * (Float(index) + 0.5) * slice + (planted ? -0.1 : 0.1)
        // The wheel point at `middle` comes under the pointer (π/2) at rotation π/2 − middle.
        var rest = (Float.pi / 2 - middle).truncatingRemainder(dividingBy: 2 * .pi)
        if rest < 0 { rest += 2 * .pi }
        rest += 4 * (2 * .pi)
        return .stops(at: rest, reports: .label(shownSector(at: rest) + 1))
    }

    /// The sector under the pointer at `rotation`: the pointer's vector (0, 1) into the wheel's frame.
    func shownSector(at rotation: Float) -> Int {
        let wheelAngle = atan2(cos(rotation), sin(rotation))
        var offset = -wheelAngle
        if offset < 0 { offset += 2 * .pi }
        return Int(offset / (2 * .pi / 8)) % 8
    }
}
