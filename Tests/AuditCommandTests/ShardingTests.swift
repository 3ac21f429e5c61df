import Digests
import Foundation
import TestSupport
import Testing

/// `audit run --shard I/K --tallies DIR` and `audit merge`: the merged report is byte-identical to a single
/// run's, whatever the shard and thread counts; shards of different runs, missing, repeated or corrupted
/// shards are one-line errors.
@Suite("sharded runs", .serialized, .fullTierOnly)
struct ShardingTests {
    static let run = [
        "--trials", "300000", "--seed", "77", "--subject", "reference-wheel-37", "--subject", "reference-dice-5d6",
        "--subject", "reference-targeted-wheel-8", "--quiet",
    ]

    static func files(_ directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = URL(fileURLWithPath: directory)
        for case let path as String in FileManager.default.enumerator(atPath: directory)! {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = try Data(contentsOf: base.appendingPathComponent(path)) }
        }
        return result
    }

    @Test(arguments: [(3, "1"), (5, "2")])
    func mergedShardsEqualASingleRun(shards: Int, threads: String) throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let single = try AuditProcess.run(Self.run + ["--out", directory + "/single"])
        #expect(single.status == 0, "\(single.stderr)")
        for shard in 0..<shards {
            // Shards may differ in threads, output and how the trials are written: the run is the same.
            let written = Self.run.map { $0 == "300000" && shard % 2 == 1 ? "3e5" : $0 }
            let part = try AuditProcess.run(
                written + [
                    "--out", directory + "/shard-out-\(shard)", "--threads", threads, "--shard", "\(shard)/\(shards)", "--tallies",
                    directory + "/t",
                ])
            #expect(part.status == 0 && part.stdout.hasPrefix("shard \(shard)/\(shards): blocks"), "\(part.stdout) \(part.stderr)")
        }
        let merged = try AuditProcess.run(["merge", directory + "/t", "--out", directory + "/merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let a = try Self.files(directory + "/single"), b = try Self.files(directory + "/merged")
        #expect(a.keys.sorted() == b.keys.sorted())
        for (name, data) in a { #expect(b[name] == data, "\(name) differs") }
    }

    /// The shard file at `path` with its toolkit field set to `toolkit` and its checksum recomputed as the
    /// toolkit computes it: FNV-1a (64-bit) of the file written with an empty checksum, in hexadecimal.
    static func resealed(_ path: String, toolkit: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return sealed(text.replacingOccurrences(of: #"("toolkit" : ")[^"]*"#, with: "$1\(toolkit)", options: .regularExpression))
    }

    /// `text` (a shard file) with its checksum recomputed as the toolkit computes it: SHA-256 of the file
    /// written with an empty checksum and an empty MAC (which it keeps empty: a forger has no key).
    static func sealed(_ text: String) -> String {
        var text = text.replacingOccurrences(of: #"("checksum" : ")[^"]*"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"("mac" : ")[^"]*"#, with: "$1", options: .regularExpression)
        let digest = SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
        return text.replacingOccurrences(of: #""checksum" : """#, with: "\"checksum\" : \"\(digest)\"")
    }

    @Test func shardsThatDoNotMakeOneRunAreRefused() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tallies = directory + "/t"
        for shard in 0..<3 {
            _ = try AuditProcess.run(Self.run + ["--out", directory + "/r", "--shard", "\(shard)/3", "--tallies", tallies])
        }
        // A gap.
        try FileManager.default.moveItem(atPath: tallies + "/shard-1-of-3.json", toPath: directory + "/shard-1-of-3.json")
        let gap = try AuditProcess.run(["merge", tallies, "--out", directory + "/m"])
        #expect(
            gap.status == 64
                && gap.stderr
                    == "audit: error: shard 1/3 is missing: 2 of 3 shards found, so trials would be left out (run it with --shard 1/3)\n"
        )
        // An overlap: the same shard twice.
        try FileManager.default.copyItem(atPath: tallies + "/shard-0-of-3.json", toPath: directory + "/shard-0-of-3.json")
        let twice = try AuditProcess.run(["merge", tallies, directory + "/shard-0-of-3.json", "--out", directory + "/m"])
        #expect(twice.status == 64 && twice.stderr.contains("shard 0/3 appears twice"), "\(twice.stderr)")
        // Another run's shard (another seed).
        _ = try AuditProcess.run(
            Self.run.map { $0 == "77" ? "78" : $0 } + ["--out", directory + "/r", "--shard", "1/3", "--tallies", directory + "/other"])
        let other = try AuditProcess.run(["merge", tallies, directory + "/other", "--out", directory + "/m"])
        #expect(other.status == 64 && other.stderr.contains("not the same run"), "\(other.stderr)")
        // A corrupted file.
        let path = directory + "/shard-1-of-3.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"trials\" : 300000", with: "\"trials\" : 300001")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let corrupt = try AuditProcess.run(["merge", tallies, path, "--out", directory + "/m"])
        #expect(corrupt.status == 64 && corrupt.stderr.contains("checksum does not match"), "\(corrupt.stderr)")
        // Tallies from another toolkit (its default generator may draw other numbers for the same arguments),
        // resealed with a valid checksum: refused before anything else is compared.
        let older = directory + "/older"
        try FileManager.default.createDirectory(atPath: older, withIntermediateDirectories: true)
        for shard in [0, 2] {
            try Self.resealed(tallies + "/shard-\(shard)-of-3.json", toolkit: "0.1.0").write(
                toFile: older + "/shard-\(shard)-of-3.json", atomically: true, encoding: .utf8)
        }
        let oldToolkit = try AuditProcess.run(["merge", older, "--out", directory + "/m"])
        #expect(
            oldToolkit.status == 64 && oldToolkit.stderr.contains("tallies from toolkit 0.1.0; this is"), "\(oldToolkit.stderr)")
        let bad = try AuditProcess.run(Self.run + ["--shard", "3/3", "--tallies", tallies])
        #expect(bad.status == 64 && bad.stderr.contains("--shard 3/3: must be I/K with 0 ≤ I < K"))
        let onlyTallies = try AuditProcess.run(Self.run + ["--tallies", tallies])
        #expect(onlyTallies.status == 64 && onlyTallies.stderr.contains("--tallies \(tallies): give --shard I/K as well"))
        let tooMany = try AuditProcess.run(Self.run + ["--shard", "0/100", "--tallies", directory + "/many"])
        #expect(tooMany.status == 64 && tooMany.stderr.contains("5 blocks of 65536 trials cannot fill 100 shards"), "\(tooMany.stderr)")
        let random = try AuditProcess.run(Self.run.map { $0 == "77" ? "random" : $0 } + ["--shard", "0/3", "--tallies", tallies])
        #expect(random.status == 64 && random.stderr.contains("every shard of a run needs the same seed"), "\(random.stderr)")
    }

    /// A shard file is data: a probe command written into the shards' arguments (by a CI artefact or by
    /// hand, with a valid checksum) is never run by merge unless the person merging types it again.
    @Test func mergeRunsNoCommandFromAShardFile() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tallies = directory + "/t", forged = directory + "/forged", marker = directory + "/PWNED"
        try FileManager.default.createDirectory(atPath: forged, withIntermediateDirectories: true)
        let spec =
            packageRoot
            .appendingPathComponent("Examples/specs/prize-wheel.yaml").path
        for shard in 0..<2 {
            _ = try AuditProcess.run(Self.run + ["--out", directory + "/r", "--shard", "\(shard)/2", "--tallies", tallies])
            let text = try String(contentsOfFile: tallies + "/shard-\(shard)-of-2.json", encoding: .utf8)
            // As JSONEncoder writes it (pretty-printed, slashes escaped), so the checksum is the toolkit's.
            let escaped = { (value: String) in "    \"" + value.replacingOccurrences(of: "/", with: "\\/") + "\",\n" }
            let injected = text.replacingOccurrences(
                of: "\"arguments\" : [\n",
                with: "\"arguments\" : [\n" + ["--spec", spec, "--probe", "touch " + marker].map(escaped).joined())
            #expect(injected != text)
            try Self.sealed(injected).write(toFile: forged + "/shard-\(shard)-of-2.json", atomically: true, encoding: .utf8)
        }
        let refused = try AuditProcess.run(["merge", forged, "--out", directory + "/m"])
        #expect(refused.status == 64 && refused.stderr.contains("merge runs no command read from a file"), "\(refused.stderr)")
        let mistyped = try AuditProcess.run(["merge", forged, "--out", directory + "/m", "--probe", "true"])
        #expect(mistyped.status == 64 && mistyped.stderr.contains("they differ from the shards'"), "\(mistyped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "merge ran a command read from a shard file")
        #expect(!FileManager.default.fileExists(atPath: directory + "/m/audit.md"))
    }

    /// With a shard key in the environment (a CI secret), tallies are signed: a forged shard whose checksum
    /// was recomputed fails the signature; signed shards need the key to merge; and the merge with the key
    /// equals the single run.
    @Test func signedShardsCannotBeForged() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = ["FAIRNESS_AUDIT_SHARD_KEY": "correct horse battery staple"]
        let tallies = directory + "/t"
        for shard in 0..<2 {
            let part = try AuditProcess.run(
                Self.run + ["--out", directory + "/r", "--shard", "\(shard)/2", "--tallies", tallies], environment: key)
            #expect(part.status == 0, "\(part.stderr)")
        }
        let signed = try String(contentsOfFile: tallies + "/shard-0-of-2.json", encoding: .utf8)
        #expect(signed.range(of: #""mac" : "[0-9a-f]{64}""#, options: .regularExpression) != nil)
        let noKey = try AuditProcess.run(["merge", tallies, "--out", directory + "/m"])
        #expect(noKey.status == 64 && noKey.stderr.contains("the shard is signed"), "\(noKey.stderr)")
        let merged = try AuditProcess.run(["merge", tallies, "--out", directory + "/m"], environment: key)
        #expect(merged.status == 0, "\(merged.stderr)")
        // A forger changes a count and recomputes the SHA-256, but cannot sign.
        let forged = Self.sealed(signed.replacingOccurrences(of: "\"trials\" : 300000", with: "\"trials\" : 300001"))
        #expect(forged != Self.sealed(signed))
        try forged.replacingOccurrences(
            of: #"("mac" : ")[0-9a-f]*"#, with: "$1" + String(repeating: "0", count: 64), options: .regularExpression
        )
        .write(toFile: tallies + "/shard-0-of-2.json", atomically: true, encoding: .utf8)
        let refused = try AuditProcess.run(["merge", tallies, "--out", directory + "/m2"], environment: key)
        #expect(refused.status == 64 && refused.stderr.contains("the signature does not match the key"), "\(refused.stderr)")
    }
}
