import FairnessModel
import Foundation
import Testing

@testable import FairnessChecks

/// A wheel that comes to rest only at the centre of a slice (twelve slices of 30°, clockwise from the pointer),
/// spun five turns and a drawn angle in either direction and then snapped to the centre of the slice it stopped
/// in. Its lookup is the game's own: right for rotations in the first turn; past it (`wrongPast`) it adds a
/// `shift` of degrees before dividing, which is wrong on the last `shift` degrees of every slice, so on none of
/// the stops while `shift` < 15 and on every stop once `shift` > 15.
struct SnappingWheel: WheelSubject {
    typealias Rotation = Double
    let anticlockwise: Bool
    let shift: Double
    let geometry = try! WheelGeometry.equal(count: 12, unit: .degrees, firstSectorStart: 0, direction: .clockwise, pointer: 0)
    var name: String { "snapping-\(anticlockwise ? "anticlockwise" : "clockwise")-\(shift)" }
    var summary: String { "12 slices, snaps to the centre of a slice" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }

    /// The angle of the wheel under the pointer at `rotation`, in [0, 360).
    static func offset(_ rotation: Double) -> Double {
        let offset = (-rotation).truncatingRemainder(dividingBy: 360)
        return offset < 0 ? offset + 360 : offset
    }

    func rotation(afterDrawing u: Double, from previous: Double) -> Double {
        let target = anticlockwise ? previous - 1800 - u : previous + 1800 + u
        let offset = Self.offset(target)
        let centre = (offset / 30).rounded(.down) * 30 + 15
        return target + offset - centre
    }

    /// Past the first turn (negative rotations anticlockwise, rotations of a turn or more clockwise), the
    /// lookup adds `shift` degrees.
    func report(_ rotation: Double) -> WheelOutcome {
        let past = anticlockwise ? rotation < 0 : rotation >= 360
        let offset = Self.offset(rotation) + (past ? shift : 0)
        return .label(Int(offset / 30) % 12 + 1)
    }
}

@Suite struct SnappingWheelTests {
    @Test(arguments: [true, false])
    func aSnappingWheelWrongOnlyBetweenItsStopsHasOnlyLatentDefects(anticlockwise: Bool) {
        let wheel = SnappingWheel(anticlockwise: anticlockwise, shift: 14)
        let reach = SessionReach(wheel)
        let stops = reach.stops ?? []
        #expect(stops.count == 12)
        #expect(zip(stops, (0..<12).map { Double($0 * 30 + 15) }).allSatisfy { abs($0 - $1) < 1e-9 })
        // The stops are right; every rotation between them past the first turn that the wraparound check
        // tries next to a line is wrong: a periodicity break no spin can reach.
        let wraparound = WraparoundCheck(wheel)
        #expect(!wraparound.passed)
        let findings = WheelFindings(auditing: wheel)
        #expect(findings.wraparound?.findingClass == .latent)
        #expect(findings.all.allSatisfy { $0.findingClass == .latent })
        #expect(findings.material().isEmpty)
        // Within the range, a rotation between two stops is out of reach and a stop is in it.
        #expect(reach.contains(anticlockwise ? -360 * 6 - 30 : 360 * 6 + 30) == false)
        #expect(reach.contains(anticlockwise ? -360 * 6 - 15 : 360 * 6 + 15))
    }

    @Test(arguments: [true, false])
    func aSnappingWheelWrongAtItsStopsFails(anticlockwise: Bool) {
        let wheel = SnappingWheel(anticlockwise: anticlockwise, shift: 16)
        let findings = WheelFindings(auditing: wheel)
        #expect(findings.wraparound?.findingClass == .mislabel)
        #expect(!findings.material().isEmpty)
    }

    @Test func aSpinThatRestsAnywhereHasNoStops() {
        let continuous = SpinRuleWheel { u, previous in previous + 1800 + u }
        #expect(SessionReach(continuous).stops == nil)
        #expect(SessionReach(continuous).reaches(from: 1900, to: 1901))
    }

    /// Stops on whole degrees, except that draws in [100, 100 + 1e-9) stop at 100.5.
    @Test func aStopHeldByANarrowIntervalOfDrawsIsFound() {
        let stops = SessionReach(SpinRuleWheel { u, _ in u >= 100 && u < 100 + 1e-9 ? 100.5 : u.rounded(.down) }).stops
        #expect(stops?.count == 361)
        #expect(stops?.contains(100.5) == true)
    }

    /// A spin that moves 0, 1 or 2 slices of 45° from where it stands rests at 3 positions from the start but at
    /// all 8 in a session: its positions are not closed under the spin rule, and it is taken to stop anywhere.
    @Test func stopsNotClosedUnderTheSpinAreNotStops() {
        #expect(SessionReach(SpinRuleWheel { u, previous in previous + 1800 + (u / 120).rounded(.down) * 45 }).stops == nil)
    }

    /// A `Float` wheel's stops are matched to within its own precision far from the start (where `Float`
    /// rounds its rest angles: at the session's end, 2·10⁷ degrees, to 2 degrees, so it rests at more
    /// positions than the 12 centres).
    @Test func aFloatWheelsStopsMatchAtItsOwnPrecision() {
        let reach = SessionReach(FloatSnappingWheel())
        #expect((reach.stops?.count ?? 0) >= 12)
        #expect(reach.ulpScale == Double(1 << 29))
        let far = Double(Float(360 * 4096 + 15))
        #expect(reach.contains(far) && !reach.contains(Double(Float(360 * 4096 + 20))))
    }
}

/// ``SnappingWheel``'s spin in `Float` degrees, the right lookup everywhere.
struct FloatSnappingWheel: WheelSubject {
    typealias Rotation = Float
    let geometry = try! WheelGeometry.equal(count: 12, unit: .degrees, pointer: 0)
    var name: String { "snapping-float" }
    var summary: String { "" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Float { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    func rotation(afterDrawing u: Float, from previous: Float) -> Float {
        Float(SnappingWheel(anticlockwise: false, shift: 0).rotation(afterDrawing: Double(u), from: Double(previous)))
    }
    func report(_ rotation: Float) -> WheelOutcome { SnappingWheel(anticlockwise: false, shift: 0).report(Double(rotation)) }
}

/// Twelve slices of 30° whose spin is the rule given (the drawn angle in degrees and the previous rotation)
/// and whose lookup is right everywhere: for the tests of a session's reach.
struct SpinRuleWheel: WheelSubject {
    typealias Rotation = Double
    let rule: @Sendable (Double, Double) -> Double
    let geometry = try! WheelGeometry.equal(count: 12, unit: .degrees, pointer: 0)
    var name: String { "spin-rule" }
    var summary: String { "" }
    var rotationUnit: AngleUnit { .degrees }
    var initialRotation: Double { 0 }
    var spinDraw: SpinDraw { .oneTurn(in: .degrees) }
    func rotation(afterDrawing u: Double, from previous: Double) -> Double { rule(u, previous) }
    func report(_ rotation: Double) -> WheelOutcome { .label(Int(SnappingWheel.offset(rotation) / 30) % 12 + 1) }
}
