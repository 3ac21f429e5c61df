import FairnessModel
import Synchronization
import Testing

@testable import FairnessChecks

/// 36 equal sectors clockwise from 0°, pointer at 0°, whose rotation accumulates in `Rotation`: told an
/// index, the wheel turns on from where its previous spin left it, five turns and then forward to a point
/// of the middle `spread` of the prize's slice chosen by its own draw u, and shows the prize it decided.
/// With `forgetsCurrent` the current rotation is not taken off (right on the first spin only).
struct SessionWheel<Rotation: BinaryFloatingPoint & Sendable>: TargetedWheelSubject {
    var spread = 0.8
    var forgetsCurrent = false
    let geometry = try! WheelGeometry.equal(count: 36, unit: .degrees, pointer: 0)
    var name: String { "session-wheel" }
    var summary: String { "test subject" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<36 }
    func spin(toIndex index: Int) -> TargetedSpin<Rotation> { spin(toIndex: index, drawing: 0.5, from: 0) }
    func spin(toIndex index: Int, drawing u: Double, from current: Rotation) -> TargetedSpin<Rotation> {
        guard indices.contains(index) else { return .refused }
        let target = Rotation(360 - (Double(index) + 0.5 + (u - 0.5) * spread) * 10)
        let forward =
            forgetsCurrent ? target : ((target - current).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return .stops(at: current + 1800 + forward, reports: .label(index + 1))
    }
}

/// The same wheel as a game that keeps its rotation itself and ignores the rotation it is given: each
/// request turns on from wherever the previous request left it.
final class HiddenStateWheel: TargetedWheelSubject, Sendable {
    let forgetsCurrent: Bool
    let rotation = Mutex(0.0)
    init(forgetsCurrent: Bool) { self.forgetsCurrent = forgetsCurrent }
    let geometry = try! WheelGeometry.equal(count: 36, unit: .degrees, pointer: 0)
    var name: String { "hidden-state-wheel" }
    var summary: String { "test subject" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<36 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5) }
    func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Double> {
        let wheel = SessionWheel<Double>(forgetsCurrent: forgetsCurrent)
        return rotation.withLock { current in
            let spin = wheel.spin(toIndex: index, drawing: u, from: current)
            current = spin.restingRotation(after: current)
            return spin
        }
    }
}

/// A wheel that computes every stop from its index and cannot be told where its previous spin left it (as
/// a probe of protocol version 1 or 2).
struct NotGivenRotation: TargetedWheelSubject {
    let wheel = SessionWheel<Double>()
    var geometry: WheelGeometry { wheel.geometry }
    var name: String { "not-given-rotation" }
    var summary: String { "test subject" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<36 }
    var receivesPreviousRotation: Bool { false }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { wheel.spin(toIndex: index, drawing: 0.5, from: 0) }
}

@Suite("The spins of a session of a wheel told its result up front")
struct TargetedSessionTests {
    @Test func aWheelThatComputesEveryStopFromItsIndexIsCheckedOnItsFirstSpinOnly() {
        let wheel = JitteredStopWheel(from: 0.1, to: 0.9)
        let session = TargetedSessionCheck(wheel, first: LandingCheck(wheel))
        #expect(session.dependence == .none && session.later.isEmpty && session.unstablePlay == nil)
        #expect(session.worst.spin.kind == .first && session.worst.findings.landing == nil)
    }

    @Test func aCorrectWheelWhoseRotationAccumulatesLandsRightOnEverySpinChecked() {
        let wheel = SessionWheel<Double>()
        let session = TargetedSessionCheck(wheel, first: LandingCheck(wheel))
        #expect(session.dependence == .previousRotation)
        // Eight second spins (after indices 0, 4, 9, …, 31: evenly spread) and the late one.
        #expect(session.later.count == 9)
        let seconds: [TargetedSessionCheck.Spin.Kind] = (0..<8).map { .second(afterIndex: $0 * 36 / 8) }
        #expect(Array(session.later.map(\.spin.kind).prefix(8)) == seconds)
        #expect(session.later.last?.spin.kind == .late(afterSpins: SessionReach.defaultSpins - 1))
        for state in [session.first] + session.later {
            #expect(state.findings.landing == nil, "\(state.spin): \(String(describing: state.findings.landing))")
        }
        // The late spin starts where 9,999 spins of five turns and more leave the wheel.
        #expect((session.later.last?.spin.from ?? 0) > 9_999 * 1800)
    }

    @Test func aWheelThatForgetsWhereItIsLandsRightOnlyOnItsFirstSpin() throws {
        let wheel = SessionWheel<Double>(forgetsCurrent: true)
        let session = TargetedSessionCheck(wheel, first: LandingCheck(wheel))
        #expect(session.first.findings.landing == nil)
        let worst = session.worst
        #expect(worst.spin.kind != .first)
        let finding = try #require(worst.findings.landing)
        // It shows the prize it decided while the pointer rests on another slice: a result that is not
        // where the wheel stopped, on a share of second spins computed exactly.
        #expect(finding.findingClass == .invalid && (finding.magnitude ?? 0) > 0.9, "\(finding)")
        guard case .landingDefects(let defects) = finding.fact else {
            Issue.record("\(finding.fact)")
            return
        }
        #expect(defects.spin == worst.spin)
    }

    @Test func aRotationKeptInFloatLandsWrongLateInASession() throws {
        // Past 2^24 a Float holds only even degrees: 9,999 spins of five turns and more leave the wheel
        // there, and a stop within half a degree of a line (spread 0.9 of a 10° slice) can cross it.
        let wheel = SessionWheel<Float>(spread: 0.9)
        let session = TargetedSessionCheck(wheel, first: LandingCheck(wheel))
        #expect(session.first.findings.landing == nil, "\(String(describing: session.first.findings.landing))")
        let worst = session.worst
        #expect(worst.spin.kind == .late(afterSpins: SessionReach.defaultSpins - 1), "\(worst.spin)")
        // Within 16 Float ulps (32° there) of a line it is rounding, on far more spins than the materiality
        // allows: it gates.
        let finding = try #require(worst.findings.landing)
        #expect(finding.findingClass <= .rounding && (finding.magnitude ?? 0) > 1e-3, "\(finding)")
        #expect(finding.isMaterial(materiality: Finding.defaultMateriality, strict: false))
        // The same wheel in Double lands right at the end of the session too.
        let double = SessionWheel<Double>(spread: 0.9)
        #expect(TargetedSessionCheck(double, first: LandingCheck(double)).worst.findings.landing == nil)
        // In Float with stops 2.5° clear of the lines (spread 0.5), the 1° slip late in a session keeps every
        // stop in its slice: a stop clear of a line is not "on the divider" however coarse Float is there.
        let clear = SessionWheel<Float>(spread: 0.5)
        let clearSession = TargetedSessionCheck(clear, first: LandingCheck(clear))
        #expect(clearSession.dependence == .previousRotation)
        #expect(clearSession.worst.findings.landing == nil, "\(String(describing: clearSession.worst.findings.landing))")
    }

    @Test func aSessionOfOneSpinHasNoLaterSpinToCheck() {
        let wheel = SessionWheel<Double>(forgetsCurrent: true)
        let session = TargetedSessionCheck(wheel, first: LandingCheck(wheel), sessionSpins: 1)
        #expect(session.dependence == .sessionsOfOneSpin && session.later.isEmpty && session.worst.findings.landing == nil)
        // Two spins: second spins, but no late one.
        let pair = TargetedSessionCheck(wheel, first: LandingCheck(wheel), sessionSpins: 2)
        #expect(pair.later.count == 8 && pair.later.allSatisfy { if case .second = $0.spin.kind { true } else { false } })
    }

    @Test func aGameNotGivenThePreviousRotationIsCheckedOnFirstSpinsAndSaysSo() {
        let wheel = NotGivenRotation()
        let session = TargetedSessionCheck(wheel, first: LandingCheck(wheel))
        #expect(session.dependence == .notGivenPreviousRotation && session.later.isEmpty)
    }

    @Test func aGameThatKeepsItsOwnRotationIsNamedAndNeverGivenAShare() throws {
        let correct = HiddenStateWheel(forgetsCurrent: false)
        let stable = TargetedSessionCheck(correct, first: LandingCheck(correct))
        // Its stops differ between identical requests, but every play is judged the same: no finding.
        #expect(stable.unstablePlay == nil && stable.dependence == .ownState && stable.later.isEmpty)
        #expect(stable.worst.findings.landing == nil)

        let forgetful = HiddenStateWheel(forgetsCurrent: true)
        let changing = TargetedSessionCheck(forgetful, first: LandingCheck(forgetful))
        let change = try #require(changing.unstablePlay)
        #expect(change.firstVerdict != change.laterVerdict || change.firstOutcome != change.laterOutcome)
        #expect(change.findingClass == .invalid)
        #expect(changing.later.isEmpty)
    }
}
