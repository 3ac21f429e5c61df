import FairnessChecks
import FairnessReport
import FairnessStatistics
import FairnessSubjectAudit
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
        let sums = StakeWeightedSums(
            payout: tally.payoutSum, stake: tally.stakeSum, payoutSquares: tally.payoutSquares, payoutTimesStake: tally.payoutTimesStake,
            stakeSquares: tally.stakeSquares)
        let test = try sums.test(against: exact)
        let check = CheckIdentifier.betLogStakeWeightedReturn(bet: tally.bet.name)
        var record = CheckRecord(
            subject: model.name, check: check, kind: .fairness, status: .inconclusive, statistic: test.z,
            detailFacts: .stakeWeightedReturn(
                .init(
                    bet: tally.bet.name, returnToPlayer: test.observed, lines: tally.returnLines, exact: exact, lower: test.lower,
                    upper: test.upper, z: test.z)))
        record.setPValue(test.pValue, log10: test.log10PValue, method: .chiSquare)
        return PendingCheck(record: record, table: sums.table(model.name, check, hypothesised: exact))
    }
}

/// The sums a stake-weighted return is tested from (over a bet's lines: payout p, stake s), and the
/// test: the self-normalised z = Σ(p − R s) / √Σ(p − R s)² at the exact return R, z² against χ²(1), and
/// the ratio estimator R̂ = Σp / Σs with its 95% interval R̂ ± 1.96 √Σ(p − R̂ s)² / Σs. The report's table
/// holds the sums, so a verification recomputes all of it.
package struct StakeWeightedSums: Sendable {
    /// Σp, Σs, Σp², Σps, Σs².
    var payout: Double, stake: Double, payoutSquares: Double, payoutTimesStake: Double, stakeSquares: Double

    /// The test's figures.
    package struct Test {
        package var z: Double, observed: Double, lower: Double, upper: Double, pValue: Double, log10PValue: Double

        /// A value with every field given (the memberwise initialiser, for the audit's modules).
        package init(z: Double, observed: Double, lower: Double, upper: Double, pValue: Double, log10PValue: Double) {
            self.z = z
            self.observed = observed
            self.lower = lower
            self.upper = upper
            self.pValue = pValue
            self.log10PValue = log10PValue
        }
    }

    /// The table's rows, in order: the sums by name, then the hypothesised return.
    static let rowNames = ["payout", "stake", "payout squared", "payout times stake", "stake squared"]

    /// Tests the sums against the return `exact`.
    /// - Throws: a statistics error (none for finite sums).
    package func test(against exact: Double) throws -> Test {
        let observed = payout / stake
        // Σ (p − R s)² = Σp² − 2R Σps + R² Σs², at R = the exact return (the test) and R = R̂ (the interval).
        func squares(_ r: Double) -> Double { max(0, payoutSquares - 2 * r * payoutTimesStake + r * r * stakeSquares) }
        let deviation = payout - exact * stake
        let z = squares(exact) > 0 ? deviation / squares(exact).squareRoot() : (deviation == 0 ? 0 : .infinity)
        let half = 1.959963984540054 * squares(observed).squareRoot() / stake
        let chiSquare = try ChiSquareDistribution(degreesOfFreedom: 1)
        let statistic = z * z
        return Test(
            z: z, observed: observed, lower: observed - half, upper: observed + half,
            pValue: statistic.isFinite ? try chiSquare.upperTail(statistic) : 0,
            log10PValue: statistic.isFinite ? try chiSquare.log10UpperTail(statistic) : -.infinity)
    }

    /// The report's table: one row per sum (`observed`), and the hypothesised return (`expected`).
    func table(_ subject: String, _ check: CheckIdentifier, hypothesised: Double) -> [StatisticTableRow] {
        zip(Self.rowNames, [payout, stake, payoutSquares, payoutTimesStake, stakeSquares]).map { name, value in
            StatisticTableRow(
                subject: subject, check: check, table: Self.tableName, row: name, column: "", observed: value, expected: nil, members: "")
        }
            + [
                StatisticTableRow(
                    subject: subject, check: check, table: Self.tableName, row: "hypothesised return", column: "", observed: 0,
                    expected: hypothesised, members: "")
            ]
    }

    /// The table's kind.
    package static let tableName = "stake-weighted return"

    /// The sums of a table `rows` of ``tableName``, and its hypothesised return; nil if a row is missing.
    package init?(rows: [StatisticTableRow]) {
        let values = Self.rowNames.map { name in rows.first { $0.row == name }?.observed }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let v = values.map { $0! }
        self.init(payout: v[0], stake: v[1], payoutSquares: v[2], payoutTimesStake: v[3], stakeSquares: v[4])
    }

    /// The sums as given.
    package init(payout: Double, stake: Double, payoutSquares: Double, payoutTimesStake: Double, stakeSquares: Double) {
        self.payout = payout
        self.stake = stake
        self.payoutSquares = payoutSquares
        self.payoutTimesStake = payoutTimesStake
        self.stakeSquares = stakeSquares
    }
}
