import FairnessChecks
import FairnessStatistics
import Foundation

// A dice log's bets and rounds: each line settled by the rules, and each bet's return with its interval.
extension LogTally {
    /// For every bet or round the log names, in the spec's order: its lines against its rules, and its
    /// return against its exact return.
    func betChecks() throws -> [PendingCheck] {
        var checks: [PendingCheck] = []
        for tally in bets where tally.lines > 0 {
            checks.append(settlementCheck(tally))
            if let check = try returnCheck(tally) { checks.append(check) }
        }
        return checks
    }

    /// The bet's lines settled by its rules: any line settled otherwise fails, its share of the bet's lines
    /// (exact: the log's own) as magnitude.
    func settlementCheck(_ tally: BetLogTally) -> PendingCheck {
        let facts = CheckDetail.BetLogSettlement(
            bet: tally.bet.name, isRound: !tally.bet.isSingleRoll, lines: tally.lines, payoutsLogged: tally.payoutsLogged,
            paidOtherwise: tally.paidOtherwise, notSettled: tally.notSettled, first: tally.first)
        var record = CheckRecord(
            subject: model.name, check: .betLogSettlement(bet: tally.bet.name), kind: .invalid, status: facts.wrong == 0 ? .pass : .fail,
            statistic: Double(facts.wrong), detailFacts: .betLogSettlement(facts))
        if facts.wrong > 0 { record.magnitude = Double(facts.wrong) / Double(tally.lines) }
        return PendingCheck(record: record)
    }

    /// The bet's return in the log (total payout over total stake) with the profile-likelihood interval of
    /// the mean payout per stake over every payout the rules can give, tested against the exact return by
    /// the rules — exactly, under the rules' odds of each payout, where every payout logged is one the
    /// rules give. Inconclusive without exact odds; nil when no line has a payout.
    func returnCheck(_ tally: BetLogTally) throws -> PendingCheck? {
        guard tally.returnLines > 0 else { return nil }
        let rules = tally.bet.returnLevels
        var levels = rules.levels
        for level in tally.returns.keys where !levels.contains(level) { levels.append(level) }
        // In order of value: the report must not depend on a dictionary's order.
        levels.sort()
        let counts = levels.map { tally.returns[$0] ?? 0 }
        let interval = try PayoutMeanInterval(levels: levels, counts: counts)
        let observed = tally.payoutSum / tally.stakeSum
        let expected = tally.bet.odds?.returnToPlayer.double
        var record = CheckRecord(
            subject: model.name, check: .betLogReturn(bet: tally.bet.name), kind: .fairness, status: .inconclusive, statistic: observed,
            detailFacts: .logReturn(
                .init(
                    returnToPlayer: observed, payoutsLogged: tally.payoutsLogged, lines: tally.returnLines, mean: interval.mean,
                    lower: interval.lower, upper: interval.upper, expected: expected.map { .init(source: .betRules, value: $0) },
                    declared: nil)))
        guard let expected, let odds = rules.odds else { return PendingCheck(record: record) }
        // The rules' odds of each level, where the log pays no other level.
        let declared = levels.count == rules.levels.count ? odds : nil
        let figures = try interval.figures(mean: expected, declared: declared)
        record.setPValue(figures.pValue, log10: figures.log10PValue, method: figures.method)
        return PendingCheck(
            record: record,
            table: SubjectAudit.payoutMeanTable(
                model.name, record.check, levels: levels, counts: counts, hypothesised: expected,
                declared: figures.method == .exact ? declared : nil))
    }
}
