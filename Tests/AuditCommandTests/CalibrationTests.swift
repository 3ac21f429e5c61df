import Foundation
import TestSupport
import Testing

/// `audit-bench calibrate` at small scale (the full run is `Scripts/reports/calibrate.sh`, results in
/// Reports/calibration.md): it runs end to end and writes every section with figures in range.
@Suite("calibration at small scale", .fullTierOnly)
struct CalibrationTests {
    @Test func calibrateWritesTheThreeMeasurements() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/calibration.md"
        let result = try AuditProcess.run(
            ["calibrate", "--seeds", "8", "--trials", "20000", "--out", out], executable: AuditProcess.benchmarks)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        for section in ["## Sampled p-values under the null", "## Family-wise false alarms", "## Power at the printed detectable size"] {
            #expect(text.contains(section))
        }
        // Every sampled check of both fair subjects is measured, with a KS figure in [0, 1].
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| reference-") }
        #expect(rows.count >= 20, "\(rows.count) rows")
        #expect(text.contains("off by"), "the printed detectable size is quoted")
        #expect(result.stdout.contains("power"))
        // The subcommand reads its own --trials (the engine benchmark beside it has one too).
        #expect(text.contains("--trials 20000`"), "calibrate ran at the trials given")
    }
}
