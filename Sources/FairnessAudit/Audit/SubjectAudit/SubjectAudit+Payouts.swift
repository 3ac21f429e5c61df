import Foundation

// What a game pays: exact RTP, its declared and minimum values, advertised prizes' odds, and the sampled RTP.
extension SubjectAudit {
    /// The payout checks of a subject with a paytable.
    /// - Parameters:
    ///   - name: The subject.
    ///   - rtp: The exact payout distribution, or nil where it cannot be computed exactly (`why` says why).
    ///   - paytable: Stake, declared and minimum RTP.
    ///   - sampled: Plays counted by payout, from sampling.
    static func payoutChecks<Key>(
        _ name: String, rtp: ReturnToPlayer?, why: String = "", paytable: Paytable<Key>, settings: AuditSettings,
        sampled: [Double: UInt64]
    ) throws -> (checks: [PendingCheck], rtp: Double?) {
        guard let rtp else {
            return (
                [
                    PendingCheck(
                        record: CheckRecord(
                            subject: name, check: "return to player (exact)", kind: .fairness, status: .inconclusive,
                            detail: "not computed exactly: \(why)"))
                ], nil
            )
        }
        let minimum = paytable.minimumReturn ?? settings.minimumReturn
        let found = ReturnFindings(
            rtp, declaredReturn: paytable.declaredReturn.map { ($0, paytable.declaredReturnTolerance) }, minimumReturn: minimum,
            rarePrizeLimit: settings.rarePrizeLimit)
        var checks: [PendingCheck] = []
        let declared = paytable.declaredReturn.map {
            "; declared \(ReturnToPlayer.format($0))"
                + (paytable.declaredReturnTolerance > 1e-9 ? " (± \(ReturnToPlayer.format(paytable.declaredReturnTolerance)))" : "")
        }
        checks.append(
            exact(
                name, "return to player (exact)", kind: .fairness, passed: found.declared == nil, finding: found.declared,
                settings: settings, rtp.description + (declared ?? "; none declared")))
        if let minimum {
            checks.append(
                exact(
                    name, "minimum return to player", kind: .fairness, passed: found.minimum == nil, finding: found.minimum,
                    settings: settings, "exact RTP \(ReturnToPlayer.format(rtp.rtp)) against a minimum of \(ReturnToPlayer.format(minimum))"
                ))
        }
        checks.append(
            PendingCheck(
                record: CheckRecord(
                    subject: name, check: "advertised prizes at least 1 in \(ReturnToPlayer.format(settings.rarePrizeLimit))",
                    kind: .fairness, status: found.tooRare.isEmpty ? .pass : .fail, statistic: Double(found.tooRare.count),
                    detail: rtp.prizes.map {
                        "\($0.name) pays \(ReturnToPlayer.format($0.payout)) at "
                            + ($0.probability > 0 ? "1 in \(ReturnToPlayer.format($0.oneIn))" : "never")
                    }.joined(separator: "; "))))
        // Sampled: every level of the table, counted or not (an unpaid jackpot widens the interval).
        var counts = rtp.levels.map { sampled[$0.payout] ?? 0 }
        var levels = rtp.levels.map(\.payout)
        for (payout, count) in sampled where !levels.contains(payout) {
            levels.append(payout)
            counts.append(count)
        }
        let plays = counts.reduce(0, +)
        if plays > 0 {
            let interval = try PayoutMeanInterval(levels: levels, counts: counts)
            let p = try interval.pValue(mean: rtp.expectedPayout)
            let stake = paytable.stake
            checks.append(
                PendingCheck(
                    record: CheckRecord(
                        subject: name, check: "return to player (sampled)", kind: .sampling, status: .inconclusive,
                        statistic: interval.mean / stake, pValue: p,
                        detail:
                            "RTP \(ReturnToPlayer.format(interval.mean / stake)) over \(plays) plays; 95% interval [\(ReturnToPlayer.format(interval.lower / stake)), \(ReturnToPlayer.format(interval.upper / stake))] (multinomial profile likelihood over the whole prize table, unpaid prizes included); exact \(ReturnToPlayer.format(rtp.rtp))"
                    )))
        }
        return (checks, rtp.rtp)
    }
}
