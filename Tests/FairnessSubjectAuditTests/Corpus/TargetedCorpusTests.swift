// Audits the targeted-wheel corpus (TargetedCorpus.swift) with the default settings: every correct twin
// passes the gate, every planted twin fails it with the class and the exact share that Python fractions
// compute independently (Tests/FairnessSubjectAuditTests/Fixtures/make_targeted_shares.py → Fixtures/targeted_shares.json).
import FairnessAudit
import FairnessBattery
import FairnessLogs
import FairnessReport
import FairnessReportRendering
import FairnessRunner
import FairnessSubjectAudit
import FairnessVerification
import Foundation
import Testing
import _FairnessAuditSupport

@Suite struct TargetedCorpusTests {
    struct Expected: Decodable {
        let `class`: String?
        let shareValue: Double
        let oddsGapValue: Double

        enum CodingKeys: String, CodingKey {
            case `class`
            case shareValue = "share_value"
            case oddsGapValue = "odds_gap_value"
        }
    }

    static let expected: [String: Expected] = {
        let url = Bundle.module.url(forResource: "targeted_shares", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: url))
    }()

    static let report: AuditReport = {
        let subjects = TargetedCorpus.games.flatMap { [$0.correct, $0.planted] }
        return try! Audit.run(subjects, settings: AuditSettings(run: RunSettings(trials: 20_000, seed: 23)))
    }()

    static func check(_ subject: String, _ check: CheckIdentifier) -> CheckRecord? {
        report.checks.first { $0.subject == subject && $0.check == check }
    }

    static func verdict(_ subject: String) -> CheckStatus? { report.subjects.first { $0.name == subject }?.verdict }

    @Test func everyCorrectTwinPassesTheDefaultGate() {
        for game in TargetedCorpus.games {
            let name = game.correct.name
            let failing = Self.report.checks.filter { $0.subject == name && $0.status == .fail }
            #expect(Self.verdict(name) == .pass, "\(name): \(failing.map { "\($0.checkName): \($0.finding ?? $0.detail)" })")
        }
    }

    @Test func everyPlantedBugFailsWithItsExactClassAndShare() throws {
        #expect(Self.expected.count == TargetedCorpus.games.count)
        for game in TargetedCorpus.games {
            let name = game.planted.name
            let expected = try #require(Self.expected[name], "\(name) has no independent figure")
            #expect(Self.verdict(name) == .fail, "\(name) does not fail the gate")
            let landing = try #require(Self.check(name, .landing))
            if let expectedClass = expected.class {
                #expect(landing.status == .fail, "\(name): landing \(landing.status) \(landing.finding ?? "")")
                #expect(landing.findingClass?.rawValue == expectedClass, "\(name): \(String(describing: landing.findingClass))")
                #expect(
                    abs((landing.magnitude ?? -1) - expected.shareValue) <= 1e-12,
                    "\(name): share \(String(describing: landing.magnitude)) against \(expected.shareValue)")
            } else {
                #expect(landing.status != .fail, "\(name): \(landing.finding ?? "")")
            }
            let odds = try #require(Self.check(name, .designedOddsEqualClaimedOdds))
            if expected.oddsGapValue > 1e-9 {
                #expect(odds.status == .fail && odds.findingClass == .odds, "\(name): odds \(odds.status)")
                #expect(
                    abs((odds.magnitude ?? -1) - expected.oddsGapValue) <= 1e-12, "\(name): gap \(String(describing: odds.magnitude))")
            } else {
                #expect(odds.status == .pass, "\(name): odds \(odds.detail)")
            }
        }
    }

    /// The sampled tests use the exact odds over the game's own draw: a game whose play depends on u is
    /// not contradicted by its own sampling ("observations of outcomes with probability 0"). (Against the
    /// claimed odds a trap or a prize never painted is impossible, rightly.)
    @Test func samplingAgreesWithTheExactPartition() {
        for game in TargetedCorpus.games {
            for name in [game.correct.name, game.planted.name] {
                let impossible = Self.report.checks.filter { $0.subject == name && $0.kind == .sampling && $0.impossibleObserved }
                #expect(impossible.isEmpty, "\(name): \(impossible.map(\.checkName))")
            }
        }
    }

    /// No report says `nan`: a margin that does not exist says why.
    @Test func noReportSaysNaN() {
        for record in Self.report.checks where record.check == .landing {
            #expect(!record.detail.contains("nan"), "\(record.subject): \(record.detail)")
        }
        for subject in Self.report.subjects { #expect(!subject.findings.joined().contains("nan"), "\(subject.name)") }
    }
}
