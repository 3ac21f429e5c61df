import FairnessChecks
import FairnessModel
import FairnessReport
import FairnessStatistics
import Foundation

// What a game pays: exact RTP, its declared and minimum values, advertised prizes' odds, and the sampled RTP.
extension SubjectAudit {
    /// The payout checks of a subject with a paytable.
    /// - Parameters:
    ///   - name: The subject.
    ///   - rtp: The exact payout distribution, or nil where it cannot be computed exactly (the rolls were
    ///     surveyed by sample, `coverage` says how).
    ///   - paytable: Stake, declared and minimum RTP.
    ///   - sampled: Plays counted by payout, from sampling.
    static func payoutChecks<Key>(
        _ name: String, rtp: ReturnToPlayer?, coverage: DiceCoverage? = nil, paytable: Paytable<Key>, settings: AuditSettings,
        sampled: [Double: UInt64]
    ) throws -> (checks: [PendingCheck], rtp: Double?) {
        guard let rtp else {
            return (
                [
                    PendingCheck(
                        record: CheckRecord(
                            subject: name, check: .returnToPlayer(.exact), kind: .fairness, status: .inconclusive,
                            detailFacts: .returnNotExact(coverage: coverage)))
                ], nil
            )
        }
        // The stricter of the game's own floor and the run's.
        let floors = [paytable.minimumReturn, settings.minimumReturn].compactMap { $0 }
        let minimum = floors.max()
        let found = ReturnFindings(
            rtp, declaredReturn: paytable.declaredReturn.map { ($0, paytable.declaredReturnTolerance) }, minimumReturn: minimum,
            rarePrizeLimit: settings.rarePrizeLimit)
        var checks: [PendingCheck] = []
        checks.append(
            exact(
                name, .returnToPlayer(.exact), kind: .fairness, passed: found.declared == nil, finding: found.declared,
                settings: settings,
                .returnToPlayer(rtp, declared: paytable.declaredReturn, tolerance: paytable.declaredReturnTolerance)))
        if let minimum {
            checks.append(
                exact(
                    name, .minimumReturnToPlayer, kind: .fairness, passed: found.minimum == nil, finding: found.minimum,
                    settings: settings, .minimumReturn(returnToPlayer: rtp.rtp, minimum: minimum)))
        }
        checks.append(rarePrizeCheck(name, rtp, found, settings: settings))
        if let sampledRTP = try sampledReturnCheck(name, rtp, paytable: paytable, sampled: sampled) { checks.append(sampledRTP) }
        return (checks, rtp.rtp)
    }

    /// Every advertised prize's exact odds: one rarer than 1 in N per play (`--rare-prize`) is unfair odds.
    static func rarePrizeCheck(_ name: String, _ rtp: ReturnToPlayer, _ found: ReturnFindings, settings: AuditSettings) -> PendingCheck {
        return exact(
            name, .advertisedPrizes(atLeastOneIn: settings.rarePrizeLimit), kind: .fairness, passed: found.tooRare.isEmpty,
            finding: found.tooRare.isEmpty
                ? nil
                : Finding(
                    .odds, magnitude: nil,
                    fact: .prizesTooRare(
                        limit: settings.rarePrizeLimit, prizes: found.tooRare,
                        amountProbabilities: found.tooRare.map { ReturnToPlayer.amountProbability($0, among: rtp.prizes) })),
            settings: settings, .advertisedPrizes(rtp.prizes))
    }

    /// The sampled RTP with its profile-likelihood interval over every level of the table, and the
    /// p-value of the exact RTP; nil when nothing was played.
    static func sampledReturnCheck<Key>(
        _ name: String, _ rtp: ReturnToPlayer, paytable: Paytable<Key>, sampled: [Double: UInt64]
    ) throws -> PendingCheck? {
        // Sampled: every level of the table, counted or not (an unpaid jackpot widens the interval).
        var counts = rtp.levels.map { sampled[$0.payout] ?? 0 }
        var levels = rtp.levels.map(\.payout)
        // Payouts outside the paytable's levels, in order of value (not the dictionary's, which changes
        // from one process to the next).
        for (payout, count) in sampled.sorted(by: { $0.key < $1.key }) where !levels.contains(payout) {
            levels.append(payout)
            counts.append(count)
        }
        let plays = counts.reduce(0, +)
        guard plays > 0 else { return nil }
        let interval = try PayoutMeanInterval(levels: levels, counts: counts)
        let p = try interval.pValue(mean: rtp.expectedPayout)
        let log10P = try interval.log10PValue(mean: rtp.expectedPayout)
        let stake = paytable.stake
        return PendingCheck(
            record: CheckRecord(
                subject: name, check: .returnToPlayer(.sampled), kind: .sampling, status: .inconclusive,
                statistic: interval.mean / stake, pValue: p, log10PValue: log10P.isFinite ? log10P : nil,
                pValueMethod: log10P == -.infinity ? .exact : .chiSquare,
                detailFacts: .sampledReturn(
                    returnToPlayer: interval.mean / stake, plays: plays, lower: interval.lower / stake, upper: interval.upper / stake,
                    exact: rtp.rtp, stake: stake), impossibleObserved: log10P == -.infinity),
            table: payoutMeanTable(
                name, .returnToPlayer(.sampled), levels: levels, counts: counts, hypothesised: rtp.expectedPayout))
    }

    /// The table a payout-mean p-value comes from: plays per level, and the hypothesised mean; where the
    /// p-value is exact under declared odds, each level's declared probability (`expected`) and the method.
    package static func payoutMeanTable(
        _ subject: String, _ check: CheckIdentifier, levels: [Double], counts: [UInt64], hypothesised: Double, declared: [Double]? = nil
    )
        -> [StatisticTableRow]
    {
        levels.indices.map {
            StatisticTableRow(
                subject: subject, check: check, table: "payout mean", row: "\(levels[$0])", column: "", observed: Double(counts[$0]),
                expected: declared?[$0], members: "", method: declared == nil ? nil : .exact)
        }
            + [
                StatisticTableRow(
                    subject: subject, check: check, table: "payout mean", row: "hypothesised mean", column: "", observed: 0,
                    expected: hypothesised, members: "")
            ]
    }
}
