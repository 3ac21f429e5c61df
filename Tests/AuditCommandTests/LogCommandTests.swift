import Digests
import Foundation
import TestSupport
import Testing

/// `audit log` end to end: the three sample logs of `Examples/logs/make_sample_logs.py` give their verdicts (the
/// drift located to the window where it was planted), standard input and JSON Lines are read, and bad rows
/// are one-line errors naming line and column, or counted with --skip-bad.
@Suite("audit log", .serialized, .fullTierOnly)
struct LogCommandTests {
    static let root = packageRoot
    static let spec = root.appendingPathComponent("Examples/specs/prize-wheel.yaml").path

    /// The sample logs, made once by the committed script (200,000 lines each).
    static let samples: String = {
        let directory = AuditProcess.temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Examples/logs/make_sample_logs.py").path, directory, "200000"]
        process.standardOutput = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
        return directory
    }()

    static func checks(_ directory: String) throws -> [String: String] {
        // The CSV ends its lines with CRLF (RFC 4180), one Character in Swift.
        let lines = try String(contentsOfFile: directory + "/checks.csv", encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n").dropFirst()
        return Dictionary(
            lines.map { line in
                let fields = line.split(separator: ",", maxSplits: 4, omittingEmptySubsequences: false)
                return (String(fields[1]), String(fields[3]))
            }, uniquingKeysWith: { a, _ in a })
    }

    @Test func theSampleLogsGetTheirVerdicts() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let fair = try AuditProcess.run([
            "log", "--spec", Self.spec, "--window", "10000", Self.samples + "/fair.csv", "--out", out + "/fair",
        ])
        #expect(fair.status == 0, "\(fair.stdout) \(fair.stderr)")
        // A log report's methods are the log's: counted from lines, nothing sampled or probed.
        let markdown = try String(contentsOfFile: out + "/fair/audit.md", encoding: .utf8)
        #expect(markdown.contains("**Nothing is simulated or probed.**"))
        #expect(!markdown.contains("run the subject on the toolkit's generator") && !markdown.contains("106-bit arithmetic"))
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Reports/audit.md"), encoding: .utf8)
        #expect(committed.contains("run the subject on the toolkit's generator") && !committed.contains("Nothing is simulated"))
        let foreign = try AuditProcess.run(["log", "--spec", Self.spec, Self.samples + "/foreign-label.csv", "--out", out + "/foreign"])
        #expect(foreign.status == 1)
        #expect(try Self.checks(out + "/foreign")["invalid results"] == "FAIL")
        let drift = try AuditProcess.run([
            "log", "--spec", Self.spec, "--window", "10000", Self.samples + "/drift.csv", "--out", out + "/drift", "--junit",
            out + "/junit.xml",
        ])
        #expect(drift.status == 1)
        // The terminal says where the time went: reading, the checks, the drift windows' proofs over the threads.
        #expect(
            drift.stderr.contains("reading and tallying") && drift.stderr.contains("proving the drift windows' p-values")
                && drift.stderr.contains(" threads, tests' families and power "), "\(drift.stderr)")
        let checks = try Self.checks(out + "/drift")
        #expect(checks["drift: first departing window"] == "FAIL" && checks["homogeneity across windows"] == "FAIL")
        // Planted at outcome line 100,001: window 11 of 10,000 lines.
        let csv = try String(contentsOfFile: out + "/drift/checks.csv", encoding: .utf8)
        #expect(csv.contains("first departing at α/20: window 11 (outcome lines 100001–110000"), "\(csv)")
        #expect(try String(contentsOfFile: out + "/junit.xml", encoding: .utf8).contains("drift: first departing window"))
        // By time: one spin a second, so 10,000-second windows are the same windows.
        let byTime = try AuditProcess.run([
            "log", "--spec", Self.spec, "--window-seconds", "10000", Self.samples + "/drift.csv", "--out", out + "/time", "--quiet",
        ])
        #expect(byTime.status == 1)
        #expect(try String(contentsOfFile: out + "/time/checks.csv", encoding: .utf8).contains("window 11 (seconds 100000–110000"))
    }

    /// Two processes auditing the same log write the same bytes (each process orders its dictionaries
    /// differently, so a table built in a dictionary's order would differ), and the same log as JSON Lines
    /// gives the same figures as its CSV.
    @Test func aLogsReportIsTheSameFromEveryProcessAndFormat() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let csvLog = Self.samples + "/fair.csv"
        // The CSV as JSON Lines: {"session": ..., "timestamp": ..., "outcome": n, "stake": n, "payout": n}.
        let rows = try String(contentsOfFile: csvLog, encoding: .utf8).split(separator: "\n").dropFirst().prefix(50_000)
        let jsonLines = rows.map { row -> String in
            let f = row.split(separator: ",", omittingEmptySubsequences: false)
            return "{\"session\": \"\(f[0])\", \"timestamp\": \"\(f[1])\", \"outcome\": \(f[2]), \"stake\": \(f[3]), \"payout\": \(f[4])}"
        }
        try (jsonLines.joined(separator: "\n") + "\n").write(toFile: out + "/fair.jsonl", atomically: true, encoding: .utf8)
        try ("session,timestamp,outcome,stake,payout\n" + rows.joined(separator: "\n") + "\n").write(
            toFile: out + "/fair50k.csv", atomically: true, encoding: .utf8)
        for (log, name) in [(out + "/fair.jsonl", "a"), (out + "/fair.jsonl", "b"), (out + "/fair50k.csv", "c")] {
            let result = try AuditProcess.run(["log", "--spec", Self.spec, log, "--out", out + "/" + name, "--quiet"])
            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        }
        for file in ["audit.json", "checks.csv", "tables.csv", "outcomes.csv"] {
            let a = try String(contentsOfFile: out + "/a/" + file, encoding: .utf8)
            #expect(a == (try String(contentsOfFile: out + "/b/" + file, encoding: .utf8)), "\(file) differs between two processes")
            // The CSV's report differs only where it names the log and its format.
            let c = try String(contentsOfFile: out + "/c/" + file, encoding: .utf8)
            // The provenance names the log by its own bytes, which differ between the two formats.
            let digests = try [out + "/fair.jsonl", out + "/fair50k.csv"].map { path in
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                return (SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined(), "\(data.count)")
            }
            let normalised = { (text: String) in
                digests.reduce(text) { $0.replacingOccurrences(of: $1.0, with: "DIGEST").replacingOccurrences(of: $1.1, with: "BYTES") }
                    .replacingOccurrences(of: "fair50k.csv", with: "LOG").replacingOccurrences(of: "fair.jsonl", with: "LOG")
                    .replacingOccurrences(of: "JSON Lines", with: "CSV")
                    // audit.json's value beside those words: the log's format.
                    .replacingOccurrences(of: "\"jsonLines\" : true", with: "\"jsonLines\" : false")
            }
            #expect(normalised(a) == normalised(c), "\(file) differs between JSON Lines and CSV")
        }
    }

    /// Lines without a payout or a stake are given the paytable's, and the report says how many.
    @Test func missingPayoutsAndStakesAreCounted() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let rows = try String(contentsOfFile: Self.samples + "/fair.csv", encoding: .utf8).split(separator: "\n").dropFirst().prefix(4_000)
        let lines = rows.enumerated().map { index, row -> String in
            let f = row.split(separator: ",", omittingEmptySubsequences: false)
            let stake = index % 4 == 1 ? "null" : String(f[3])
            return index % 2 == 0
                ? "{\"outcome\": \(f[2]), \"stake\": \(stake)}" : "{\"outcome\": \(f[2]), \"stake\": \(stake), \"payout\": \(f[4])}"
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: out + "/log.jsonl", atomically: true, encoding: .utf8)
        let result = try AuditProcess.run(["log", "--spec", Self.spec, out + "/log.jsonl", "--out", out + "/report", "--quiet"])
        #expect(result.status == 0 || result.status == 1 || result.status == 2, "\(result.stderr)")
        let csv = try String(contentsOfFile: out + "/report/checks.csv", encoding: .utf8)
        #expect(csv.contains("0 of 2000 lines with a payout paid another amount"), "\(csv)")
        #expect(csv.contains("; 2000 lines logged no payout (the paytable's prize is counted for them in the RTP)"))
        #expect(csv.contains("; 1000 lines logged no stake (the paytable's stake, 100, is assumed)"))
        #expect(csv.contains("2000 lines without a payout counted at the paytable's prize"))
    }

    /// A dice log (the roll as faces): fair dice pass; dice that show 6 one time in four fail the category,
    /// hand and RTP checks; a roll with a 7 is an invalid outcome.
    @Test func diceLogsAreReadAsRolls() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let yacht = Self.root.appendingPathComponent("Examples/probes/javascript/yacht_dice.yaml").path
        let fair = try AuditProcess.run(["log", "--spec", yacht, Self.samples + "/dice-fair.csv", "--out", out + "/fair"])
        #expect(fair.status == 0, "\(fair.stdout)")
        let loaded = try AuditProcess.run(["log", "--spec", yacht, Self.samples + "/dice-loaded.csv", "--out", out + "/loaded"])
        #expect(loaded.status == 1)
        let checks = try Self.checks(out + "/loaded")
        #expect(checks["outcomes vs declared odds"] == "FAIL" && checks["small-straight frequency (exact binomial)"] == "FAIL")
        #expect(checks["return to player (log)"] == "FAIL" && checks["payouts match the paytable"] == "PASS")
        var lines = try String(contentsOfFile: Self.samples + "/dice-fair.csv", encoding: .utf8).split(separator: "\n").prefix(5_001).map(
            String.init)
        lines[7] = "s0,3-1-7-1-5,1,0"
        try lines.joined(separator: "\n").write(toFile: out + "/seven.csv", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(toFile: out + "/seven.csv", atomically: true, encoding: .utf8)
        _ = try AuditProcess.run(["log", "--spec", yacht, out + "/seven.csv", "--out", out + "/seven"])
        let seven = try String(contentsOfFile: out + "/seven/checks.csv", encoding: .utf8)
        #expect(seven.contains("invalid results,invalid,FAIL") && seven.contains("'3-1-7-1-5' at line 8"), "\(seven)")
    }

    @Test func standardInputAndJSONLinesAreRead() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A fair log as JSON Lines: the same sample's lines.
        let csv = try String(contentsOfFile: Self.samples + "/fair.csv", encoding: .utf8).split(separator: "\n").dropFirst().prefix(50_000)
        let json = csv.map { line -> String in
            let f = line.split(separator: ",")
            return "{\"session\": \"\(f[0])\", \"timestamp\": \"\(f[1])\", \"outcome\": \(f[2]), \"stake\": \(f[3]), \"payout\": \(f[4])}"
        }.joined(separator: "\n")
        try json.write(toFile: directory + "/fair.jsonl", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = AuditProcess.executable
        process.arguments = ["log", "--spec", Self.spec, "-", "--out", directory + "/reports", "--quiet"]
        process.standardInput = FileHandle(forReadingAtPath: directory + "/fair.jsonl")
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stdout)")
        #expect(stdout.contains("gate: PASS (50000 outcome lines)"))
    }

    /// JSON Lines run every check CSV does (the payout check included), and a bad timestamp is an error
    /// whatever the windows.
    @Test func jsonLinesPayoutsAndTimestampsAreChecked() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let lines = try String(contentsOfFile: Self.samples + "/fair.csv", encoding: .utf8).split(separator: "\n").dropFirst().prefix(
            20_000)
        let json = lines.map { line -> String in
            let f = line.split(separator: ",")
            // Label 7 pays 350 instead of 250.
            return "{\"session\": \"\(f[0])\", \"outcome\": \(f[2]), \"stake\": \(f[3]), \"payout\": \(f[2] == "7" ? "350" : String(f[4]))}"
        }.joined(separator: "\n")
        try json.write(toFile: directory + "/wrong.jsonl", atomically: true, encoding: .utf8)
        let run = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/wrong.jsonl", "--out", directory + "/r", "--quiet"])
        #expect(run.status == 1)
        let csv = try String(contentsOfFile: directory + "/r/checks.csv", encoding: .utf8)
        #expect(csv.contains("payouts match the paytable,invalid,FAIL"), "\(csv)")
        #expect(csv.contains("label 7 paid 350, the paytable says 250"))
        var broken = try String(contentsOfFile: Self.samples + "/fair.csv", encoding: .utf8).split(separator: "\n").prefix(100).map(
            String.init)
        broken[3] = broken[3].replacingOccurrences(of: "2026-11-01T00:00:02Z", with: "notatime")
        try broken.joined(separator: "\n").write(toFile: directory + "/time.csv", atomically: true, encoding: .utf8)
        let bad = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/time.csv", "--out", directory + "/t"])
        #expect(
            bad.status == 64 && bad.stderr.contains("time.csv:4:4: timestamp: 'notatime' is neither epoch seconds nor ISO 8601"),
            "\(bad.stderr)")
    }

    /// Input that once could crash or mislead the reader: a timestamp far out with windows by time, quoted
    /// fields with escaped quotes, a byte-order mark, a negative face in a roll.
    @Test func awkwardInputIsHandled() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "timestamp,outcome\n1700000000,1\n1e300,2\n".write(toFile: directory + "/far.csv", atomically: true, encoding: .utf8)
        let far = try AuditProcess.run([
            "log", "--spec", Self.spec, "--window-seconds", "60", directory + "/far.csv", "--out", directory + "/r1",
        ])
        #expect(far.status == 64 && far.stderr.contains("far.csv:3:1: timestamp: more than 100000 windows"), "\(far.stderr)")
        // A column named twice in any case is refused, as in JSON Lines (it silently took the first).
        try "outcome,Outcome\n1,2\n".write(toFile: directory + "/twice.csv", atomically: true, encoding: .utf8)
        let twice = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/twice.csv", "--out", directory + "/rt"])
        #expect(
            twice.status == 64 && twice.stderr.contains("twice.csv:1:1: the header names the 'outcome' column 2 times"), "\(twice.stderr)")
        // A line past 1 MiB is a one-line error at its line, not an allocation that aborts.
        try ("outcome\n1\n" + String(repeating: "7", count: 3 << 20) + "\n2\n").write(
            toFile: directory + "/long.csv", atomically: true, encoding: .utf8)
        let long = try AuditProcess.runEnding(["log", "--spec", Self.spec, directory + "/long.csv", "--out", directory + "/r0"])
        #expect(
            !long.signalled && long.status == 64 && long.stderr.contains("long.csv:3:1: the line is longer than 1048576 bytes"),
            "\(long.stderr)")
        let quoted = "\u{FEFF}session,outcome\n" + (0..<1000).map { "\"a\"\"\($0 % 7),b\",\($0 % 8 + 1)" }.joined(separator: "\n")
        try quoted.write(toFile: directory + "/quoted.csv", atomically: true, encoding: .utf8)
        let read = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/quoted.csv", "--out", directory + "/r2", "--quiet"])
        #expect(read.status != 64, "\(read.stderr)")
        #expect(read.stdout.contains("(1000 outcome lines)"))
        let yacht = Self.root.appendingPathComponent("Examples/probes/javascript/yacht_dice.yaml").path
        try "outcome\n3 -1 4 1 5\n1-2-3-4-5\n".write(toFile: directory + "/negative.csv", atomically: true, encoding: .utf8)
        _ = try AuditProcess.run(["log", "--spec", yacht, directory + "/negative.csv", "--out", directory + "/r3"])
        #expect(try String(contentsOfFile: directory + "/r3/checks.csv", encoding: .utf8).contains("'3 -1 4 1 5' at line 2"))
    }

    @Test func badRowsAreNamedOrCounted() throws {
        let directory = AuditProcess.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var lines = try String(contentsOfFile: Self.samples + "/fair.csv", encoding: .utf8).split(separator: "\n").prefix(20_001).map(
            String.init)
        lines[5] = "s1,2026-11-01T00:00:04Z,banana,100,5"
        lines[9] = "s1,2026-11-01T00:00:08Z,3,100,lots"
        try lines.joined(separator: "\n").write(toFile: directory + "/bad.csv", atomically: true, encoding: .utf8)
        let strict = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/bad.csv", "--out", directory + "/r1"])
        #expect(strict.status == 64)
        #expect(strict.stderr == "audit: error: \(directory)/bad.csv:6:25: outcome: 'banana' is not a whole-number label or 'none'\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/r1/audit.md"), "no half-written report")
        let one = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/bad.csv", "--skip-bad", "1", "--out", directory + "/r2"])
        #expect(
            one.status == 64
                && one.stderr.contains("bad.csv:10:31: payout: 'lots' is not a finite number (bad row 2, more than --skip-bad 1)"))
        let two = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/bad.csv", "--skip-bad", "2", "--out", directory + "/r3"])
        #expect(two.status == 1, "skipped rows are reported and fail the gate")
        // Every row skipped is named (up to ten), not only the first.
        let skipped = try String(contentsOfFile: directory + "/r3/checks.csv", encoding: .utf8)
        #expect(
            skipped.contains("2 rows could not be read and were skipped (up to 2 allowed); line 6, column 25: outcome: 'banana'")
                && skipped.contains("; line 10, column 31: payout: 'lots' is not a finite number"), "\(skipped)")
        let noHeader = try AuditProcess.run(["log", "--spec", Self.spec, Self.spec, "--out", directory + "/r4"])
        #expect(noHeader.status == 64 && noHeader.stderr.contains("the header has no 'outcome' column"))
        let missing = try AuditProcess.run(["log", "--spec", Self.spec, directory + "/none.csv", "--out", directory + "/r5"])
        #expect(missing.status == 64 && missing.stderr.contains("none.csv:0:0: cannot open the log"))
    }
}
