import Foundation
import TestSupport
import Testing

/// Runs the built `audit` executable (it sits beside the test bundle) and captures its output.
struct AuditProcess {
    static let executable = built("audit")

    /// The executable `name` of this build (beside the test bundle).
    static func built(_ name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/\(name)")
    }

    static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], executable: URL = executable
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try runEnding(arguments, in: directory, environment: environment, executable: executable)
        return (result.status, result.stdout, result.stderr)
    }

    /// Runs `audit` (in `directory`, or this process's) and reports how it ended: its exit status, or the
    /// signal that killed it.
    static func runEnding(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], executable: URL = executable
    ) throws -> (status: Int32, signalled: Bool, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, process.terminationReason == .uncaughtSignal,
            String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("audit-cli-\(UUID().uuidString)").path
    }
}

@Suite("audit command line", .serialized, .fullTierOnly)
struct CommandLineTests {
    @Test(arguments: [
        (["--trials", "0"], "--trials"), (["--trials", "-5"], "--trials"), (["--trials", "abc"], "--trials"),
        (["--trials", "1e30"], "--trials"), (["--subject", "no-such-wheel"], "unknown subject"),
        (["--rng", "mersenne"], "unknown generator"), (["--rng", "gsl:nope"], "unknown GSL generator"),
        (["--alpha", "2"], "--alpha"), (["--threads", "0"], "--threads"), (["--fail-on", "everything"], "--fail-on"),
        (["--seed", "-1"], "--seed"), (["--out", "/proc/audit-cannot-write"], "not writable"),
        (["--trials", "0x10"], "'0x10' is not a whole number"), (["--out", ""], "--out '': give a directory path"),
        (["--junit", "/nonexistent-audit-dir/j.xml"], "its directory does not exist"),
    ])
    func badInputIsOneLineAndExit64(arguments: [String], mentions: String) throws {
        let out = AuditProcess.temporaryDirectory()
        // A refusal leaves no folder behind, not even an empty one.
        defer { #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) left \(out)") }
        let hasOut = arguments.contains("--out")
        let result = try AuditProcess.run(
            arguments + (hasOut ? [] : ["--out", out])
                + ["--subject", "reference-wheel-37"].filter { _ in !arguments.contains("--subject") })
        #expect(result.status == 64, "\(arguments): exit \(result.status), stderr \(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Stack dump") && !result.stderr.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: out + "/audit.md"), "no report on bad input")
    }

    /// One trial leaves every sampled table empty, and five dice plays put the Clopper–Pearson interval on
    /// a binomial's convergence boundary: both must be INCONCLUSIVE (exit 2), not an internal error or a crash.
    @Test(arguments: [
        ("reference-wheel-37", "1"), ("reference-dice-5d6", "5"), ("drinking-dice-switch-on", "5"),
        ("reference-targeted-wheel-8", "1"), ("reference-dice-5d6", "1"),
    ])
    func tinyTrialCountsAreInconclusive(subject: String, trials: String) throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try AuditProcess.run(["--trials", trials, "--subject", subject, "--out", out, "--fail-on", "sampling"])
        #expect(result.status == 2, "\(subject) at \(trials): exit \(result.status)\n\(result.stdout)\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/audit.md"))
    }

    @Test func exitStatusFollowsTheGate() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let pass = try AuditProcess.run(["--trials", "20000", "--subject", "reference-wheel-37", "--out", out])
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout.contains("gate: PASS"))
        let fail = try AuditProcess.run(["--trials", "20000", "--subject", "slider-roulette-7", "--out", out])
        #expect(fail.status == 1)
        #expect(fail.stdout.contains("slider-roulette-7") && fail.stdout.contains("FAIL"))
        let inconclusive = try AuditProcess.run(["--trials", "10", "--subject", "reference-wheel-37", "--out", out])
        #expect(inconclusive.status == 2, "\(inconclusive.stdout)")
        // Gating only on exact checks: the slider's sampled failures no longer gate, its exact ones still do.
        let exactOnly = try AuditProcess.run([
            "--trials", "20000", "--subject", "drinking-dice-switch-on", "--fail-on", "sampling", "--out", out,
        ])
        #expect(exactOnly.status == 0, "\(exactOnly.stdout)")
        let report = try String(contentsOfFile: out + "/audit.md", encoding: .utf8)
        #expect(report.contains("swift run audit --trials 20000 --seed 20261121 --fail-on sampling --subject drinking-dice-switch-on"))
    }

    /// Separate processes have different hash seeds, so this also catches anything that depends on
    /// dictionary order (which an in-process comparison cannot). slider-roulette-33 reports three
    /// invalid labels (34, 35, 36), whose probabilities are summed into one tally slot.
    @Test func reportsAreByteIdenticalAcrossProcessesAndThreadCounts() throws {
        var outputs: [[String: Data]] = []
        for threads in ["1", "2", "3"] {
            let out = AuditProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: out) }
            let result = try AuditProcess.run([
                "--trials", "30000", "--threads", threads, "--subject", "slider-roulette-33",
                "--subject", "rotary-wheel-10", "--subject", "drinking-dice-switch-on", "--out", out,
            ])
            #expect(result.status == 1)
            outputs.append(ReportSetTests.reportFiles(out))
        }
        // 8 tables and reports, the seal, and 5 pictures: 3 subjects' outcomes, 2 wheels.
        #expect(outputs[0].count == 14, "\(outputs[0].keys.sorted())")
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    /// `--out .` writes into the shell's own directory: the directory is kept (same inode, mode, the files
    /// beside the reports), never exchanged for a copy and deleted.
    @Test func outHereKeepsTheCurrentDirectory() throws {
        let here = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: here, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: here) }
        #expect(chmod(here, 0o700) == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: here + "/notes.txt"))
        var before = stat(), after = stat()
        #expect(stat(here, &before) == 0)
        for _ in 0..<2 {
            let result = try AuditProcess.run(["--trials", "2000", "--subject", "reference-wheel-37", "--out", ".", "--quiet"], in: here)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(stat(here, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_mode == before.st_mode)
        #expect(FileManager.default.fileExists(atPath: here + "/audit.md"))
        #expect(try String(contentsOfFile: here + "/notes.txt", encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: here).filter { $0.hasPrefix(".tmp") }.isEmpty)
    }

    /// "Reproduce with ..." is pasted into a shell by reviewers: a spec path holding `$(...)`, a space and a
    /// quote, and a probe command holding quotes, come back from the shell as the same arguments, and
    /// nothing in them runs.
    @Test func theReproduceCommandIsShellQuoted() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let root = packageRoot
        let spec = directory + "/x$(touch PWNED) it's.yaml"
        try FileManager.default.copyItem(
            atPath: root.path + "/Tests/FairnessProbeTests/Fixtures/probes/four_sectors_top.yaml", toPath: spec)
        let probe = "python3 '\(root.path)/Tests/FairnessProbeTests/Fixtures/probes/recording.py' wheel '\(directory)/it'\\''s.log'"
        let result = try AuditProcess.run(
            ["--trials", "2000", "--spec", spec, "--probe", probe, "--out", directory + "/out", "--quiet"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try String(contentsOfFile: directory + "/out/audit.md", encoding: .utf8)
        let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("Reproduce with `") })
        let command = String(line.dropFirst("Reproduce with `".count).prefix { $0 != "`" })
        #expect(command.hasPrefix("swift run audit "))
        // The shell reads the line back into the very arguments given, running nothing.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "set -- " + command.dropFirst("swift run audit ".count) + "; printf '%s\\n' \"$@\""]
        shell.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let words = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(
            String.init)
        shell.waitUntilExit()
        #expect(words.suffix(4) == ["--spec", spec, "--probe", probe], "\(words)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/PWNED"), "pasting the line ran code")
    }

    @Test func listVersionAndRandomSeed() throws {
        let list = try AuditProcess.run(["list"])
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == 55)
        #expect(list.stdout.contains("slider-roulette-36") && list.stdout.contains("reference-dice-5d6"))
        let version = try AuditProcess.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("0."))
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let random = try AuditProcess.run(["--seed", "random", "--trials", "1000", "--subject", "reference-dice-5d6", "--out", out])
        #expect(random.stdout.contains("seed "), "\(random.stdout)")
        let help = try AuditProcess.run(["--help"])
        #expect(help.stdout.contains("EXIT STATUS") && help.stdout.contains("64"))
    }
}
