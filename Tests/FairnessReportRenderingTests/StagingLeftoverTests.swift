import FairnessSubjects
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

/// Staging folders a killed run left beside `--out` are removed by the next run; one a live writer holds
/// is never touched. A run killed as PID 1 in a container leaves a folder named for PID 1, which is always
/// alive there: the next run (PID 1 again) recognises it as its own PID's and removes it.
@Suite("Staging leftovers")
struct StagingLeftoverTests {
    static let report: AuditReport = {
        try! Audit.run(
            [AuditSubject(wheel: try! ReferenceWheel(equalSectors: 4))], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 1)))
    }()

    /// A leftover named for `pid` beside `reports`, with a file in it.
    static func leftover(beside reports: URL, pid: Int32) throws -> URL {
        let folder = reports.deletingLastPathComponent().appendingPathComponent(
            ".\(reports.lastPathComponent).tmp-\(pid)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data("half-written".utf8).write(to: folder.appendingPathComponent("audit.md"))
        return folder
    }

    @Test func leftoversOfThisPIDAreRemovedUnlessAWriterHoldsThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("staging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let reports = root.appendingPathComponent("reports")
        let own = ProcessInfo.processInfo.processIdentifier
        // Killed earlier under this PID (PID 1 in a container): removed.
        let killed = try Self.leftover(beside: reports, pid: own)
        // Held by a writer still at work: kept, whatever its PID says.
        let held = try Self.leftover(beside: reports, pid: own)
        let descriptor = open(held.path, O_RDONLY)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        // Another process still running (this one's parent): kept.
        let alive = try Self.leftover(beside: reports, pid: getppid())
        try ReportWriter.write(Self.report, to: reports)
        #expect(!FileManager.default.fileExists(atPath: killed.path), "a leftover of this PID is removed")
        #expect(FileManager.default.fileExists(atPath: held.path), "a folder a writer holds is kept")
        #expect(FileManager.default.fileExists(atPath: alive.path), "a folder of a running process is kept")
        // Once its writer is gone, the held folder goes with the next run.
        close(descriptor)
        try ReportWriter.write(Self.report, to: reports)
        #expect(!FileManager.default.fileExists(atPath: held.path))
        #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("audit.md").path))
    }
}
