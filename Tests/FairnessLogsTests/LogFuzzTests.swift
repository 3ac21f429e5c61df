import FairnessModel
import Foundation
import TestSupport
import Testing

@testable import FairnessAudit
@testable import FairnessBattery
@testable import FairnessLogs
@testable import FairnessReport
@testable import FairnessReportRendering
@testable import FairnessRunner
@testable import FairnessSubjectAudit
@testable import FairnessVerification
@testable import _FairnessAuditSupport

/// Hostile production logs: seeded mutations of small CSV and JSON Lines logs (bytes flipped, quotes and
/// separators inserted, numbers at the edges of a double, NUL and escape characters, lines cut or
/// doubled). Each log is audited or refused with a ``LogError`` (or an `AuditError` for a log without an
/// outcome line), never a crash or another error.
@Suite("Log fuzzing")
struct LogFuzzTests {
    static let tokens = [
        ",", "\"", "\"\"", "\n", "\r\n", "{", "}", "[", "]", ":", "\\", "\\u0000", "\u{0}", "\u{1B}", "\u{FEFF}", "1e400", "-1e400", "nan",
        "-0", "0x10", "99999999999999999999", "none", "null", "true", "2026-11-01T12:00:00Z", "2026-13-45T99:99:99Z", "=cmd|' /C calc'!A0",
        "outcome", "Outcome", "\"outcome\": ", "session", "stake", "payout", "timestamp",
    ]

    static let csv = """
        session,timestamp,outcome,stake,payout
        s1,1700000000,3,100,20
        s1,1700000001,8,100,1000
        s2,2026-11-01T12:00:00Z,1,100,5
        s2,1700000003,none,100,0
        s3,1700000004,"5",100,50

        """
    static let jsonLines = """
        {"session": "s1", "timestamp": 1700000000, "outcome": 3, "stake": 100, "payout": 20}
        {"session": "s1", "timestamp": "2026-11-01T12:00:00Z", "outcome": "8", "stake": "100", "payout": 1000}
        {"outcome": null}
        {"outcome": 1, "extra": {"nested": [1, 2, "x"]}, "payout": 5}

        """

    static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...10, using: &random)))
            default:
                let start = bytes[..<at].lastIndex(of: 10).map { $0 + 1 } ?? 0
                let end = bytes[at...].firstIndex(of: 10) ?? bytes.count
                bytes.insert(contentsOf: Array(bytes[start..<end]) + [10], at: start)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Audits `rounds` mutations of `logs` (alternately) against `model`, every third with `--skip-bad 2`
    /// and `options` set by `adjust`; returns how many were audited and how many refused, recording any
    /// other error.
    static func fuzz(
        rounds: Int, seed: UInt64, logs: [String], model: LogModel, adjust: (Int, inout LogOptions) -> Void = { _, _ in }
    ) throws -> (audited: Int, refused: Int) {
        var random = SplitMix64(seed: seed)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("log-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var audited = 0, refused = 0
        for round in 0..<rounds {
            let text = Self.mutate(logs[round % logs.count], &random)
            let path = directory.appendingPathComponent("log-\(round)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            var options = LogOptions()
            options.skipBad = round % 3 == 0 ? 2 : 0
            adjust(round, &options)
            do {
                _ = try OutcomeLog.audit(
                    descriptor: descriptor, model: model, options: options,
                    settings: AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: 1)))
                audited += 1
            } catch is LogError, is AuditError {
                refused += 1
            } catch {
                Issue.record("log \(round) threw \(error):\n\(text)")
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        return (audited, refused)
    }

    @Test func mutatedLogsAreAuditedOrRefused() throws {
        // FAIRNESS_AUDIT_FUZZ_ROUNDS runs longer by hand; the suite runs 1,500 logs.
        let rounds = Int(ProcessInfo.processInfo.environment["FAIRNESS_AUDIT_FUZZ_ROUNDS"] ?? "") ?? 1_500
        let (audited, refused) = try Self.fuzz(
            rounds: rounds, seed: 20_261_125, logs: [Self.csv, Self.jsonLines], model: OutcomeLogTests.model)
        #expect(audited > 50 && refused > 50, "audited \(audited), refused \(refused)")
        print("log fuzzing: \(rounds) logs, \(audited) audited, \(refused) refused with a LogError")
    }

    static let drawsCSV = """
        session,outcome,payout
        ann,gold,50
        ann,silver,10
        bob,gold,50
        bob,gold,50
        "c,d",bronze,1

        """
    static let drawsJSON = """
        {"session": "ann", "outcome": "gold", "payout": 50}
        {"session": "ann", "outcome": "silver", "payout": "10"}
        {"session": 7, "outcome": "bronze", "payout": 1}

        """

    /// A prize draw's logs (a no-repeat table with values), mutated the same way, with windows of 2 lines on
    /// every other log: audited or refused with a ``LogError``, never a crash.
    @Test func mutatedPrizeDrawLogsAreAuditedOrRefused() throws {
        let table = PrizeTable(
            items: [("gold", 5, 50), ("silver", 3, 10), ("bronze", 2, 1)].map {
                PrizeTable.Item(label: $0.0, weight: ExactFraction($0.1), value: ExactFraction($0.2))
            })
        let model = LogModel(
            name: "loot", summary: "no repeats", prizeDraw: try DrawMachine(table: table, memory: DrawMemory(noRepeat: 1)), costPerDraw: 10)
        let (audited, refused) = try Self.fuzz(rounds: 1_000, seed: 20_261_128, logs: [Self.drawsCSV, Self.drawsJSON], model: model) {
            round, options in if round % 4 < 2 { options.window = .lines(2) }
        }
        #expect(audited > 50 && refused > 50, "audited \(audited), refused \(refused)")
    }
}
