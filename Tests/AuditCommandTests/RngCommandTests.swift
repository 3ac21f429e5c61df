import Foundation
import TestSupport
import Testing

/// `audit rng` end to end: a good source passes and its report verifies, a weak one fails, bad input is
/// one line with exit status 64.
@Suite("audit rng", .serialized, .fullTierOnly)
struct RngCommandTests {
    /// `count` bytes of SplitMix64 output, or of a 32-bit LCG's words (whose low bits alternate).
    static func write(_ path: String, count: Int, weak: Bool) throws {
        var generator = SplitMix64(seed: 3)
        var state: UInt32 = 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            if weak {
                state = state &* 1_664_525 &+ 1_013_904_223
                withUnsafeBytes(of: state.bigEndian) { bytes += $0 }
            } else {
                withUnsafeBytes(of: generator.next()) { bytes += $0 }
            }
        }
        try Data(bytes.prefix(count)).write(to: URL(fileURLWithPath: path))
    }

    @Test func aGoodSourcePassesAndAWeakOneFails() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Self.write(out + "/good.bin", count: 4_500_000, weak: false)
        try Self.write(out + "/lcg.bin", count: 4_500_000, weak: true)
        let good = try AuditProcess.run(["rng", out + "/good.bin", "--out", out + "/good", "--junit", out + "/good/junit.xml"])
        #expect(good.status == 0, "\(good.stdout) \(good.stderr)")
        #expect(good.stdout.contains("gate: PASS (36000000 bits, 36 sequences)"))
        let markdown = try String(contentsOfFile: out + "/good/audit.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# Randomness audit report") && markdown.contains("| [good.bin](#goodbin) | **PASS** |"))
        let verify = try AuditProcess.run(["verify", out + "/good"])
        #expect(verify.status == 0 && verify.stdout.contains("of random sources not: they come from the raw output"), "\(verify.stdout)")
        // A declared sample: every 4th sequence tested, stated in the report, which verifies.
        let sampled = try AuditProcess.run(["rng", out + "/good.bin", "--test-every", "4", "--out", out + "/sampled", "--quiet"])
        #expect(
            sampled.status == 0 && sampled.stdout.contains("gate: PASS (36000000 bits, 9 of 36 sequences tested, every 4th)"),
            "\(sampled.stdout)")
        let sampledVerify = try AuditProcess.run(["verify", out + "/sampled", "--input", out + "/good.bin"])
        #expect(sampledVerify.status == 0 && sampledVerify.stdout.contains("1 artefact matched"), "\(sampledVerify.stdout)")
        let otherInput = try AuditProcess.run(["verify", out + "/sampled", "--input", out + "/lcg.bin"])
        #expect(otherInput.status == 1, "\(otherInput.stdout)")
        // Read from standard input, the set verifies against the file it was read from.
        let piped = try AuditProcess.run(
            ["-c", #""$AUDIT" rng - --test-every 4 --out "$OUT" --quiet < "$IN""#],
            environment: ["AUDIT": AuditProcess.executable.path, "OUT": out + "/piped", "IN": out + "/good.bin"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(piped.status == 0, "\(piped.stdout) \(piped.stderr)")
        let pipedVerify = try AuditProcess.run(["verify", out + "/piped", "--input", out + "/good.bin"])
        #expect(pipedVerify.status == 0 && pipedVerify.stdout.contains("1 artefact matched"), "\(pipedVerify.stdout)")
        let weak = try AuditProcess.run(["rng", out + "/lcg.bin", "--format", "u32be", "--out", out + "/lcg", "--quiet"])
        #expect(weak.status == 1, "\(weak.stdout) \(weak.stderr)")
        let checks = try String(contentsOfFile: out + "/lcg/checks.csv", encoding: .utf8)
        #expect(checks.contains("autocorrelation of the lowest bit of consecutive draws"))
    }

    /// The report folder's path is printed escaped, as every other echoed text: a line break or an escape
    /// sequence in it reaches the terminal as `\u{..}`, not raw.
    @Test func theReportFoldersPathIsEscapedOnTheTerminal() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Self.write(out + "/good.bin", count: 125_000, weak: false)
        let result = try AuditProcess.run(["rng", out + "/good.bin", "--out", out + "/evil\ngate: PASS\u{1B}[31m", "--quiet"])
        #expect([0, 2].contains(result.status), "\(result.stdout) \(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}") && result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
        #expect(result.stdout.contains("evil gate: PASS\\u{1B}[31m"), "\(result.stdout)")
    }

    /// A text input that starts with a UTF-8 byte-order mark (Excel, PowerShell, Notepad) is read as a log
    /// is: the mark is not part of its first number.
    @Test func aByteOrderMarkBeforeTheFirstNumberIsAccepted() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var generator = SplitMix64(seed: 5)
        let numbers = (0..<2_000).map { _ in String(Double(generator.next() >> 11) / 9_007_199_254_740_992) }
        try Data([0xEF, 0xBB, 0xBF] + Array((numbers.joined(separator: "\n") + "\n").utf8)).write(
            to: URL(fileURLWithPath: out + "/bom.txt"))
        let result = try AuditProcess.run(["rng", out + "/bom.txt", "--format", "doubles", "--out", out + "/report", "--quiet"])
        #expect([0, 2].contains(result.status), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("gate: "), "\(result.stdout) \(result.stderr)")
    }

    @Test func badInputIsOneLine() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: out + "/three.bin"))
        try Data("0.5\n1.5\n".utf8).write(to: URL(fileURLWithPath: out + "/doubles.txt"))
        let cases: [([String], String)] = [
            (["rng", out + "/missing.bin"], "cannot be read"),
            (["rng", out], "is a directory"),
            (["rng", out + "/three.bin", "--format", "u32le"], "3 bytes, short of one whole draw"),
            (["rng", out + "/three.bin", "--format", "u16"], "--format u16"),
            (["rng", out + "/doubles.txt", "--format", "doubles"], "doubles.txt:2:1: '1.5' is not a number in [0, 1)"),
            (["rng", out + "/three.bin", "--sequence-length", "10"], "--sequence-length 10"),
            (["rng", out + "/three.bin", "--test-every", "0"], "--test-every 0: must be a whole number ≥ 1"),
            (["rng", out + "/three.bin", "--name", "a|b\n**PASS**"], "--name a|b **PASS**: must be 1 to 100 letters"),
        ]
        for (arguments, mentions) in cases {
            let result = try AuditProcess.run(arguments + ["--out", out + "/report"])
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(mentions) && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/report"))
    }

    /// A file named to break a report (a line break, a table row, an escape sequence): the source's name
    /// keeps only what a subject's name may hold, and no raw control character reaches the Markdown.
    @Test func aHostileFileNameIsShownAsText() throws {
        let out = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let path = out + "/evil\n| **PASS** |\u{1B}[31m.bin"
        var generator = SplitMix64(seed: 5)
        try Data((0..<1_250_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }).write(to: URL(fileURLWithPath: path))
        let result = try AuditProcess.run(["rng", path, "--out", out + "/report"])
        #expect(result.status == 0 || result.status == 2, "\(result.stderr)")
        let markdown = try String(contentsOfFile: out + "/report/audit.md", encoding: .utf8)
        #expect(!markdown.contains("\u{1B}") && markdown.contains("[evil-----PASS------31m.bin]"))
        #expect(try AuditProcess.run(["verify", out + "/report"]).stdout.hasPrefix("verified"))
    }
}
