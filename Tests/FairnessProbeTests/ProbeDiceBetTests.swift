import FairnessAudit
import FairnessChecks
import FairnessModel
import FairnessProbe
import FairnessSpec
import Foundation
import TestSupport
import Testing

/// A sic bo table behind a version 6 probe: its own settlement of nine bets judged on every roll against
/// the spec's rules, with the exact share of rounds a planted bug settles wrongly.
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
}
