// Wheels told their result up front, written the way public prize-wheel code is written: the game (or its
// server) picks the prize, works out an angle, animates to it and shows the prize. Each game has a correct
// twin (`planted: false`) and one realistic defect (`planted: true`, marked `BUG`). The exact shares the
// audit must find are computed independently with Python fractions by Tests/FairnessSubjectAuditTests/Fixtures/make_targeted_shares.py
// (Fixtures/targeted_shares.json).
//
// Every wheel here is laid out clockwise from 0° with the pointer at 0°; a rotation r (degrees, positive
// clockwise) brings the wheel angle −r under the pointer, so to show wheel angle A a game turns the wheel
// by turns · 360 + (360 − A).
import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import _FairnessAuditSupport

/// The rotation that brings wheel angle `angle` (degrees) under a pointer at 0°, after `turns` whole turns.
private func rotation(showing angle: Double, turns: Double = 5) -> Double { turns * 360 + (360 - angle) }

/// The sector (0-based) a pointer at 0° shows at `rotation` on `count` equal sectors, as games read it back.
private func sectorShown(at rotation: Double, count: Int) -> Int {
    var angle = (360 - rotation.truncatingRemainder(dividingBy: 360)).truncatingRemainder(dividingBy: 360)
    if angle < 0 { angle += 360 }
    return Int(angle / (360 / Double(count))) % count
}

/// 36 prizes; stops in the middle of the prize's slice. BUG: the half slice is forgotten, so the pointer
/// stops on the divider before the prize on every spin (the player cannot tell which prize is meant).
struct TargetDividerWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 36, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-divider-36-bug" : "targeted-divider-36" }
    var summary: String { "36 prizes, stops mid-slice (bug: on the divider)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<36 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let angle = planted ? Double(index) * 10 : (Double(index) + 0.5) * 10  // BUG (planted): no + 0.5
        return .stops(at: rotation(showing: angle), reports: .label(index + 1))
    }
}

/// 8 prizes; stops at a random point of the prize's slice, `(index + u) · 45°`, so at u = 0 exactly the
/// pointer is on the slice's first line (1 draw in 2⁵³: rounding, not material), and shows the prize it
/// decided. BUG: the jitter spans 1.2 slices (`u · 1.2 − 0.1`), so 1/6 of stops fall in a neighbour while
/// the decided prize is shown.
struct TargetJitterWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 8, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-jitter-8-bug" : "targeted-jitter-8" }
    var summary: String { "8 prizes, stops anywhere in the slice (bug: 1.2 slices wide), shows the decided prize" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<8 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5) }
    func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let offset = planted ? u * 1.2 - 0.1 : u  // BUG (planted): overshoots the slice at both ends
        return .stops(at: rotation(showing: (Double(index) + offset) * 45), reports: .label(index + 1))
    }
}

/// 7 prizes; stops within 90% of the slice around its middle and shows what the pointer is on (read back
/// from the rotation). BUG: the jitter spans 36/35 of a slice, so 1/36 of stops land in the neighbour, which
/// is then shown: the player gets another prize than the game decided.
struct TargetReadBackWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 7, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-read-back-7-bug" : "targeted-read-back-7" }
    var summary: String { "7 prizes, stops near the middle, shows what the pointer reads (bug: jitter past the slice)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<7 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5) }
    func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let span = planted ? 36.0 / 35.0 : 0.9  // BUG (planted): wider than the slice
        let r = rotation(showing: (Double(index) + 0.5 + (u - 0.5) * span) * (360.0 / 7))
        return .stops(at: r, reports: .label(sectorShown(at: r, count: 7) + 1))
    }
}

/// 8 prizes drawn uniformly. BUG: a "bonus" patch replaces prize 0 by a fresh uniform pick from the game's
/// own draw u, and stops there: prize 1 comes up 1/64 of the time instead of 1/8 (an odds gap of 7/64).
struct TargetReplacedIndexWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 8, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-replaced-index-8-bug" : "targeted-replaced-index-8" }
    var summary: String { "8 prizes drawn uniformly (bug: prize 0 re-drawn)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<8 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5) }
    func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        var prize = index
        if planted && prize == 0 { prize = Int(u * 8) }  // BUG (planted): re-draws prize 0
        return .stops(at: rotation(showing: (Double(prize) + 0.5) * 45), reports: .label(prize + 1))
    }
}

/// 10 prizes; the game draws its index with `nextInt(n)`. BUG: `nextInt(n - 1)`, so the last prize is never
/// drawn (its odds 0 against the 1/10 its slice shows).
struct TargetOffByOneWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 10, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-off-by-one-10-bug" : "targeted-off-by-one-10" }
    var summary: String { "10 prizes drawn with nextInt (bug: nextInt(n - 1))" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { planted ? 0..<9 : 0..<10 }  // BUG (planted): n - 1
    func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard (0..<10).contains(index) else { return .refused }
        return .stops(at: rotation(showing: (Double(index) + 0.5) * 36), reports: .label(index + 1))
    }
}

/// 6 prizes; the game draws its index from 0..<6. BUG: from 0..<7, one past the end of its prize array, and
/// `prizes[6]` traps (1/7 of spins).
struct TargetPastTheEndWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 6, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-past-the-end-6-bug" : "targeted-past-the-end-6" }
    var summary: String { "6 prizes (bug: index drawn one past the end)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { planted ? 0..<7 : 0..<6 }  // BUG (planted): count + 1
    func spin(toIndex index: Int) -> TargetedSpin<Double> {
        let prizes = [1, 2, 3, 4, 5, 6]
        guard index >= 0 else { return .refused }
        let r = rotation(showing: (Double(index) + 0.5) * 60)
        guard index < prizes.count else { return .traps(at: r, reason: "index out of range") }
        return .stops(at: r, reports: .label(prizes[index]))
    }
}

/// 5 prizes. BUG: the result handler throws on every spin (a renamed field), so no spin shows a result.
struct TargetThrowingWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 5, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-throwing-5-bug" : "targeted-throwing-5" }
    var summary: String { "5 prizes (bug: the result handler throws)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<5 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let r = rotation(showing: (Double(index) + 0.5) * 72)
        if planted { return .traps(at: r, reason: "TypeError: cannot read properties of undefined") }  // BUG (planted)
        return .stops(at: r, reports: .label(index + 1))
    }
}

/// 12 prizes; the wheel spins the negative way (counter-clockwise, −5 turns), so the rotation is
/// −(5 · 360 + A) to show wheel angle A, and reads back what it shows. BUG: the sign is flipped without
/// mirroring the angle, −(5 · 360 + 360 − A): every stop shows the mirrored prize.
struct TargetNegativeSpinWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 12, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-negative-spin-12-bug" : "targeted-negative-spin-12" }
    var summary: String { "12 prizes, spins counter-clockwise (bug: angle not mirrored)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<12 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let angle = (Double(index) + 0.5) * 30
        let r = planted ? -rotation(showing: angle) : -(5 * 360 + angle)  // BUG (planted): not mirrored
        return .stops(at: r, reports: .label(sectorShown(at: r, count: 12) + 1))
    }
}

/// 7 prizes; the game stops anywhere in the prize's slice of 360/7° and shows the prize it decided. The
/// correct twin draws the slices at 360/7°; BUG: the slices are drawn ⌊360/7⌋ = 51° wide from 0°, so the
/// stop runs past the painted slice (into the next one, or the 3° left unpainted) on 1/30 of spins.
struct TargetIntegerWidthWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry: WheelGeometry
    init(planted: Bool) {
        self.planted = planted
        geometry =
            planted
            ? try! WheelGeometry(
                drawnArcs: (0..<7).map { DrawnArc(label: $0 + 1, start: Double($0 * 51), end: Double($0 * 51 + 51)) }, unit: .degrees,
                direction: .clockwise, pointer: 0)
            : try! WheelGeometry.equal(count: 7, unit: .degrees, pointer: 0)
    }
    var name: String { planted ? "targeted-integer-width-7-bug" : "targeted-integer-width-7" }
    var summary: String { "7 prizes, stops anywhere in 360/7° (bug: slices drawn 51° wide)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<7 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5) }
    func spin(toIndex index: Int, drawing u: Double) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        return .stops(at: rotation(showing: (Double(index) + u) * (360.0 / 7)), reports: .label(index + 1))
    }
}

/// 8 prizes on a wheel whose rotation accumulates, as a CSS `transform: rotate()` wheel keeps it: each spin
/// turns on from where the last one left the wheel, five turns and then forward to a random point of the
/// middle 80% of the prize's slice, and shows the prize it decided. BUG: the stop is added to the current
/// rotation without taking off where the wheel already is (`rotation += 1800 + target`), which is right
/// on the first spin only.
struct TargetAccumulatingWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 8, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-accumulating-8-bug" : "targeted-accumulating-8" }
    var summary: String { "8 prizes, rotation accumulates between spins (bug: the current rotation is not taken off)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<8 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5, from: 0) }
    func spin(toIndex index: Int, drawing u: Double, from current: Double) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let target = 360 - (Double(index) + 0.5 + (u - 0.5) * 0.8) * 45
        // BUG (planted): forgets `- current` (the JavaScript `((x % 360) + 360) % 360` idiom otherwise).
        let forward =
            planted ? target : ((target - current).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return .stops(at: current + 5 * 360 + forward, reports: .label(index + 1))
    }
}

/// 8 prizes on a wheel whose rotation accumulates; each spin stops anywhere in the prize's slice and shows
/// the prize decided. BUG: the way forward is measured from the current rotation rounded to a whole degree
/// (`Math.round(current)`), so after a stop on a half degree every stop is half a degree short: on a second
/// spin the last 1/90 of each slice's draws stop in the next slice while the decided prize is shown.
struct TargetRoundedCurrentWheel: TargetedWheelSubject {
    let planted: Bool
    let geometry = try! WheelGeometry.equal(count: 8, unit: .degrees, pointer: 0)
    var name: String { planted ? "targeted-rounded-current-8-bug" : "targeted-rounded-current-8" }
    var summary: String { "8 prizes, rotation accumulates (bug: the current rotation rounded to a whole degree)" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<8 }
    func spin(toIndex index: Int) -> TargetedSpin<Double> { spin(toIndex: index, drawing: 0.5, from: 0) }
    func spin(toIndex index: Int, drawing u: Double, from current: Double) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        let target = 360 - (Double(index) + u) * 45
        let from = planted ? current.rounded() : current  // BUG (planted): Math.round(current)
        let forward = ((target - from).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return .stops(at: current + 5 * 360 + forward, reports: .label(index + 1))
    }
}

enum TargetedCorpus {
    /// Each game's correct twin and planted twin.
    static var games: [(correct: AuditSubject, planted: AuditSubject)] {
        func pair<W: TargetedWheelSubject>(_ make: (Bool) -> W) -> (correct: AuditSubject, planted: AuditSubject) {
            (AuditSubject(targetedWheel: make(false)), AuditSubject(targetedWheel: make(true)))
        }
        return [
            pair(TargetDividerWheel.init), pair(TargetJitterWheel.init), pair(TargetReadBackWheel.init),
            pair(TargetReplacedIndexWheel.init), pair(TargetOffByOneWheel.init), pair(TargetPastTheEndWheel.init),
            pair(TargetThrowingWheel.init), pair(TargetNegativeSpinWheel.init), pair(TargetIntegerWidthWheel.init),
            pair(TargetAccumulatingWheel.init), pair(TargetRoundedCurrentWheel.init),
        ]
    }

    /// Every subject's exact findings over a session (the worst spin's): (landing class, its share of
    /// plays, largest odds gap of the first spin).
    static func findings<W: TargetedWheelSubject>(_ wheel: W) -> (landing: TargetedWheelFindings, oddsGap: Double) {
        let check = LandingCheck(wheel)
        let findings = TargetedSessionCheck(wheel, first: check).worst.findings
        let designed = check.odds(probabilities: wheel.indexDistribution)
        let claimed = wheel.claimedOdds ?? DesignedOdds.sectorShares(of: wheel.geometry)
        return (findings, DesignedOdds.largestDifference(designed, claimed))
    }
}
