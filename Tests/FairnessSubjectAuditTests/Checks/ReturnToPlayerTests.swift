import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessSubjects
import FairnessVerification
import Foundation
import Testing
import _FairnessAuditSupport

/// Exact return to player of the reference subjects against calculations written here from their paytables
/// alone (fractions by hand; every roll of five dice classified by counting faces), and the payout checks'
/// verdicts on planted mistakes.
@Suite("Return to player")
struct ReturnToPlayerTests {
    static func audit(
        _ subjects: [AuditSubject], trials: UInt64 = 50_000, configure: (inout AuditSettings) -> Void = { _ in }
    )
        throws -> AuditReport
    {
        var settings = AuditSettings(run: RunSettings(trials: trials, seed: 5))
        configure(&settings)
        return try Audit.run(subjects, settings: settings)
    }

    /// Five dice paying by the best hand (30, 5, 3, 4, 1 for five of a kind, four or more alike, full house,
    /// large and small straight), with every roll enumerated and classified by counting faces; under the
    /// reroll policy the straight (1-2-3-4-5 or 2-3-4-5-6) is rolled again once.
    static func independentDiceReturn(reroll: Bool) -> Double {
        var pay: [Double] = []
        var straight: [Bool] = []
        for code in 0..<7776 {
            var faces: [Int] = []
            var rest = code
            for _ in 0..<5 {
                faces.append(rest % 6 + 1)
                rest /= 6
            }
            let counts = Dictionary(grouping: faces, by: { $0 }).values.map(\.count).sorted(by: >)
            let distinct = Set(faces)
            let run4 = [[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]].contains { Set($0).isSubset(of: distinct) }
            let run5 = distinct == [1, 2, 3, 4, 5] || distinct == [2, 3, 4, 5, 6]
            var best = 0.0
            if counts[0] == 5 { best = max(best, 30) }
            if counts[0] >= 4 { best = max(best, 5) }
            if counts == [3, 2] { best = max(best, 3) }
            if run5 { best = max(best, 4) }
            if run4 { best = max(best, 1) }
            pay.append(best)
            straight.append(run5)
        }
        let oneRoll = pay.reduce(0, +) / 7776
        guard reroll else { return oneRoll }
        let pStraight = Double(straight.filter { $0 }.count) / 7776
        let kept = zip(pay, straight).filter { !$0.1 }.reduce(0) { $0 + $1.0 } / 7776
        return kept + pStraight * oneRoll
    }

    @Test func referenceSubjectsReturnWhatTheirPaytablesSay() throws {
        let report = try Self.audit(
            [
                AuditSubject(wheel: Catalogue.referenceRoulette), AuditSubject(wheel: Catalogue.referencePrizeWheel),
                AuditSubject(targetedWheel: Catalogue.referenceTargetedWheel), AuditSubject(dice: Catalogue.referenceDice),
            ], trials: 100_000)  // the weighted wheel's pooled serial-pair table needs about 50,000 spins
        func rtp(_ name: String) -> Double { report.subjects.first { $0.name == name }!.returnToPlayer! }
        // Straight-up on one of 37 pockets pays 36.
        #expect(abs(rtp("reference-wheel-37") - 36.0 / 37) < 1e-12)
        // (0·40 + 1·25 + 2·15 + 3·10 + 5·6 + 10·3 + 25·1) / 100 per stake of 2.
        #expect(abs(rtp("reference-wheel-weighted-7") - 170.0 / 200) < 1e-12)
        // (0 + 0 + 1 + 1 + 2 + 2 + 5 + 10) / 8 per stake of 3.
        #expect(abs(rtp("reference-targeted-wheel-8") - 21.0 / 24) < 1e-12)
        #expect(abs(rtp("reference-dice-5d6") - Self.independentDiceReturn(reroll: false)) < 1e-12)
        #expect(abs(Self.independentDiceReturn(reroll: false) - 3750.0 / 7776) < 1e-12)
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status == .fail }.map(\.checkName))")
        for subject in report.subjects {
            let sampled = report.checks.first { $0.subject == subject.name && $0.checkName == "return to player (sampled)" }
            #expect(sampled?.status == .pass && sampled?.pValue != nil)
        }
    }

    @Test func theRerollPolicyChangesTheReturnExactly() throws {
        var game = Catalogue.referenceDice
        game = ReferenceDiceGame(dice: game.dice, rerollPolicy: .rerollOnceAfterDetectedStraight)
        game.hands = Catalogue.referenceDice.hands
        game.paytable = try Paytable(prizes: Catalogue.referenceDice.paytable!.prizes, stake: 1)
        let report = try Self.audit([AuditSubject(dice: game)])
        #expect(abs(report.subjects[0].returnToPlayer! - Self.independentDiceReturn(reroll: true)) < 1e-12)
    }

    /// A declared 97% for a 36/37 roulette, a 98% minimum, and a jackpot of 1 in 10^9 each fail; the
    /// jackpot passes with a limit of 1 in 10^10.
    @Test func plantedPayoutMistakesFail() throws {
        var roulette = try ReferenceWheel(equalSectors: 37)
        roulette.paytable = try Paytable(prizes: [17: 36], declaredReturn: 0.97)
        let declared = try Self.audit([AuditSubject(wheel: roulette)])
        let exact = try #require(declared.checks.first { $0.checkName == "return to player (exact)" })
        #expect(exact.status == .fail && exact.findingClass == .odds && abs(exact.magnitude! - (36.0 / 37 - 0.97)) < 1e-12)
        // Printed as 97.3% (rounded to 0.001), the same figure agrees.
        roulette.paytable = try Paytable(prizes: [17: 36], declaredReturn: 0.973, declaredReturnTolerance: 0.0005)
        #expect(try Self.audit([AuditSubject(wheel: roulette)]).gate == .pass)

        let minimum = try Self.audit([AuditSubject(wheel: roulette)]) { $0.minimumReturn = 0.98 }
        #expect(minimum.checks.first { $0.checkName == "minimum return to player" }?.status == .fail)
        // A game's own laxer floor does not undercut the run's: the stricter applies.
        roulette.paytable = try Paytable(prizes: [17: 36], minimumReturn: 0.9)
        let both = try Self.audit([AuditSubject(wheel: roulette)]) { $0.minimumReturn = 0.98 }
        #expect(both.checks.first { $0.checkName == "minimum return to player" }?.detail.contains("against a minimum of 0.98") == true)

        var jackpot = try ReferenceWheel(weights: [999_999_999, 1], name: "jackpot")
        jackpot.paytable = try Paytable(prizes: [1: 1, 2: 100_000_000])
        let rare = try Self.audit([AuditSubject(wheel: jackpot)], trials: 20_000)
        let advertised = try #require(rare.checks.first { $0.checkName.hasPrefix("advertised prizes") })
        // The partition measures the 1e-9 sector in double rotations: 1 in 9.999998e+08.
        #expect(advertised.status == .fail && advertised.detail.contains("label 2 pays 1e+08 at 1 in 9.99999"), "\(advertised.detail)")
        let allowed = try Self.audit([AuditSubject(wheel: jackpot)], trials: 20_000) { $0.rarePrizeLimit = 1e10 }
        #expect(allowed.checks.first { $0.checkName.hasPrefix("advertised prizes") }?.status == .pass)
    }

    /// A spec's prizes and payout terms reach the audit: the lucky wheel example pays 875 per 1,000.
    @Test func aSpecsPaytableIsAudited() throws {
        // Covered from the command line in SpecAndJUnitCommandTests; here the library computes it directly.
        let outcomes: [WheelOutcome: Double] = [.label(1): 0.25, .label(2): 0.75]
        let rtp = ReturnToPlayer(paytable: try Paytable(prizes: [1: 4, 2: 0], stake: 2), outcomes: outcomes)
        #expect(rtp.rtp == 0.5 && rtp.hitFrequency == 0.25 && rtp.largest?.oneIn == 4)
        #expect(abs(rtp.standardDeviation - (0.25 * 9 + 0.75 * 1).squareRoot() / 2) < 1e-15)
    }
}
