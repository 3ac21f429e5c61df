import FairnessChecks
import FairnessModel
import Foundation
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

/// A wheel told its result up front whose game draws the index by weights (a prize table), not uniformly.
struct WeightedTargetWheel: TargetedWheelSubject {
    typealias Rotation = Double
    let geometry = try! WheelGeometry.equal(count: 4, firstSectorStart: 0, pointer: 0)
    var claims = true
    /// Index 3 traps, but the weights never draw it when `neverDrawTheLast`.
    var neverDrawTheLast = false
    var name: String { "weighted-target-wheel" }
    var summary: String { "four equal slices, prizes drawn 70/20/9/1" }
    var rotationUnit: AngleUnit { .degrees }
    var indices: Range<Int> { 0..<4 }
    var indexWeights: [Double]? { neverDrawTheLast ? [70, 20, 10, 0] : [70, 20, 9, 1] }
    var claimedOdds: [WheelOutcome: Double]? {
        guard claims else { return nil }
        let probabilities = indexProbabilities
        return Dictionary(uniqueKeysWithValues: (0..<4).map { (.label($0 + 1), probabilities[$0]) })
    }

    func spin(toIndex index: Int) -> TargetedSpin<Double> {
        guard indices.contains(index) else { return .refused }
        if neverDrawTheLast && index == 3 { return .traps(at: 0, reason: "prize table has no row 3") }
        // Sector i spans [90i, 90i + 90) clockwise from 0; the pointer at 0 sees wheel angle −r.
        let middle = Double(index) * 90 + 45
        return .stops(at: 360 - middle, reports: .label(index + 1))
    }
}

@Suite("weighted index draws")
struct WeightedIndexDrawTests {
    static let settings = AuditSettings(run: RunSettings(trials: 100_000, seed: 4))

    @Test func theGamesOwnWeightsAreItsDesignedOdds() throws {
        let report = try Audit.run([AuditSubject(targetedWheel: WeightedTargetWheel())], settings: Self.settings)
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        let observed = report.outcomes.filter { $0.table == "reported outcome" && $0.outcome == "1" }.first!
        #expect(abs(Double(observed.observed) / 100_000 - 0.7) < 0.01, "drawn by the weights, not uniformly")
        #expect(abs(observed.expectedDesigned! - 70_000) < 1e-6)
    }

    @Test func claimingTheSlicesSharesWhileDrawingByWeightsIsUnfairOdds() throws {
        let report = try Audit.run([AuditSubject(targetedWheel: WeightedTargetWheel(claims: false))], settings: Self.settings)
        let odds = report.checks.first { $0.checkName == "designed odds equal claimed odds" }!
        #expect(odds.status == .fail && odds.findingClass == .odds)
        #expect(abs(odds.magnitude! - (0.7 - 0.25)) < 1e-12)
    }

    @Test func anIndexTheWeightsNeverDrawIsLatent() throws {
        let wheel = WeightedTargetWheel(neverDrawTheLast: true)
        let findings = TargetedWheelFindings(wheel, landing: LandingCheck(wheel))
        #expect(findings.landing?.findingClass == .latent, "\(String(describing: findings.landing))")
        #expect(findings.invalidShare == 0)
    }
}
