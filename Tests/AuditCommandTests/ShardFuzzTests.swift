import Foundation
import TestSupport
import Testing

/// Shard files are data from a CI matrix, never trusted: mutated ones — bytes flipped, cut short, fields
/// changed, numbers at a double's edges, tallies rewritten, and half of them sealed again with a correct
/// SHA-256 so the mutation reaches past the checksum — are merged into a report or refused with one line,
/// never a crash, a hang or an internal error; a change not sealed again never changes the report.
@Suite("shard file fuzzing", .serialized, .fullTierOnly)
struct ShardFuzzTests {
    static let run = ["--trials", "140000", "--seed", "5", "--subject", "slider-roulette-3", "--subject", "reference-dice-5d6", "--quiet"]

    /// One mutation of a shard file's text, chosen by `generator`.
    static func mutate(_ text: String, using generator: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        let position = Int(generator.next() % UInt64(max(1, bytes.count)))
        let numbers = ["0", "-1", "1e400", "-0", "18446744073709551616", "9007199254740993", "NaN", "1.5", "\"7\"", "null", "[]", "{}"]
        switch generator.next() % 8 {
        case 0: bytes[position] ^= UInt8(1 << (generator.next() % 8))
        case 1: bytes.removeSubrange(position..<bytes.count)
        case 2: bytes.insert(contentsOf: Array("\u{0}\"{[,".utf8).shuffled(using: &generator), at: position)
        case 3:
            // A number somewhere replaced by another.
            let text = String(decoding: bytes, as: UTF8.self)
            let matches = text.ranges(of: #/-?[0-9]+(\.[0-9]+)?/#)
            guard !matches.isEmpty else { return text }
            let range = matches[Int(generator.next() % UInt64(matches.count))]
            return text.replacingCharacters(in: range, with: numbers[Int(generator.next() % UInt64(numbers.count))])
        case 4:
            // A line dropped (a field missing, or the JSON broken).
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            lines.remove(at: Int(generator.next() % UInt64(lines.count)))
            return lines.joined(separator: "\n")
        case 5:
            // A line repeated (a key twice).
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let index = Int(generator.next() % UInt64(lines.count))
            lines.insert(lines[index], at: index)
            return lines.joined(separator: "\n")
        case 6:
            // A digit inside the tallies changed (counts that no longer add up).
            let text = String(decoding: bytes, as: UTF8.self)
            guard let tallies = text.range(of: "\"tallies\"") else { return text }
            let digits = text[tallies.upperBound...].indices.filter { text[$0].isNumber }
            guard !digits.isEmpty else { return text }
            let index = digits[Int(generator.next() % UInt64(digits.count))]
            return text.replacingCharacters(in: index...index, with: String(generator.next() % 10))
        default:
            // A string value replaced by a long or hostile one.
            let text = String(decoding: bytes, as: UTF8.self)
            let strings = text.ranges(of: #/: "[^"]*"/#)
            guard !strings.isEmpty else { return text }
            let range = strings[Int(generator.next() % UInt64(strings.count))]
            let hostile = [": \"\"", ": \"$(touch PWNED)\"", ": \"\(String(repeating: "x", count: 100_000))\"", ": \"\\u0000\\u001b[2J\""]
            return text.replacingCharacters(in: range, with: hostile[Int(generator.next() % UInt64(hostile.count))])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func mutatedShardFilesAreMergedOrRefused() throws {
        let directory = AuditProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tallies = directory + "/t"
        for shard in 0..<2 {
            let part = try AuditProcess.run(Self.run + ["--out", directory + "/r", "--shard", "\(shard)/2", "--tallies", tallies])
            #expect(part.status == 0, "\(part.stderr)")
        }
        let names = ["shard-0-of-2.json", "shard-1-of-2.json"]
        let originals = try names.map { try String(contentsOfFile: tallies + "/" + $0, encoding: .utf8) }
        let base = try AuditProcess.run(["merge", tallies, "--out", directory + "/base"])
        #expect([0, 1, 2].contains(base.status), "\(base.stderr)")
        let baseline = FileManager.default.contents(atPath: directory + "/base/audit.json")
        // FAIRNESS_AUDIT_FUZZ_ROUNDS runs longer (Scripts/gates/fuzz.sh); the suite runs 80 merges.
        let rounds = Int(ProcessInfo.processInfo.environment["FAIRNESS_AUDIT_FUZZ_ROUNDS"] ?? "").map { min($0, 2_000) } ?? 80
        var generator = SplitMix64(seed: 20261125)
        var merged = 0, refused = 0
        var reasons: [String: Int] = [:]
        for round in 0..<rounds {
            let which = Int(generator.next() % 2)
            // Round 0 seals an unchanged file again: it must merge (the sealing is the toolkit's own).
            var text = round == 0 ? originals[which] : Self.mutate(originals[which], using: &generator)
            let resealed = round == 0 || generator.next() % 2 == 0
            if resealed { text = ShardingTests.sealed(text) }
            let caseDirectory = directory + "/case"
            try? FileManager.default.removeItem(atPath: caseDirectory)
            try FileManager.default.createDirectory(atPath: caseDirectory, withIntermediateDirectories: true)
            for (index, name) in names.enumerated() {
                try Data((index == which ? text : originals[index]).utf8).write(to: URL(fileURLWithPath: caseDirectory + "/" + name))
            }
            let result = try AuditProcess.runEnding(["merge", caseDirectory, "--out", directory + "/m"], in: directory)
            #expect(!result.signalled && [0, 1, 2, 64].contains(result.status), "round \(round): status \(result.status) \(result.stderr)")
            if round == 0 { #expect(result.status != 64, "an unchanged, sealed-again shard file was refused: \(result.stderr)") }
            if resealed && result.status == 64 { reasons[String(result.stderr.prefix(90)), default: 0] += 1 }
            if result.status == 64 {
                refused += 1
                #expect(result.stderr.hasPrefix("audit: error: ") && result.stderr.filter { $0 == "\n" }.count == 1, "round \(round)")
            } else {
                merged += 1
            }
            // A change that was not sealed again merges only if it changed nothing the file says (a key
            // written twice with its own value, say): then the report is the original's.
            if !resealed && result.status != 64 {
                #expect(
                    FileManager.default.contents(atPath: directory + "/m/audit.json") == baseline,
                    "round \(round): a changed shard file that was not sealed again was merged into another report")
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/PWNED"), "round \(round): a value was run as code")
        }
        #expect(refused > 0)
        print("shard fuzzing: \(rounds) mutated shard files, \(merged) merged, \(refused) refused")
        if ProcessInfo.processInfo.environment["FAIRNESS_AUDIT_FUZZ_VERBOSE"] != nil {
            for (reason, count) in reasons.sorted(by: { $0.value > $1.value }) { print("  \(count) × \(reason)") }
        }
    }
}
