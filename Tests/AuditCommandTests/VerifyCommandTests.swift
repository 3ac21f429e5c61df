import Digests
import Foundation
import TestSupport
import Testing

/// `audit verify` end to end: a report set verifies as written, its provenance names the files audited by
/// their SHA-256 (computed here with swift-crypto, not the command's code), and every kind of change is
/// caught — a file edited after sealing, a table count, a p-value or a status changed and the set sealed
/// again, a file removed, a spec or a probe script that is not the one audited.
@Suite("audit verify", .serialized, .fullTierOnly)
struct VerifyCommandTests {
    static let root = packageRoot.path
    static let spec = "Examples/probes/python/prize_wheel.yaml"
    static let probe = "python3 Examples/probes/python/prize_wheel.py"

    static func sha256(_ data: Data) -> String { SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    /// Seals `directory` again after an edit, as someone hiding a change would: every listed file's digest.
    static func reseal(_ directory: String) throws {
        let seal = try String(contentsOfFile: directory + "/SHA256SUMS", encoding: .utf8)
        let lines = try seal.split(separator: "\n").map { line -> String in
            let name = String(line.split(separator: " ", maxSplits: 1)[1].drop { $0 == " " })
            return "\(sha256(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))))  \(name)\n"
        }
        try lines.joined().write(toFile: directory + "/SHA256SUMS", atomically: true, encoding: .utf8)
    }

    /// Edits `audit.json` in `directory` with `change`.
    static func editReport(_ directory: String, _ change: (inout [String: Any]) -> Void) throws {
        let url = URL(fileURLWithPath: directory + "/audit.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: url)
    }

    static func copy(_ directory: String) throws -> String {
        let copy = AuditProcess.temporaryDirectory()
        try FileManager.default.copyItem(atPath: directory, toPath: copy)
        return copy
    }

    @Test func aProbedRunVerifiesAndEveryChangeIsCaught() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try AuditProcess.run(
            ["run", "--spec", Self.spec, "--probe", Self.probe, "--trials", "20000", "--out", out, "--quiet"], in: Self.root)
        #expect(run.status == 0, "\(run.stderr)")

        // Provenance: the spec, the probe's command line and its script, by their SHA-256.
        let provenance = try String(contentsOfFile: out + "/provenance.csv", encoding: .utf8)
        let specDigest = Self.sha256(try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + Self.spec)))
        let scriptDigest = Self.sha256(try Data(contentsOf: URL(fileURLWithPath: Self.root + "/Examples/probes/python/prize_wheel.py")))
        #expect(provenance.contains("spec,\(Self.spec),,\(specDigest),"))
        #expect(provenance.contains("probe command,\(Self.probe),,\(Self.sha256(Data(Self.probe.utf8))),"))
        #expect(provenance.contains("probe file,Examples/probes/python/prize_wheel.py,,\(scriptDigest),"))
        // The seal lists every file of the set with its SHA-256.
        let seal = try String(contentsOfFile: out + "/SHA256SUMS", encoding: .utf8)
        for name in ["audit.json", "audit.md", "checks.csv", "tables.csv", "provenance.csv"] {
            #expect(seal.contains("\(Self.sha256(try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))))  \(name)\n"), "\(name)")
        }

        let verified = try AuditProcess.run(["verify", out, "--spec", Self.spec, "--probe", Self.probe], in: Self.root)
        #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
        #expect(verified.stdout.contains("6 p-values and 1 interval recomputed") && verified.stdout.contains("3 artefacts matched"))

        // A file edited after sealing.
        let edited = try Self.copy(out)
        defer { try? FileManager.default.removeItem(atPath: edited) }
        try "tampered\n".write(toFile: edited + "/audit.md", atomically: true, encoding: .utf8)
        var result = try AuditProcess.run(["verify", edited])
        #expect(result.status == 1 && result.stdout.contains("mismatch: audit.md: changed since it was sealed"), "\(result.stdout)")

        // A count changed and the set sealed again: the p-value no longer follows from its table.
        let recounted = try Self.copy(out)
        defer { try? FileManager.default.removeItem(atPath: recounted) }
        try Self.editReport(recounted) { json in
            var tables = json["tables"] as! [[String: Any]]
            let index = tables.firstIndex { $0["table"] as? String == "goodness of fit" }!
            tables[index]["observed"] = (tables[index]["observed"] as! Double) + 400
            json["tables"] = tables
        }
        try Self.reseal(recounted)
        result = try AuditProcess.run(["verify", recounted])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("outcomes vs designed odds (Pearson): p ") && result.stdout.contains("but its table gives"))
        #expect(!result.stdout.contains("changed since it was sealed"))

        // A failing status turned into a pass, verdict and gate with it, sealed again: the decisions are redone.
        let passed = try Self.copy(out)
        defer { try? FileManager.default.removeItem(atPath: passed) }
        try Self.editReport(passed) { json in
            var checks = json["checks"] as! [[String: Any]]
            let index = checks.firstIndex { $0["pValue"] != nil }!
            checks[index]["pValue"] = 1e-12
            checks[index]["log10PValue"] = -12.0
            json["checks"] = checks
        }
        try Self.reseal(passed)
        result = try AuditProcess.run(["verify", passed])
        #expect(result.status == 1)
        #expect(result.stdout.contains("but its table gives") && result.stdout.contains("Holm log10 p"), "\(result.stdout)")

        // A seal that names files outside the set: they are not read.
        let escaping = try Self.copy(out)
        defer { try? FileManager.default.removeItem(atPath: escaping) }
        try ("0000  ../../etc/passwd\n0000  /etc/hostname\n" + String(contentsOfFile: escaping + "/SHA256SUMS", encoding: .utf8))
            .write(toFile: escaping + "/SHA256SUMS", atomically: true, encoding: .utf8)
        result = try AuditProcess.run(["verify", escaping])
        #expect(
            result.status == 1 && result.stdout.contains("mismatch: ../../etc/passwd: listed in SHA256SUMS but outside the set; not read"))
        #expect(result.stdout.contains("mismatch: /etc/hostname: listed in SHA256SUMS but outside the set"), "\(result.stdout)")
        // And a file of the set replaced by a link to one outside it.
        try FileManager.default.removeItem(atPath: escaping + "/outcomes.csv")
        try FileManager.default.createSymbolicLink(atPath: escaping + "/outcomes.csv", withDestinationPath: "/etc/hostname")
        result = try AuditProcess.run(["verify", escaping])
        #expect(result.stdout.contains("mismatch: outcomes.csv: listed in SHA256SUMS but outside the set"), "\(result.stdout)")

        // A file removed.
        let removed = try Self.copy(out)
        defer { try? FileManager.default.removeItem(atPath: removed) }
        try FileManager.default.removeItem(atPath: removed + "/checks.csv")
        result = try AuditProcess.run(["verify", removed])
        #expect(result.status == 1 && result.stdout.contains("checks.csv: listed in SHA256SUMS but missing"), "\(result.stdout)")
        #expect(result.stdout.contains("checks.csv: the report renders it, but it is not in the set"), "\(result.stdout)")

        // Artefacts that are not the ones audited: another spec, a changed probe script.
        let scripts = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scripts) }
        try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
        var script = try String(contentsOfFile: Self.root + "/Examples/probes/python/prize_wheel.py", encoding: .utf8)
        script += "\n# changed after the audit\n"
        try script.write(toFile: scripts + "/prize_wheel.py", atomically: true, encoding: .utf8)
        result = try AuditProcess.run(
            ["verify", out, "--spec", "Examples/specs/prize-wheel.yaml", "--probe", "python3 \(scripts)/prize_wheel.py"], in: Self.root)
        #expect(result.status == 1)
        #expect(result.stdout.contains("mismatch: spec Examples/specs/prize-wheel.yaml: the report records no such input"))
        #expect(result.stdout.contains("mismatch: probe file \(scripts)/prize_wheel.py"), "\(result.stdout)")
    }

    /// A file edited and the set sealed again, `audit.json` left as it was: a count in `tables.csv`, a
    /// status in `checks.csv`, a digest in `provenance.csv`, a row dropped from `outcomes.csv`; and
    /// `audit.md` or the JUnit file stating another gate, verdict or count of failures. Each is named with
    /// its first line that differs from the set rendered again from `audit.json`.
    @Test func anEditedCSVCopyIsCaughtWhenAuditJSONIsUnchanged() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try AuditProcess.run(
            [
                "run", "--spec", "Examples/specs/prize-wheel.yaml", "--trials", "20000", "--out", out, "--junit", out + "/junit.xml",
                "--quiet",
            ],
            in: Self.root)
        #expect(run.status == 0, "\(run.stderr)")
        var result = try AuditProcess.run(["verify", out])
        #expect(result.status == 0 && result.stdout.contains("12 files rendered again and compared"), "\(result.stdout)")

        /// `file` in a copy of the set with its first line holding `old` changed to `new`, sealed again.
        func edited(_ file: String, _ old: String, _ new: String) throws -> String {
            let copy = try Self.copy(out)
            let lineEnd = file.hasSuffix(".csv") ? "\r\n" : "\n"
            var lines = try String(contentsOfFile: copy + "/" + file, encoding: .utf8).components(separatedBy: lineEnd)
            let index = try #require(lines.indices.first { $0 > 0 && lines[$0].contains(old) }, "\(file): \(old)")
            lines[index] = new.isEmpty ? "" : lines[index].replacingOccurrences(of: old, with: new)
            if new.isEmpty { lines.remove(at: index) }
            try lines.joined(separator: lineEnd).write(toFile: copy + "/" + file, atomically: true, encoding: .utf8)
            try Self.reseal(copy)
            return copy
        }
        let tables = try String(contentsOfFile: out + "/tables.csv", encoding: .utf8).components(separatedBy: "\r\n")
        let row = try #require(tables.dropFirst().first { $0.contains("goodness of fit") })
        var fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let count = fields[5]
        fields[5] = "\(Int(Double(count)!) + 400).0"
        let cases: [(file: String, old: String, new: String, says: String)] = [
            ("tables.csv", row, fields.joined(separator: ","), "\(fields[5]),"),
            ("checks.csv", ",PASS,", ",FAIL,", ",FAIL,"),
            ("provenance.csv", "spec,Examples/specs/prize-wheel.yaml,,", "spec,Examples/specs/prize-wheel.yaml,,0", "prize-wheel.yaml,,0"),
            ("outcomes.csv", ",", "", "outcomes.csv"),
            ("audit.md", "**Gate: PASS**", "**Gate: FAIL**", "is **Gate: FAIL**"),
            ("audit.md", "| **PASS** |", "| **FAIL** |", "but the report renders"),
            ("junit.xml", "<property name=\"gate\" value=\"PASS\"/>", "<property name=\"gate\" value=\"FAIL\"/>", "value=\"PASS\""),
            ("junit.xml", "failures=\"0\"", "failures=\"1\"", "failures=\"0\""),
        ]
        for edit in cases {
            let copy = try edited(edit.file, edit.old, edit.new)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            result = try AuditProcess.run(["verify", copy])
            #expect(
                result.status == 1 && result.stdout.contains("mismatch: \(edit.file): line ") && result.stdout.contains(edit.says),
                "\(edit.file): \(result.stdout)")
            #expect(!result.stdout.contains("changed since it was sealed"))
        }
    }

    /// The committed report set (a million trials of every built-in subject: far-tail p-values beyond a
    /// double, impossible outcomes, Holm families, RTP intervals) verifies.
    @Test func theCommittedReportsVerify() throws {
        let result = try AuditProcess.run(["verify", "Reports"], in: Self.root)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("gate FAIL"))
    }

    /// A log read from standard input verifies against the log file it came from, and not another.
    @Test func aLogFromStandardInputVerifiesAgainstItsFile() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let samples = LogCommandTests.samples
        let process = Process()
        process.executableURL = AuditProcess.executable
        process.arguments = ["log", "--spec", LogCommandTests.spec, "-", "--window", "10000", "--out", out, "--quiet"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: samples + "/drift.csv"))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        var result = try AuditProcess.run(["verify", out, "--log", samples + "/drift.csv", "--spec", LogCommandTests.spec])
        #expect(result.status == 0, "\(result.stdout)")
        result = try AuditProcess.run(["verify", out, "--log", samples + "/fair.csv"])
        #expect(result.status == 1 && result.stdout.contains("fair.csv: the report records no such input"), "\(result.stdout)")
    }

    /// Writes a log of the prize wheel with `counts[label - 1]` spins of each label, in label order.
    static func writeLog(_ counts: [Int], to path: String) throws {
        let prizes = [5, 10, 20, 50, 50, 100, 250, 1000]
        var lines = ["session,timestamp,outcome,stake,payout"], second = 0
        for (index, count) in counts.enumerated() {
            for _ in 0..<count {
                lines.append(
                    "1,2026-11-01T00:\(String(format: "%02d:%02d", second / 60 % 60, second % 60))Z,\(index + 1),100,\(prizes[index])")
                second += 1
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Past the enumeration's budget the outcomes' p-value is the lattice's proven upper bound (300 spins,
    /// the jackpot 25 times where 6 are expected: FAIL), and on 15 spins with six jackpots the RTP's is exact
    /// under the declared odds (1e-5, above its Holm level: the outcomes cannot be tested on 15 lines, so
    /// INCONCLUSIVE); both reports verify, and SciPy recomputes the bound from the report alone.
    @Test func boundsAndExactPayoutMeansVerify() throws {
        let work = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        for (name, counts, check, method, status) in [
            ("mid", [80, 60, 45, 30, 30, 24, 6, 25], "outcomes vs declared odds", "exact upper bound", Int32(1)),
            ("short", [4, 2, 2, 1, 0, 0, 0, 6], "return to player (log)", "exact", 2),
        ] {
            try Self.writeLog(counts, to: "\(work)/\(name).csv")
            let out = "\(work)/\(name)"
            let audit = try AuditProcess.run(
                ["log", "--spec", LogCommandTests.spec, "\(work)/\(name).csv", "--out", out, "--quiet"], in: Self.root)
            #expect(audit.status == status, "\(audit.stderr)")
            let checks = try String(contentsOfFile: out + "/checks.csv", encoding: .utf8)
            let row = checks.split(separator: "\n").first { $0.contains(",\(check),") }
            #expect(row?.contains(",\(method),") == true, "\(name): \(row ?? "no row")")
            let verified = try AuditProcess.run(["verify", out], in: Self.root)
            #expect(verified.status == 0, "\(name): \(verified.stdout)")
        }
        let recomputed = try AuditProcess.run(
            ["python3", "Scripts/gates/recompute_pvalues.py", "\(work)/mid"], in: Self.root,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(recomputed.status == 0, "\(recomputed.stdout) \(recomputed.stderr)")
        // A fair log's outcome table (chi-square, p near 1) relabelled a bound and the set sealed again:
        // refused at once, not recomputed (nor could relabelled drift windows make verification take hours).
        try Self.writeLog([90, 60, 45, 30, 30, 24, 15, 6], to: "\(work)/fair.csv")
        let fair = "\(work)/fair"
        _ = try AuditProcess.run(["log", "--spec", LogCommandTests.spec, "\(work)/fair.csv", "--out", fair, "--quiet"], in: Self.root)
        try Self.editReport(fair) { json in
            json["tables"] = (json["tables"] as? [[String: Any]])?.map { row in
                var row = row
                if row["table"] as? String == "goodness of fit" { row["method"] = "exact upper bound" }
                return row
            }
        }
        try Self.reseal(fair)
        let relabelled = try AuditProcess.run(["verify", fair], in: Self.root)
        #expect(
            relabelled.status == 1 && relabelled.stdout.contains("cannot be recomputed (outside the far tail"), "\(relabelled.stdout)")
    }

    @Test func aMissingSetIsUsageError() throws {
        let result = try AuditProcess.run(["verify", "/nonexistent-report-set"])
        #expect(result.status == 64 && result.stderr.contains("no such report directory"), "\(result.stderr)")
    }
}
