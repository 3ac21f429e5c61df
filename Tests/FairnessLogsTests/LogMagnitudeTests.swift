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

/// Log checks state a magnitude with its interval, not only a p-value: serial independence and homogeneity
/// across windows say how far their table's rows are from its overall mix (the share of results that would
/// have to change), and each interval holds the figure known by construction.
@Suite("Log magnitudes")
struct LogMagnitudeTests {
    static func audit(_ text: String, _ model: LogModel, window: Int? = nil) throws -> AuditReport {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var options = LogOptions()
        options.file = path
        if let window { options.window = .lines(window) }
        return try OutcomeLog.audit(
            descriptor: descriptor, model: model, options: options, settings: AuditSettings(run: RunSettings(trials: 1, seed: 0)))
    }

    static func mix(_ report: AuditReport, _ check: CheckIdentifier) -> (CheckStatus, CheckDetail.MixOff)? {
        guard let record = report.checks.first(where: { $0.check == check }), case .mixOff(let mix, _) = record.detailFacts else {
            return nil
        }
        return (record.status, mix)
    }

    /// A three-prize wheel declared without memory whose game never repeats a prize: after each prize the
    /// other two come half each, against a third each overall, so a third of the next results would have
    /// to change (exactly 1/3 with the stationary mix, which is uniform). Serial independence fails and its
    /// interval holds 1/3; the farthest cell is a repeat (0 against a third).
    @Test func aGameThatNeverRepeatsMovesAThirdOfItsResults() throws {
        let model = try LogModel(name: "no-repeat", summary: "three prizes", labels: [1, 2, 3], probabilities: [1, 1, 1].map { $0 / 3.0 })
        var random = SplitMix64(seed: 5)
        var last = 1
        var text = "outcome\n"
        for _ in 0..<30_000 {
            last = (last + (random.unit() < 0.5 ? 0 : 1)) % 3 + 1
            text += "\(last)\n"
        }
        let report = try Self.audit(text, model)
        let (status, mix) = try #require(Self.mix(report, .serialIndependence(.withinSessions)))
        #expect(status == .fail)
        #expect(mix.rows == .previousResult && mix.counted == 29_999)
        #expect(mix.interval.lower <= 1.0 / 3 && 1.0 / 3 <= mix.interval.upper && mix.interval.lower > 0.3, "\(mix.interval)")
        let farthest = try #require(mix.farthest)
        #expect(farthest.row == farthest.column && farthest.rowShare == 0, "\(farthest)")
        let detail = try #require(report.checks.first { $0.check == .serialIndependence(.withinSessions) }?.detail)
        #expect(detail.contains("the next result depends on the previous one by 33.33"), "\(detail)")
    }

    /// A log whose rarest prize (2%) stops falling halfway, the first prize taking its share: two windows of
    /// 100,000 lines differ by a total variation of 2%, each from the overall mix by 1%. Homogeneity fails
    /// and its interval holds 1%; the same log without the change passes, its interval starting at 0.
    @Test func windowsThatDifferStateByHowMuch() throws {
        func log(changing: Bool) -> String {
            var random = SplitMix64(seed: 9)
            var text = "outcome\n"
            for line in 0..<200_000 {
                let weights: [Double] = changing && line >= 100_000 ? [32, 20, 15, 10, 10, 8, 5, 0] : [30, 20, 15, 10, 10, 8, 5, 2]
                var u = random.unit() * 100
                var label = 8
                for (index, weight) in weights.enumerated() {
                    if u < weight { label = index + 1; break }
                    u -= weight
                }
                text += "\(label)\n"
            }
            return text
        }
        let model = OutcomeLogTests.model
        let changed = try Self.audit(log(changing: true), model, window: 100_000)
        let (status, mix) = try #require(Self.mix(changed, .homogeneityAcrossWindows))
        #expect(status == .fail && mix.rows == .window && mix.counted == 200_000)
        #expect(mix.interval.lower <= 0.01 && 0.01 <= mix.interval.upper && mix.interval.lower > 0.005, "\(mix.interval)")
        #expect(mix.farthest?.column == "8" || mix.farthest?.column == "1", "\(String(describing: mix.farthest))")
        let fair = try Self.audit(log(changing: false), model, window: 100_000)
        let (fairStatus, fairMix) = try #require(Self.mix(fair, .homogeneityAcrossWindows))
        #expect(fairStatus == .pass && fairMix.interval.lower == 0 && fairMix.interval.upper < 0.03, "\(fairMix.interval)")
        let detail = try #require(fair.checks.first { $0.check == .homogeneityAcrossWindows }?.detail)
        #expect(detail.contains("the windows differ from the overall mix by"), "\(detail)")
    }
}
