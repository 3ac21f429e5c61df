import Foundation
import Testing

/// Runs the built `audit-bench` (it sits beside the test bundle) and captures its output.
enum AuditBench {
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("audit-bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "Benchmarks/.build/debug/audit-bench")
    }()

    /// The repository's root (above `Benchmarks/`), where `audit-bench` is run: its calibration reads the
    /// example specs there.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `audit-bench` with `arguments` in the repository's root: its exit status, standard output and
    /// standard error (kept in a file while it runs, so neither stream can fill and stall it while the other
    /// is read).
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let errors = URL(fileURLWithPath: temporaryDirectory() + ".stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = try Data(contentsOf: errors)
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("audit-bench-\(UUID().uuidString)").path
    }
}

/// `audit-bench calibrate` at small scale (the full run is `Scripts/reports/calibrate.sh`, results in
/// docs/figures/calibration.md): it runs end to end and writes every section with figures in range.
@Suite("calibration at small scale")
struct CalibrationTests {
    @Test func calibrateWritesTheFourMeasurements() throws {
        let directory = AuditBench.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/calibration.md"
        let result = try AuditBench.run(["calibrate", "--seeds", "8", "--trials", "20000", "--mid-sized-up-to", "100", "--out", out])
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

/// The engine job as `Benchmarks/Scripts/benchmark.sh` runs it: one line of figures, the same tallies on
/// one thread and on two (the toolkit's reproducibility, through the package's products alone), other
/// tallies under another seed, and a bad count refused (exit 64, naming the option).
@Suite("engine job")
struct EngineJobTests {
    /// The `key=value` fields of the engine's line.
    static func fields(_ line: String) -> [String: String] {
        Dictionary(
            line.split(separator: " ").compactMap { field in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { $1 })
    }

    @Test func theSameTalliesOnAnyThreadCount() throws {
        let one = try AuditBench.run(["--trials", "200000", "--threads", "1"])
        let two = try AuditBench.run(["--trials", "200000", "--threads", "2"])
        let reseeded = try AuditBench.run(["--trials", "200000", "--threads", "2", "--seed", "5"])
        for run in [one, two, reseeded] { #expect(run.status == 0, "\(run.stderr)") }
        let (a, b, c) = (Self.fields(one.stdout), Self.fields(two.stdout), Self.fields(reseeded.stdout))
        #expect(a["trials"] == "200000" && a["threads"] == "1" && b["threads"] == "2")
        #expect(a["tallies"] != nil && a["tallies"] == b["tallies"] && a["chi2_p"] == b["chi2_p"])
        #expect(c["tallies"] != a["tallies"])
        let p = try #require(a["chi2_p"].flatMap(Double.init))
        #expect(p > 0 && p <= 1)
    }

    @Test func aBadCountIsRefusedWithExit64() throws {
        let run = try AuditBench.run(["--trials", "0"])
        #expect(run.status == 64, "\(run.status): \(run.stderr)")
        #expect(run.stderr.contains("--trials") && !run.stderr.contains("Stack dump"))
    }
}
