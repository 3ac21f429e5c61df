import FairnessChecks
import FairnessModel
import FairnessReport
import Foundation

extension ReportNarrator {
    /// The details of dice and payout checks.
    static func diceDetail(_ detail: CheckDetail) -> String {
        switch detail {
        case .straightDetector(let detector): text(detector)
        case .categoryClassifier(let coverage, let confusions):
            confusions.isEmpty
                ? "agrees with the reference on \(text(coverage))"
                : confusions.map { "\($0.rolls) rolls of \($0.truth) called \($0.reported)" }.joined(separator: "; ")
        case .finalOdds(let final, let single, let reroll):
            "P(final straight) = \(final) = \(String(format: "%.9g", final.value)) vs \(single) for one fair roll; P(reroll) = \(reroll)"
        case .handDetector(let hand, let falseAccepts, let falseRejects, let coverage, let rule):
            "\(falseAccepts) rolls wrongly called \(hand) and \(falseRejects) missed over \(text(coverage)); rule: \(rule)"
        case .betSettlement(let bet, let misSettled, let coverage, let rules, let byRules, let asSettled):
            "\(misSettled) rolls settled otherwise than the rules of \(bet) over \(text(coverage)); rules: \(rules)"
                + (byRules.map { "; return by the rules \(ReturnToPlayer.format($0))" } ?? "")
                + (asSettled.map { ", as the game settles \(ReturnToPlayer.format($0))" } ?? "")
        case .roundSettlement(let round, let depth, let sequences, let misSettled, let beyond, let sampled, let sampledWrong, let rules):
            "every sequence of up to \(depth) rolls judged (\(sequences) sequences); \(round) settled otherwise on \(misSettled) "
                + "≈ \(share(misSettled.double)) of rounds within them; rounds going on after \(depth) rolls, not judged there: "
                + "\(share(beyond.double)); of \(sampled) whole rounds played from fair rolls, \(sampledWrong) settled otherwise; rules: \(rules)"
        case .drawnValue(let value, let rule, let cells, let odds, let misplaced):
            "\(value) (declared: \(rule)) over \(cells) cells of the draws: "
                + odds.map { "\($0.value): \(String(format: "%.6g", $0.game.double)) vs \(String(format: "%.6g", $0.declared.double))" }
                .joined(separator: ", ") + "; misplaced \(share(misplaced.double))"
        case .drawnValueInconclusive(let value, let reason):
            switch reason {
            case .tooManyCells(let count):
                "inconclusive: the runs of \(value) along the draws make \(count) cells (at most \(DrawnValueCheck.cellLimit))"
            case .changesTooOften(let die): "inconclusive: along die \(die + 1)'s draw \(value) changes more often than bisection follows"
            case .tooManyRolls:
                "inconclusive: the declared dice have more than \(DiceRoundOdds.multisetLimit) multisets of faces to enumerate"
            case .notAPartition(let draws, let cell, let asked):
                "inconclusive: at draws \(draws.map { "\($0)" }.joined(separator: ", ")) the game reports \(value) \(asked), not \(cell) as its cell does: "
                    + "it depends on the draws jointly"
            }
        case .betFigures(let bet, let compared):
            "\(bet): "
                + compared.map {
                    "\($0.figure) published \(String(format: "%.9g", $0.declared.double)), exact \($0.exact) ≈ \(String(format: "%.9g", $0.exactValue))"
                }
                .joined(separator: "; ")
        case .claimedDiceOdds(let compared, let notExact, let coverage, let tolerance, let difference, let inconclusive):
            (compared.map { "\($0.what): claimed \(String(format: "%.9g", $0.claimed)), exact \(String(format: "%.9g", $0.exact))" }
                + notExact.map { "\($0): not exact (\(text(coverage)))" } + [String(format: "claims agree within %.3g", tolerance)])
                .joined(separator: "; ") + roundedClaimsHint(difference: difference, tolerance: tolerance)
                + (inconclusive ? " — too many rolls to compute every hand's odds exactly" : "")
        case .rollMapping(let faces, let counts): rollMapping(faces: faces, counts: counts)
        case .rollMappingUnstable(let unstable): text(unstable)
        case .invalidRolls(let invalid, let plays): "\(invalid) of \(plays) plays rolled a face no die has (or trapped)"
        case .noValidPlays(let invalid): "inconclusive: no valid plays (\(invalid) plays rolled a face no die has or trapped)"
        default: payoutDetail(detail)
        }
    }

    /// The straight detector's detail.
    private static func text(_ detector: CheckDetail.StraightDetector) -> String {
        "\(detector.falseAccepts) false straights and \(detector.falseRejects) missed straights over \(text(detector.coverage))"
            + "; with the game's own state holding a straight: \(detector.withStraightState) wrong, holding no straight: \(detector.withoutStraightState) wrong"
            + (detector.orderDependentExample.map {
                "; answers depend on the order of the dice for \(detector.orderDependent) multisets (e.g. \($0))"
            } ?? "")
    }

    /// The rolls a dice check judged: "all 7776 ordered rolls", "all 11440 multisets of faces (…)".
    public static func text(_ coverage: DiceCoverage) -> String {
        switch coverage {
        case .everyOrderedRoll(let total): "all \(total) ordered rolls"
        case .everyMultiset(let multisets, let called, let total):
            "all \(multisets) multisets of faces (\(total) ordered rolls), \(called) orderings called"
        case .sampledMultisets(let multisets, let called):
            "a sample of \(multisets) multisets of faces (every straight included), \(called) orderings called"
        }
    }

    /// Each face's share of the draws, die by die.
    private static func rollMapping(faces: Int, counts: [[UInt64]]) -> String {
        let grid = Double(RollMappingCheck.gridSize)
        let dice = counts.enumerated().map { die, counts in
            "die \(die + 1): " + counts.dropFirst().map { String(format: "%.9g", Double($0) / grid) }.joined(separator: " ")
                + (counts[0] > 0 ? " (faces outside 1...\(faces): \(String(format: "%.3g", Double(counts[0]) / grid)))" : "")
        }
        return "each face's share of the 2^53 draws, die by die, by bisection to the exact draw where the face changes: "
            + dice.joined(separator: "; ")
    }

    /// A roll mapping that does not hold its partition.
    private static func text(_ unstable: RollMappingCheck.Unstable) -> String {
        let why =
            switch unstable.kind {
            case .changesBetweenRequests:
                "answered the same draws differently (die \(unstable.die + 1) at u = \(unstable.draw): \(unstable.first), then \(unstable.later)): it depends on earlier requests or on a random source of its own"
            case .changesBetweenDraws:
                "changes face more often than the sweep resolves (die \(unstable.die + 1) at u = \(unstable.draw): the partition has \(unstable.first), the game rolls \(unstable.later))"
            }
        return "the game's roll \(why), so no face's share can be computed exactly; sampling still rolls its own dice"
    }

    /// The details of payout checks.
    private static func payoutDetail(_ detail: CheckDetail) -> String {
        switch detail {
        case .returnNotExact(let coverage):
            "not computed exactly" + (coverage.map { ": the rolls were sampled (\(text($0)))" } ?? "")
        case .returnToPlayer(let rtp, let declared, let tolerance):
            summary(of: rtp)
                + (declared.map {
                    "; declared \(ReturnToPlayer.format($0))" + (tolerance > 1e-9 ? " (± \(ReturnToPlayer.format(tolerance)))" : "")
                } ?? "; none declared")
        case .minimumReturn(let rtp, let minimum):
            "exact RTP \(ReturnToPlayer.format(rtp)) against a minimum of \(ReturnToPlayer.format(minimum))"
        case .advertisedPrizes(let prizes):
            prizes.map { prize in
                let amount = ReturnToPlayer.amountProbability(prize, among: prizes)
                return "\(prize.name) pays \(ReturnToPlayer.format(prize.payout)) "
                    + (prize.probability > 0 ? "at 1 in \(ReturnToPlayer.format(prize.oneIn))" : "but is never shown")
                    + (amount > prize.probability
                        ? " (the amount at 1 in \(ReturnToPlayer.format(1 / amount)) with the other outcomes that pay it)" : "")
            }.joined(separator: "; ")
        case .sampledReturn(let rtp, let plays, let lower, let upper, let exact, _):
            "RTP \(ReturnToPlayer.format(rtp)) over \(plays) plays; 95% interval [\(ReturnToPlayer.format(lower)), \(ReturnToPlayer.format(upper))] (multinomial profile likelihood over the whole prize table, unpaid prizes included); exact \(ReturnToPlayer.format(exact))"
        default: logDetail(detail)
        }
    }

    /// An exact return to player in words: "RTP 0.875 (expected payout 2.625 per stake of 3); hit frequency
    /// 0.75 (1 in 1.333333); standard deviation …; largest prize 10 (label 8) at 1 in 8".
    public static func summary(of rtp: ReturnToPlayer) -> String {
        let format = ReturnToPlayer.format
        var text =
            "RTP \(format(rtp.rtp)) (expected payout \(format(rtp.expectedPayout)) per stake of \(format(rtp.stake)))"
        text += "; hit frequency \(format(rtp.hitFrequency))" + (rtp.hitFrequency > 0 ? " (1 in \(format(1 / rtp.hitFrequency)))" : "")
        text += "; standard deviation \(format(rtp.standardDeviation)) stakes per play"
        if let largest = rtp.largest {
            text += "; largest prize \(format(largest.payout)) (\(largest.name)) at 1 in \(format(largest.oneIn))"
        }
        return text
    }

    /// The details of log checks.
    private static func logDetail(_ detail: CheckDetail) -> String {
        switch detail {
        case .invalidLogLines(let foreign, let none, let lines, let dice, let examples):
            (dice.map {
                "\(foreign) lines show a roll that is not \($0) (faces outside 1 ... \($0.faces) or the wrong number of dice), of \(lines)"
            } ?? "\(foreign) lines show a label no sector carries, \(none) show no result, of \(lines)")
                + (examples.isEmpty ? "" : ": " + examples.map(text).joined(separator: "; "))
        case .badRows(let count, let allowed, let shown):
            "\(count) rows could not be read and were skipped (up to \(allowed) allowed); "
                + (count > shown.count ? "the first \(shown.count): " : "")
                + shown.map { "line \($0.line), column \($0.column): \($0.message)" }.joined(separator: "; ")
        case .payoutsMatchPaytable(let comparison): text(comparison)
        case .logReturn(let logReturn): text(logReturn)
        case .betLogSettlement(let settlement): text(settlement)
        case .stakeWeightedReturn(let weighted): text(weighted)
        case .drift(let drift): text(drift)
        case .driftTooFewWindows(let windows, let tested) where tested < windows:
            "inconclusive: \(tested) of \(windows) windows could be tested (each needs two outcome groups expecting 5); drift needs at least 2 (larger windows or a longer log)"
        case .driftTooFewWindows(let windows, _):
            "inconclusive: \(windows) window(s) with testable outcomes; drift needs at least 2 (a longer log or smaller windows)"
        case .homogeneity(let windows, let outcomes, let pooled):
            "chi-square of \(windows) windows × \(outcomes) outcomes"
                + (pooled.isEmpty ? "" : "; rare outcomes pooled: " + pooled.joined(separator: ", "))
        case .homogeneityTooFewWindows: "inconclusive: fewer than 2 windows"
        case .homogeneityGivenState(let windows, let items, let pooled):
            "chi-square of \(windows) windows × \(items) items against the odds of each draw's state, up to one departure per item common to every window (windows that depart alike are alike)"
                + (pooled.isEmpty ? "" : "; rare items pooled: " + pooled.joined(separator: ", "))
        case .randomness(let facts): text(facts)
        case .randomDraws(let facts): text(facts)
        case .wholeInput(let facts): text(facts)
        default: preconditionFailure("every detail is narrated")
        }
    }

    /// An invalid line of a log.
    private static func text(_ example: CheckDetail.LogExample) -> String {
        switch example {
        case .roll(let text, let line): "'\(text)' at line \(line)"
        case .label(let label, let lines, let firstLine): "label \(label) on \(lines) lines (first at line \(firstLine))"
        }
    }

    /// Logged payouts against the paytable.
    private static func text(_ c: CheckDetail.PayoutComparison) -> String {
        let format = ReturnToPlayer.format
        return
            "\(c.mismatches) of \(c.logged) lines with a payout paid another amount than the paytable's prize for their outcome (scaled by stake / \(format(c.stake)))"
            + (c.logged < c.lines
                ? "; \(c.lines - c.logged) lines logged no payout (the paytable's prize is counted for them in the RTP)" : "")
            + (c.withoutStake.map { $0 > 0 ? "; \($0) lines logged no stake (the paytable's stake, \(format(c.stake)), is assumed)" : "" }
                ?? "")
            + (c.first.map {
                "; first at line \($0.line): \($0.outcome) paid \(format($0.paid)), the paytable says \(format($0.expected))"
            } ?? "")
    }

    /// A log's return to player.
    private static func text(_ r: CheckDetail.LogReturn) -> String {
        let format = ReturnToPlayer.format
        let against: String =
            r.expected.map {
                let source =
                    switch $0.source {
                    case .declared: "declared RTP"
                    case .diceExact: "exact RTP under the reroll policy"
                    case .betRules: "exact return by the rules"
                    case .declaredOdds: "RTP of the declared odds and paytable"
                    case .eachDrawState: "return the odds of each draw's state give"
                    }
                return "; tested against the \(source) \(format($0.value))"
            } ?? "; nothing declared to test against"
        if r.expected?.source == .eachDrawState {
            return
                r.payoutsLogged > 0
                ? "return per draw \(format(r.returnToPlayer)) (the logged payouts over the cost of a draw); 95% interval [\(format(r.lower)), \(format(r.upper))] (multinomial profile likelihood over the payouts logged)"
                    + against
                : "return per draw \(format(r.returnToPlayer)) (the drawn items' values over the cost of a draw); 95% interval [\(format(r.lower)), \(format(r.upper))] (multinomial profile likelihood over the items' values)"
                    + against
        }
        if r.ofBet {
            return "return \(format(r.returnToPlayer)) over \(count(Int(r.lines), "line")) (total payout over total stake, stake included"
                + (r.payoutsLogged == 0
                    ? ", the log having no payouts: the rules' payouts for the rolls logged"
                    : r.payoutsLogged < r.lines
                        ? ", \(count(Int(r.lines - r.payoutsLogged), "line")) without a payout counted at the rules' payout" : "")
                + "); mean payout per stake \(format(r.mean)), 95% interval [\(format(r.lower)), \(format(r.upper))] (multinomial profile likelihood over the payouts the rules can give)"
                + against
        }
        return "RTP \(format(r.returnToPlayer)) (total payout over total stake"
            + (r.payoutsLogged == 0
                ? ", the log having no payouts: the paytable's prizes for the outcomes logged"
                : r.payoutsLogged < r.lines ? ", \(r.lines - r.payoutsLogged) lines without a payout counted at the paytable's prize" : "")
            + "); per-play mean \(format(r.mean)), 95% interval [\(format(r.lower)), \(format(r.upper))] (multinomial profile likelihood over the paytable's prizes)"
            + against + (r.declared.map { " (declared \(format($0)))" } ?? "")
    }

    /// Drift over a log's windows.
    private static func text(_ drift: CheckDetail.Drift) -> String {
        let odds = drift.givenState ? "the odds of its draws' states" : "the declared odds"
        return
            "\(drift.tested) windows each tested against \(odds); the check's p-value is the smallest window's × \(drift.tested) (Bonferroni; window \(drift.strongest + 1)); "
            + (drift.departing.map {
                "first departing at α/\(drift.tested): \(text($0.window)), its p = \(String(format: "%.3g", $0.pValue))"
                    + ($0.shareOff.map {
                        ", off \(odds) by \(rate($0.estimate)) of its lines (95% interval \(rate($0.lower)) to \(rate($0.upper)))"
                    } ?? "")
            } ?? "none departs at α/\(drift.tested)")
    }

    /// A window of a log, as the drift check names it.
    private static func text(_ window: CheckDetail.Drift.Window) -> String {
        switch window {
        case .lines(let index, let first, let last, let fromLine):
            "window \(index + 1) (outcome lines \(first)–\(last), from line \(fromLine))"
        case .seconds(let index, let from, let to, let fromLine):
            "window \(index + 1) (seconds \(ReturnToPlayer.format(from))–\(ReturnToPlayer.format(to)) after the first line, from line \(fromLine))"
        }
    }
}
