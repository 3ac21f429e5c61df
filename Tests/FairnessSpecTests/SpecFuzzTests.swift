import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSpec
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// Hostile spec files: seeded mutations of every example spec (bytes flipped, tokens a careless or hostile
/// writer types inserted, lines cut or doubled). Each must parse or be refused with a ``SpecError``, never
/// crash or throw anything else; and a mutant that parses must give a subject the audit runs (or refuses
/// with an `AuditError`), never a crash.
@Suite("Spec fuzzing")
struct SpecFuzzTests {
    /// Text a mutation may insert: YAML and JSON syntax, aliases, numbers at the edges of a double, control
    /// characters and bidi marks.
    static let tokens = [
        ":", "- ", "\n", "  ", "{", "}", "[", "]", ",", "\"", "'", "&a ", "*a", "!!str ", "#", "\u{0}", "\u{1B}[2J", "\u{202E}",
        "1e400", "-1e400", "1e-320", "-0", "nan", ".inf", "0x10", "999999999999999999999", "-1", "0", "360", "1e308", "5/0",
        "label: ", "weight: ", "width: ", "start: ", "end: ", "pointer: ", "sectors:", "dice:", "wheel:", "claimed: ", "prize: ",
    ]

    /// The example specs the mutations start from.
    static func seeds() throws -> [String] {
        let folders = [
            "Examples/specs", "Examples/probes/python", "Examples/probes/javascript", "Examples/probes/java", "Examples/probes/swift",
        ]
        var texts: [String] = []
        for folder in folders {
            let directory = packageRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
                texts.append(try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
            }
        }
        return texts
    }

    /// One mutation of `text`: 1 to 4 edits.
    static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...12, using: &random)))
            case 3:
                // A line doubled (a key given twice, a sector repeated).
                let start = bytes[..<at].lastIndex(of: 10).map { $0 + 1 } ?? 0
                let end = bytes[at...].firstIndex(of: 10) ?? bytes.count
                bytes.insert(contentsOf: Array(bytes[start..<end]) + [10], at: start)
            default:
                // A number replaced by one at an edge.
                let edge = ["0", "-1", "1e400", "1e-320", "4294967296", "1e6", "nan"].randomElement(using: &random)!
                bytes.insert(contentsOf: Array(edge.utf8), at: at)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func mutatedSpecsParseOrAreRefusedAndRun() throws {
        var random = SplitMix64(seed: 20_261_125)
        let seeds = try Self.seeds()
        #expect(seeds.count >= 10)
        var parsed = 0, refused = 0, audited = 0
        // FAIRNESS_AUDIT_FUZZ_ROUNDS runs longer by hand; the suite runs 3,000 mutants (about a second).
        let rounds = Int(ProcessInfo.processInfo.environment["FAIRNESS_AUDIT_FUZZ_ROUNDS"] ?? "") ?? 3_000
        for round in 0..<rounds {
            let text = Self.mutate(seeds[round % seeds.count], &random)
            let spec: GameSpec
            do {
                spec = try SpecParser.parse(text, file: "mutant-\(round).yaml")
            } catch is SpecError {
                refused += 1
                continue
            } catch {
                Issue.record("mutant \(round) threw \(error), not a SpecError:\n\(text)")
                continue
            }
            parsed += 1
            // Every 20th mutant that parses is audited end to end (exact checks and a short sampling run).
            guard parsed % 20 == 0 else { continue }
            do {
                let subject = try spec.subject()
                _ = try Audit.run([subject], settings: AuditSettings(run: RunSettings(trials: 2_000, seed: 1, threads: 1)))
                audited += 1
            } catch is SpecError, is AuditError {
                audited += 1
            } catch {
                Issue.record("mutant \(round) parsed but its audit threw \(error):\n\(text)")
            }
        }
        #expect(parsed > 100 && refused > 100 && audited > 5, "parsed \(parsed), refused \(refused), audited \(audited)")
        print("spec fuzzing: \(rounds) mutants, \(parsed) parsed (\(audited) audited), \(refused) refused with a SpecError")
    }
}
