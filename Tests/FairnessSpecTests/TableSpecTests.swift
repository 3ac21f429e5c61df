import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
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

/// Prize tables declared in spec files: their exact figures against what they disclose, audited.
@Suite("prize tables in spec files")
struct TableSpecTests {
    static func banner(softFrom: Int, disclosed: String) -> String {
        """
        version: 1
        name: banner-\(softFrom)
        table:
          items:
            - {label: featured-5, weight: 0.3%}
            - {label: standard-5, weight: 0.3%}
            - {label: four-star, weight: 5.1%}
            - {label: three-star, weight: 94.3%}
          memory:
            pity: {top: [featured-5, standard-5], soft-from: \(softFrom), step: 6%, hard: 90}
            guarantee: {featured: featured-5, chance: 1/2}
          disclosed: {\(disclosed), rounded-to: 0.1%}
        """
    }

    /// P(a five-star on the n-th draw since the last) by the banner's rule, in doubles.
    static func rate(_ n: Int, softFrom: Int) -> Double {
        n >= 90 ? 1 : n >= softFrom ? min(1, 0.006 + 0.06 * Double(n - softFrom + 1)) : 0.006
    }

    /// The mean wait for a five-star, Σₙ P(wait ≥ n), and P(wait > limit): survival products, not the toolkit's machine.
    static func survival(softFrom: Int, beyond limit: Int) -> (mean: Double, tail: Double) {
        var survive = 1.0, mean = 0.0, tail = 0.0
        for n in 1...90 {
            mean += survive
            survive *= 1 - rate(n, softFrom: softFrom)
            if n == limit { tail = survive }
        }
        return (mean, tail)
    }

    static func audit(_ text: String) throws -> AuditReport {
        try Audit.run([try SpecParser.parse(text).subject()], settings: AuditSettings(run: RunSettings(trials: 200_000, seed: 3)))
    }

    @Test func theExampleBannerKeepsWhatItDiscloses() throws {
        let spec = try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Examples/specs/star-banner.yaml"))
        let report = try Audit.run([try spec.subject()], settings: AuditSettings(run: RunSettings(trials: 200_000, seed: 3)))
        #expect(report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        #expect(report.subjects[0].kind == .prizeDraw)
        #expect(
            Set(report.checks.map(\.check))
                == [
                    .disclosedOdds, .disclosedFigure(.baseRate), .disclosedFigure(.consolidatedRate), .disclosedFigure(.hardLimit),
                    .keyed(CheckKey(ItemsDrawableCheck.self)), .outcomes(versus: .designed, statistic: .pearson),
                ])
        guard case .drawFigures(let figures) = report.subjects[0].notes[0] else {
            Issue.record("no figures")
            return
        }
        let top = try #require(figures.untilTop)
        #expect(abs(top.mean! - Self.survival(softFrom: 74, beyond: 90).mean) < 1e-9)
        #expect(top.worst == 90 && top.median == 76)
    }

    @Test func aConsolidatedRateThePityDoesNotGiveFails() throws {
        // The ramp starts at draw 80, not 74: the banner still discloses 1.6%.
        let report = try Self.audit(Self.banner(softFrom: 80, disclosed: "consolidated-rate: 1.6%"))
        let check = try #require(report.checks.first { $0.check == .disclosedFigure(.consolidatedRate) })
        let exact = 1 / Self.survival(softFrom: 80, beyond: 90).mean
        #expect(check.status == .fail && check.findingClass == .odds)
        #expect(abs(check.magnitude! - abs(exact - 0.016)) < 1e-12, "\(check.magnitude!) vs \(abs(exact - 0.016))")
        #expect(report.gate == .fail)
    }

    @Test func aHardLimitTheDrawDoesNotKeepFails() throws {
        let report = try Self.audit(Self.banner(softFrom: 74, disclosed: "hard-limit: 80"))
        let check = try #require(report.checks.first { $0.check == .disclosedFigure(.hardLimit) })
        #expect(check.status == .fail && check.findingClass == .invalid)
        // The share of waits longer than the published limit.
        #expect(abs(check.magnitude! - Self.survival(softFrom: 74, beyond: 80).tail) < 1e-12)
        #expect(check.finding?.contains("the published hard limit is 80 draws; the draw's is 90") == true)
    }

    @Test func tablesWithMemoryOfEveryFormAudit() throws {
        let names = ["no-repeat-table", "stock-draw", "daily-states"]
        let specs = try names.map {
            try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Tests/FairnessSpecTests/Fixtures/good/\($0).yaml"))
        }
        let report = try Audit.run(try specs.map { try $0.subject() }, settings: AuditSettings(run: RunSettings(trials: 200_000, seed: 5)))
        #expect(
            report.gate == .pass, "\(report.checks.filter { $0.status != .pass }.map { "\($0.subject) \($0.checkName): \($0.detail)" })")
        var rates: [String: [String]] = [:]
        for subject in report.subjects {
            if case .drawFigures(let figures) = subject.notes.first { rates[subject.name] = figures.rates.map { $0.fraction ?? "" } }
        }
        // gold, silver, bronze never twice in a row: 25/62, 21/62, 16/62 (make_table_reference.py's 3-state chain).
        #expect(rates["item-of-the-day"] == ["25/62", "21/62", "8/31"])
        // Every cycle of the stock draws each unit once: 1/8, 2/8, 5/8.
        #expect(rates["lucky-draw-stock"] == ["1/8", "1/4", "5/8"])
        // First of the day 5/100, then 1/100 for ever: the long run is the rest's.
        #expect(rates["daily-first-draw"] == ["1/100", "99/100"])
    }

    /// A streak bonus declared as a general machine: correct, its golden key first drawable on the fourth
    /// draw; with one `next` misrouted, never — which no other check sees, as the game's odds are the
    /// (wrong) declared ones.
    @Test func anItemNoReachableStateDrawsFailsAsUnfairOdds() throws {
        func spec(_ path: String) throws -> GameSpec {
            try SpecParser.parse(contentsOf: packageRoot.appendingPathComponent("Tests/FairnessSpecTests/Fixtures/\(path).yaml"))
        }
        let key = CheckIdentifier.keyed(CheckKey(ItemsDrawableCheck.self))
        let correct = try Audit.run(
            [try spec("good/streak-bonus").subject()], settings: AuditSettings(run: RunSettings(trials: 100_000, seed: 3)))
        #expect(correct.gate == .pass, "\(correct.checks.filter { $0.status != .pass }.map { "\($0.checkName): \($0.detail)" })")
        let passed = try #require(correct.checks.first { $0.check == key })
        #expect(passed.status == .pass)
        #expect(passed.checkName == "every offered item can be drawn (exact)")
        #expect(passed.detail.contains("golden-key at draw 4 in 'bonus' (odds up to 50%)"), "\(passed.detail)")

        let planted = try Audit.run(
            [try spec("planted/streak-bonus-misrouted").subject()], settings: AuditSettings(run: RunSettings(trials: 100_000, seed: 3)))
        #expect(planted.gate == .fail)
        let failing = planted.checks.filter { $0.status != .pass }
        #expect(failing.map(\.check) == [key], "\(failing.map(\.checkName))")
        let check = try #require(failing.first)
        #expect(check.findingClass == .odds && check.magnitude == nil)
        // The figures are data: read back as the check's own type, not from its words.
        guard case .figures(let figures) = check.detailFacts, let drawable = figures.decode(ItemsDrawableCheck.self) else {
            Issue.record("no figures: \(check.detailFacts)")
            return
        }
        #expect(drawable.neverDrawable.map(\.label) == ["golden-key"] && drawable.reachableStates == 2 && drawable.states == 4)
        #expect(check.finding == "no player can draw golden-key (odds only in 'bonus', never entered)")
    }
}
