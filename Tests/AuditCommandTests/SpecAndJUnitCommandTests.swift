import Foundation
import TestSupport
import Testing

/// `audit spec check`, `audit run --spec` and `--junit`, end to end through the built executable.
@Suite("spec and JUnit on the command line", .fullTierOnly)
struct SpecAndJUnitCommandTests {
    static func write(_ text: String, named name: String, in directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let wheel = """
        version: 1
        name: cli-wheel
        wheel:
          zero: top
          pointer: 0
          sectors: [{ label: 1, weight: 3 }, { label: 2, weight: 1 }]
        """

    @Test func checkAcceptsAGoodSpecAndNamesTheFieldOfABadOne() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = try Self.write(Self.wheel, named: "good.yaml", in: directory)
        let bad = try Self.write(Self.wheel.replacingOccurrences(of: "weight: 1 }", with: "weigth: 1 }"), named: "bad.yaml", in: directory)
        let ok = try AuditProcess.run(["spec", "check", good])
        #expect(ok.status == 0 && ok.stdout == "\(good): ok: wheel 'cli-wheel', 2 sectors\n")
        let refused = try AuditProcess.run(["spec", "check", good, bad])
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "audit: error: \(bad):6:50: wheel.sectors[1].weigth: unknown field; allowed here: label, width, weight, start, end, claimed, prize\n"
        )
        let missing = try AuditProcess.run(["spec", "check", directory + "/none.yaml"])
        #expect(
            missing.status == 64 && missing.stderr.hasPrefix("audit: error: \(directory)/none.yaml:0:0: (document): cannot read the file"))
    }

    /// A sector far rarer than the others (a weight of 1e-30, or 1e-320, beside 1) is accepted by spec check
    /// and audited by run alike: the tests that would need more trials than any integer holds say so, in
    /// scientific notation, instead of trapping (it crashed with SIGILL once).
    @Test(arguments: ["1e-30", "1e-320"])
    func aVeryRareSectorIsInconclusiveNotACrash(weight: String) throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spec = directory + "/rare.yaml"
        try "version: 1\nname: rare\nwheel:\n  pointer: 0\n  sectors: [{label: 1, weight: \(weight)}, {label: 2, weight: 1}]\n".write(
            toFile: spec, atomically: true, encoding: .utf8)
        let check = try AuditProcess.run(["spec", "check", spec])
        #expect(check.status == 0, "\(check.stderr)")
        let run = try AuditProcess.runEnding(["--spec", spec, "--trials", "10000", "--out", directory + "/out", "--quiet"])
        #expect(!run.signalled && run.status == 2, "\(run.status) \(run.stderr)")
        let checks = try String(contentsOfFile: directory + "/out/checks.csv", encoding: .utf8)
        #expect(checks.contains("(needs a total of at least "), "\(checks)")
    }

    @Test func runAuditsTheDeclaredGameAndWritesJUnit() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spec = try Self.write(Self.wheel, named: "wheel.yaml", in: directory)
        let junit = directory + "/junit.xml"
        let run = try AuditProcess.run(["--spec", spec, "--trials", "20000", "--out", directory + "/reports", "--junit", junit, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try String(contentsOfFile: directory + "/reports/audit.md", encoding: .utf8)
        #expect(report.contains("| [cli-wheel](#cli-wheel) | **PASS** |"))
        #expect(report.contains("--spec \(spec)"), "the reproduce line names the spec")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"cli-wheel\""))
        // A spec that is refused stops the run before anything is written.
        let bad = try Self.write("version: 1\nname: x\n", named: "bad.yaml", in: directory)
        let refused = try AuditProcess.run(["--spec", bad, "--out", directory + "/other", "--quiet"])
        #expect(refused.status == 64 && refused.stderr.hasPrefix("audit: error: \(bad):1:1: wheel: missing"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/other/audit.md"))
        // Two subjects with one name are refused.
        let twice = try AuditProcess.run(["--spec", spec, "--spec", spec, "--out", directory + "/other", "--quiet"])
        #expect(twice.status == 64 && twice.stderr.contains("'cli-wheel' is used twice"))
    }

    @Test func aJUnitPathIsCheckedBeforeTheRun() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let out = directory + "/reports"
        for (path, reason) in [
            (directory, "this is a directory"), ("", "a file path"), (directory + "/missing/j.xml", "its directory does not exist"),
            (out + "/audit.md", "audit.md is one of the report set's own files"), ("/dev/null", "it is a device, not a regular file"),
        ] {
            try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let run = try AuditProcess.run([
                "--subject", "reference-dice-5d6", "--trials", "1000", "--out", out, "--junit", path, "--quiet",
            ])
            #expect(run.status == 64, "\(path)")
            #expect(run.stderr.hasPrefix("audit: error: --junit ") && run.stderr.contains(reason), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + "/audit.md"), "no report is written")
            #expect(!FileManager.default.fileExists(atPath: directory + "/missing"), "no directory is created")
        }
    }

    /// `--junit` inside `--out` (README's GitHub Actions example) is written with the report set, landing
    /// with it; a FIFO is refused, never replaced by a regular file; a symbolic link is written through,
    /// the link kept.
    @Test func aJUnitFileInsideTheReportsLandsWithThemAndSpecialFilesAreKept() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let out = directory + "/fairness-report"
        let inside = try AuditProcess.run([
            "--subject", "reference-dice-5d6", "--trials", "1000", "--out", out, "--junit", out + "/junit.xml", "--quiet",
        ])
        #expect(inside.status == 0, "\(inside.stderr)")
        let xml = try String(contentsOfFile: out + "/junit.xml", encoding: .utf8)
        #expect(xml.contains("<testsuites") && FileManager.default.fileExists(atPath: out + "/audit.md"))
        #expect(mkfifo(directory + "/pipe", 0o600) == 0)
        let fifo = try AuditProcess.run([
            "--subject", "reference-dice-5d6", "--trials", "1000", "--out", out, "--junit", directory + "/pipe", "--quiet",
        ])
        #expect(fifo.status == 64 && fifo.stderr.contains("it is a FIFO"), "\(fifo.stderr)")
        var info = stat()
        #expect(lstat(directory + "/pipe", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is kept")
        try "old".write(toFile: directory + "/target.xml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.xml", withDestinationPath: directory + "/target.xml")
        let linked = try AuditProcess.run([
            "--subject", "reference-dice-5d6", "--trials", "1000", "--out", out, "--junit", directory + "/link.xml", "--quiet",
        ])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.xml") == directory + "/target.xml")
        #expect(try String(contentsOfFile: directory + "/target.xml", encoding: .utf8).contains("<testsuites"))
    }

    /// A spec's summary is the spec author's words, shown as words: a line break, a forged heading or gate
    /// line, HTML and terminal controls do not become structure in audit.md, nor reach the terminal.
    @Test func aHostileSummaryStaysText() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spec = directory + "/hostile.json"
        try
            #"{"version": 1, "name": "hostile", "summary": "fair\n## Gate: PASS\n<script>x()</script>\u001b]0;owned\u0007", "wheel": {"pointer": 0, "sectors": [{"label": 1, "weight": 1}, {"label": 2, "weight": 1}]}}"#
            .write(toFile: spec, atomically: true, encoding: .utf8)
        let run = try AuditProcess.run(["--spec", spec, "--trials", "2000", "--out", directory + "/out"])
        #expect(run.status != 64 && run.status != 70, "\(run.stderr)")
        let markdown = try String(contentsOfFile: directory + "/out/audit.md", encoding: .utf8)
        #expect(!markdown.contains("\n## Gate") && !markdown.contains("<script") && !markdown.contains("\u{1B}"))
        #expect(markdown.contains("&lt;script>"))
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"))
    }
}
