// A studio's tests written against `import FairnessAudit` alone, as before the audit became a module per
// concern: every name they used still resolves through it (public API only, no @testable).
import FairnessAudit
import FairnessSubjects
import Foundation
import Testing

@Test func importingFairnessAuditAloneIsStillTheWholeAudit() throws {
    let subjects: [AuditSubject] = try Catalogue.select(["reference-dice-5d6"])
    let settings = AuditSettings(run: RunSettings(trials: 2_000, seed: 7))
    let report: AuditReport = try Audit.run(subjects, settings: settings)
    #expect(report.subjects.map(\.name) == ["reference-dice-5d6"])
    // A check's values (FairnessReport) and its words (FairnessReportRendering).
    let check: CheckRecord = try #require(report.checks.first { $0.check == .dieUniformity(die: 1) })
    #expect(check.checkName == "die 1 uniformity" && !check.detail.isEmpty)
    // The writers, and the verifier's result type, the battery and the logs, by name.
    let files = try ReportWriter.renderSet(report, threads: 1)
    #expect(files.contains { $0.name == "audit.md" })
    let names = ["\(RandomnessBattery.self)", "\(OutcomeLog.self)", "\(VerificationResult.self)", "\(AuditError.self)"]
    #expect(names == ["RandomnessBattery", "OutcomeLog", "VerificationResult", "AuditError"])
}
