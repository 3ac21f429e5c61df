import FairnessAudit
import FairnessBattery
import FairnessChecks
import FairnessLogs
import FairnessModel
import FairnessProbe
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

/// A sic bo table and a craps table behind version 6 probes: their own settlement of bets judged on every
/// roll, and their round logic on every roll sequence to a depth and on sampled whole rounds, against the
/// spec's rules, with the exact share of rounds a planted bug settles wrongly.
@Suite("dice bets through a probe", .serialized)
struct ProbeDiceBetTests {
    static let spec = "Examples/probes/python/sic_bo.yaml"
    static func probe(_ bug: String?) -> String {
        "python3 \(ProbeTests.path("Examples/probes/python/sic_bo.py"))" + (bug.map { " --bug \($0)" } ?? "")
    }

    static func audit(_ bug: String?) throws -> (checks: [CheckRecord], notes: [SubjectNote]) {
        let report = try ProbeTests.audit(spec: spec, probe: probe(bug), trials: 2_000)
        let subject = try #require(report.subjects.first { $0.name == "sic-bo" })
        return (report.checks.filter { $0.subject == "sic-bo" }, subject.notes)
    }

    /// The correct table passes: every bet settled as its rules say, every published house edge agrees.
    @Test func theCorrectTablePasses() throws {
        let (checks, notes) = try Self.audit(nil)
        let settled = checks.filter { if case .betSettlement = $0.check { true } else { false } }
        #expect(settled.count == 9 && settled.allSatisfy { $0.status == .pass })
        let published = checks.filter { if case .betFigures = $0.check { true } else { false } }
        #expect(published.count == 9 && published.allSatisfy { $0.status == .pass })
        // The exact figures of small: 105/216 wins, house edge 1/36 (make_dice_bets_reference.py).
        let small = notes.compactMap { note -> BetOddsNote? in if case .betOdds(let odds) = note, odds.bet == "small" { odds } else { nil }
        }
        #expect(
            small.first?.win == ExactFraction(105) / ExactFraction(216) && small.first?.houseEdge == ExactFraction(1) / ExactFraction(36))
    }

    /// Small on 4 ... 9 and big on 10 ... 17: both wrong on the 27 rolls totalling 10 (27/216 = 12.5% of
    /// rounds); as settled, small returns 156/216 and big 264/216 (78 and 132 winning rolls of 216).
    @Test func smallAndBigOnTheWrongTotalsFailWithTheirExactShare() throws {
        let (checks, _) = try Self.audit("small-le-9")
        for (bet, asSettled) in [("small", 156.0 / 216), ("big", 264.0 / 216)] {
            let check = try #require(checks.first { $0.check == .betSettlement(bet: bet) })
            #expect(check.status == .fail && check.findingClass == .mislabel && check.magnitude == 27.0 / 216, "\(check)")
            guard case .betSettlement(_, let misSettled, _, _, let byRules, let settled) = check.detailFacts else {
                Issue.record("\(check.detailFacts)")
                continue
            }
            #expect(misSettled == 27 && abs(byRules! - 35.0 / 36) < 1e-15 && abs(settled! - asSettled) < 1e-12)
        }
        #expect(checks.filter { $0.status == .fail }.count == 2)
    }

    /// Triples that do not lose: 2 of 216 rolls for each of small and big (0.926% of rounds).
    @Test func triplesThatDoNotLoseFailWithTheirExactShare() throws {
        let (checks, _) = try Self.audit("triples-win")
        for bet in ["small", "big"] {
            let check = try #require(checks.first { $0.check == .betSettlement(bet: bet) })
            #expect(check.status == .fail && check.magnitude == 2.0 / 216, "\(check)")
        }
    }

    static func craps(_ bug: String?) throws -> [CheckRecord] {
        let probe = "python3 \(ProbeTests.path("Examples/probes/python/craps.py"))" + (bug.map { " --bug \($0)" } ?? "")
        let report = try ProbeTests.audit(spec: "Examples/probes/python/craps.yaml", probe: probe, trials: 2_000)
        return report.checks.filter { $0.subject == "craps" }
    }

    /// The correct craps table: the pass line and don't pass settled as their rules say on every sequence
    /// of up to 3 rolls and on 10,000 whole rounds; the published edges (1.41%, 1.36%) agree.
    @Test func theCorrectCrapsTablePasses() throws {
        let checks = try Self.craps(nil)
        #expect(checks.allSatisfy { $0.status == .pass }, "\(checks.filter { $0.status != .pass })")
        let pass = try #require(checks.first { $0.check == .roundSettlement(round: "pass-line") })
        guard case .roundSettlement(_, let depth, _, let misSettled, let beyond, let sampled, let wrong, _) = pass.detailFacts else {
            Issue.record("\(pass.detailFacts)")
            return
        }
        #expect(depth == 3 && misSettled.isZero && sampled == 10_000 && wrong == 0)
        // P(a pass line round goes on after 3 rolls) = Σ_p P(p)·(1 − P(p) − P(7))², from the rules card.
        let p: [ExactFraction] = [3, 4, 5, 5, 4, 3].map { ExactFraction($0) / ExactFraction(36) }
        let stay = ExactFraction.sum(
            p.map { $0 * (.one - $0 - ExactFraction(1) / ExactFraction(6)) * (.one - $0 - ExactFraction(1) / ExactFraction(6)) })
        #expect(beyond == stay)
        #expect(checks.contains { $0.check == .betFigures(bet: "pass-line") && $0.status == .pass })
    }

    /// 11 on the come-out setting a point: both rounds settled otherwise on exactly 2/36 of rounds.
    @Test func elevenAsAPointFailsWithItsExactShare() throws {
        let checks = try Self.craps("eleven-is-a-point")
        for round in ["pass-line", "dont-pass"] {
            let check = try #require(checks.first { $0.check == .roundSettlement(round: round) })
            #expect(check.status == .fail && check.findingClass == .mislabel && check.magnitude == 1.0 / 18, "\(check)")
        }
    }

    /// A defect only past the tenth roll is beyond the exhaustive depth: the sampled rounds find it.
    @Test func aDefectPastTheExhaustiveDepthIsFoundBySampledRounds() throws {
        let checks = try Self.craps("seven-after-ten")
        let check = try #require(checks.first { $0.check == .roundSettlement(round: "pass-line") })
        #expect(check.status == .fail && check.findingClass == .mislabel, "\(check)")
        guard case .roundSettlement(_, _, _, let misSettled, _, _, let wrong, _) = check.detailFacts else { return }
        #expect(misSettled.isZero && wrong > 0)
        // Its share of rounds as a 95% Clopper–Pearson interval around the count found.
        guard case .roundMisSettledSampled(_, let rounds, let sampled, _, let lower, let upper)? = check.findingFact else {
            Issue.record("\(String(describing: check.findingFact))")
            return
        }
        let share = Double(rounds) / Double(sampled)
        #expect(rounds == wrong && 0 < lower && lower < share && share < upper && upper < 1, "\(lower) \(upper)")
    }

    static func attribute(_ bug: String?) throws -> CheckRecord {
        let probe = "python3 \(ProbeTests.path("Examples/probes/python/attribute_dice.py"))" + (bug.map { " --bug \($0)" } ?? "")
        let report = try ProbeTests.audit(spec: "Examples/probes/python/attribute_dice.yaml", probe: probe, trials: 2_000)
        return try #require(report.checks.first { $0.subject == "attribute-3d6" && $0.check == .drawnValue(value: "total") })
    }

    /// A "3d6" the game draws as one uniform integer from 3 to 18: every total at 1/16, so 10 and 11 fall
    /// short of their 27/216 by 1/16 exactly, and 31.5% of plays show another total (½ Σ |1/16 − p(t)|,
    /// computed here from the 3d6 counts). The game that sums three dice passes.
    @Test func aUniformThreeToEighteenFailsWithItsExactOddsGap() throws {
        let fair = try Self.attribute(nil)
        #expect(fair.status == .pass, "\(fair)")
        let uniform = try Self.attribute("uniform")
        #expect(uniform.status == .fail && uniform.findingClass == .odds && uniform.magnitude == 1.0 / 16, "\(uniform)")
        let counts = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
        let misplaced =
            ExactFraction.sum(
                counts.map { c in
                    let d = ExactFraction(1) / ExactFraction(16) - ExactFraction(c) / ExactFraction(216)
                    return d < .zero ? -d : d
                }) / ExactFraction(2)
        guard case .drawnValue(_, _, let cells, let odds, let shown) = uniform.detailFacts else {
            Issue.record("\(uniform.detailFacts)")
            return
        }
        #expect(cells > 0 && shown == misplaced && odds.allSatisfy { $0.game == ExactFraction(1) / ExactFraction(16) })
        #expect(try Self.attribute("tripled").status == .fail)
    }

    /// 4d6 drop the lowest, a value that changes along one die only when the others let it show: exact
    /// and passing; drawn as randint(3, 18), 437/1296 of plays show another strength (Python fractions over
    /// the 4d6 counts and the 16 equal cells). A probe answering a word to `settle` is a subject that could
    /// not be run, named with the request.
    @Test func fourDiceDropTheLowestIsExactAndGarbageIsAFault() throws {
        let probe = "python3 \(ProbeTests.path("Tests/FairnessProbeTests/Fixtures/probes/drop_lowest.py"))"
        let spec = "Tests/FairnessProbeTests/Fixtures/probes/drop_lowest.yaml"
        let fair = try ProbeTests.audit(spec: spec, probe: probe, trials: 2_000)
        let strength = try #require(fair.checks.first { $0.check == .drawnValue(value: "strength") })
        #expect(strength.status == .pass, "\(strength)")
        let biased = try #require(
            try ProbeTests.audit(spec: spec, probe: probe + " --bug", trials: 2_000).checks.first {
                $0.check == .drawnValue(value: "strength")
            })
        guard case .drawnValue(_, _, _, _, let misplaced) = biased.detailFacts else {
            Issue.record("\(biased.detailFacts)")
            return
        }
        #expect(biased.status == .fail && misplaced == ExactFraction(437) / ExactFraction(1296))
        let parsed = try SpecParser.parse(contentsOf: ProbeTests.root.appendingPathComponent(spec))
        #expect(throws: ProbeFailure.self) { try parsed.probeSubject(command: probe + " --garbage", timeout: 10) }
    }
}
