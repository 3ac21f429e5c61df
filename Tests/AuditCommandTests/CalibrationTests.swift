import Foundation
import TestSupport
import Testing

/// `audit-bench calibrate` at small scale (the full run is `Scripts/reports/calibrate.sh`, results in
/// docs/figures/calibration.md): it runs end to end and writes every section with figures in range.
@Suite("calibration at small scale", .fullTierOnly)
struct CalibrationTests {
    @Test func calibrateWritesTheFourMeasurements() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/calibration.md"
        let result = try AuditProcess.run(
            ["calibrate", "--seeds", "8", "--trials", "20000", "--mid-sized-up-to", "100", "--out", out],
            executable: AuditProcess.benchmarks)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        for section in [
            "## Sampled p-values under the null", "## Family-wise false alarms", "## Power at the printed detectable size",
            "## True size on the smallest tables",
        ] {
            #expect(text.contains(section))
        }
        // The toolkit's count tests stay within α on every enumerated table; the chi-square alone does not on
        // the 40-line drift window (10.8 times nominal at 1e-8, as enumerated independently in Python).
        let sizes = text.split(separator: "\n").filter {
            $0.hasPrefix("| goodness of fit") || $0.hasPrefix("| drift window") || $0.hasPrefix("| independence")
        }
        #expect(sizes.count == 33, "\(sizes.count) size rows")
        #expect(sizes.allSatisfy { $0.hasSuffix("| yes |") })
        #expect(
            text.contains(
                "| drift window of 40 lines, prize wheel pooled to 5 cells (expected 12, 8, 6, 8, 6) | 1e-08 | 9.94e-09 (0.994) | exact | 1.08e-07 (10.8) | yes |"
            ))
        #expect(result.stdout.contains("true size within α on the smallest tables: yes"))
        // Mid-sized tables up to 100 rolls here: the chi-square's true size at its critical value (as NumPy
        // enumerates it), the toolkit exact within its budget and the lattice's bound past it.
        let midSized = text.split(separator: "\n").filter { $0.hasPrefix("| a die rolled") }
        #expect(midSized.count == 6, "\(midSized.count) mid-sized rows")
        #expect(text.contains("| a die rolled 60 times (expected 10 each) | 1e-08 | 5.84e-08 (5.84) | exact | ≤ α (exact) | yes |"))
        #expect(
            text.contains(
                "| a die rolled 100 times (expected 16.67 each) | 1e-08 | 3.82e-08 (3.82) | exact upper bound, K = 128 k | 9.25e-09 (0.925) | yes |"
            ))
        // The payout-mean (RTP) test on small logs, every table enumerated (SciPy recomputes the 0/1/10
        // game's rows independently: Scripts/gates/check_payout_size.py): exact in the far tail, so within
        // α where χ²(1) alone was 1.16 times nominal (200 plays, 1e-4).
        let payout = text.split(separator: "\n").filter {
            $0.hasPrefix("| pays 0, 1 or 10 stakes") || $0.hasPrefix("| prize wheel (7 returns")
        }
        #expect(payout.count == 9 && payout.allSatisfy { $0.hasSuffix("| yes |") }, "\(payout)")
        #expect(
            text.contains(
                "| pays 0, 1 or 10 stakes (p 0.6, 0.35, 0.05; RTP 0.85) | 200 | 0.0001 | 9.38e-05 (0.938) | 0.000116 (1.16) | yes |"))
        // Every sampled check of both fair subjects is measured, with a KS figure in [0, 1].
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| reference-") }
        #expect(rows.count >= 20, "\(rows.count) rows")
        #expect(text.contains("off by"), "the printed detectable size is quoted")
        // Power is measured for a wheel (its outcomes and its consecutive pairs), a dice game and a log.
        let power = text.split(separator: "\n").filter { $0.contains("| 90% ± 3%: ") }
        #expect(power.count == 4 && power.contains { $0.hasPrefix("| prize-wheel log") }, "\(power)")
        #expect(result.stdout.contains("power"))
        // The subcommand reads its own --trials (the engine benchmark beside it has one too).
        #expect(text.contains("--trials 20000`"), "calibrate ran at the trials given")
    }
}
