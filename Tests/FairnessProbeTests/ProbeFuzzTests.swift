import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessProbe
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// A hostile probe (`Fixtures/probes/fuzzy.py`): about one answer in forty is garbage and now and then the
/// probe dies, by seed. Every audit must end, within its deadline, with a report — the game audited, or
/// failing as one that could not be run — and never with a crash, a hang or an error of another kind.
@Suite("Probe fuzzing", .serialized, .fullTierOnly)
struct ProbeFuzzTests {
    @Test(arguments: 1...12)
    func aProbeAnsweringGarbageEndsInAReport(seed: Int) throws {
        let fixtures = packageRoot.appendingPathComponent("Tests/FairnessProbeTests/Fixtures/probes")
        let spec = try SpecParser.parse(contentsOf: fixtures.appendingPathComponent("four_sectors.yaml"))
        let command = "python3 \(fixtures.appendingPathComponent("fuzzy.py").path) \(seed)"
        let started = Date()
        let subject: AuditSubject
        do {
            subject = try spec.probeSubject(command: command, timeout: 2, deadline: 60)
        } catch is ProbeError {
            return  // the handshake itself was garbage: refused before any audit, as designed
        }
        let report = try Audit.run([subject], settings: AuditSettings(run: RunSettings(trials: 3_000, seed: 1, threads: 1)))
        #expect(report.subjects.count == 1)
        #expect(Date().timeIntervalSince(started) < 60, "seed \(seed) took too long")
        // Thousands of requests at one garbage answer in forty: the garbage is always met, and the game
        // fails (as one that could not be run, or on what the garbage made it show), never passes.
        #expect(report.gate == .fail, "seed \(seed): \(report.checks.filter { $0.status == .fail }.map(\.checkName))")
    }
}
