import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessSubjects
import FairnessVerification
import Foundation
import Testing
import _FairnessAuditSupport

/// One family per game: a subject's sampled verdict, p-values and statements of power are the same alone
/// and inside the default run; each hypothesis enters its family once.
@Suite("one family per game")
struct FamilyTests {
    static let settings = AuditSettings(run: RunSettings(trials: 20_000, seed: 7))
    static let everyone: AuditReport = try! Audit.run(Catalogue.builtIn, settings: settings)

    @Test(arguments: ["reference-wheel-37", "drinking-dice-switch-on", "reference-dice-5d6", "twelve-slice-wheel"])
    func aSubjectIsJudgedTheSameAloneAndInTheDefaultRun(name: String) throws {
        let entry = try #require(Catalogue.builtIn.first { $0.name == name })
        let alone = try Audit.run([entry], settings: Self.settings)
        let inRun = Self.everyone.checks.filter { $0.subject == name }
        #expect(alone.checks.count == inRun.count)
        for (a, b) in zip(alone.checks, inRun) {
            #expect(a.check == b.check && a.status == b.status, "\(a.checkName): \(a.status) alone, \(b.status) in the run")
            #expect(a.pValue == b.pValue && a.holmPValue == b.holmPValue, "\(a.checkName)")
            #expect(a.detectable == b.detectable, "\(a.checkName): \(a.detectable ?? "") vs \(b.detectable ?? "")")
        }
        #expect(alone.subjects[0].verdict == Self.everyone.subjects.first { $0.name == name }?.verdict)
    }

    @Test func eachHypothesisEntersItsFamilyOnce() throws {
        // A fair 5d6 game that never rerolls: its final categories against the policy's odds and against one
        // fair roll are one test; its large straight is its straight.
        let dice = Self.everyone.checks.filter { $0.subject == "reference-dice-5d6" }
        let fair = try #require(dice.first { $0.check == .finalCategories(versus: .oneFairRoll) })
        #expect(fair.pValue == nil && fair.detail.hasPrefix("the same test as final categories vs designed odds"), "\(fair.detail)")
        let large = try #require(dice.first { $0.check == .handProbability(hand: "large straight") })
        #expect(large.pValue == nil && large.detail.hasPrefix("the same test as straight probability"), "\(large.detail)")
        // G-tests are information beside Pearson: a raw p-value, no Holm, never FAIL.
        let gTests = Self.everyone.checks.filter {
            if case .outcomes(_, .logLikelihoodRatio) = $0.check { true } else { false }
        }
        #expect(!gTests.isEmpty && gTests.allSatisfy { $0.pValue != nil && $0.holmPValue == nil && $0.status != .fail })
        // Within a subject, no two members of the family test the same table.
        for subject in Self.everyone.subjects {
            let members = Self.everyone.checks.filter { $0.subject == subject.name && $0.holmPValue != nil }
            let tables = members.map { member in
                Self.everyone.tables.filter { $0.subject == subject.name && $0.check == member.check }
                    .map { "\($0.table)|\($0.row)|\($0.column)|\($0.observed)|\(String(describing: $0.expected))" }
            }
            #expect(Set(tables).count == tables.count, "\(subject.name)")
        }
    }

    @Test func aPValueThatUnderflowsKeepsItsSize() throws {
        // At 10^6 spins the drinking-dice game with the reroll switch on shows X² ≈ 29,895 on 7 degrees of
        // freedom against one fair roll: p = 10^-6481.7, stored as 0 with its log10, and not impossible.
        let report = try Audit.run(
            [Catalogue.builtIn.first { $0.name == "drinking-dice-switch-on" }!],
            settings: AuditSettings(run: RunSettings(trials: 1_000_000, seed: 20_261_121)))
        let fit = try #require(report.checks.first { $0.check == .finalCategories(versus: .oneFairRoll) })
        #expect(fit.pValue == 0 && !fit.impossibleObserved)
        let log10P = try #require(fit.log10PValue)
        #expect(log10P < -6000 && log10P > -7000, "\(log10P)")
        #expect(ReportNarrator.pValue(0, log10: log10P, of: fit).hasSuffix("e-6482"), "\(ReportNarrator.pValue(0, log10: log10P, of: fit))")
    }
}
