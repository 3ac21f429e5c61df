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
            if let check = try stakeWeightedCheck(tally) { checks.append(check) }
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
                    declared: nil, ofBet: true)))
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

    /// Lines a stake-weighted return needs (its normal reference is asymptotic).
    static let stakeWeightedMinimumLines: UInt64 = 30

    /// The bet's return weighted by stake against the exact return, when the stakes vary (with one stake it
    /// is ``returnCheck(_:)``'s test): a game whose outcome depends on the stake (large stakes losing) has a
    /// per-stake mean at its odds and a stake-weighted return far from them. Nil without exact odds, with
    /// one stake, or with fewer than ``stakeWeightedMinimumLines`` lines.
    func stakeWeightedCheck(_ tally: BetLogTally) throws -> PendingCheck? {
        guard tally.stakeVaries, tally.returnLines >= Self.stakeWeightedMinimumLines, let exact = tally.bet.odds?.returnToPlayer.double
        else { return nil }
        let observed = tally.payoutSum / tally.stakeSum
        // Σ (p − R s)² = Σp² − 2R Σps + R² Σs², at R = the exact return (the test) and R = R̂ (the interval).
        func squares(_ r: Double) -> Double {
            max(0, tally.payoutSquares - 2 * r * tally.payoutTimesStake + r * r * tally.stakeSquares)
        }
        let deviation = tally.payoutSum - exact * tally.stakeSum
        let z = squares(exact) > 0 ? deviation / squares(exact).squareRoot() : (deviation == 0 ? 0 : .infinity)
        let half = 1.959963984540054 * squares(observed).squareRoot() / tally.stakeSum
        var record = CheckRecord(
            subject: model.name, check: .betLogStakeWeightedReturn(bet: tally.bet.name), kind: .fairness, status: .inconclusive,
            statistic: z,
            detailFacts: .stakeWeightedReturn(
                .init(
                    bet: tally.bet.name, returnToPlayer: observed, lines: tally.returnLines, exact: exact, lower: observed - half,
                    upper: observed + half, z: z)))
        let chiSquare = try ChiSquareDistribution(degreesOfFreedom: 1)
        let statistic = z * z
        record.setPValue(
            statistic.isFinite ? try chiSquare.upperTail(statistic) : 0,
            log10: statistic.isFinite ? try chiSquare.log10UpperTail(statistic) : -.infinity, method: .chiSquare)
        return PendingCheck(record: record)
    }
}
