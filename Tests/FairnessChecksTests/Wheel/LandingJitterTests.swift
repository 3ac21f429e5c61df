import FairnessModel
import Testing

@testable import FairnessChecks

/// Five equal sectors clockwise from the top, pointer at the top; told an index, the wheel stops at a point
/// of the slice chosen by its own draw u, from `from` to `to` of the slice's width, and shows what the
/// pointer is on (so a stop past the slice shows the neighbour: the player gets another prize than drawn).
struct JitteredStopWheel: TargetedWheelSubject {
    typealias Rotation = Double
    let from: Double, to: Double
    let geometry = try! WheelGeometry.equal(count: 5, unit: .degrees, firstSectorStart: 0, pointer: 0)
    var name: String { "jittered-stop-wheel" }
    var summary: String { "test subject" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<5 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5) }
    func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let angle = (Double(index) + from + (to - from) * u) * 72
        let rotation = 5 * 360 + (360 - angle)
        let shown = Int(((360 - rotation.truncatingRemainder(dividingBy: 360)).truncatingRemainder(dividingBy: 360)) / 72)
        return .stops(at: rotation, reports: .label(shown % 5 + 1))
    }
}

@Suite("Landing with the game's own draw")
struct LandingJitterTests {
    @Test(arguments: [(0.05, 1.05), (-0.05, 0.95), (-0.1, 1.1)])
    func aStopPastTheSliceIsAMislabelOfItsExactShare(from: Double, to: Double) throws {
        // Past one end only, the first wrong draw bisection finds is at the line; the finding must still
        // describe how far the wrong stops go: a mislabel of 5% (10%, 20%) of spins, not rounding.
        let wheel = JitteredStopWheel(from: from, to: to)
        let check = LandingCheck(wheel)
        let expected = (max(0, -from) + max(0, to - 1)) / (to - from)
        for landing in check.landings {
            #expect(!landing.correct)
            #expect(abs(landing.wrongShareOfDraws - expected) < 1e-9, "\(landing.wrongShareOfDraws)")
        }
        let findings = TargetedWheelFindings(wheel, landing: check)
        #expect(findings.landing?.findingClass == .mislabel, "\(String(describing: findings.landing))")
        #expect(abs(findings.mislabelShare - expected) < 1e-9)
        // Inside the slice at every draw: right.
        #expect(LandingCheck(JitteredStopWheel(from: 0.05, to: 0.95)).passed)
    }
}
