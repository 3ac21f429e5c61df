// Wheels written the way game developers write them: each reads its result from the rest rotation with
// plain arithmetic of its own (never the toolkit's truth). `planted: true` builds the same wheel with one
// realistic defect (marked `BUG` where it enters); `planted: false` is the correct implementation.
import FairnessModel
import Foundation

/// Twelve equal prizes clockwise from the top, pointer at the top. The wheel angle under the pointer is
/// found with atan2 of the pointer's direction turned back by the rotation (Double, degrees).
struct CorpusAtan2Wheel: WheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 12, unit: .degrees, firstSectorStart: 270, direction: .clockwise, pointer: 270)
    var name: String { planted ? "corpus-atan2-deg-12-bug" : "corpus-atan2-deg-12" }
    var summary: String { "12 equal sectors from the top, pointer at the top, atan2 of the pointer direction (Double degrees)" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    func report(_ rotation: Double) -> WheelOutcome {
        let pointer = 270.0, firstSectorStart = 270.0, slice = 30.0
        // A clockwise turn by r carries the wheel point at angle α to α + r: under the pointer is pointer − r.
        let wheelAngle = planted ? pointer + rotation : pointer - rotation  // BUG (planted): sign of the rotation
        let theta = wheelAngle * .pi / 180
        let angle = atan2(sin(theta), cos(theta)) * 180 / .pi  // (−180, 180]
        var offset = (angle - firstSectorStart).truncatingRemainder(dividingBy: 360)
        if offset < 0 { offset += 360 }
        return .label(Int(offset / slice) % 12 + 1)
    }
}

/// Eight equal sectors laid out counter-clockwise from 3 o'clock, pointer at the bottom (6 o'clock); each
/// spin adds three turns and `Float.random(in: 0 ..< 2 * .pi)` to the previous rotation reduced to one
/// turn. The pointer's unit vector (0, 1) is rotated into wheel coordinates and read with atan2 (Float
/// radians); the label comes from a `switch`.
struct CorpusVectorFloatWheel: WheelSubject {
    typealias Rotation = Float
    let planted: Bool
    let geometry = try! WheelGeometry.equal(
        count: 8, unit: .radians, firstSectorStart: 0, direction: .counterclockwise, pointer: Double.pi / 2)
    /// `Float.random(in: 0 ..< 2 * .pi)`: the Float 2π, which is below the true 2π.
    var spinDraw = try! SpinDraw(lower: 0, upper: Double(2 * Float.pi))
    /// Whole turns the spin animation adds to the reduced previous rotation before the drawn angle (0: the
    /// wheel rests at the drawn angle).
    var turns: Float = 3
    var name: String { planted ? "corpus-vector-float-rad-8-bug" : "corpus-vector-float-rad-8" }
    var summary: String {
        "8 equal sectors counter-clockwise from 3 o'clock, pointer at the bottom, atan2 of a rotated vector (Float radians)"
    }
    var rotationUnit: AngleUnit { .radians }
    var initialRotation: Float { 0 }

    func rotation(afterDrawing u: Float, from previous: Float) -> Float {
        turns == 0 ? u : previous.truncatingRemainder(dividingBy: 2 * .pi) + turns * 2 * .pi + u
    }

    func report(_ rotation: Float) -> WheelOutcome {
        // The pointer looks straight down: (0, 1) in screen coordinates (y grows downwards). Turned back
        // by the rotation into the wheel's own frame it is (cos(π/2 − r), sin(π/2 − r)) = (sin r, cos r).
        let x = sin(rotation), y = cos(rotation)
        let wheelAngle = atan2(y, x)  // (−π, π]
        // Counter-clockwise layout from angle 0: sector k spans (−(k + 1)·slice, −k·slice].
        var offset = -wheelAngle
        if offset < 0 { offset += 2 * .pi }
        let slice = 2 * Float.pi / 8
        switch Int(offset / slice) % 8 {
        case 0: return .label(1)
        case 1: return .label(2)
        case 2: return .label(3)
        case 3: return .label(4)
        case 4: return .label(5)
        case 5: return .label(6)
        case 6: return .label(7)
        case 7 where !planted: return .label(8)  // BUG (planted): the case for the eighth prize is missing
        default: return .noResult
        }
    }
}

/// Seven weighted prizes (40, 25, 15, 10, 6, 3, 1 %) clockwise from the top, pointer at the top; the
/// rotation accumulates (three whole turns per spin); the sector comes from a cumulative table by binary
/// search (Double degrees).
struct CorpusCumulativeWheel: WheelSubject {
    typealias Rotation = Double
    static let percentages = [40, 25, 15, 10, 6, 3, 1]
    let planted: Bool
    let geometry = try! WheelGeometry.weighted(
        CorpusCumulativeWheel.percentages.map(Double.init), unit: .degrees, firstSectorStart: 270, direction: .clockwise, pointer: 270)
    /// Running share of a turn at the end of each sector.
    let cumulative: [Double]

    init(planted: Bool) {
        self.planted = planted
        if planted {
            // BUG (planted): a hand-typed table whose last entry was rounded to 0.999.
            cumulative = [0.40, 0.65, 0.80, 0.90, 0.96, 0.99, 0.999]
        } else {
            var running = 0
            cumulative = Self.percentages.map {
                running += $0; return Double(running) / 100
            }
        }
    }

    var name: String { planted ? "corpus-cumulative-deg-7-bug" : "corpus-cumulative-deg-7" }
    var summary: String { "7 weighted sectors from the top, accumulated rotation, cumulative table + binary search (Double degrees)" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { previous + 3 * 360 + u }

    func report(_ rotation: Double) -> WheelOutcome {
        // Pointer and first sector both at the top: the wheel angle under the pointer, measured clockwise
        // from the first sector's start, is −rotation.
        var offset = (-rotation).truncatingRemainder(dividingBy: 360)
        if offset < 0 { offset += 360 }
        if offset >= 360 { offset -= 360 }
        let fraction = offset / 360
        // First entry strictly above the fraction.
        var low = 0, high = cumulative.count
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] <= fraction { low = mid + 1 } else { high = mid }
        }
        guard low < cumulative.count else { return .noResult }
        return .label(low + 1)
    }
}

/// Ten equal sectors centred on the pointer at 3 o'clock: the sector is the rounded number of slices
/// (Double radians).
struct CorpusRoundedCentredWheel: WheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let geometry = try! WheelGeometry.equal(
        count: 10, unit: .radians, firstSectorStart: -Double.pi / 10, direction: .clockwise, pointer: 0)
    var name: String { planted ? "corpus-round-centred-rad-10-bug" : "corpus-round-centred-rad-10" }
    var summary: String { "10 equal sectors centred on the pointer at 3 o'clock, rounded slice count (Double radians)" }
    var rotationUnit: AngleUnit { .radians }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .radians) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    func report(_ rotation: Double) -> WheelOutcome {
        let slice = 2 * Double.pi / 10
        // Pointer at 0: the wheel angle under it is −rotation; sector k is centred on k·slice.
        let angle = (-rotation).truncatingRemainder(dividingBy: 2 * .pi)
        let slices = angle / slice
        // BUG (planted): rounds down, as if the sectors started at the pointer instead of being centred on it.
        let k = Int(planted ? slices.rounded(.down) : slices.rounded())
        return .label((k % 10 + 10) % 10 + 1)
    }
}

/// Six equal sectors laid out counter-clockwise from 3 o'clock, pointer at the bottom; truncating
/// division with a manual fix-up for negative angles (Double degrees).
struct CorpusTruncatingCounterClockwiseWheel: WheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 6, unit: .degrees, firstSectorStart: 0, direction: .counterclockwise, pointer: 90)
    var name: String { planted ? "corpus-trunc-ccw-deg-6-bug" : "corpus-trunc-ccw-deg-6" }
    var summary: String {
        "6 equal sectors counter-clockwise from 3 o'clock, pointer at the bottom, truncating division + fix-up (Double degrees)"
    }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    func report(_ rotation: Double) -> WheelOutcome {
        let pointer = 90.0, firstSectorStart = 0.0, slice = 60.0
        let wheelAngle = pointer - rotation
        // How far counter-clockwise from the first sector's start, in (−360, 360).
        let along = (firstSectorStart - wheelAngle).truncatingRemainder(dividingBy: 360)
        var sector = Int(along / slice)  // truncates toward zero...
        if along < 0 && !planted { sector -= 1 }  // ...so step down for negative angles. BUG (planted): fix-up missing
        return .label((sector % 6 + 6) % 6 + 1)
    }
}

/// Eight 45° sectors clockwise from the top, pointer at the top; the wheel snaps to whole degrees (the
/// spin draws [0, 360) and stops at its floor), and the report puts each line in the sector it starts
/// (Double degrees).
struct CorpusIntegerStopsWheel: WheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 8, unit: .degrees, firstSectorStart: 270, direction: .clockwise, pointer: 270)
    var name: String { planted ? "corpus-integer-stops-8-bug" : "corpus-integer-stops-8" }
    var summary: String { "8 sectors of 45° from the top, stops in the middle of whole degrees, floor of the slice count (Double degrees)" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { try! SpinDraw(lower: 0, upper: 360) }

    /// One of 360 stops, half a degree past a whole degree so that the pointer never rests on a divider (the
    /// lines are on whole degrees: stopping on them would leave 8 of the 360 results unreadable). BUG
    /// (planted, with the report's): stops on the whole degrees themselves, 0° included.
    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u.rounded(.down) + (planted ? 0 : 0.5) }

    func report(_ rotation: Double) -> WheelOutcome {
        if planted {
            // BUG (planted): 360 − (r mod 360) is 360, not 0, when the wheel stops at 0°: slice 8, label 9.
            let offset = 360 - rotation.truncatingRemainder(dividingBy: 360)
            return .label(Int(offset / 45) + 1)
        }
        var offset = (-rotation).truncatingRemainder(dividingBy: 360)
        if offset < 0 { offset += 360 }
        return .label(Int(offset / 45) % 8 + 1)
    }
}

/// Seven prizes of 90, 60, 60, 45, 45, 30, 30 degrees clockwise from 3 o'clock, pointer at 3 o'clock; a
/// table of where each sector ends, scanned in order; the rotation accumulates but is reduced to one
/// turn before each spin, as Float code must (Float degrees).
struct CorpusFloatTableWheel: WheelSubject {
    typealias Rotation = Float
    static let widths: [Double] = [90, 60, 60, 45, 45, 30, 30]
    let planted: Bool
    let geometry = try! WheelGeometry(
        sectors: CorpusFloatTableWheel.widths.enumerated().map { SectorSpecification(label: $0.offset + 1, width: $0.element) },
        unit: .degrees, firstSectorStart: 0, direction: .clockwise, pointer: 0)
    var name: String { planted ? "corpus-float-table-deg-7-bug" : "corpus-float-table-deg-7" }
    var summary: String {
        "7 sectors of 90…30° from 3 o'clock, pointer at 3 o'clock, table of sector ends, reduced accumulated rotation (Float degrees)"
    }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Float { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Float, from previous: Float) -> Float {
        previous.truncatingRemainder(dividingBy: 360) + 2 * 360 + u
    }

    func report(_ rotation: Float) -> WheelOutcome {
        // BUG (planted): the fourth line was measured off the artwork as 255.02° instead of 255°.
        let ends: [Float] = planted ? [90, 150, 210, 255.02, 300, 330, 360] : [90, 150, 210, 255, 300, 330, 360]
        // Pointer and first sector both at 0: the wheel angle under the pointer is −rotation.
        var offset = (-rotation).truncatingRemainder(dividingBy: 360)
        if offset < 0 { offset += 360 }
        for (index, end) in ends.enumerated() where offset < end { return .label(index + 1) }
        return .label(ends.count)  // offset rounded up to 360: the end of the last sector
    }
}

/// Nine equal sectors laid out counter-clockwise from the top, pointer at the top; the rotation
/// accumulates four turns per spin and is reduced with floor (Double radians).
struct CorpusAccumulatedCounterClockwiseWheel: WheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let geometry = try! WheelGeometry.equal(
        count: 9, unit: .radians, firstSectorStart: 3 * Double.pi / 2, direction: .counterclockwise, pointer: 3 * Double.pi / 2)
    var name: String { planted ? "corpus-accumulated-ccw-rad-9-bug" : "corpus-accumulated-ccw-rad-9" }
    var summary: String {
        "9 equal sectors counter-clockwise from the top, pointer at the top, accumulated rotation, floor (Double radians)"
    }
    var rotationUnit: AngleUnit { .radians }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .radians) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { previous + 4 * (2 * .pi) + u }

    func report(_ rotation: Double) -> WheelOutcome {
        let twoPi = 2 * Double.pi
        let top = 3 * Double.pi / 2
        let wheelAngle = top - rotation
        // Sectors run counter-clockwise: measure from the first sector's start towards smaller angles.
        // BUG (planted): measured clockwise, as if the sectors had been drawn clockwise.
        let along = planted ? wheelAngle - top : top - wheelAngle
        let turns = along / twoPi
        let offset = (turns - turns.rounded(.down)) * twoPi
        return .label(min(Int(offset / (twoPi / 9)), 8) + 1)
    }
}

/// Five weighted sectors (5, 3, 2, 1, 1) laid out counter-clockwise from 3 o'clock, pointer at the
/// bottom; cumulative angles and a binary search (Double radians).
struct CorpusWeightedCounterClockwiseWheel: WheelSubject {
    typealias Rotation = Double
    static let weights: [Double] = [5, 3, 2, 1, 1]
    let planted: Bool
    let geometry = try! WheelGeometry.weighted(
        CorpusWeightedCounterClockwiseWheel.weights, unit: .radians, firstSectorStart: 0, direction: .counterclockwise,
        pointer: Double.pi / 2)
    let ends: [Double]

    init(planted: Bool) {
        self.planted = planted
        let total = Self.weights.reduce(0, +)
        var running = 0.0
        ends = Self.weights.map {
            running += $0; return running / total * 2 * .pi
        }
    }

    var name: String { planted ? "corpus-weighted-ccw-rad-5-bug" : "corpus-weighted-ccw-rad-5" }
    var summary: String { "5 weighted sectors counter-clockwise from 3 o'clock, pointer at the bottom, binary search (Double radians)" }
    var rotationUnit: AngleUnit { .radians }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .radians) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    func report(_ rotation: Double) -> WheelOutcome {
        let pointer = Double.pi / 2
        let wheelAngle = planted ? pointer + rotation : pointer - rotation  // BUG (planted): sign of the rotation
        var offset = (0 - wheelAngle).truncatingRemainder(dividingBy: 2 * .pi)  // counter-clockwise from 0
        if offset < 0 { offset += 2 * .pi }
        var low = 0, high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return .label(min(low, ends.count - 1) + 1)
    }
}

/// Sixteen equal sectors, the first centred on the top, pointer at the top; the wheel spins
/// counter-clockwise (negative rotations); the rounded slice count (Float degrees).
struct CorpusFloatRoundedWheel: WheelSubject {
    typealias Rotation = Float
    let planted: Bool
    let geometry = try! WheelGeometry.equal(
        count: 16, unit: .degrees, firstSectorStart: 270 - 11.25, direction: .clockwise, pointer: 270)
    /// Whether the wheel spins counter-clockwise (rests at −u) rather than clockwise (at u).
    var spinsCounterClockwise = true
    var name: String { planted ? "corpus-float-round-deg-16-bug" : "corpus-float-round-deg-16" }
    var summary: String { "16 equal sectors centred on the top, pointer at the top, rounded slice count (Float degrees)" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Float { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Float, from previous: Float) -> Float { spinsCounterClockwise ? -u : u }

    func report(_ rotation: Float) -> WheelOutcome {
        var offset = (-rotation).truncatingRemainder(dividingBy: 360)  // clockwise from the top
        if offset < 0 { offset += 360 }
        var index = Int((offset / 22.5).rounded())
        if !planted { index %= 16 }  // BUG (planted): the last half-slice rounds to 16 and is not wrapped to 0
        return .label(index + 1)
    }
}

/// Five equal sectors clockwise from the top, pointer at 3 o'clock; truncating division with a manual
/// fix-up, then a label table (Double degrees).
struct CorpusTruncatingPointerRightWheel: WheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let labels = [1, 2, 3, 4, 5]
    let geometry = try! WheelGeometry.equal(count: 5, unit: .degrees, firstSectorStart: 270, direction: .clockwise, pointer: 0)
    var name: String { planted ? "corpus-trunc-pointer-right-deg-5-bug" : "corpus-trunc-pointer-right-deg-5" }
    var summary: String { "5 equal sectors from the top, pointer at 3 o'clock, truncating division + fix-up (Double degrees)" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    func report(_ rotation: Double) -> WheelOutcome {
        let wheelAngle = 0 - rotation
        let along = (wheelAngle - 270).truncatingRemainder(dividingBy: 360)  // clockwise from the top, (−360, 360)
        var q = Int(along / 72)  // truncates toward zero
        if along < 0 { q -= 1 }  // so step down once for negative angles
        if q < 0 { q += planted ? 4 : 5 }  // BUG (planted): wraps by one sector too few
        let index = q % 5  // along / 72 can round up to 5 just below a full turn
        guard index >= 0 else { return .noResult }
        return .label(labels[index])
    }
}

/// Five weighted sectors (8, 4, 2, 1, 1) clockwise from 3 o'clock, pointer at the bottom: the pointer's
/// unit vector rotated by the rotation matrix, atan2, then a binary search of the cumulative angles
/// (Double radians).
struct CorpusMatrixWeightedWheel: WheelSubject {
    typealias Rotation = Double
    static let weights: [Double] = [8, 4, 2, 1, 1]
    let planted: Bool
    let geometry = try! WheelGeometry.weighted(
        CorpusMatrixWeightedWheel.weights, unit: .radians, firstSectorStart: 0, direction: .clockwise, pointer: Double.pi / 2)
    let ends: [Double]

    init(planted: Bool) {
        self.planted = planted
        let total = Self.weights.reduce(0, +)
        var running = 0.0
        ends = Self.weights.map {
            running += $0; return 2 * .pi * running / total
        }
    }

    var name: String { planted ? "corpus-matrix-weighted-rad-5-bug" : "corpus-matrix-weighted-rad-5" }
    var summary: String {
        "5 weighted sectors from 3 o'clock, pointer at the bottom, rotation matrix + atan2 + binary search (Double radians)"
    }
    var rotationUnit: AngleUnit { .radians }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .radians) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    func report(_ rotation: Double) -> WheelOutcome {
        // The pointer's direction on screen (y down). BUG (planted): (0, −1), the top, though it is drawn at the bottom.
        let (px, py): (Double, Double) = planted ? (0, -1) : (0, 1)
        let (c, s) = (cos(rotation), sin(rotation))
        // Rotate by −rotation into the wheel's frame.
        let x = px * c + py * s
        let y = py * c - px * s
        var angle = atan2(y, x)
        if angle < 0 { angle += 2 * .pi }
        var low = 0, high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] <= angle { low = mid + 1 } else { high = mid }
        }
        return .label(min(low, ends.count - 1) + 1)
    }
}

/// Seven equal sectors clockwise from the top, pointer at the top: truncatingRemainder by 2π, then floor
/// (Float radians).
struct CorpusFloatRadiansWheel: WheelSubject {
    typealias Rotation = Float
    let planted: Bool
    let geometry = try! WheelGeometry.equal(
        count: 7, unit: .radians, firstSectorStart: 3 * Double.pi / 2, direction: .clockwise, pointer: 3 * Double.pi / 2)
    /// `Float.random(in: 0 ..< 2 * .pi)`: the Float 2π, which is below the true 2π.
    var spinDraw = try! SpinDraw(lower: 0, upper: Double(2 * Float.pi))
    var name: String { planted ? "corpus-float-fmod-rad-7-bug" : "corpus-float-fmod-rad-7" }
    var summary: String { "7 equal sectors from the top, pointer at the top, remainder by 2π then floor (Float radians)" }
    var rotationUnit: AngleUnit { .radians }
    var initialRotation: Float { 0 }

    func rotation(afterDrawing u: Float, from previous: Float) -> Float { u }

    func report(_ rotation: Float) -> WheelOutcome {
        let twoPi: Float = planted ? 2 * 3.14 : 2 * .pi  // BUG (planted): π written as 3.14
        var offset = (-rotation).truncatingRemainder(dividingBy: twoPi)  // clockwise from the top
        if offset < 0 { offset += twoPi }
        return .label(min(Int(offset / (twoPi / 7)), 6) + 1)
    }
}

/// A dartboard-style ring of twenty numbers laid out counter-clockwise from the top, pointer at the top,
/// accumulated rotation, floor into a label table (Double degrees).
struct CorpusDartboardWheel: WheelSubject {
    typealias Rotation = Double
    static let numbers = [20, 1, 18, 4, 13, 6, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5]
    let planted: Bool
    let geometry = try! WheelGeometry.equal(
        count: 20, labels: CorpusDartboardWheel.numbers, unit: .degrees, firstSectorStart: 270, direction: .counterclockwise,
        pointer: 270)
    let table: [Int]

    init(planted: Bool) {
        self.planted = planted
        // BUG (planted): 13 and 6 swapped in the game's copy of the numbers.
        table = planted ? [20, 1, 18, 4, 6, 13, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5] : Self.numbers
    }

    var name: String { planted ? "corpus-dartboard-ccw-deg-20-bug" : "corpus-dartboard-ccw-deg-20" }
    var summary: String {
        "20 numbers counter-clockwise from the top, pointer at the top, accumulated rotation, label table (Double degrees)"
    }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { previous + 2 * 360 + u }

    func report(_ rotation: Double) -> WheelOutcome {
        let wheelAngle = 270 - rotation
        var along = (270 - wheelAngle).truncatingRemainder(dividingBy: 360)  // counter-clockwise from the top
        if along < 0 { along += 360 }
        let index = Int((along / 18).rounded(.down)) % 20
        return .label(table[index])
    }
}

/// Seven equal sectors of 51.43° clockwise from 3 o'clock, pointer at the top; fmod, fix-up, floor
/// (Double degrees).
struct CorpusSevenSliceWheel: WheelSubject {
    typealias Rotation = Double
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 7, unit: .degrees, firstSectorStart: 0, direction: .clockwise, pointer: 270)
    var name: String { planted ? "corpus-seven-slices-deg-bug" : "corpus-seven-slices-deg" }
    var summary: String { "7 equal sectors of 360/7° from 3 o'clock, pointer at the top, fmod + floor (Double degrees)" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double { u }

    func report(_ rotation: Double) -> WheelOutcome {
        let width = planted ? Double(360 / 7) : 360.0 / 7  // BUG (planted): integer division, 51° instead of 51.43°
        var offset = fmod(270 - rotation, 360)  // wheel angle under the pointer, clockwise from the first sector at 0
        if offset < 0 { offset += 360 }
        return .label(min(Int(offset / width), 6) + 1)
    }
}
