import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessModel
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import TestSupport
import Testing
import _FairnessAuditSupport

/// The log reader as a library: automatic windows stay at most 32 whatever the length (blocks merge as the
/// log grows) and still locate a drift within one window; a log without outcome lines is refused.
@Suite("Outcome logs")
struct OutcomeLogTests {
    static let model = try! LogModel(
        name: "prize-wheel", summary: "test", labels: Array(1...8), probabilities: [30, 20, 15, 10, 10, 8, 5, 2].map { Double($0) / 100 },
        paytable: try! Paytable(prizes: [1: 5, 2: 10, 3: 20, 4: 50, 5: 50, 6: 100, 7: 250, 8: 1000], stake: 100, declaredReturn: 0.57))

    /// A log of `lines` outcomes whose label 8 falls from 2% to `to`% (label 1 taking the rest) from outcome
    /// line `change`.
    static func log(lines: Int, change: Int, to lowered: Double = 0.5) throws -> String {
        var random = SplitMix64(seed: 42)
        var text = "outcome\n"
        text.reserveCapacity(lines * 2 + 8)
        for line in 1...lines {
            let weights: [Double] = line < change ? [30, 20, 15, 10, 10, 8, 5, 2] : [32 - lowered, 20, 15, 10, 10, 8, 5, lowered]
            var u = random.unit() * 100
            var label = 8
            for (index, weight) in weights.enumerated() {
                if u < weight { label = index + 1; break }
                u -= weight
            }
            text += "\(label)\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func automaticWindowsLocateADriftInALongLog() throws {
        let path = try Self.log(lines: 1_500_000, change: 1_000_001)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var options = LogOptions()
        options.file = path
        let report = try OutcomeLog.audit(
            descriptor: descriptor, model: Self.model, options: options, settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
        let drift = try #require(report.checks.first { $0.checkName == "drift: first departing window" })
        #expect(drift.status == .fail)
        // Blocks of 1,000 lines merged once (at 1,024 blocks) into 2,000; 750 blocks gathered 24 to a window:
        // windows of 48,000 lines. The change at line 1,000,001 falls in window 21 (960,001–1,008,000).
        #expect(
            drift.detail.contains("window 21 (outcome lines 960001–1008000") || drift.detail.contains("window 22 (outcome lines 1008001"),
            "\(drift.detail)")
        #expect(report.subjects[0].findings[0].contains("in 32 windows of 48000 lines"), "\(report.subjects[0].findings)")
        // The RTP without a payout column comes from the paytable's prizes.
        #expect(report.checks.first { $0.checkName == "return to player (log)" }?.status == .fail)
    }

    /// A log that departs from its declared odds from its first line has not drifted: its windows do not
    /// differ from each other, so the drift check is a NOTE and the departure the outcomes check's failure.
    @Test func aLogOffItsOddsFromTheStartIsNotADrift() throws {
        let path = try Self.log(lines: 200_000, change: 1, to: 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var options = LogOptions()
        options.file = path
        options.window = .lines(10_000)
        let report = try OutcomeLog.audit(
            descriptor: descriptor, model: Self.model, options: options, settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
        func status(_ check: CheckIdentifier) -> CheckStatus? { report.checks.first { $0.check == check }?.status }
        #expect(status(.homogeneityAcrossWindows) == .pass)
        #expect(status(.outcomes(versus: .declared, statistic: .pearson)) == .fail)
        let drift = try #require(report.checks.first { $0.check == .driftFirstDepartingWindow })
        #expect(drift.status == .note && drift.detail.hasPrefix("every window departs alike"), "\(drift.detail)")
        // Decided again from the figures alone, by the verifier's rule.
        let rendered = try ReportWriter.render(report, threads: 1)
        let json = try #require(rendered.first { $0.name == "audit.json" })
        #expect(json.contents.contains("\"status\" : \"NOTE\"") || json.contents.contains("\"status\":\"NOTE\""))
    }

    /// The drift windows' p-values are proven on several threads (eight lattice bounds here, as in the
    /// README's drift example) with the report of one thread, byte for byte; the time goes to the proofs, and
    /// the audit says so.
    @Test func theDriftWindowsProofsGiveTheSameReportOnAnyNumberOfThreads() throws {
        let path = try Self.log(lines: 200_000, change: 100_001, to: 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = LogOptions()
        options.file = path
        options.window = .lines(10_000)
        var rendered: [[String]] = []
        for threads in [1, 2] {
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            let times = LogAuditTimes()
            let report = try OutcomeLog.audit(
                descriptor: descriptor, model: Self.model, options: options,
                settings: AuditSettings(run: RunSettings(trials: 1, seed: 0, threads: threads)), times: times)
            #expect(report.checks.first { $0.checkName == "drift: first departing window" }?.status == .fail)
            #expect(times.seconds(in: .provingWindows) > 0 && times.seconds(in: .reading) > 0)
            rendered.append(try ReportWriter.render(report, threads: 1).map { $0.name + "\n" + $0.contents })
        }
        #expect(rendered[0] == rendered[1])
        let tables = try #require(rendered[0].first { $0.hasPrefix("tables.csv") })
        #expect(tables.contains("exact upper bound") || tables.contains("exactUpperBound"), "the windows' proofs ran")
    }

    /// A fair log of a wheel with a 0.5% sector: the serial test pools the rarest labels instead of
    /// declaring itself inconclusive, and the log passes.
    @Test func aFairLogWithARareSectorPasses() throws {
        let model = try LogModel(
            name: "rare", summary: "test", labels: Array(1...4), probabilities: [0.6, 0.3, 0.095, 0.005])
        var random = SplitMix64(seed: 9)
        var text = "outcome\n"
        for _ in 0..<200_000 {
            let u = random.unit()
            text += u < 0.6 ? "1\n" : u < 0.9 ? "2\n" : u < 0.995 ? "3\n" : "4\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rare-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let report = try OutcomeLog.audit(
            descriptor: descriptor, model: model, options: LogOptions(), settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
        let serial = try #require(report.checks.first { $0.checkName == "serial independence within sessions" })
        #expect(serial.status == .pass && serial.detail.contains("rare labels pooled: 3+4"), "\(serial.detail)")
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
    }

    @Test func aLogWithoutOutcomesIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).csv").path
        try "outcome\n\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        #expect(throws: AuditError.self) {
            try OutcomeLog.audit(
                descriptor: descriptor, model: Self.model, options: LogOptions(),
                settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
        }
    }

    /// The error a log gets, or nil if it is read.
    static func error(reading text: String, name: String) throws -> LogError? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        do {
            _ = try OutcomeLog.audit(
                descriptor: descriptor, model: Self.model, options: LogOptions(),
                settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
            return nil
        } catch let error as LogError {
            return error
        }
    }

    /// Messages that say what is wrong: a CSV quote left open is a bad row at the quote (it was read as a
    /// value running to the end of the line), and a JSON number no double holds is named with its column
    /// (it was "not a JSON object").
    @Test func hostileRowsGetMessagesThatSayWhatIsWrong() throws {
        let unclosed = try #require(try Self.error(reading: "outcome\n3\n\"4\n5\n", name: "unclosed.csv"))
        #expect(unclosed.line == 3 && unclosed.column == 1 && unclosed.message.contains("not closed on this line"), "\(unclosed)")
        let closed = try Self.error(reading: "outcome,stake\n\"4\",\"100\"\n", name: "closed.csv")
        #expect(closed == nil, "a closed quote is read: \(String(describing: closed))")
        let big = try #require(try Self.error(reading: "{\"outcome\": 1e400}\n", name: "big.jsonl"))
        #expect(big.line == 1 && big.column == 13 && big.message.contains("1e400 is out of range"), "\(big)")
        let inString = try #require(try Self.error(reading: "{\"outcome\": \"1e400\"}\n", name: "string.jsonl"))
        #expect(!inString.message.contains("out of range"), "a number in a string is the outcome's own error: \(inString)")
    }

    /// A limit the log goes past is data (the command names it by its flag): the library's own message
    /// names the setting.
    @Test func aLimitPassedIsDataAndTheLibrarySpeaksOfSettings() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-bad.csv").path
        try "outcome\n3\nbanana\n4\nkiwi\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var options = LogOptions()
        options.skipBad = 1
        let error = try #require(
            throws: LogError.self,
            performing: {
                try OutcomeLog.audit(
                    descriptor: descriptor, model: Self.model, options: options,
                    settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
            })
        #expect(error.exceeded == .badRows(row: 2, allowed: 1))
        #expect(error.description.hasSuffix("(bad row 2, more than LogOptions.skipBad = 1)") && !error.description.contains("--"))
    }
}
